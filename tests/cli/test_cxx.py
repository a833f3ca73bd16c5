# SPDX-License-Identifier: GPL-2.0
"""A C++ project (templates, lambdas, an anonymous namespace: tests/analyzer/demangle/names.cc)
recorded at two commits: the object page's symbols read as `nm -C` spells them, with nm's sizes
and order; `bloatwatch diff` shows bloat-o-meter's rows with each name as c++filt spells it,
and --no-demangle, the database and the analyzer's JSON keep the raw names."""
import os
import re
import shutil
import sqlite3
import subprocess

import pytest

import pages
from conftest import bw, git, scratch_repo
from tests.bwrun import ROOT

NAMES = os.path.join(ROOT, "tests", "analyzer", "demangle", "names.cc")
# The second commit: one more template instance and a bigger anonymous-namespace table.
GROW = ("\nnamespace { long grown[64]; }\n"
        "template float shapes::twice<float>(float);\n"
        "long grow(int k) { return grown[k & 63] += k; }\n")


def nm(path, *opts):
    out = subprocess.run(["nm", "-S", "--size-sort"] + list(opts) + [path], check=True,
                         stdout=subprocess.PIPE, text=True).stdout.splitlines()
    return [l.split(None, 3) for l in out]


def build(repo):
    os.makedirs(os.path.join(repo, "build"), exist_ok=True)
    subprocess.run(["g++", "-O2", "-g", "-c", "names.cc", "-o", "build/names.o"], cwd=repo,
                   check=True)
    return os.path.join(repo, "build", "names.o")


@pytest.fixture(scope="module")
def project(tmp_path_factory, analyzer):
    if not shutil.which("g++"):
        pytest.skip("g++ is not installed (.ci/packages)")
    text = open(NAMES).read()
    repo = scratch_repo(str(tmp_path_factory.mktemp("cxx") / "proj"), files={
        "names.cc": text, ".gitignore": "build/\nbloatwatch.db\nout/\n",
        "bloatwatch.toml": '[[objects]]\nglob = "build/*.o"\n'})
    build(repo)
    bw("record", cwd=repo)
    with open(os.path.join(repo, "names.cc"), "a") as f:
        f.write(GROW)
    git(repo, "commit", "-q", "-a", "-m", "grow")
    obj = build(repo)
    bw("record", cwd=repo)
    bw("report", "--out", os.path.join(repo, "out"), cwd=repo)
    return repo, obj


def tables(page):
    """Each table of a page as rows of cell texts."""
    return [[[pages.text_of(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", tr, re.S)]
             for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", t, re.S)]
            for t in re.findall(r"<table.*?</table>", page, re.S)]


def test_object_page_symbols_are_nm_C_names_sizes_and_order(project):
    repo, obj = project
    raw, dem = nm(obj), nm(obj, "-C")
    assert [r[:3] for r in raw] == [d[:3] for d in dem]
    # The page lists the largest first; among equal sizes nm's order of the raw names.
    want = [(d[3], int(d[1], 16)) for r, d in sorted(zip(raw, dem), key=lambda p: (
        -int(p[0][1], 16), p[0][3]))]
    site = pages.html_pages(os.path.join(repo, "out"))
    page = next(p for rel, p in site.items() if rel.startswith("obj/") and "names.o" in rel)
    syms = next(t for t in tables(page) if t and t[0] == ["symbol", "nm", "section", "kind", "size"])
    got = [(r[0], int(r[4].replace(",", ""))) for r in syms[1:]]
    assert got == want[:len(got)] and len(got) == min(len(want), 30), (got[:5], want[:5])
    assert any("(anonymous namespace)::" in n for n, _ in got)
    assert any("{lambda(int)#1}" in n for n, _ in got)


def test_diff_rows_are_the_scripts_with_cxxfilt_names(project):
    repo, obj = project
    raw = bw("diff", "HEAD~1", "HEAD", "--no-demangle", cwd=repo).stdout.splitlines()
    shown = bw("diff", "HEAD~1", "HEAD", cwd=repo).stdout.splitlines()
    assert len(raw) == len(shown)
    rows = [i for i, l in enumerate(raw) if re.match(r"^\S+\s+(\d+|-)\s+(\d+|-)\s+[+-]\d+$", l)]
    assert len(rows) >= 2, raw
    names = [raw[i].split()[0] for i in rows]
    assert any(n.startswith("_Z") for n in names), names
    filt = subprocess.run(["c++filt"], input="\n".join(names) + "\n", stdout=subprocess.PIPE,
                          text=True, check=True).stdout.splitlines()
    for i, name in zip(rows, filt):
        assert shown[i] == "%-40s %7s %7s %7s" % ((name,) + tuple(raw[i].split()[1:])), (
            raw[i], shown[i])
    others = [i for i in range(len(raw)) if i not in rows]
    assert [raw[i] for i in others] == [shown[i] for i in others]
    assert any("(anonymous namespace)::grown" in l for l in shown), shown


def test_database_and_json_keep_raw_names(project):
    repo, obj = project
    db = sqlite3.connect(os.path.join(repo, "bloatwatch.db"))
    head = db.execute("SELECT MAX(commit_id) FROM v_symbols").fetchone()[0]
    rows = db.execute("SELECT raw_name, demangled FROM v_symbols WHERE commit_id = ?",
                      (head,)).fetchall()
    raw, dem = nm(obj), nm(obj, "-C")
    want = sorted((r[3], d[3] if d[3] != r[3] else None) for r, d in zip(raw, dem))
    assert sorted(rows) == want
