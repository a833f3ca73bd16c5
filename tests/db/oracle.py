# SPDX-License-Identifier: GPL-2.0
"""The kernel's own scripts/bloat-o-meter as a test oracle, run many times in one process.

The script comes from Debian's linux-source-6.1 through tests/kernel/linux.sh (contract 3);
BLOATWATCH_BLOAT_O_METER names another copy of it. It reads `nm --size-sort FILE`: for real
objects that is binutils' nm; for synthetic tables a PATH-shimmed `nm` prints a table file.
One Python process runs every job (runpy on the unmodified script), since a process per job
would make the fuzzing slow.
"""
import json
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINUX_SH = os.path.join(ROOT, "tests", "kernel", "linux.sh")
FLAGS = {"default": [], "c": ["-c"], "d": ["-d"], "t": ["-t"]}

DRIVER = r"""
import contextlib, io, json, runpy, sys
script, jobs = sys.argv[1], json.load(open(sys.argv[2]))
out = []
for flags, old, new in jobs:
    sys.argv = [script] + flags + [old, new]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        runpy.run_path(script, run_name="__main__")
    out.append(buf.getvalue())
json.dump(out, sys.stdout)
"""

SHIM = """#!/bin/sh
# nm --size-sort FILE: print the table FILE holds (a test's synthetic nm output).
[ "$1" = --size-sort ] && exec cat "$2"
echo "nm shim: unexpected arguments: $*" >&2
exit 1
"""


def locate():
    """Path of scripts/bloat-o-meter, or pytest.skip with the reason it is not available."""
    path = os.environ.get("BLOATWATCH_BLOAT_O_METER")
    if path:
        if not os.path.isfile(path):
            pytest.fail("BLOATWATCH_BLOAT_O_METER=%s: no such file" % path)
        return path
    if not os.path.isfile(LINUX_SH):
        pytest.skip("tests/kernel/linux.sh (the Linux 6.1 source fixture) is not in this tree")
    r = subprocess.run(["bash", LINUX_SH, "src"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if r.returncode == 77:
        pytest.skip("linux.sh src: %s" % (r.stderr.strip().splitlines() or ["exit 77"])[-1])
    assert r.returncode == 0, "linux.sh src failed:\n" + r.stderr[-2000:]
    path = os.path.join(r.stdout.strip(), "scripts", "bloat-o-meter")
    assert os.path.isfile(path), path
    return path


class Oracle:
    def __init__(self, script, tmp):
        self.script, self.tmp = script, str(tmp)
        self.shim = os.path.join(self.tmp, "shim")
        os.makedirs(self.shim, exist_ok=True)
        with open(os.path.join(self.shim, "nm"), "w") as f:
            f.write(SHIM)
        os.chmod(os.path.join(self.shim, "nm"), 0o755)
        self.n = 0

    def run(self, jobs, cwd=None, shim=False):
        """[script output] for jobs [(mode, old file, new file)]."""
        spec = os.path.join(self.tmp, "jobs%d.json" % self.n)
        self.n += 1
        with open(spec, "w") as f:
            json.dump([(FLAGS[m], o, n) for m, o, n in jobs], f)
        env = dict(os.environ)
        if shim:
            env["PATH"] = self.shim + os.pathsep + env.get("PATH", "")
        r = subprocess.run(["/usr/bin/python3", "-c", DRIVER, self.script, spec], cwd=cwd, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert r.returncode == 0, r.stderr[-3000:]
        return json.loads(r.stdout)

    def table_file(self, symbols):
        """A file holding `nm --size-sort` output for (name, letter, size) rows."""
        path = os.path.join(self.tmp, "t%d.nm" % self.n)
        self.n += 1
        with open(path, "w") as f:
            for name, letter, size in sorted(symbols, key=lambda s: (s[2], s[0])):
                f.write("%08x %s %s\n" % (size, letter, name))
        return path
