# SPDX-License-Identifier: GPL-2.0
"""A linked kernel by source folder (the kernel report's folders pages): on the x86_64 Linux 6.1
vmlinux fixtures (base, and change: one history commit apart), recorded as two releases, the
per-folder rollup adds up to binutils size's text, data and bss, and the per-folder symbol
changes are the kernel's own scripts/bloat-o-meter restricted to that folder's symbols."""
import collections
import os
import re
import subprocess

from tests.bwrun import sql
from tests.htmltables import read_page
from conftest import bw, linux, size_of
from bloatwatch.compare import bloat, folders
from bloatwatch.db.query import History
from bloatwatch.report import folderpage

LABELS = (("base", "2022-12-11"), ("change", "2022-12-12"))


def recorded(tmp_path):
    """The database with both fixtures recorded as releases: (db, {label: vmlinux path})."""
    db = str(tmp_path / "bw.db")
    paths = {}
    for label, date in LABELS:
        out = linux("vmlinux", "x86_64", label)
        tree = tmp_path / label
        tree.mkdir()
        os.symlink(out, str(tree / "out"))
        (tree / "bloatwatch.toml").write_text(
            '[[objects]]\nkbuild = "out"\nglob = "vmlinux"\ncoordinate = { config = "tinyconfig" }\n')
        bw("--db", db, "-C", str(tree), "record", "--label", label, "--date", date)
        paths[label] = os.path.join(out, "vmlinux")
    return db, paths


def analysis(db, label):
    (aid,), = sql(db, "SELECT analysis_id FROM v_builds WHERE sha = ? AND object = 'vmlinux'",
                  (label,))
    return aid


def bom_rows(src, old, new):
    """{name: (old, new, delta)} of scripts/bloat-o-meter OLD NEW (the kernel's, Linux 6.1)."""
    out = subprocess.run(["/usr/bin/python3", os.path.join(src, "scripts", "bloat-o-meter"), old,
                          new], stdout=subprocess.PIPE, text=True, check=True).stdout
    rows = {}
    for line in out.splitlines()[2:]:
        m = re.match(r"(\S+)\s+(\S+)\s+(\S+)\s+([+-]\d+)$", line)
        if m:
            rows[m.group(1)] = tuple(None if x == "-" else int(x) for x in m.group(2, 3, 4))
    return rows


def test_rollup_adds_up_to_size_and_folders_match_bloat_o_meter(tmp_path):
    db, paths = recorded(tmp_path)
    h = History(db)
    syms, where = {}, {}
    try:
        for label, _ in LABELS:
            aid = analysis(db, label)
            want = size_of(paths[label])[0][:3]
            rows = h.folders_of(aid)
            got = folders.rollup(rows, want)
            assert [sum(getattr(f, b) for f in got) for b in ("text", "data", "bss")] == list(want)
            rest = got[-1]
            assert rest.folder == folders.OUTSIDE
            # The units do not count a byte twice: what they leave is never negative, and they
            # account for most of the code.
            assert min(rest.text, rest.data, rest.bss) >= 0, rest
            names = {f.folder for f in got}
            assert {"kernel", "kernel/rcu", "mm", "fs", "lib", "arch/x86/kernel"} <= names
            syms[label], where[label] = h.symbols_of(aid), h.symbol_folders(aid)
            assert len(syms[label]) == len(where[label])
            assert sum(f is None for f in where[label]) < 0.01 * len(where[label])
        ours = folders.tables(syms["base"], where["base"], syms["change"], where["change"])
    finally:
        h.close()
    assert "kernel/rcu" in ours, sorted(ours)
    # Names as the script keys them, and every folder each one is in on either side.
    homes = collections.defaultdict(set)
    for label, _ in LABELS:
        for row, f in zip(syms[label], where[label]):
            homes[bloat.NUMBER.sub("", row[0])].add(f or folders.OUTSIDE)
    script = bom_rows(linux("src"), paths["base"], paths["change"])
    assert script, "bloat-o-meter saw no change between the fixtures"
    shared = 0
    for f in set(ours) | {next(iter(homes[n])) for n in script if len(homes[n]) == 1}:
        t = ours.get(f)
        mine = {} if t is None else {n: (t.old.get(n), t.new.get(n), d) for d, n in t.rows
                                     if len(homes[n]) == 1}
        theirs = {n: v for n, v in script.items() if homes[n] == {f}}
        assert mine == theirs, f
        shared += len(mine)
    split = [n for n in script if len(homes[n]) > 1]
    assert shared + len(split) == len(script)
    assert len(split) <= 0.1 * len(script), split

    # The report's pages: folders.html, and the image's page whose total row is size's.
    site = tmp_path / "site"
    bw("--db", db, "--config", str(tmp_path / "base" / "bloatwatch.toml"), "report", "--out",
       str(site))
    assert os.path.isfile(str(site / folderpage.REL))
    page = read_page(str(site / folderpage.url(("x86_64", "gcc", "tinyconfig", "", "vmlinux"))))
    tree = next(t for t in page.all if t["rows"][1][:2] == ["folder", "units"])
    total = next(r for r in tree["rows"] if r[0] == "total (size)")
    assert [int(x) for x in total[2:4]] == [sum(size_of(paths[lb])[0][:3]) for lb, _ in LABELS]
    assert int(total[4]) == total_delta(paths)
    moved = next(t for t in page.all if t["rows"][0][-1] == "net")
    assert "kernel/rcu" in [r[0] for r in moved["rows"]]


def total_delta(paths):
    return sum(size_of(paths["change"])[0][:3]) - sum(size_of(paths["base"])[0][:3])


def test_malformed_spans_name_the_file():
    """Bad compileunits from an analyzer JSON: a clear error naming the file, never a crash."""
    import pytest
    from bloatwatch.db import folders as dbfolders
    from bloatwatch.errors import BwError
    bad = [{"compileunits": [{"spans": [[1, "x"]], "folder": "a"}], "symbols": [{"value": 1}]},
           {"compileunits": [{"spans": [[1, 2]]}], "symbols": []},
           {"compileunits": [{"spans": [[1]], "folder": "a"}], "symbols": []}]
    for e in bad:
        e["file"] = "vmlinux"
        with pytest.raises(BwError, match="^vmlinux: malformed compileunits spans"):
            dbfolders.of_symbols(e)
    e = {"file": "vmlinux", "compileunits": [{"spans": [[1, 2]], "folder": "a"}],
         "folders": [{"units": 1}], "symbols": []}
    with pytest.raises(BwError, match="^vmlinux: malformed folders entry"):
        dbfolders.rows(e)
    ok = {"file": "vmlinux", "compileunits": [
        {"folder": "kernel", "spans": [[16, 32], [64, 80]]}, {"folder": "mm", "spans": [[32, 48]]}],
        "symbols": [{"value": v} for v in (16, 31, 32, 50, 79, None)]}
    assert dbfolders.of_symbols(ok) == ["kernel", "kernel", "mm", None, "kernel", None]
