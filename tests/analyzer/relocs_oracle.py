#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Oracle for relocs: each relocation section, the section it applies to and its entry count, as
readelf shows them (counts from readelf -rW, targets from the Inf column of readelf -SW).

usage: relocs_oracle.py < LIST (one file per line)
Prints, per file, "FILE:" then one "SECTION TARGET COUNT" line per relocation section, as
bloatwatch-analyze relocs does. Two readelf runs per file.
"""
import re
import subprocess
import sys

SEC = re.compile(r"\s*\[\s*(\d+)\]\s+(\S*)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+(\S*)"
                 r"\s*\d+\s+(\d+)\s+\d+$")
REL = re.compile(r"^Relocation section '([^']*)' at offset 0x[0-9a-f]+ contains (\d+) entr", re.M)


def relocs(f):
    secs = {}
    for line in subprocess.run(["readelf", "-SW", f], capture_output=True, text=True).stdout.splitlines():
        m = SEC.match(line)
        if m:
            secs[int(m.group(1))] = (m.group(2), m.group(3), int(m.group(5)))
    by_name = {n: inf for n, t, inf in secs.values() if t in ("REL", "RELA")}
    print(f + ":")
    rel = subprocess.run(["readelf", "-rW", f], capture_output=True, text=True).stdout
    for m in REL.finditer(rel):
        inf = by_name[m.group(1)]
        target = secs[inf][0] if inf and inf in secs else ""
        print("%-24s %-24s %8d" % (m.group(1), target, int(m.group(2))))


for name in sys.stdin.read().splitlines():
    relocs(name)
