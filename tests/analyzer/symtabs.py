#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Seeded pairs of symbol tables for the bloat-o-meter oracle: x86 assembly, OLD and NEW.

usage: symtabs.py SEED OUTDIR [--m32]

Writes OUTDIR/{old,new}-{a,b,mod}.s. Together they hold a symbol of every nm letter gas can
make on x86 (t T d D b B r R W V u i C n N E i p, and absolute ones nm --size-sort drops),
with what the script's getsizes() treats apart: .NUMBER and clone suffixes, names that only
differ by them (summed), the generated kernel symbols it skips (__mod_*, __se_sys*,
__se_compat_sys*, __addressable_*, linux_banner, vermagic), names with a ':', zero sizes, the
same local name in two objects, and deltas that tie (the order of ties is the script's sort).
"""
import os
import random
import sys

seed, out = int(sys.argv[1]), sys.argv[2]
m32 = "--m32" in sys.argv
rnd = random.Random(seed)
os.makedirs(out, exist_ok=True)

# (letter, section directive, binding, type)
KINDS = [
    ("t", ".text", "local", "function"), ("T", ".text", "global", "function"),
    ("W", ".text", "weak", "function"), ("i", ".text", "global", "gnu_indirect_function"),
    ("d", ".data", "local", "object"), ("D", ".data", "global", "object"),
    ("V", ".data", "weak", "object"), ("u", ".data", "global", "gnu_unique_object"),
    ("b", ".bss", "local", "object"), ("B", ".bss", "global", "object"),
    ("r", ".section .rodata,\"a\",@progbits", "local", "object"),
    ("R", ".section .rodata,\"a\",@progbits", "global", "object"),
    ("n", ".section .bwinfo,\"\",@progbits", "local", "object"),
    ("N", ".section .debug_bw,\"\",@progbits", "local", "object"),
    ("E", ".section .edata,\"aw\",@progbits", "global", "object"),
    ("ii", ".section .idata$2,\"a\",@progbits", "local", "object"),
    ("p", ".section .pdata,\"a\",@progbits", "local", "object"),
    ("tdata", ".section .tdata,\"awT\",@progbits", "global", "object"),
]
SPECIAL = ["__mod_license%d", "__mod_author%d", "__se_sys_call%d", "__se_compat_sys_call%d",
           "__addressable_fn%d", "linux_banner", "vermagic", "__modx%d"]
SUFFIXES = ["", "", "", ".%d", ".isra.%d", ".constprop.%d", ".part.%d", ".cold", ".constprop.%d.isra.%d"]


def name_for(kind, i):
    base = "%s_%d" % (kind, i)
    r = rnd.random()
    if r < 0.08:
        base = rnd.choice(SPECIAL).replace("%d", str(i))
    elif r < 0.11:
        base = "%s:%d" % (kind, i)            # a ':' in the name: the script skips the line
    elif r < 0.16:
        base = "clash_%d" % (i % 4)           # several kinds under one name: sizes summed
    suffix = rnd.choice(SUFFIXES)
    suffix = suffix.replace("%d", str(rnd.randrange(40)), 1).replace("%d", str(rnd.randrange(3)))
    return base + suffix


def make_side():
    """[(object, kind, name, size)] with sizes 0..300 (0: nm --size-sort drops it)."""
    syms = []
    for k, kind in enumerate(KINDS):
        for i in range(rnd.randrange(3, 9)):
            size = 0 if rnd.random() < 0.05 else rnd.randrange(1, 300)
            syms.append((rnd.choice("ab"), kind, name_for(kind[0], 100 * k + i), size))
    for i in range(3):  # the same local name in both objects
        for obj in "ab":
            syms.append((obj, KINDS[0], "twin_%d" % i, rnd.randrange(1, 50)))
    for obj in "ab":  # commons and absolute symbols
        syms.append((obj, ("C", None, "global", "object"), "common_%s" % obj, rnd.randrange(1, 64)))
        syms.append((obj, ("A", None, "global", "object"), "abs_%s" % obj, rnd.randrange(1, 64)))
    return syms


def evolve(old):
    """NEW from OLD: kept, grown, shrunk, gone, renamed; ties of equal deltas on purpose."""
    new = []
    tie = rnd.randrange(1, 20)
    for obj, kind, name, size in old:
        r = rnd.random()
        if r < 0.1:
            continue
        if r < 0.2:
            size = size + tie
        elif r < 0.35:
            size = max(0, size + rnd.randrange(-40, 40))
        elif r < 0.4:
            name = name_for(kind[0], rnd.randrange(1000, 2000))
        new.append((obj, kind, name, size))
    return new + make_side()[:rnd.randrange(5, 15)]


def quote(name):
    return '"%s"' % name if any(c in name for c in ":$") else name


def emit(path, syms, obj):
    seen = set()
    with open(path, "w") as f:
        for o, (letter, section, bind, typ), name, size in syms:
            if o != obj or (name, section) in seen:
                continue
            seen.add((name, section))
            q = quote(name)
            if letter == "C":
                f.write("\t.comm %s, %d, 4\n" % (q, max(size, 1)))
                continue
            if letter == "A":
                f.write("\t.globl %s\n\t.set %s, 0x40\n\t.size %s, %d\n" % (q, q, q, size))
                continue
            f.write("\t%s\n" % (section if section.startswith(".section") else section))
            if bind == "global":
                f.write("\t.globl %s\n" % q)
            elif bind == "weak":
                f.write("\t.weak %s\n" % q)
            f.write("\t.type %s, @%s\n%s:\n\t.zero %d\n\t.size %s, %d\n" % (q, typ, q, max(size, 1), q, size))


old = make_side()
new = evolve(old)
for side, syms in (("old", old), ("new", new)):
    for obj in "ab":
        emit(os.path.join(out, "%s-%s.s" % (side, obj)), syms, obj)
    # A module's generated symbols: .modinfo strings as MODULE_LICENSE and friends make them.
    with open(os.path.join(out, "%s-mod.s" % side), "w") as f:
        f.write('\t.section .modinfo,"a",@progbits\n')
        for n, text in (("__mod_license%d" % rnd.randrange(99), "license=GPL"),
                        ("__mod_vermagic%d" % rnd.randrange(99), "vermagic=6.1.0 SMP"),
                        ("__UNIQUE_ID_srcversion%d" % rnd.randrange(99),
                         "srcversion=%s" % ("x" * rnd.randrange(1, 30)))):
            f.write('\t.type %s, @object\n%s:\n\t.asciz "%s"\n\t.size %s, %d\n' % (n, n, text, n, len(text) + 1))
        f.write('\t.section .rodata,"a",@progbits\n\t.type vermagic, @object\n'
                'vermagic:\n\t.zero %d\n\t.size vermagic, %d\n' % ((rnd.randrange(8, 40),) * 2))
