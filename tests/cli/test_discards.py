# SPDX-License-Identifier: GPL-2.0
"""What reaches the image: sections the final link discards (.discard.*, .export_symbol,
.modinfo ...) shown apart from size(1)'s figures, which stay exact, in `diff`, on the report's
object pages and diff pages. The oracle is binutils: size -A's sections, readelf's allocation
flag, Berkeley size; on Kbuild objects Kbuild's own list, on a plain tree bloatwatch.toml's."""
import fnmatch
import os
import re
import subprocess

from tests.bwrun import sql
from tests.htmltables import read_page
from conftest import bw, linux, size_of
from test_kbuild import kernel_objects
from bloatwatch import discards

PLAIN = "int x = 1;\nint f(void) { return x; }\n"
# The kernel's macros reduced to what they emit: an address kept alive in .discard.addressable
# (data for size), an .export_symbol record as 6.12's EXPORT_SYMBOL writes it and a .modinfo
# string (text for size), none of which the kernel's link keeps.
MARKED = PLAIN + r"""
static void *__addr_f __attribute__((used, section(".discard.addressable"))) = (void *)&f;
static const char __export_f[] __attribute__((used, section(".export_symbol"), aligned(1)))
	= "ksym f\0GPL\0";
static const char __modinfo[] __attribute__((used, section(".modinfo"), aligned(1)))
	= "license=GPL";
int g(int i) { return x + i; }
"""
GLOBS = [".discard.*", ".export_symbol", ".modinfo"]
# What of the image bytes no sized symbol covers, as a share of them. On the x86_64 6.1 vmlinux
# fixture's kernel/rcu/ objects: size 2,200 bytes, image 2,141 (59 discarded: update.o's
# .modinfo and .discard.addressable), their symbols in vmlinux 2,091; the 50 bytes between
# (2.3%) are string literals (.rodata.str1.1), initcall and parameter pointers and alignment.
# size's total misses by 109 bytes, past the tolerance.
TOLERANCE = 0.03


def alloc_sections(path):
    """{section: size} of the sections size(1) counts: size -A's rows that readelf flags A."""
    sizes = {}
    for line in subprocess.run(["size", "-A", path], stdout=subprocess.PIPE, text=True,
                               check=True).stdout.splitlines()[2:]:
        parts = line.split()
        if len(parts) == 3 and parts[0] != "Total":
            sizes[parts[0]] = int(parts[1])
    flags = {}
    for line in subprocess.run(["readelf", "-SW", path], stdout=subprocess.PIPE, text=True,
                               check=True).stdout.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+"
                     r"[0-9a-f]+\s+(\S*)\s", line)
        if m:
            flags[m.group(1)] = m.group(2)
    return {s: n for s, n in sizes.items() if "A" in flags.get(s, "")}


def discarded_bytes(path, globs):
    """The bytes of size's total in sections matching globs, by size -A and readelf."""
    return sum(n for s, n in alloc_sections(path).items()
               if any(fnmatch.fnmatchcase(s, g) for g in globs))


def release(tmp_path, label, source, toml):
    tree = tmp_path / label
    tree.mkdir()
    (tree / "x.c").write_text(source)
    (tree / "bloatwatch.toml").write_text(toml)
    subprocess.run(["gcc", "-O2", "-c", "x.c", "-o", "x.o"], cwd=tree, check=True)
    return str(tree)


def test_discarded_sections_on_a_synthetic_object(tmp_path):
    toml = '[[objects]]\nglob = "x.o"\n\n[image]\ndiscard = %s\n' % (
        "[%s]" % ", ".join('"%s"' % g for g in GLOBS))
    db = str(tmp_path / "bw.db")
    trees = {}
    for label, date, src in (("v1", "2020-01-01", PLAIN), ("v2", "2021-01-01", MARKED)):
        trees[label] = release(tmp_path, label, src, toml)
        bw("--db", db, "-C", trees[label], "record", "--label", label, "--date", date)
    old, new = (os.path.join(trees[k], "x.o") for k in ("v1", "v2"))
    secs = alloc_sections(new)
    assert {".discard.addressable", ".export_symbol", ".modinfo"} <= set(secs), secs
    # size counts them: its total is the allocated sections' sum, and they are part of it.
    assert sum(size_of(new)[0][:3]) == sum(secs.values())
    gone = discarded_bytes(new, GLOBS)
    assert gone >= 8 + len("ksym f\0GPL\0") + len("license=GPL")
    assert discarded_bytes(old, GLOBS) == 0
    size_old, size_new = sum(size_of(old)[0][:3]), sum(size_of(new)[0][:3])
    image_new = size_new - gone

    # diff: size's figures as size prints them, the image's beside.
    toml_path = os.path.join(trees["v2"], "bloatwatch.toml")
    d = bw("--db", db, "--config", toml_path, "diff", "v1", "v2").stdout
    assert "total %d -> %d" % (size_old, size_new) in d
    assert "; image %d -> %d (%+d)" % (size_old, image_new, image_new - size_old) in d
    row = next(l for l in d.splitlines() if l.startswith("x86_64/gcc/-/x.o"))
    assert row.split()[-1] == "%+d" % (image_new - size_old)
    assert "image delta: the change of the bytes that reach the image" in d

    # The report's object page: every build with size's figures, discarded and image; the
    # sections table marks each discarded section.
    out = str(tmp_path / "site")
    bw("--db", db, "--config", toml_path, "report", "--out", out)
    page = read_page(os.path.join(out, "obj", "x.o.html"))
    builds = next(t for t in page.all if t["rows"] and t["rows"][0][:1] == ["build"])
    assert builds["rows"][0] == ["build", "text", "data", "bss", "total", "discarded", "image",
                                 "path"]
    t, dt, b = size_of(new)[0][:3]
    assert builds["rows"][1][1:7] == [str(v) for v in (t, dt, b, t + dt + b, gone, image_new)]
    sections = next(t for t in page.all
                    if t["rows"] and t["rows"][0] == ["section", "class", "image", "size"])
    marked = {r[0]: (r[1], r[2], int(r[3])) for r in sections["rows"][1:]}
    for s in (".discard.addressable", ".export_symbol", ".modinfo"):
        assert marked[s] == ("data" if s.startswith(".discard") else "text", "discarded", secs[s])
    assert marked[".text"][1] == "yes" and marked[".comment"][1] == "-"
    diff_page = open(os.path.join(out, "diff", "v2.html")).read()
    assert "image delta" in diff_page


def test_without_declared_globs_a_plain_tree_keeps_size_figures(tmp_path):
    """ld's own default script discards no allocated section: no image column, no split."""
    tree = release(tmp_path, "v2", MARKED, '[[objects]]\nglob = "x.o"\n')
    db = str(tmp_path / "bw.db")
    bw("--db", db, "-C", tree, "record", "--label", "v2", "--date", "2021-01-01")
    bw("--db", db, "-C", tree, "record", "--label", "v3", "--date", "2022-01-01")
    d = bw("--db", db, "--config", os.path.join(tree, "bloatwatch.toml"), "diff", "v2", "v3",
           "--all").stdout
    assert "image" not in d


def recorded_rcu(tmp_path, out):
    """(tree, db): a tree whose Kbuild output folder is `out`, its kernel/rcu/ objects
    recorded as release v6.1."""
    tree = tmp_path / "linux"
    tree.mkdir()
    os.symlink(out, str(tree / "out"))
    (tree / "bloatwatch.toml").write_text('[[objects]]\nkbuild = "out"\nglob = "kernel/rcu/*.o"\n')
    db = str(tmp_path / "bw.db")
    bw("--db", db, "-C", str(tree), "record", "--label", "v6.1", "--date", "2022-12-11")
    return tree, db


def test_kbuild_objects_split_by_kbuilds_list(tmp_path, rcu_x86_64, analyzer):
    """Kbuild objects (Linux 6.1 tinyconfig kernel/rcu/, x86_64): the default list is
    Kbuild's, and each object's discarded bytes are size -A's of the sections it names."""
    tree, db = recorded_rcu(tmp_path, rcu_x86_64)
    out = str(tmp_path / "site")
    bw("--db", db, "--config", str(tree / "bloatwatch.toml"), "report", "--out", out)
    objs = kernel_objects(rcu_x86_64)
    gone = {o: discarded_bytes(os.path.join(rcu_x86_64, o), discards.KBUILD) for o in objs}
    assert sum(gone.values()) > 0, "kernel/rcu/ objects carry .modinfo, .discard.addressable"
    # The coordinate page's table of a build's objects: size's total, discarded and image.
    coord = read_page(os.path.join(out, "coord", "x86_64-gcc.html"))
    rows = [r for t in coord.all for r in t["rows"]
            if t["rows"][0][:1] == ["object"] and "discarded" in t["rows"][0]]
    assert rows, "a build's objects table with the discarded column"
    head = next(t["rows"][0] for t in coord.all
                if t["rows"][0][:1] == ["object"] and "discarded" in t["rows"][0])
    got = {r[0]: r for r in rows if r[0].startswith("kernel/")}
    for obj in objs:
        t, dt, b = size_of(os.path.join(rcu_x86_64, obj))[0][:3]
        r = dict(zip(head, got[obj]))
        assert (int(r["total"]), int(r["discarded"]), int(r["image"])) == \
            (t + dt + b, gone[obj], t + dt + b - gone[obj]), obj


def nm_sizes(path):
    """{name: [sizes]} of binutils nm -S's sized symbols (a local name may repeat)."""
    out = {}
    for line in subprocess.run(["nm", "-S", path], stdout=subprocess.PIPE, text=True,
                               check=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 4:
            out.setdefault(parts[3], []).append(int(parts[1], 16))
    return out


def test_the_split_against_the_linked_vmlinux(tmp_path):
    """The x86_64 Linux 6.1 vmlinux fixture and its own kernel/rcu/ objects: each recorded
    symbol of a section the split calls discarded is absent from vmlinux's nm, each of the
    image's is there at the same size; the image bytes of the folder exceed the vmlinux bytes
    of those symbols only by what no sized symbol covers (string literals, initcall and
    parameter pointers, alignment): at most TOLERANCE of them."""
    out = linux("vmlinux", "x86_64", "base")
    tree, db = recorded_rcu(tmp_path, out)
    vm = nm_sizes(os.path.join(out, "vmlinux"))
    drops = discards.Discards(discards.KBUILD)
    image_syms = discarded_syms = 0
    for name, size, section in sql(db, "SELECT raw_name, size, section FROM v_symbols"):
        if section in drops:
            discarded_syms += 1
            assert name not in vm, (name, section)
        else:
            image_syms += size
            assert size in vm.get(name, []), (name, section, size)
    assert discarded_syms >= 2, "update.o's .modinfo and .discard.addressable symbols"
    (size_total,), = sql(db, "SELECT sum(total) FROM v_footprint")
    image = sum(sum(size_of(os.path.join(out, o))[0][:3]) - discarded_bytes(
        os.path.join(out, o), discards.KBUILD) for o in kernel_objects(out))
    page = tmp_path / "site"
    bw("--db", db, "--config", str(tree / "bloatwatch.toml"), "report", "--out", str(page))
    coord = read_page(str(page / "coord" / "x86_64-gcc.html"))
    table = next(t for t in coord.all if t["rows"][0][:1] == ["object"]
                 and "discarded" in t["rows"][0])
    total = dict(zip(table["rows"][0], table["rows"][-1]))
    assert (int(total["total"]), int(total["image"])) == (size_total, image)
    assert 0 <= image - image_syms <= TOLERANCE * image, (image, image_syms, size_total)
    assert size_total - image_syms > TOLERANCE * image, "size's own total misses the mark"
