# SPDX-License-Identifier: GPL-2.0
"""A history database for the report tests, generated through the db package's ingest (each
object's coordinate decided first by the recording wing's record.coordinate).

Synthetic analyzer JSON (docs/analyzer-json.md, mode all) for three variants, three arches,
two compilers and the four UP scenarios of each variant plus one SMP Tree scenario, over
five commits: a Tiny growth above the noise floor, a failed build, a Classic shrink below
it together with a Tree struct change.  i386/gcc at the article's configuration carries the
article's own figures, so the closing sentence has known values.  `hostile=True` plants
names that try to inject markup: in a symbol, a struct, a member and its type, a section,
an object file, an arch and a commit subject.
"""
import os
import sys

from bloatwatch.db import ingest
from bloatwatch.db.store import Store
from bloatwatch.record.coordinate import decide_all

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

HOSTILE_SYMBOL = "<script>alert(1)</script>"
HOSTILE_STRUCT = "</title><script>alert('s')</script>"
HOSTILE_MEMBER = "\" onmouseover=\"alert(1)"
HOSTILE_TYPE = "<img src=x onerror=alert(1)>"
HOSTILE_SECTION = ".text'><b>"
HOSTILE_OBJECT = "rcu\"tiny'<i>.o"
HOSTILE_ARCH = "x86<svg onload=alert(1)>"
HOSTILE_SUBJECT = "</title><script>alert(\"subject\")</script>"

ARCHES = ("i386", "arm", "x86_64")
COMPILERS = ("gcc", "clang")
VARIANTS = {  # variant -> (scenario prefix, object, source)
    "classic": ("CLASSIC", "rcuclassic.o", "classic/rcuclassic.c"),
    "tree": ("TREE", "rcutree.o", "tree/rcutree.c"),
    "tiny": ("TINY", "rcutiny.o", "tinyrcu/rcutiny.c"),
}
# Scenario number -> (PREEMPT, NO_HZ), the article's order; 05 is SMP (Tree only).
UP_SCENARIOS = {1: ("n", "n"), 2: ("n", "y"), 3: ("y", "n"), 4: ("y", "y")}
# The article's figures: i386/gcc, scenario 02 (UP, !PREEMPT, NO_HZ).
ARTICLE = {"classic": ((363, 12, 24), (1237, 64, 124)), "tree": ((363, 12, 24), (2344, 240, 184)),
           "tiny": ((294, 12, 24), (563, 36, 0))}
USES = [("common/rcupdate.c", "CONFIG_TINY_RCU"), ("tinyrcu/rcutiny.c", "CONFIG_NO_HZ"),
        ("tinyrcu/rcutiny.c", "CONFIG_PREEMPT"), ("classic/rcuclassic.c", "CONFIG_NO_HZ"),
        ("classic/rcuclassic.c", "CONFIG_HOTPLUG_CPU"), ("tree/rcutree.c", "CONFIG_NO_HZ"),
        ("tree/rcutree.c", "CONFIG_NR_CPUS"), ("tree/rcutree_init.h", "CONFIG_RCU_FANOUT")]
# What PREEMPT and !NO_HZ add to each variant's own object (text, data, bss).
PREEMPT_COST = {"classic": (48, 0, 0), "tree": (96, 8, 0), "tiny": (24, 0, 0)}
NOHZ_OFF = {"classic": (-40, 0, 0), "tree": (-120, -16, 0), "tiny": (-21, -4, 0)}


def config(variant, n):
    smp = n == 5
    preempt, nohz = UP_SCENARIOS.get(n, ("n", "y"))
    return {"CONFIG_SMP": "y" if smp else "n", "CONFIG_NR_CPUS": "8" if smp else "1",
            "CONFIG_PREEMPT": preempt, "CONFIG_NO_HZ": nohz, "CONFIG_HOTPLUG_CPU": "n",
            "CONFIG_TINY_RCU": "y" if variant == "tiny" else "n",
            "CONFIG_CLASSIC_RCU": "y" if variant == "classic" else "n",
            "CONFIG_TREE_RCU": "y" if variant == "tree" else "n"}


def scale(arch, compiler, sizes):
    """Other coordinates: text grows per arch and compiler, data/bss double on 64-bit."""
    t, d, b = sizes
    if arch == "i386" and compiler == "gcc":
        return t, d, b
    f = {"i386": 1.0, "arm": 1.2, "x86_64": 1.3}.get(arch, 1.1) * (1.1 if compiler == "clang" else 1.0)
    w = 2 if arch == "x86_64" else 1
    return int(t * f), d * w, b * w


def symbols(prefix, text, data, bss, hostile):
    """Symbols that add up exactly to text, data and bss (bloat-o-meter needs real names)."""
    out = []
    funcs = ["%s_process_callbacks" % prefix, "call_%s" % prefix, "%s_check_callbacks" % prefix,
             "%s_qsctr_inc.isra.0" % prefix]
    if hostile:
        funcs[1] = HOSTILE_SYMBOL
    share = [text // 2, text // 4, text // 8]
    share.append(text - sum(share))
    for name, size in zip(funcs, share):
        norm = name.split(".isra")[0]
        out.append({"name": name, "norm": norm, "type": "t", "size": size, "value": 0,
                    "section": HOSTILE_SECTION if hostile else ".text", "bind": "LOCAL", "kind": "func"})
    if data:
        out.append({"name": "%s_ctrlblk" % prefix, "norm": "%s_ctrlblk" % prefix, "type": "d",
                    "size": data, "value": 0, "section": ".data", "bind": "GLOBAL", "kind": "data"})
    if bss:
        out.append({"name": "%s_data" % prefix, "norm": "%s_data" % prefix, "type": "b",
                    "size": bss, "value": 0, "section": ".bss", "bind": "LOCAL", "kind": "bss"})
    out.sort(key=lambda s: (-s["size"], s["name"]))
    return out


def struct(name, members, size, word, hostile=False):
    """A STRUCT entry; members (name, type, offset, size); holes and padding computed."""
    ms = [{"name": n, "type": t, "offset": o, "size": s, "bit_size": 0, "bit_offset": 0}
          for n, t, o, s in members]
    if hostile:
        ms[0]["name"], ms[0]["type"] = HOSTILE_MEMBER, HOSTILE_TYPE
    holes = hole_bytes = 0
    for a, b in zip(ms, ms[1:]):
        gap = b["offset"] - (a["offset"] + a["size"])
        if gap > 0:
            holes += 1
            hole_bytes += gap
    end = ms[-1]["offset"] + ms[-1]["size"]
    # What packing by size gives (members here are naturally aligned scalars and pointers).
    off = 0
    packed = sorted(ms, key=lambda m: -m["size"])
    for m in packed:
        off = (off + m["size"] - 1) // m["size"] * m["size"] + m["size"]
    reorg = (off + word - 1) // word * word
    return {"name": name, "kind": "struct", "size": size, "cachelines": (size + 63) // 64,
            "holes": holes, "hole_bytes": hole_bytes, "bit_holes": 0, "bit_hole_bits": 0,
            "padding": size - end, "members": ms,
            "reorganized": {"size": reorg, "saving": size - reorg,
                            "order": [m["name"] for m in packed]}}


def structs(variant, word, step, hostile):
    w = word
    ctrl = struct("rcu_ctrlblk", [("completed", "long int", 0, w), ("rcucblist", "struct rcu_head *", w, w),
                                  ("donetail", "struct rcu_head * *", 2 * w, w),
                                  ("curtail", "struct rcu_head * *", 3 * w, w)], 4 * w, w)
    if variant == "classic":    # Classic's own control block: another struct of the same name
        ctrl = struct("rcu_ctrlblk", [("cur", "long int", 0, w), ("completed", "long int", w, w),
                                      ("next_pending", "int", 2 * w, 4),
                                      ("cpumask", "cpumask_t", 2 * w + 8, 64)], 2 * w + 72, w)
    # char, pointer, char, pointer: holes after each char, saved by putting the pointers first.
    data_members = [("passed_quiesc", "char", 0, 1), ("nxtlist", "struct rcu_head *", w, w),
                    ("qs_pending", "char", 2 * w, 1), ("curlist", "struct rcu_head *", 3 * w, w)]
    if variant == "tree" and step >= 3:      # commit 4 adds a member to Tree's rcu_data
        data_members.append(("dynticks_snap", "int", 4 * w, 4))
    end = data_members[-1][2] + data_members[-1][3]
    size = (end + w - 1) // w * w
    data = struct("rcu_data", data_members, size, w)
    out = [ctrl, data]
    if hostile and variant == "tiny":
        out.append(struct(HOSTILE_STRUCT, [("a", "int", 0, 4), ("b", "long long", 8, 8)], 16, w,
                          hostile=True))
    return sorted(out, key=lambda s: (s["name"], s["kind"]))


def entry(arch, compiler, scen, variant, obj, source, sizes, step, hostile, bits):
    path = "build/%s/%s/%s/%s" % (arch, compiler, scen, obj)
    t, d, b = sizes
    prefix = "rcu" if variant == "common" else variant
    return {
        "file": path, "member": None, "format": "elf%d-test" % bits, "class": bits,
        "endian": "little", "machine": "EM_TEST", "type": "REL",
        "text": t, "data": d, "bss": b, "dec": t + d + b,
        "sections": [{"name": HOSTILE_SECTION if hostile else ".text", "size": t, "addr": 0, "class": "text"},
                     {"name": ".data", "size": d, "addr": 0, "class": "data"},
                     {"name": ".bss", "size": b, "addr": 0, "class": "bss"}],
        "build": {"cmd": "%s -c -o %s %s" % (compiler, path, source),
                  "compiler_version": "%s (Test) 1.0" % compiler, "source": source, "object": path,
                  "variant": variant, "arch": arch, "compiler": compiler, "scenario": scen,
                  "config": config(variant if variant != "common" else "tiny", 2)},
        "symbols": symbols(prefix, t, d, b, hostile),
        "rollup": {"func": t, "data": d, "rodata": 0, "bss": b, "other": 0},
        "structs": structs(variant, bits // 8, step, hostile),
    }


def matrix(step, hostile=False, arches=ARCHES, variants=tuple(VARIANTS)):
    """FILE entries of every object at history step `step` (0-based commit number)."""
    files = []
    arch_list = list(arches) + ([HOSTILE_ARCH] if hostile else [])
    for arch in arch_list:
        bits = 64 if arch == "x86_64" else 32
        for cc in COMPILERS:
            for variant in variants:
                prefix, obj, source = VARIANTS[variant]
                numbers = [1, 2, 3, 4] + ([5] if variant == "tree" else [])
                for n in numbers:
                    scen = "%s%02d" % (prefix, n)
                    cfg = config(variant, n)
                    common, own = ARTICLE[variant]
                    own = list(own)
                    if cfg["CONFIG_PREEMPT"] == "y":
                        own = [a + x for a, x in zip(own, PREEMPT_COST[variant])]
                    if cfg["CONFIG_NO_HZ"] == "n":
                        own = [a + x for a, x in zip(own, NOHZ_OFF[variant])]
                    if n == 5:
                        own = [own[0] + 700, own[1] + 96, own[2] + 320]
                    if variant == "tiny" and step >= 1:
                        own[0] += 24            # commit 2: Tiny grows above the noise floor
                    if variant == "classic" and step >= 3:
                        own[0] -= 4             # commit 4: Classic shrinks below it
                    name = HOSTILE_OBJECT if hostile and variant == "tiny" else obj
                    for v, o, sizes in (("common", "rcupdate.o", common), (variant, name, own)):
                        e = entry(arch, cc, scen, v, o, source if v != "common" else "common/rcupdate.c",
                                  scale(arch, cc, sizes), step, hostile and v != "common", bits)
                        e["build"]["config"] = cfg
                        files.append(e)
    return files


COMMITS = [  # (subject, status)
    ("tiny: first recorded commit", "ok"),
    ("tiny: grow the callback path", "ok"),
    ("broken: does not build", "failed"),
    ("classic: trim; tree: dynticks snapshot in rcu_data", "ok"),
    ("docs only", "ok"),
]


def build(path, hostile=False, commits=COMMITS, first=0, **kw):
    """Create the database at `path` (or add to it: first, the number of commits it already
    holds); returns the commit dicts recorded (oldest first)."""
    store = Store(path, create=True)
    out = []
    try:
        step = 0
        for i, (subject, status) in enumerate(commits):
            if i < first:
                continue
            sha = ("%02x" % (i + 1)) * 20
            if hostile and i == len(commits) - 1:
                subject = HOSTILE_SUBJECT
            commit = {"sha": sha, "dirty": False, "parents": ("%02x" % i) * 20 if i else "",
                      "author": "Test <test@example.org>", "author_date": 1700000000 + 3600 * i,
                      "commit_date": 1700000000 + 3600 * i, "subject": subject,
                      "status": status, "error": "" if status == "ok" else "make: *** [objects] Error 2"}
            if status == "ok":
                files = decide_all(matrix(i, hostile, **kw), "fixture")
                prepared = ingest.prepare(files, USES, "fixture")
            else:
                prepared = ingest.prepare([], [], "fixture")
            ingest.record(store, commit, prepared)
            out.append(commit)
            step += 1
    finally:
        store.close()
    return out


if __name__ == "__main__":
    build(sys.argv[1], hostile="--hostile" in sys.argv)
