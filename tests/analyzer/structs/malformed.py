#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Malformed DWARF for the struct extractor, generated at test time (TAP).

usage: malformed.py DRIVER OUTDIR FIXTURE-DIR

1. Hand-made DWARF 4 units (assembled with `as` from the text below): cyclic type references,
   absurd sizes, bad attribute forms, bad references, too-deep chains, exploding anonymous
   nesting, looping sibling chains. Each must give exactly one line "FILE: MESSAGE" with the
   expected message, exit status 1, and nothing from the sanitizers.
2. Mutants of good fixture objects: bytes of .debug_info / .debug_abbrev / .debug_str
   overwritten and files truncated, from a fixed seed. Each must end within the time limit with
   either a clean result (exit 0) or one clean error line (exit 1): no crash, no hang, no
   sanitizer report.
The files run 64 to a sanitized process (batch.py); a run that crashes, hangs, reports from a
sanitizer or puts output out of place is redone with one process per file, whose verdicts
count (a "# " line says so).
The files are left in OUTDIR (the fuzzer's seed corpus takes them).
"""
import os
import random
import re
import struct
import subprocess
import sys

import batch  # this folder: the script's own, first on the import path

TIMEOUT = 20

# ---- hand-made DWARF -------------------------------------------------------------------------

ABBREV = """
	.section .debug_abbrev,"",@progbits
.Labbrev:
	.uleb128 1, 0x11; .byte 1; .uleb128 0x03, 0x08, 0x13, 0x0b; .byte 0, 0   # compile_unit
	.uleb128 2, 0x13; .byte 1; .uleb128 0x03, 0x08, 0x0b, 0x0f; .byte 0, 0   # struct: name, byte_size udata
	.uleb128 3, 0x0d; .byte 0; .uleb128 0x03, 0x08, 0x49, 0x13, 0x38, 0x0f; .byte 0, 0  # member
	.uleb128 4, 0x24; .byte 0; .uleb128 0x03, 0x08, 0x0b, 0x0b, 0x3e, 0x0b; .byte 0, 0  # base_type
	.uleb128 5, 0x16; .byte 0; .uleb128 0x03, 0x08, 0x49, 0x13; .byte 0, 0   # typedef
	.uleb128 6, 0x0f; .byte 0; .uleb128 0x0b, 0x0b, 0x49, 0x13; .byte 0, 0   # pointer_type
	.uleb128 7, 0x26; .byte 0; .uleb128 0x49, 0x13; .byte 0, 0               # const_type
	.uleb128 8, 0x01; .byte 1; .uleb128 0x49, 0x13; .byte 0, 0               # array_type
	.uleb128 9, 0x21; .byte 0; .uleb128 0x37, 0x0f; .byte 0, 0               # subrange: count udata
	.uleb128 10, 0x13; .byte 1; .uleb128 0x03, 0x08, 0x0b, 0x08; .byte 0, 0  # struct, byte_size as string
	.uleb128 11, 0x0d; .byte 0; .uleb128 0x03, 0x08, 0x49, 0x13, 0x38, 0x0f, 0x0d, 0x0b; .byte 0, 0  # bit-field member
	.uleb128 12, 0x13; .byte 1; .uleb128 0x0b, 0x0f; .byte 0, 0              # anonymous struct
	.uleb128 13, 0x0d; .byte 0; .uleb128 0x49, 0x13, 0x38, 0x0f; .byte 0, 0  # unnamed member
	.uleb128 14, 0x13; .byte 1; .uleb128 0x03, 0x08, 0x0b, 0x0f, 0x01, 0x13; .byte 0, 0  # struct with DW_AT_sibling
	.byte 0
"""

HEAD = """
	.section .debug_info,"",@progbits
.Lcu:
	.long .Lend - .Lstart
.Lstart:
	.value 4
	.long .Labbrev
	.byte 8
	.uleb128 1; .asciz "bad.c"; .byte 12
"""

TAIL = """
	.byte 0
.Lend:
"""

INT = '.Lint: .uleb128 4; .asciz "int"; .byte 4, 5\n'


def ref(label):
    return f".long {label} - .Lcu"


def struct_with(member_type, size=8, name="s"):
    return (f'.uleb128 2; .asciz "{name}"; .uleb128 {size}\n'
            f'.uleb128 3; .asciz "m"; {ref(member_type)}; .uleb128 0\n.byte 0\n')


def deep_chain(n):
    out = [struct_with(".Lt0")]
    for i in range(n):
        nxt = f".Lt{i + 1}" if i + 1 < n else ".Lint"
        out.append(f'.Lt{i}: .uleb128 5; .asciz "t{i}"; {ref(nxt)}\n')
    return "".join(out) + INT


def exploding_anon(levels):
    out = ['.uleb128 2; .asciz "boom"; .uleb128 8\n'
           f'.uleb128 13; {ref(".La0")}; .uleb128 0\n.byte 0\n']
    for i in range(levels):
        kid = f".La{i + 1}" if i + 1 < levels else ".Lint"
        out.append(f'.La{i}: .uleb128 12; .uleb128 8\n'
                   f'.uleb128 13; {ref(kid)}; .uleb128 0\n'
                   f'.uleb128 13; {ref(kid)}; .uleb128 0\n.byte 0\n')
    return "".join(out) + INT


CASES = [
    ("cyclic-typedef", struct_with(".La") +
     f'.La: .uleb128 5; .asciz "a"; {ref(".Lb")}\n.Lb: .uleb128 5; .asciz "b"; {ref(".La")}\n',
     r"DIE 0x[0-9a-f]+: cyclic DWARF type reference"),
    ("self-typedef", struct_with(".La") + f'.La: .uleb128 5; .asciz "a"; {ref(".La")}\n',
     r"DIE 0x[0-9a-f]+: cyclic DWARF type reference"),
    ("cyclic-pointer", struct_with(".Lp") +
     f'.Lp: .uleb128 6; .byte 8; {ref(".Lc")}\n.Lc: .uleb128 7; {ref(".Lp")}\n',
     r"DIE 0x[0-9a-f]+: cyclic DWARF type reference"),
    ("absurd-struct-size", struct_with(".Lint", size=1 << 60) + INT,
     r"DIE 0x[0-9a-f]+: absurd byte size 1152921504606846976"),
    ("absurd-array-bound", struct_with(".Larr") +
     f'.Larr: .uleb128 8; {ref(".Lint")}\n.uleb128 9; .uleb128 {1 << 50}\n.byte 0\n' + INT,
     r"DIE 0x[0-9a-f]+: absurd array bound 1125899906842624"),
    ("absurd-array-size", struct_with(".Larr") +
     f'.Larr: .uleb128 8; {ref(".Lint")}\n.uleb128 9; .uleb128 {1 << 30}\n'
     f'.uleb128 9; .uleb128 {1 << 30}\n.byte 0\n' + INT,
     r"DIE 0x[0-9a-f]+: absurd array size"),
    ("absurd-member-offset", '.uleb128 2; .asciz "s"; .uleb128 8\n'
     f'.uleb128 3; .asciz "m"; {ref(".Lint")}; .uleb128 {1 << 62}\n.byte 0\n' + INT,
     r"DIE 0x[0-9a-f]+: absurd member offset 4611686018427387904"),
    ("bad-form-byte-size", '.uleb128 10; .asciz "s"; .asciz "8"\n'
     f'.uleb128 3; .asciz "m"; {ref(".Lint")}; .uleb128 0\n.byte 0\n' + INT,
     r"DIE 0x[0-9a-f]+: DW_AT_byte_size has a non-constant form"),
    ("bad-type-reference", '.uleb128 2; .asciz "s"; .uleb128 8\n'
     '.uleb128 3; .asciz "m"; .long 0x7fff0000; .uleb128 0\n.byte 0\n',
     r"DIE 0x[0-9a-f]+: bad DW_AT_type reference: .+"),
    ("bitfield-too-wide", '.uleb128 2; .asciz "s"; .uleb128 8\n'
     f'.uleb128 11; .asciz "m"; {ref(".Lint")}; .uleb128 0; .byte 40\n.byte 0\n' + INT,
     r"DIE 0x[0-9a-f]+: bit-field of 40 bits in a 4-byte type"),
    ("deep-chain", deep_chain(300), r"DIE 0x[0-9a-f]+: type chain deeper than 256"),
    ("exploding-anon", exploding_anon(20),
     r"DIE 0x[0-9a-f]+: anonymous struct/union nesting too large"),
    ("sibling-loop", '.Lfirst: .uleb128 2; .asciz "a"; .uleb128 4\n'
     f'.uleb128 3; .asciz "m"; {ref(".Lint")}; .uleb128 0\n.byte 0\n'
     f'.uleb128 14; .asciz "b"; .uleb128 4; {ref(".Lfirst")}\n'
     f'.uleb128 3; .asciz "m"; {ref(".Lint")}; .uleb128 0\n.byte 0\n' + INT,
     # libdw 0.188 refuses a backward DW_AT_sibling itself; our own check catches the rest.
     r"DIE 0x[0-9a-f]+: (sibling chain loops|corrupt sibling chain: invalid DWARF)"),
    ("unit-past-section", HEAD.replace(".long .Lend - .Lstart", ".long 0x100000"),
     r"unit at 0x0 runs past the end of \.debug_info \(truncated\)"),
]


def build_case(outdir, name, body):
    src = os.path.join(outdir, name + ".s")
    obj = os.path.join(outdir, name + ".o")
    text = ABBREV + (body if body.lstrip().startswith(".section") else HEAD + body + TAIL)
    with open(src, "w") as f:
        f.write(text)
    subprocess.run(["as", "--64", "-o", obj, src], check=True)
    return obj


# ---- mutants ---------------------------------------------------------------------------------

def sections(data):
    """{name: (offset, size)} from the section headers (ELF32/64, both endians)."""
    cls, endian = data[4], data[5]
    e = "<" if endian == 1 else ">"
    if cls == 2:
        shoff, = struct.unpack_from(e + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x3a)
        fmt, noff, ooff, soff = e + "IIQQQQIIQQ", 0, 4, 5
    else:
        shoff, = struct.unpack_from(e + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x2e)
        fmt, noff, ooff, soff = e + "IIIIIIIIII", 0, 4, 5
    hdrs = [struct.unpack_from(fmt, data, shoff + i * shentsize) for i in range(shnum)]
    stro = hdrs[shstrndx][ooff]
    out = {}
    for h in hdrs:
        n = data[stro + h[noff]:data.index(b"\0", stro + h[noff])].decode()
        out[n] = (h[ooff], h[soff])
    return out


def mutants(fixture, outdir, rng, count):
    data = open(fixture, "rb").read()
    secs = sections(data)
    base = os.path.basename(fixture)[:-2]
    made = []
    targets = [n for n in (".debug_info", ".debug_abbrev", ".debug_str", ".debug_line_str",
                           ".debug_str_offsets") if n in secs and secs[n][1] > 0]
    for i in range(count):
        buf = bytearray(data)
        if i % 5 == 4:
            cut = rng.randrange(64, len(data))
            buf = buf[:cut]
            kind = f"trunc{cut}"
        else:
            name = targets[i % len(targets)]
            off, size = secs[name]
            for _ in range(rng.choice((1, 1, 2, 4, 8))):
                pos = off + rng.randrange(size)
                buf[pos] = rng.choice((0x00, 0xff, 0x7f, 0x80, rng.randrange(256)))
            kind = name.strip(".").replace("_", "") + str(i)
        path = os.path.join(outdir, f"mut-{base}-{kind}.o")
        with open(path, "wb") as f:
            f.write(buf)
        made.append(path)
    return made


# ---- running ---------------------------------------------------------------------------------

SANITIZER = re.compile(r"AddressSanitizer|UndefinedBehaviorSanitizer|runtime error|LeakSanitizer")


def main():
    driver, outdir, fixdir = sys.argv[1:4]
    os.makedirs(outdir, exist_ok=True)
    rng = random.Random(20091212)
    fixtures = sorted(os.path.join(fixdir, f) for f in os.listdir(fixdir)
                      if re.match(r"(x86_64|mips|arm|i386)-(gcc|clang)-dwarf[45]-O0-.*\.o$", f))
    tests = []
    for name, body, want in CASES:
        tests.append(("exact", build_case(outdir, name, body), want))
    for fx in fixtures:
        for path in mutants(fx, outdir, rng, 12):
            tests.append(("robust", path, None))
    print(f"1..{len(tests)}")
    failed = 0
    runs = batch.runs(driver, ["--dump", "--no-search"], [path for _, path, _ in tests],
                      timeout=TIMEOUT, bad=lambda err: SANITIZER.search(err) and "sanitizer report")
    for n, ((mode, path, want), (rc, _, err)) in enumerate(zip(tests, runs), 1):
        lines = err.splitlines() if err else []
        problem = None
        if rc is None:
            problem = err
        elif SANITIZER.search(err or ""):
            problem = "sanitizer report: " + next(l for l in lines if SANITIZER.search(l))
        elif rc < 0:
            problem = f"killed by signal {-rc}"
        elif mode == "exact":
            if rc != 1 or len(lines) != 1 or not re.fullmatch(re.escape(path) + ": " + want,
                                                              lines[0]):
                problem = f"want one line '{path}: /{want}/' and status 1, got {rc}: {err!r}"
        elif rc == 1:
            if len(lines) != 1 or not lines[0].startswith(path + ": ") or len(lines[0]) > 400:
                problem = f"error is not one clean line: {err!r}"
        elif rc != 0 or lines:
            problem = f"status {rc}, stderr {err!r}"
        if problem:
            failed += 1
            print(f"not ok {n} - {os.path.basename(path)}: {problem}")
        else:
            what = lines[0].split(": ", 1)[1] if lines else "valid output"
            print(f"ok {n} - {os.path.basename(path)}: {what}")
    print(f"{len(tests) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
