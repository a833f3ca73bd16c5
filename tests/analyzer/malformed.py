#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# Make malformed inputs from good objects (truncated files, corrupt header fields, hostile section
# and symbol tables, broken archives), each with the exact error line the analyzer must print.
# usage: malformed.py OUTDIR GOOD-ELF64LE.o GOOD-ELF32BE.o
# Writes OUTDIR/<case> files and OUTDIR/expect.tsv: "case<TAB>mode<TAB>message".
import os
import shutil
import struct
import subprocess
import sys

out, good64, good32 = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
os.makedirs(out, exist_ok=True)
cases = []


class Elf:
    """Just enough ELF to find and patch header and section fields."""

    def __init__(self, path):
        self.b = bytearray(open(path, "rb").read())
        self.is64 = self.b[4] == 2
        self.e = "<" if self.b[5] == 1 else ">"
        if self.is64:
            self.shoff_at, self.shent_at, self.shnum_at, self.shstr_at, self.shsize = 0x28, 0x3A, 0x3C, 0x3E, 64
        else:
            self.shoff_at, self.shent_at, self.shnum_at, self.shstr_at, self.shsize = 0x20, 0x2E, 0x30, 0x32, 40

    def get(self, fmt, at):
        return struct.unpack_from(self.e + fmt, self.b, at)[0]

    def put(self, fmt, at, v):
        struct.pack_into(self.e + fmt, self.b, at, v)

    @property
    def shoff(self):
        return self.get("Q" if self.is64 else "I", self.shoff_at)

    @property
    def shnum(self):
        return self.get("H", self.shnum_at)

    def sh(self, i):
        return self.shoff + i * self.shsize

    # field offsets inside a section header: name, type, offset, size, link
    def f(self, name):
        return {"name": 0, "type": 4, "offset": 24 if self.is64 else 16, "size": 32 if self.is64 else 20,
                "link": 40 if self.is64 else 24}[name]

    def word(self):
        return "Q" if self.is64 else "I"

    def sec(self, i, field):
        fmt = "I" if field in ("name", "type", "link") else self.word()
        return self.get(fmt, self.sh(i) + self.f(field))

    def setsec(self, i, field, v):
        fmt = "I" if field in ("name", "type", "link") else self.word()
        self.put(fmt, self.sh(i) + self.f(field), v)

    def names(self):
        strndx = self.get("H", self.shstr_at)
        base = self.sec(strndx, "offset")
        res = []
        for i in range(self.shnum):
            o = base + self.sec(i, "name")
            res.append(self.b[o:self.b.index(b"\0", o)].decode())
        return res

    def index(self, name):
        return self.names().index(name)


def case(name, mode, message, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
    cases.append((name, mode, message))


def patched(path, fn):
    e = Elf(path)
    fn(e)
    return bytes(e.b)


g64 = open(good64, "rb").read()
g32 = open(good32, "rb").read()
e64 = Elf(good64)
e32 = Elf(good32)
P = lambda n: os.path.join(out, n)  # noqa: E731

case("not-elf.o", "size", "file format not recognized", b"hello, world\n")
case("short.o", "size", "file format not recognized", g64[:10])
case("bad-class.o", "size", "file format not recognized", g64[:4] + b"\x03" + g64[5:])
case("trunc-header.o", "size", "file truncated: 40 bytes, the ELF header needs 64", g64[:40])
case("trunc-header32.o", "size", "file truncated: 40 bytes, the ELF header needs 52", g32[:40])
half = len(g64) // 2
case("trunc-half.o", "size", "section header table at offset %#x is past the end of the file" % e64.shoff, g64[:half])
tail = e64.shoff + 3 * 64 + 10
case("trunc-shdrs.o", "size", "section header table (%d entries at offset %#x) extends past the end of the file"
     % (e64.shnum, e64.shoff), g64[:tail])
case("shoff-huge.o", "size", "section header table at offset 0xffffffffffff0000 is past the end of the file",
     patched(good64, lambda e: e.put("Q", e.shoff_at, 0xFFFFFFFFFFFF0000)))
case("shoff-in-header.o", "size", "section header table at offset 0x10 overlaps the ELF header",
     patched(good64, lambda e: e.put("Q", e.shoff_at, 0x10)))
case("shentsize.o", "size", "bad section header size 32 (expected 64)",
     patched(good64, lambda e: e.put("H", e.shent_at, 32)))
case("shnum-huge.o", "size", "section header table (65279 entries at offset %#x) extends past the end of the file"
     % e64.shoff, patched(good64, lambda e: e.put("H", e.shnum_at, 0xFEFF)))
case("shstrndx-zero.o", "size", "no section name string table (e_shstrndx is 0)",
     patched(good64, lambda e: e.put("H", e.shstr_at, 0)))
case("shstrndx-range.o", "size", "bad e_shstrndx %d: only %d sections" % (e64.shnum + 5, e64.shnum),
     patched(good64, lambda e: e.put("H", e.shstr_at, e64.shnum + 5)))
case("sec-offset.o", "size", "section 1: contents (offset 0x7fffffff0000, size %#x) extend past the end "
     "of the file (%#x bytes)" % (e64.sec(1, "size"), len(g64)),
     patched(good64, lambda e: e.setsec(1, "offset", 0x7FFFFFFF0000)))
case("sec-size-huge.o", "size", "section 1: contents (offset %#x, size 0xffffffffffffff00) extend past the "
     "end of the file (%#x bytes)" % (e64.sec(1, "offset"), len(g64)),
     patched(good64, lambda e: e.setsec(1, "size", 0xFFFFFFFFFFFFFF00)))
case("sec-offset32.o", "size", "section 1: contents (offset 0x7fff0000, size %#x) extend past the end of "
     "the file (%#x bytes)" % (e32.sec(1, "size"), len(g32)),
     patched(good32, lambda e: e.setsec(1, "offset", 0x7FFF0000)))
shstr = e64.get("H", e64.shstr_at)
case("sec-name.o", "size", "section 1: name offset 0x7ffffff0 outside the section name table (%#x bytes)"
     % e64.sec(shstr, "size"), patched(good64, lambda e: e.setsec(1, "name", 0x7FFFFFF0)))
text, data = e64.index(".text"), e64.index(".data")
case("overlap.o", "size", "sections %d (.text) and %d (.data) overlap in the file" % (text, data),
     patched(good64, lambda e: e.setsec(data, "offset", e.sec(text, "offset"))))
symtab = e64.index(".symtab")
sym1 = e64.sec(symtab, "offset") + 24
strsize = e64.sec(e64.sec(symtab, "link"), "size")
case("sym-name.o", "symbols", "symbol 1: name offset 0x7ffffff0 outside the string table (%#x bytes)" % strsize,
     patched(good64, lambda e: e.put("I", sym1, 0x7FFFFFF0)))
case("symtab-link.o", "symbols", "symbol table .symtab: bad string table link 0",
     patched(good64, lambda e: e.setsec(symtab, "link", 0)))

# Archives.
ar = P("good.a")
subprocess.run(["ar", "rc", ar, good64, good32], check=True)
a = open(ar, "rb").read()
os.remove(ar)
member_size = int(a[8 + 48:8 + 58].split()[0])
case("ar-trunc.a", "size", "archive truncated: member at offset 8 needs %d bytes, %d left" % (member_size, 200 - 68),
     a[:200])
case("ar-badhdr.a", "size", "malformed archive: bad member header at offset 8", b"!<arch>\n" + b"x" * 60)
case("ar-cut-header.a", "size", "archive truncated: member header at offset 8 cut short", b"!<arch>\n" + a[8:30])
note = P("note.txt")
with open(note, "w") as f:
    f.write("not an object\n")
subprocess.run(["ar", "rc", P("ar-member.a"), note], check=True, cwd=out)
os.remove(note)
cases.append(("ar-member.a", "size", "file format not recognized@ar-member.a(note.txt)"))
gone = P("gone.o")
shutil.copy(good64, gone)
subprocess.run(["ar", "rcT", P("thin-missing.a"), gone], check=True)
os.remove(gone)
cases.append(("thin-missing.a", "size", "No such file@thin-missing.a(%s)" % gone))
case("empty.o", "size", "file is empty", b"")
os.makedirs(P("a-directory"), exist_ok=True)
cases.append(("a-directory", "size", "is a directory"))
cases.append(("does-not-exist.o", "size", "No such file"))
shutil.copy(good64, P("badcmd.o"))
with open(P("badcmd.o.cmd"), "w") as f:
    f.write("# bloatwatch build record v1\ncmd := cc -c x.c\nthis line has no separator\n")
cases.append(("badcmd.o", "all", "line 3: not a 'key := value' line@badcmd.o.cmd"))

with open(P("expect.tsv"), "w") as f:
    for name, mode, msg in cases:
        f.write("%s\t%s\t%s\n" % (name, mode, msg))
