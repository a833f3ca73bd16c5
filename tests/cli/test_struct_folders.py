# SPDX-License-Identifier: GPL-2.0
"""Struct changes per folder (the kernel report's folder pages) on a tiny C tree built twice:
structs declared in two source folders (net/, fs/) and a header folder (include/linux), one
name and layout declared in both net/ and fs/, recorded as two releases.  The image page's
per-folder struct changes equal pahole's layouts of the two builds (`pahole -I` of each
object: every struct with its declaring file) restricted to the structs declared in that
folder; the header's structs get a folder row of their own."""
import glob
import os
import posixpath
import re
import subprocess

from tests.htmltables import read_page
from conftest import bw

HEADER = {
    1: "struct shared { int a; long b; };\nstruct same { int x; };\n",
    2: "struct shared { int a; long b; char pad[8]; };\nstruct same { int x; };\n",
}
NET = {
    1: "struct net_thing { char c; int x; };\nstruct dup { int a; };\n",
    2: "struct net_thing { char c; int x; };\nstruct dup { int a; };\n"
       "struct net_new { long z; };\nstruct net_new nn;\n",
}
FS = {
    1: "struct fs_thing { long a; };\nstruct dup { int a; };\nstruct fs_thing ft;\n",
    2: "struct dup { int a; int b; };\n",
}
USES = "#include <linux/shared.h>\n%sstruct shared %s_s; struct same %s_m; struct dup %s_d;\n"


def build(tree, version):
    """The tree's sources at `version`, compiled per folder and linked into `prog`."""
    files = {"include/linux/shared.h": HEADER[version],
             "net/core.c": USES % (NET[version], "n", "n", "n") + "int main(void) { return 0; }\n",
             "fs/file.c": USES % (FS[version], "f", "f", "f")}
    for rel, text in files.items():
        os.makedirs(os.path.join(tree, os.path.dirname(rel)), exist_ok=True)
        with open(os.path.join(tree, rel), "w") as f:
            f.write(text)
    objs = []
    for src in ("net/core.c", "fs/file.c"):
        obj = src[:-2] + ".o"
        subprocess.run(["gcc", "-g", "-O0", "-ffreestanding", "-Iinclude", "-c", src, "-o", obj],
                       cwd=tree, check=True)
        objs.append(obj)
    subprocess.run(["gcc", "-nostdlib", "-static", "-Wl,-e,main", "-o", "prog"] + objs,
                   cwd=tree, check=True)
    with open(os.path.join(tree, "bloatwatch.toml"), "w") as f:
        f.write('[[objects]]\nglob = "prog"\ncoordinate = { config = "tiny" }\n')
    return [os.path.join(tree, o) for o in objs]


DECL = re.compile(r"^/\* <[0-9a-f]+> (.*):\d+ \*/$")
HEAD = re.compile(r"^(struct|union) (\S+) \{$")
SIZE = re.compile(r"/\* size: (\d+),")


def pahole_structs(objs):
    """{(name, kind, decl_file): (size, layout text)} of every struct pahole -I prints for the
    objects (one compile unit each, so a name declared in two files is seen twice)."""
    out = {}
    for obj in objs:
        text = subprocess.run(["pahole", "-I", obj], stdout=subprocess.PIPE, text=True,
                              check=True).stdout
        place, block, key = None, [], None
        for line in text.splitlines():
            m = DECL.match(line)
            if m:
                place = m.group(1)
                continue
            h = HEAD.match(line)
            if h and place:
                key, block = (h.group(2), h.group(1), place), [line]
                continue
            if key:
                block.append(line)
                if line == "};":
                    size = int(next(SIZE.search(b).group(1) for b in block if SIZE.search(b)))
                    out.setdefault(key, (size, "\n".join(block)))
                    key = None
    return out


def pahole_moves(old, new):
    """{folder: {(name, kind, old size or None, new size or None)}} of pahole's layouts."""
    out = {}
    for key in set(old) | set(new):
        a, b = old.get(key), new.get(key)
        if a and b and a[1] == b[1]:
            continue
        folder = posixpath.dirname(key[2]) or "."
        out.setdefault(folder, set()).add((key[0], key[1], a and a[0], b and b[0]))
    return out


def page_moves(page):
    """{folder: {(name, kind, old, new)}} of the image page's struct table, and the folder
    rows of its tree table."""
    head = ["folder", "struct", "kind", "declared in"]
    table = next(t for t in page.all if t["rows"][0][:4] == head)
    out, folder = {}, None
    for r in table["rows"][1:]:
        folder = r[0] or folder
        size = lambda x: None if x == "-" else int(x)  # noqa: E731
        out.setdefault(folder, set()).add((r[1], r[2], size(r[4]), size(r[5])))
    tree = next(t for t in page.all if t["rows"][1][:2] == ["folder", "units"])
    return out, [r[0].strip() for r in tree["rows"][2:]]


def test_struct_changes_per_folder_are_pahole_restricted_to_the_folder(tmp_path):
    db = str(tmp_path / "bw.db")
    objs = {}
    for version, date in ((1, "2024-01-01"), (2, "2024-02-01")):
        tree = str(tmp_path / ("v%d" % version))
        objs[version] = build(tree, version)
        bw("--db", db, "-C", tree, "record", "--label", "v%d" % version, "--date", date)
    want = pahole_moves(pahole_structs(objs[1]), pahole_structs(objs[2]))
    # The fixture's point: a header folder, both source folders, one name (dup) in two files.
    assert set(want) == {"include/linux", "net", "fs"}, want
    assert ("dup", "struct", 4, 8) in want["fs"] and not any(s[0] == "dup" for s in want["net"])

    site = tmp_path / "site"
    bw("--db", db, "--config", str(tmp_path / "v1" / "bloatwatch.toml"), "report", "--out",
       str(site))
    pages = glob.glob(str(site / "folders" / "*.html"))
    assert len(pages) == 1, pages
    got, rows = page_moves(read_page(pages[0]))
    assert got == want
    assert {"include", "include/linux", "net", "fs"} <= set(rows), rows
