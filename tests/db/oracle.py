# SPDX-License-Identifier: GPL-2.0
"""The kernel's own scripts/bloat-o-meter as a test oracle, run many times in one process.

The script comes from Debian's linux-source-6.1 through tests/kernel/linux.sh (contract 3);
BLOATWATCH_BLOAT_O_METER names another copy of it. It reads `nm --size-sort FILE`: for real
objects that is binutils' nm, run beforehand (once for all objects); for synthetic tables, the
table in nm's format. One Python process runs the unmodified script (runpy) for every job,
its os.popen answering the nm command with that listing: a process per job and per nm call
would make a thousand comparisons take minutes.
"""
import json
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINUX_SH = os.path.join(ROOT, "tests", "kernel", "linux.sh")
FLAGS = {"default": [], "c": ["-c"], "d": ["-d"], "t": ["-t"]}

DRIVER = r"""
import contextlib, io, json, os, runpy, sys
script, spec = sys.argv[1], json.load(open(sys.argv[2]))
listings = spec["listings"]


def popen(cmd, mode="r", buffering=-1):
    # The script's one command: `nm --size-sort FILE`; FILE's listing was made beforehand.
    nm, opt, name = cmd.split(" ", 2)
    assert nm.endswith("nm") and opt == "--size-sort", cmd
    return io.StringIO(listings[name])


os.popen = popen
out = []
for flags, old, new in spec["jobs"]:
    sys.argv = [script] + flags + [old, new]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        runpy.run_path(script, run_name="__main__")
    out.append(buf.getvalue())
json.dump(out, sys.stdout)
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


def unknown_arch(paths):
    """The paths binutils reads without their architecture (objdump -f says UNKNOWN!): a
    single-target binutils falls back to generic ELF for foreign objects, and its nm then
    lists what the target's own rules hide (riscv64's .L local labels), unlike the analyzer."""
    r = subprocess.run(["objdump", "-f"] + paths, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    bad, current = [], None
    for line in r.stdout.splitlines():
        if ":     file format " in line:
            current = line.split(":     file format ")[0]
        elif line.startswith("architecture: UNKNOWN!") and current:
            bad.append(current)
    return bad


class Oracle:
    """Runs the script over `nm --size-sort` listings: binutils' own for real objects (nm runs
    once per object), or a synthetic table written in nm's format."""

    def __init__(self, script, tmp):
        self.script, self.tmp = script, str(tmp)
        self.listings = {}
        self.n = 0

    def objects(self, paths):
        """Make binutils nm list these objects (one nm run for all); their names are the paths."""
        todo = sorted(set(paths) - set(self.listings))
        if not todo:
            return
        generic = unknown_arch(todo)
        if generic:
            pytest.fail("nm reads %d objects as generic ELF (no target rules: riscv64 .L labels "
                        "listed), first %s; install binutils-multiarch (make deps)"
                        % (len(generic), generic[0]))
        r = subprocess.run(["nm", "--size-sort"] + todo, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        assert r.returncode == 0, r.stderr
        if len(todo) == 1:
            self.listings[todo[0]] = r.stdout
            return
        # nm prints "\nFILE:\n" before each file's symbols (and members of an archive).
        current = None
        for line in r.stdout.splitlines(True):
            head = line.rstrip("\n")
            if head.endswith(":") and head[:-1] in todo:
                current = head[:-1]
                self.listings[current] = ""
            elif current is not None:
                self.listings[current] += line
        for p in todo:
            self.listings.setdefault(p, "")

    def table(self, symbols):
        """A name whose listing is (name, letter, size) rows in nm --size-sort's format."""
        name = "table%d" % self.n
        self.n += 1
        self.listings[name] = "".join("%08x %s %s\n" % (size, letter, sym) for sym, letter, size
                                      in sorted(symbols, key=lambda s: (s[2], s[0])))
        return name

    def run(self, jobs):
        """[script output] for jobs [(mode, old name, new name)]."""
        self.objects([x for _, o, n in jobs for x in (o, n) if x not in self.listings])
        spec = os.path.join(self.tmp, "oracle%d.json" % self.n)
        self.n += 1
        with open(spec, "w") as f:
            f.write(json.dumps({"listings": self.listings,
                                "jobs": [(FLAGS[m], o, n) for m, o, n in jobs]}))
        r = subprocess.run(["/usr/bin/python3", "-c", DRIVER, self.script, spec],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert r.returncode == 0, r.stderr[-3000:]
        return json.loads(r.stdout)
