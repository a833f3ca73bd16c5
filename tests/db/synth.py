# SPDX-License-Identifier: GPL-2.0
"""Synthetic analyzer JSON (mode all, docs/analyzer-json.md version 1) for tests and the benchmark.

`matrix(step)` describes the objects of a build matrix at history step `step`; sizes move
with the step the way real commits move them (one variant at a time), so consecutive steps
share most analyses, as real history does.
"""
import copy
import zlib

ARCHES = ["x86_64", "i386", "arm", "aarch64", "riscv64", "powerpc", "mips"]
COMPILERS = ["gcc", "clang"]
VARIANTS = {"TINY": ("tiny", "rcutiny.o", "tinyrcu/tiny.c"),
            "CLASSIC": ("classic", "rcuclassic.o", "classic/classic.c"),
            "TREE": ("tree", "rcutree.o", "tree/tree.c")}
CONFIGS = ["CONFIG_SMP", "CONFIG_PREEMPT", "CONFIG_NO_HZ", "CONFIG_NR_CPUS", "CONFIG_RCU_FANOUT"]


def scenarios(n):
    """n scenario names spread over the three variants (TINY01, CLASSIC01, TREE01, TINY02, ...)."""
    out = []
    kinds = list(VARIANTS)
    for i in range(n):
        out.append("%s%02d" % (kinds[i % 3], i // 3 + 1))
    return out


def _salt(*parts):
    """A small deterministic number per coordinate: real objects differ per arch and scenario."""
    return zlib.crc32("/".join(parts).encode()) % 97


def _symbols(variant, arch_bits, bump, count, salt=0):
    syms = []
    for i in range(count):
        size = 16 + (i * 37 + salt * (i % 5)) % 200 + (bump if i == 0 else 0)
        name = "%s_fn%d" % (variant, i)
        raw = name + (".isra.0" if i == 3 else "")
        syms.append({"name": raw, "norm": name, "type": "t" if i % 4 else "T", "size": size,
                     "value": i * 64, "section": ".text", "bind": "GLOBAL" if i % 4 == 0 else "LOCAL",
                     "kind": "func"})
    syms.append({"name": "%s_state" % variant, "norm": "%s_state" % variant, "type": "b",
                 "size": arch_bits // 2, "value": 0, "section": ".bss", "bind": "LOCAL", "kind": "bss"})
    syms.append({"name": "%s_ops.123" % variant, "norm": "%s_ops" % variant, "type": "d",
                 "size": arch_bits, "value": 0, "section": ".data", "bind": "LOCAL", "kind": "data"})
    syms.sort(key=lambda s: (-s["size"], s["name"]))
    return syms


def _struct(name, bits, extra, members):
    word = bits // 8
    mem = []
    off = 0
    for i in range(members + extra):
        size = word if i % 3 else 4
        if size == word and off % word:
            off += word - off % word
        mem.append({"name": "m%d" % i, "type": "long int" if size == word else "int",
                    "offset": off, "size": size, "bit_size": 0, "bit_offset": 0})
        off += size
    total = (off + word - 1) // word * word
    used = sum(m["size"] for m in mem)
    holes = sum(1 for a, b in zip(mem, mem[1:]) if a["offset"] + a["size"] < b["offset"])
    return {"name": name, "kind": "struct", "size": total, "cachelines": (total + 63) // 64,
            "holes": holes, "hole_bytes": total - used - (total - off), "bit_holes": 0,
            "bit_hole_bits": 0, "padding": total - off, "members": mem,
            "reorganized": {"size": total, "saving": 0, "order": [m["name"] for m in mem]}}


def reorganize(files):
    """Give every struct of the FILE entries a real reorganized order (pahole's idea: members by
    size, largest first, packed at their natural alignment), in place; returns files.

    The default entries keep declaration order, so their digests never change."""
    for f in files:
        for s in f["structs"]:
            mem = sorted(enumerate(s["members"]), key=lambda im: (-im[1]["size"], im[0]))
            off, top = 0, 1
            for _, m in mem:
                off = (off + m["size"] - 1) // m["size"] * m["size"] + m["size"]
                top = max(top, m["size"])
            size = min(s["size"], (off + top - 1) // top * top)
            s["reorganized"] = {"size": size, "saving": s["size"] - size,
                                "order": [m["name"] for _, m in mem]}
    return files


def entry(arch, compiler, scenario, obj, variant, source, bump=0, nsyms=28, nstructs=12,
          struct_extra=0, prefix="build"):
    """One FILE entry; `bump` grows the first symbol (and .text) by that many bytes."""
    bits = 64 if arch in ("x86_64", "aarch64", "riscv64") else 32
    syms = _symbols(variant, bits, bump, nsyms, _salt(arch, compiler, scenario, obj))
    text = sum(s["size"] for s in syms if s["kind"] == "func")
    data = sum(s["size"] for s in syms if s["kind"] == "data")
    bss = sum(s["size"] for s in syms if s["kind"] == "bss")
    structs = [_struct("%s_s%d" % (variant, i) if i else "rcu_head", bits,
                       struct_extra if i == 1 else 0, 2 + i % 6) for i in range(nstructs)]
    structs.sort(key=lambda s: (s["name"], s["kind"]))
    path = "%s/%s/%s/%s/%s" % (prefix, arch, compiler, scenario, obj)
    smp = "n" if scenario.startswith("TINY") else "y"
    config = {"CONFIG_SMP": smp, "CONFIG_PREEMPT": "y" if scenario.endswith("2") else "n",
              "CONFIG_NO_HZ": "y", "CONFIG_NR_CPUS": "1" if smp == "n" else "8",
              "CONFIG_RCU_FANOUT": "16"}
    return {
        "file": path, "member": None, "format": "elf%d-synthetic" % bits, "class": bits,
        "endian": "big" if arch in ("powerpc", "mips") else "little",
        "machine": "EM_" + arch.upper(), "type": "REL",
        "text": text, "data": data, "bss": bss, "dec": text + data + bss,
        "sections": [{"name": ".text", "size": text, "addr": 0, "class": "text"},
                     {"name": ".data", "size": data, "addr": 0, "class": "data"},
                     {"name": ".bss", "size": bss, "addr": 0, "class": "bss"},
                     {"name": ".comment", "size": 40, "addr": 0, "class": "other"}],
        "build": {"cmd": "%s -O2 -c -o %s %s" % (compiler, path, source),
                  "compiler_version": "%s (Debian) 12.2.0" % compiler, "source": source,
                  "object": path, "variant": variant, "arch": arch, "compiler": compiler,
                  "scenario": scenario, "config": config},
        "symbols": syms,
        "rollup": {"func": text, "data": data, "rodata": 0, "bss": bss, "other": 0},
        "structs": structs,
    }


def matrix(step=0, arches=ARCHES, compilers=COMPILERS, nscen=30, **kw):
    """FILE entries of the whole matrix at history step `step`."""
    files = []
    for arch in arches:
        for cc in compilers:
            for scen in scenarios(nscen):
                variant, obj, src = VARIANTS[scen.rstrip("0123456789")]
                # A variant's object grows at the steps that touch it: step % 3 picks which.
                which = list(VARIANTS).index(scen.rstrip("0123456789"))
                bump = 8 * sum(1 for s in range(1, step + 1) if s % 3 == which)
                files.append(entry(arch, cc, scen, obj, variant, src, bump=bump, **kw))
                files.append(entry(arch, cc, scen, "rcupdate.o", "common", "common/rcupdate.c",
                                   bump=step // 10, **kw))
    return files


def document(files, mode="all"):
    return {"schema": "bloatwatch-analyze", "version": 1, "mode": mode,
            "files": copy.deepcopy(files), "errors": []}


def configs_document(pairs):
    by = {}
    for src, cfg in pairs:
        by.setdefault(src, set()).add(cfg)
    files = [{"file": s, "configs": sorted(c)} for s, c in sorted(by.items())]
    return {"schema": "bloatwatch-analyze", "version": 1, "mode": "configs", "files": files,
            "union": sorted({c for f in files for c in f["configs"]}), "errors": []}
