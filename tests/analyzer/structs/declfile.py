#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""pahole oracle for where structs are declared: the analyzer's decl_file/decl_line (TAP).

usage: declfile.py ANALYZER FILE...

For each FILE, `pahole -I --show_private_classes FILE` prints every struct/union it keeps (the
first definition of a name) after a comment `/* <die offset> PATH:LINE */`; `ANALYZER structs
--json FILE...` (64 files a run) gives each layout's decl_file and decl_line, of which the
first of a (name, kind) is the one pahole prints.  The line must be equal; the file equal once
spelled as the analyzer spells it (docs/analyzer-json.md, STRUCT): pahole's path cleaned
(posixpath.normpath: a header reached as `amd/../perf_event.h` is `perf_event.h`), its
leading `../` dropped (a Kbuild O= folder inside the tree), and an absolute path (sources
outside the build folder) made relative to the tree, the one directory that must be the same
for every such struct of the file (pahole puts the compiler's `<built-in>` in the build
folder, the analyzer leaves it as it is).  pahole names no file for DWARF 5's file 0 (the
unit's own source: clang declares its structs there) and prints `(null)`: only the line is
compared, counted on the file's line.  A file whose type names pahole cannot read (MIPS clang
objects: it leaves their .debug_str unrelocated) is a visible skip; pahole reads a mips
relocatable object as linked by mips-linux-gnu-ld (oracle.py's pahole-unrelocated-mips), the
analyzer the object.  A file with no struct for either (type units, which neither reads) is a
visible skip; one with no struct pahole places but some the analyzer has is a failure.
"""
import json
import posixpath
import re
import shutil
import subprocess
import sys

import batch  # this folder, as oracle.py
import oracle  # this folder: mips objects are linked for pahole as the layout oracle does

PAHOLE = "pahole"
DECL = re.compile(r"^/\* <[0-9a-f]+> (.*):(\d+) \*/$")
HEAD = re.compile(r"^(struct|union|class) (.+) \{$")
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_:<>,]*$")


class Unreadable(Exception):
    """pahole cannot read the file's names: the file is skipped, with this reason."""


def pahole(path):
    """{(name, kind): (file, line)} of the types pahole prints with their place."""
    out = subprocess.run([PAHOLE, "-I", "--show_private_classes", path], capture_output=True,
                         text=True, check=False)
    if out.returncode:
        raise RuntimeError("pahole -I %s: exit %d: %s" % (path, out.returncode, out.stderr.strip()))
    got, place = {}, None
    for line in out.stdout.splitlines():
        m = DECL.match(line)
        if m:
            place = (m.group(1), int(m.group(2)))
            continue
        h = HEAD.match(line)
        if h and place:
            if not IDENT.match(h.group(2)):
                raise Unreadable("pahole prints type names such as %r (it does not relocate "
                                 "this object's .debug_str)" % h.group(2))
            got.setdefault((h.group(2), h.group(1)), place)
        place = None if not line.startswith("/*") else place
    return got


def analyzer(cli, paths):
    """{path: {(name, kind): (decl_file or None, decl_line)}}: the first layout of each (name,
    kind), from one run per batch.PER_RUN files."""
    got = {}
    for i in range(0, len(paths), batch.PER_RUN):
        chunk = paths[i:i + batch.PER_RUN]
        out = subprocess.run([cli, "structs", "--json"] + chunk, capture_output=True, text=True,
                             check=False)
        if out.returncode:
            raise RuntimeError("%s structs: exit %d: %s" % (cli, out.returncode,
                                                            out.stderr.strip()))
        for f in json.loads(out.stdout)["files"]:
            mine = got.setdefault(f["file"], {})
            for s in f.get("structs") or []:
                mine.setdefault((s["name"], s["kind"]), (s.get("decl_file"), s.get("decl_line", 0)))
    return got


def spelled(pfile, mine, roots):
    """Does pahole's path name the analyzer's file? Absolute ones add their tree to roots."""
    p = posixpath.normpath(pfile)
    while p.startswith("../"):
        p = p[3:]
    if p == mine:
        return True
    if mine and mine.startswith("<") and p.endswith("/" + mine):
        return True     # the compiler's own (<built-in>), in the unit's build folder
    if p.startswith("/") and mine and not mine.startswith("/") and p.endswith("/" + mine):
        roots.add(p[:-len(mine) - 1])
        return True
    return False


def check(path, mine):
    """(ok, lines of findings, structs compared, of which pahole names no file)."""
    kind = oracle.mips_rel(path)
    ppath = oracle.linked_copy(path, kind) if kind else path
    if not ppath:
        raise RuntimeError("mips-linux-gnu-ld cannot link %s for pahole" % path)
    theirs = pahole(ppath)
    if not theirs and not mine:
        raise Unreadable("neither pahole nor the analyzer finds a struct (type units)")
    bad, roots, unnamed = [], set(), 0
    for key in sorted(theirs):
        pf, pl = theirs[key]
        if key not in mine:
            bad.append("%s %s: pahole places it at %s:%d, the analyzer has no such type"
                       % (key[1], key[0], pf, pl))
            continue
        mf, ml = mine[key]
        if pf == "(null)" and ml == pl:
            unnamed += 1        # DWARF 5's file 0 (clang's): only the line is pahole's
            continue
        if mf is None or not spelled(pf, mf, roots) or ml != pl:
            bad.append("%s %s: pahole %s:%d, analyzer %s:%s" % (key[1], key[0], pf, pl, mf, ml))
    if len(roots) > 1:
        bad.append("absolute paths relative to %d trees: %s" % (len(roots), sorted(roots)))
    if not theirs:
        bad.append("pahole places no struct: nothing compared")
    return not bad, bad, len(theirs), unnamed


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    cli, files = argv[1], argv[2:]
    print("1..%d" % len(files))
    rc = 0
    try:
        mine = analyzer(cli, files)
    except (RuntimeError, ValueError, KeyError) as e:
        print("Bail out! %s" % e)
        return 1
    for n, path in enumerate(files, 1):
        try:
            ok, bad, count, unnamed = check(path, mine.get(path, {}))
        except Unreadable as e:
            print("ok %d - # SKIP %s: %s" % (n, path, e))
            continue
        except (RuntimeError, ValueError, KeyError) as e:
            ok, bad, count, unnamed = False, [str(e)], 0, 0
        if ok:
            note = " (%d in DWARF 5's file 0, which pahole prints as (null): line only)" \
                % unnamed if unnamed else ""
            print("ok %d - %s: %d structs declared where pahole says%s" % (n, path, count, note))
            continue
        rc = 1
        print("not ok %d - %s: %d of %d structs differ" % (n, path, len(bad), count))
        for line in bad[:40]:
            print("# " + line)
    shutil.rmtree(oracle.LINKDIR, ignore_errors=True)
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
