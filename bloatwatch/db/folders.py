# SPDX-License-Identifier: GPL-2.0
"""A linked image by source folder: the analyzer's per-folder bytes, and each symbol's folder.

The analyzer's compileunits (docs/analyzer-json.md, CUNIT and FOLDER) give a linked image's
units with their folder and the address spans of their code and static variables. A symbol
belongs to the unit whose span holds its address (nm's value); one in no span (assembly without
DWARF, linker-made symbols) has no folder. A relocatable object has no spans (every section
starts at 0): nothing here is recorded for it, so its analysis keeps the digest it had.
"""
import bisect

from ..errors import BwError

# How far back from the last span starting at or before an address to look for one holding it
# (spans of one image rarely nest: a unit's code ranges and its variables are disjoint).
LOOK_BACK = 8


def linked(entry):
    """True when the FILE entry carries unit spans (a linked image with DWARF)."""
    units = entry.get("compileunits")
    return isinstance(units, list) and any(isinstance(u, dict) and u.get("spans") for u in units)


def rows(entry):
    """[(folder, units, text, data, rodata, bss)] of a linked image's FOLDER entries, sorted
    by folder; [] for anything else."""
    if not linked(entry):
        return []
    try:
        return [(f["folder"], f["units"], f["text"], f["data"] or 0, f["rodata"] or 0,
                 f["bss"] or 0) for f in entry.get("folders") or ()]
    except (KeyError, TypeError) as e:
        raise BwError("%s: malformed folders entry (%s)" % (entry.get("file", "?"), e))


def of_symbols(entry):
    """Each symbol's folder (None: in no unit's span), in the order of entry["symbols"];
    [] when the entry is not a linked image with spans."""
    if not linked(entry):
        return []
    spans = []
    try:
        for u in entry["compileunits"]:
            spans.extend((int(s), int(e), u["folder"]) for s, e in u.get("spans") or ())
    except (KeyError, TypeError, ValueError) as e:
        raise BwError("%s: malformed compileunits spans (%s)" % (entry.get("file", "?"), e))
    spans.sort()
    starts = [s[0] for s in spans]
    out = []
    for y in entry["symbols"]:
        addr, folder = y.get("value"), None
        if isinstance(addr, int):
            i = bisect.bisect_right(starts, addr) - 1
            for k in range(i, max(i - LOOK_BACK, -1), -1):
                if spans[k][0] <= addr < spans[k][1]:
                    folder = spans[k][2]
                    break
        out.append(folder)
    return out
