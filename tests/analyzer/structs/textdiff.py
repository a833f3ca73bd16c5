#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The pahole-style text against pahole 1.24's own text (TAP).

usage: textdiff.py DRIVER [--cacheline N] FILE...

For every struct pahole prints (pahole --show_private_classes), our text (DRIVER --text) must
carry the same annotations line for line: each member's name, offset/size comment and
attributes, every hole / bit hole / "Bitfield combined" / "last struct has padding" note,
every cacheline boundary, every summary line and the closing attributes (__packed__,
__aligned__). The differences docs/structs.md documents are recognised, one class at a
time, and counted; anything else fails:
  - spelling: where pahole's type text is not the C it means (a const pointer to a function
    as "const int (*f)(...)", a pointer to an array as "char * p", doubled qualifiers
    "const const char *", two spaces in "const char  *"), ours is; the member's name,
    attributes and comment must still match;
  - fillers: pahole's guessed "/* Force padding: */ int :32;", "/* Force alignment to the
    next boundary: */ unsigned int :0;" and bare "unsigned int :5;" lines, not in DWARF;
  - i386: pahole takes 8 as the natural alignment of long long and double and marks
    __packed__ a struct holding one at a 4-byte offset; the i386 ABI aligns them to 4, so
    we print the struct's own attribute (none, or the __aligned__ DWARF records).
Structs whose text is byte-identical without any normalisation are counted too.
Files with the same bytes as an earlier one are read once and share its verdict (said on their
line); the driver reads 64 files a run (batch.py).
"""

import re
import shutil
import subprocess
import sys

# run as a script: its own folder is first on the import path, so oracle.py is found
import batch
from oracle import LINKDIR, linked_copy, mips_rel  # pahole needs mips objects linked

HDR = re.compile(r"^(struct|union|class) (\S+) \{$")
COMMENT = re.compile(r"(/\*.*\*/)\s*$")


def split(text):
    """{name: [lines]} for top-level types, first definition of a name wins."""
    out, cur, lines = {}, None, []
    for line in text.splitlines():
        if cur is None:
            m = HDR.match(line)
            if m:
                cur, lines = m.group(2), [line]
            continue
        lines.append(line)
        if line.startswith("}"):
            out.setdefault(cur, lines)
            cur = None
    return out


def member_key(line):
    """(name, attributes, offset comment) of a member or closing line, type spelling removed."""
    m = COMMENT.search(line)
    decl = line[:m.start()].rstrip() if m else line.rstrip()
    comment = m.group(1) if m else ""
    attrs = " ".join(re.findall(r"__attribute__\(\(.*?\)\)\)?", decl))
    decl = re.sub(r"\s*__attribute__\(\(.*\)\)", "", decl).rstrip().rstrip(";")
    bits = re.search(r":(\d+)$", decl)
    decl = re.sub(r":\d+$", "", decl)
    depth = len(line) - len(line.lstrip("\t"))
    if decl.strip().startswith("}"):
        name = re.sub(r"\[.*$", "", decl.strip()[1:].strip())
    else:
        d = re.sub(r"(\[[^\]]*\])+$", "", decl)
        fp = re.search(r"\(\s*\*+\s*(?:const\s+|volatile\s+)*(\w+)", d)
        if fp and d.rstrip().endswith(")"):
            name = fp.group(1)
        else:
            name = re.sub(r"(\[[^\]]*\])+(\)|$)", r"\2", d)
            mm = re.search(r"(\w+)\)*$", name)
            name = mm.group(1) if mm else ""
    return ("M", depth, name, bits.group(1) if bits else "", attrs, re.sub(r"\s+", " ", comment))


def normalise(lines, counts):
    """Annotation keys of one struct's text, with the documented differences removed."""
    keys = []
    i = 0
    while i < len(lines):
        line = lines[i]
        body = line.strip()
        if re.match(r"^\s*[^/]*\S\s+:\d+;$", line):
            counts["fillers"] += 1      # a bare filler: a type and a width, no name
            i += 1
            continue
        if re.match(r"^/\* Force (padding|alignment to the next boundary): \*/$", body):
            counts["fillers"] += 1
            i += 1
            while i < len(lines) and re.match(r"^\s*\S[^/]*:\d+;$", lines[i]):
                i += 1
            while keys and keys[-1] == ("blank",):
                keys.pop()
            while i < len(lines) and not lines[i].strip():
                i += 1
            continue
        if not body:
            keys.append(("blank",))
        elif body.startswith("/*") and not COMMENT.match(body[2:]) or \
                body.startswith("/*") and body.endswith("*/") and "/*" not in body[2:]:
            keys.append(("C", body))
        elif HDR.match(line) or line.startswith("}"):
            keys.append(("E", line.split("/*")[0].rstrip() if line.startswith("}") else line))
        elif re.match(r"^(const )?(struct|union|enum) \{$", body):
            keys.append(("O", body))
        else:
            keys.append(member_key(line))
        i += 1
    # blank lines are layout only (the byte-identical count covers them)
    return [k for k in keys if k != ("blank",)]


def is_i386(path):
    with open(path, "rb") as f:
        h = f.read(20)
    return len(h) == 20 and h[:4] == b"\x7fELF" and h[5] == 1 and h[18:20] == b"\x03\x00"


def i386_pair(a, b):
    """Is our key @b pahole's key @a without its inferred __packed__ (i386)?"""
    packed = "__attribute__((__packed__))"
    if a[0] != b[0] or packed not in str(a):
        return False
    if a[0] == "E":
        ours = re.sub(r" __attribute__\(\(__aligned__\(\d+\)\)\)", "", b[1])
        return a[1].replace(" " + packed, "") == ours
    if a[0] == "M":
        attrs = re.sub(r"__attribute__\(\(__aligned__\(\d+\)\)\)\s*", "", b[4]).strip()
        return a[:4] == b[:4] and a[4].replace(packed, "").strip() == attrs and a[5] == b[5]
    return False


def check(path, pah, ours, counts):
    """(structs, byte-identical, differences) of one file's pahole text against ours."""
    bad = []
    identical = 0
    for name, plines in pah.items():
        olines = ours.get(name)
        if olines is None:
            bad.append(f"{name}: missing")
            continue
        if olines == plines:
            identical += 1
            continue
        found = {"fillers": 0}
        pk, ok = normalise(plines, found), normalise(olines, {"fillers": 0})
        if pk == ok:
            # fillers are only in pahole's text; any other difference is spelling
            counts["fillers" if found["fillers"] else "spelling"] += 1
            continue
        if is_i386(path) and len(pk) == len(ok) and \
                all(a == b or i386_pair(a, b) for a, b in zip(pk, ok)):
            counts["i386"] += 1
            continue
        for a, b in zip(pk, ok):
            if a != b:
                bad.append(f"{name}: pahole {a} here {b}")
                break
        else:
            bad.append(f"{name}: {len(pk)} annotation lines in pahole, {len(ok)} here")
    return len(pah), identical, bad


def main():
    driver, files = sys.argv[1], sys.argv[2:]
    cl = []
    if files and files[0] == "--cacheline":
        cl = [files[1]]
        files = files[2:]
    print(f"1..{len(files)}")
    first = batch.unique(files)
    todo = [p for p in files if first[p] == p]
    texts = dict(zip(todo, batch.runs(driver, ["--text", "--no-search"] +
                                      [a for c in cl for a in ("--cacheline", c)], todo)))
    failed = total = identical = 0
    counts = {"fillers": 0, "spelling": 0, "i386": 0}

    def pahole(path):
        kind = mips_rel(path)
        ppath = (linked_copy(path, kind) if kind else path) or path
        if cl:
            return subprocess.run(["pahole", "--show_private_classes", ppath,
                                   f"--cacheline_size={cl[0]}"], capture_output=True, text=True,
                                  errors="replace").stdout
        # oracle.py runs this same command: one of the two suites computes it (batch.stored),
        # this one last file first, so that side by side each computes about half
        return batch.stored(["pahole", "--show_private_classes", ppath])[1]

    texts_p = {p: pahole(p) for p in reversed(todo)}
    results = {}
    for n, path in enumerate(files, 1):
        if first[path] == path:
            pah = split(texts_p[path])
            mine = {"fillers": 0, "spelling": 0, "i386": 0}
            results[path] = check(path, pah, split(texts[path][1]), mine), mine
            same = ""
        else:
            same = f" (same bytes as {first[path]})"
        (structs, ident, bad), mine = results[first[path]]
        total += structs
        identical += ident
        for k in counts:
            counts[k] += mine[k]
        if bad:
            failed += 1
            print(f"not ok {n} - {path}: {len(bad)} structs differ{same}")
            for b in bad if not same else ():
                print(f"#   {b}")
        else:
            print(f"ok {n} - {path}: {structs} structs{same}")
    print(f"# {total} structs: {identical} byte-identical to pahole 1.24's text; the others differ "
          f"only in documented classes (docs/structs.md): {counts['spelling']} type "
          f"spelling, {counts['fillers']} pahole fillers, {counts['i386']} i386 __packed__")
    print(f"# {len(files) - len(todo)} of the {len(files)} files are byte-identical to an earlier "
          f"one, whose verdict they share")
    print(f"{len(files) - failed} passed, {failed} failed")
    shutil.rmtree(LINKDIR, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
