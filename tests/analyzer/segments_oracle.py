#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Oracle for segments: the program headers and section mapping as readelf -lW prints them, and
flash/RAM as readelf's PT_LOAD sizes (linked) or size's text/data/bss (no program headers) give.

usage: segments_oracle.py ANALYZER-JSON
Prints one line per mismatch; exit status 1 on any.
"""
import json
import re
import subprocess
import sys

PH = re.compile(r"^\s+(\S+)\s+0x([0-9a-f]+) 0x([0-9a-f]+) 0x([0-9a-f]+) 0x([0-9a-f]+) 0x([0-9a-f]+) "
                r"(.{3}) (?:0x)?([0-9a-f]+)$")


def readelf(path):
    out = subprocess.run(["readelf", "-lW", path], capture_output=True, text=True).stdout
    segs, maps = [], []
    for line in out.splitlines():
        m = PH.match(line)
        if m:
            segs.append(dict(type=m.group(1), offset=int(m.group(2), 16), vaddr=int(m.group(3), 16),
                             paddr=int(m.group(4), 16), filesz=int(m.group(5), 16),
                             memsz=int(m.group(6), 16), flags=m.group(7), align=int(m.group(8), 16)))
        m = re.match(r"^\s+(\d\d)\s+(.*?)\s*$", line)
        if m and segs and "Section to Segment" in out[:out.index(line)]:
            maps.append(m.group(2).split())
    while len(maps) < len(segs):
        maps.append([])
    return segs, maps


def main():
    doc = json.load(open(sys.argv[1]))
    bad = 0
    for f in doc["files"]:
        where = f["file"] + (f"({f['member']})" if f["member"] else "")
        mem = f["memory"]
        if f["member"] is None:
            segs, maps = readelf(f["file"])
            # readelf cuts type names to 14 characters (RISCV_ATTRIBUT).
            keys = ("type", "offset", "vaddr", "paddr", "filesz", "memsz", "flags", "align")
            ours = [{k: s[k][:14] if k == "type" else s[k] for k in keys} for s in f["segments"]]
            if ours != segs:
                bad += 1
                k = next((i for i, (a, b) in enumerate(zip(ours, segs)) if a != b), min(len(ours), len(segs)))
                print(f"{where}: {len(ours)} segments, readelf {len(segs)}; #{k}: "
                      f"{ours[k] if k < len(ours) else None} readelf {segs[k] if k < len(segs) else None}")
            if [s["sections"] for s in f["segments"]] != maps:
                bad += 1
                print(f"{where}: mapping {[s['sections'] for s in f['segments']]} readelf {maps}")
            if segs:
                loads = [s for s in segs if s["type"] == "LOAD"]
                flash = sum(s["filesz"] for s in loads)
                ram = sum(s["memsz"] for s in loads if "W" in s["flags"])
                if (mem["flash"], mem["ram"], mem["from"]) != (flash, ram, "segments"):
                    bad += 1
                    print(f"{where}: flash/ram {mem} readelf {flash}/{ram}")
                continue
        # No program headers: size's Berkeley totals (text counts read-only data too).
        if (mem["flash"], mem["ram"], mem["from"]) != (f["text"] + f["data"], f["data"] + f["bss"],
                                                       "sections") or \
                mem["text"] + mem["rodata"] != f["text"] or mem["data"] != f["data"] or \
                mem["bss"] != f["bss"]:
            bad += 1
            print(f"{where}: memory {mem} size {f['text']}/{f['data']}/{f['bss']}")
    print(f"# {len(doc['files'])} images compared")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
