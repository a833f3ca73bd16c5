# SPDX-License-Identifier: GPL-2.0
"""The command line on trees nobody here wrote: Linux 6.1 fixtures (tests/kernel/linux.sh,
cached under $BW_CACHE/kernel) and scratch git repositories that point at them."""
import os
import subprocess

import pytest

from bloatwatch.record.configcost import bw_cache
from tests.bwrun import ANALYZER, ROOT, git, run_bw

LINUX_SH = os.path.join(ROOT, "tests", "kernel", "linux.sh")
BW_CACHE = bw_cache()


def linux(*args):
    """A fixture's path from linux.sh; a missing Debian package is a skip with its reason."""
    r = subprocess.run([LINUX_SH] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if r.returncode == 77:
        pytest.skip("linux.sh %s: %s" % (" ".join(args), r.stderr.strip().splitlines()[-1]))
    assert r.returncode == 0, "linux.sh %s failed:\n%s" % (" ".join(args), r.stderr[-3000:])
    return r.stdout.strip()


def bw(*args, cwd=None, env=None, check=0, timeout=3600):
    """bin/bloatwatch with the shared ccache (check: the exit status wanted, None for any)."""
    e = {"CCACHE_DIR": os.path.join(BW_CACHE, "ccache")}
    e.update(env or {})
    return run_bw(*args, cwd=cwd, env=e, check=check, timeout=timeout)


def scratch_repo(path, links=None, files=None):
    """A git repository with one commit: symlinks name -> target and small files."""
    os.makedirs(path, exist_ok=True)
    git(path, "init", "-q", "-b", "main")
    for name, target in (links or {}).items():
        os.symlink(target, os.path.join(path, name))
    for name, text in (files or {"README": "scratch\n"}).items():
        with open(os.path.join(path, name), "w") as f:
            f.write(text)
    git(path, "add", "-A")
    git(path, "commit", "-q", "-m", "scratch",
        env={"GIT_AUTHOR_DATE": "1704067200 +0000", "GIT_COMMITTER_DATE": "1704067200 +0000"})
    return str(path)


def size_of(path, cwd=None):
    """binutils `size` (Berkeley): [(text, data, bss, file)] of an object or archive."""
    out = subprocess.run(["size", path], cwd=cwd, stdout=subprocess.PIPE, text=True,
                         check=True).stdout.splitlines()[1:]
    return [(int(l.split()[0]), int(l.split()[1]), int(l.split()[2]), l.split(None, 5)[-1])
            for l in out]


def nm_sized(path):
    """binutils `nm -S --size-sort` of one object: sorted (name, letter, size)."""
    out = subprocess.run(["nm", "-S", "--size-sort", path], stdout=subprocess.PIPE, text=True,
                         check=True).stdout.splitlines()
    return sorted((l.split()[3], l.split()[2], int(l.split()[1], 16)) for l in out)


@pytest.fixture(scope="session")
def rcu_x86_64():
    return linux("rcu", "x86_64")


@pytest.fixture(scope="session")
def rcu_i386():
    return linux("rcu", "i386")


@pytest.fixture(scope="session")
def analyzer():
    assert os.access(ANALYZER, os.X_OK), "bin/bloatwatch-analyze is required (make analyzer)"
    return ANALYZER
