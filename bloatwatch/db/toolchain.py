# SPDX-License-Identifier: GPL-2.0
"""The compiler an object names itself: its .comment strings and its units' DW_AT_producer.

Used when no manifest, build record or [[objects]] coordinate names the compiler. The
producers are the better witness: a linked program's .comment also carries the C library's
start files (`GCC: ...` in a clang-built program), which have no DWARF units. An object whose
units come from two compilers (an archive of gcc and clang members, a program linking both)
has both families, joined with '+' in sorted order (`clang+gcc`).
"""
import re
from dataclasses import dataclass, field

NONE = "-"
# gcc's producer: "GNU <language> <version> <flags>" (C11, C++17, Fortran, GIMPLE for LTO ...);
# "GNU AS" is the assembler, not a compiler.
GNU_PRODUCER = re.compile(r"^GNU (?!AS\b)\S+ \d")


def family(text):
    """gcc, clang or rustc from a version line (`cc --version`, CONFIG_CC_VERSION_TEXT), a
    .comment string or a producer; None for anything else (a linker's `Linker: LLD 14.0.6`,
    an assembler's `GNU AS 2.40`)."""
    t = text.lower()
    if "rustc version" in t:
        return "rustc"
    if "clang" in t:
        return "clang"
    if "gcc" in t or "g++" in t or GNU_PRODUCER.match(text):
        return "gcc"
    return None


def version_line(text):
    """A .comment string as the compiler's `--version` prints its first line: gcc writes
    `GCC: (Debian 12.2.0-14) 12.2.0` for `gcc (Debian 12.2.0-14) 12.2.0`; clang and rustc
    write the line itself. A producer loses its flags and command line."""
    if text.startswith("GCC: "):
        return "gcc " + text[5:]
    words = []
    for w in text.split():
        if w.startswith(("-", "/")):
            break
        words.append(w)
    return " ".join(words)


@dataclass
class Toolchain:
    family: str = NONE                              # gcc, clang, clang+gcc ... ('-': unknown)
    version: str = ""                               # version lines, '; '-joined
    comment: list = field(default_factory=list)     # .comment strings
    producers: list = field(default_factory=list)   # [(DW_AT_producer, units)], first unit first


def identify(comment, producers):
    """A Toolchain from .comment strings and [(producer, units)]."""
    from_units = {family(p) for p, _ in producers} - {None}
    fams = from_units or {family(c) for c in comment} - {None}
    lines = [version_line(c) for c in comment if family(c) in fams]
    if not lines:
        lines = [version_line(p) for p, _ in producers if family(p) in fams]
    seen = []
    for line in lines:
        if line not in seen:
            seen.append(line)
    return Toolchain("+".join(sorted(fams)) or NONE, "; ".join(seen), list(comment),
                     list(producers))


def producers(units):
    """[(producer, units)] of the analyzer's compileunits list, in first-unit order."""
    counts = {}
    for u in units or []:
        p = u.get("producer")
        if p:
            counts[p] = counts.get(p, 0) + 1
    return list(counts.items())


def of_entry(entry):
    """The Toolchain of an analyzer FILE entry, or of a cache stub (`_toolchain`: what the
    database stored for its analysis)."""
    if "_toolchain" in entry:
        return entry["_toolchain"]
    return identify(entry.get("comment") or [], producers(entry.get("compileunits")))


def of_files(entries):
    """{file: Toolchain} of FILE entries, an archive's members taken together: an archive is
    one object, and gcc and clang members make it a `clang+gcc` one."""
    parts = {}
    for e in entries:
        t = of_entry(e)
        c, p = parts.setdefault(e["file"], ([], {}))
        c.extend(x for x in t.comment if x not in c)
        for prod, n in t.producers:
            p[prod] = p.get(prod, 0) + n
    return {f: identify(c, list(p.items())) for f, (c, p) in parts.items()}
