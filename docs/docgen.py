#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""docs/docgen.py: fill the generated blocks of the docs from real output, or check them.

A block is

    <!-- generated: COMMAND -->
    ```
    ...what COMMAND printed...
    ```
    <!-- end -->

COMMAND runs with sh at the repository root (C locale, COLUMNS=100, so argparse wraps the
same way everywhere). `docgen.py FILE...` rewrites the blocks (a file is written only when it
changes); `--check` writes nothing, prints a unified diff of every stale block and exits 1.
A command that fails is an error naming the file and line: a figure is never left stale
silently.
"""
import difflib
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(1, ROOT)
from bloatwatch import atomic  # noqa: E402
START = re.compile(r"^<!-- generated: (.+) -->$")
END = "<!-- end -->"


class DocError(Exception):
    pass


def run(command, where):
    """What COMMAND prints on stdout, with trailing blanks cut; fails loudly."""
    env = dict(os.environ, LC_ALL="C", COLUMNS="100", TZ="UTC")
    env.pop("NO_COLOR", None)
    proc = subprocess.run(["sh", "-c", command], cwd=ROOT, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-1:] or ["(no message)"]
        raise DocError("%s: command failed (exit %d): %s: %s"
                       % (where, proc.returncode, command, tail[0]))
    lines = [line.rstrip() for line in proc.stdout.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def blocks(path, lines):
    """(start, end, command) of every block: lines[start] is the marker, lines[end] END."""
    found = []
    i = 0
    while i < len(lines):
        m = START.match(lines[i])
        if m:
            for j in range(i + 1, len(lines)):
                if lines[j] == END:
                    break
                if START.match(lines[j]):
                    j = len(lines)
                    break
            else:
                j = len(lines)
            if j == len(lines):
                raise DocError("%s:%d: generated block without %s" % (path, i + 1, END))
            found.append((i, j, m.group(1)))
            i = j
        i += 1
    return found


def regenerate(path):
    """The file's text with every block refilled, and its current text."""
    with open(path, encoding="utf-8") as f:
        old = f.read()
    lines = old.splitlines()
    out = []
    done = 0
    for start, end, command in blocks(path, lines):
        out += lines[done:start + 1]
        out += ["```"] + run(command, "%s:%d" % (path, start + 1)) + ["```"]
        done = end
    out += lines[done:]
    return "\n".join(out) + "\n", old


def main(argv):
    check = "--check" in argv
    files = [a for a in argv if a != "--check"]
    if not files:
        print("usage: docgen.py [--check] FILE...", file=sys.stderr)
        return 2
    stale = 0
    try:
        for path in files:
            new, old = regenerate(path)
            if new == old:
                continue
            if check:
                stale += 1
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(True), new.splitlines(True), path, path + " (generated now)"))
            else:
                atomic.write(path, new)
                print("docgen: %s regenerated" % path)
    except (DocError, OSError) as e:
        print("docgen: %s" % e, file=sys.stderr)
        return 2
    if stale:
        print("docgen: %d file(s) have stale generated blocks: run `make docs`" % stale,
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
