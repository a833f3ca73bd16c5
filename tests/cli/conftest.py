# SPDX-License-Identifier: GPL-2.0
"""The command line on trees nobody here wrote: Linux 6.1 fixtures (tests/kernel/linux.sh,
cached under $BW_CACHE/kernel) and scratch git repositories that point at them."""
import os
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BLOATWATCH = os.path.join(ROOT, "bin", "bloatwatch")
LINUX_SH = os.path.join(ROOT, "tests", "kernel", "linux.sh")
BW_CACHE = os.environ.get("BLOATWATCH_CACHE") or os.path.join(
    os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "bloatwatch")
GIT_ENV = {"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org",
           "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.org",
           "GIT_AUTHOR_DATE": "1704067200 +0000", "GIT_COMMITTER_DATE": "1704067200 +0000",
           "GIT_CONFIG_NOSYSTEM": "1"}


def linux(*args):
    """A fixture's path from linux.sh; a missing Debian package is a skip with its reason."""
    r = subprocess.run([LINUX_SH] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if r.returncode == 77:
        pytest.skip("linux.sh %s: %s" % (" ".join(args), r.stderr.strip().splitlines()[-1]))
    assert r.returncode == 0, "linux.sh %s failed:\n%s" % (" ".join(args), r.stderr[-3000:])
    return r.stdout.strip()


def bw(*args, cwd=None, env=None, check=0, timeout=3600):
    """Run bin/bloatwatch (check: the exit status wanted, None for any)."""
    e = dict(os.environ, CCACHE_DIR=os.path.join(BW_CACHE, "ccache"))
    e.pop("BLOATWATCH_DB", None)
    e.update(env or {})
    r = subprocess.run(["/usr/bin/python3", BLOATWATCH] + [str(a) for a in args], cwd=cwd,
                       env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=timeout)
    if check is not None:
        assert r.returncode == check, "exit %d\nstdout:\n%s\nstderr:\n%s" % (
            r.returncode, r.stdout, r.stderr)
    return r


def git(repo, *args):
    r = subprocess.run(["git", "-C", str(repo)] + list(args), env=dict(os.environ, **GIT_ENV),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


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
    git(path, "commit", "-q", "-m", "scratch")
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
    path = os.path.join(ROOT, "bin", "bloatwatch-analyze")
    assert os.access(path, os.X_OK), "bin/bloatwatch-analyze is required (make analyzer)"
    return path
