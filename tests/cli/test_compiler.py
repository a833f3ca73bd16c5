# SPDX-License-Identifier: GPL-2.0
"""The compiler named from the objects themselves (.comment, DW_AT_producer) when nothing else
names it: a project of gcc and clang objects and an archive of both, recorded with a plain
[[objects]] glob, checked against the compilers' own --version lines."""
import os
import sqlite3
import subprocess

import pytest

from conftest import bw, git, scratch_repo

SOURCES = {
    "gfn.c": "static int sq(int x) { return x * x; }\nint gfn(int x) { return sq(x) + 1; }\n",
    "cfn.c": "int ctab[16];\nint cfn(int x) { return ctab[x & 15]; }\n",
    ".gitignore": "build/\nbloatwatch.db\n",
    "main.c": "int cfn(int);\nint main(void) { return cfn(3); }\n",
    "bloatwatch.toml": '[[objects]]\nglob = ["build/*.o", "build/*.a", "build/prog"]\n',
}


def version(cc):
    """The first line of `cc --version`; a missing compiler is a skip."""
    try:
        out = subprocess.run([cc, "--version"], stdout=subprocess.PIPE, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        pytest.skip("%s --version: %s" % (cc, e))
    return out.stdout.splitlines()[0]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory, analyzer):
    repo = scratch_repo(str(tmp_path_factory.mktemp("compiler") / "proj"), files=SOURCES)
    build = os.path.join(repo, "build")
    os.makedirs(build)
    cc = {"gcc": version("gcc"), "clang": version("clang")}
    for out, argv in (("gcc.o", ["gcc", "-Os", "-g", "-c", "gfn.c"]),
                      ("clang.o", ["clang", "-O2", "-g", "-c", "cfn.c"])):
        subprocess.run(argv + ["-o", os.path.join("build", out)], cwd=repo, check=True)
    subprocess.run(["ar", "rcs", "build/mixed.a", "build/gcc.o", "build/clang.o"], cwd=repo,
                   check=True)
    # A program clang links: its .comment also names gcc (the C library's start files).
    subprocess.run(["clang", "-O2", "-g", "-o", "build/prog", "main.c", "build/clang.o"],
                   cwd=repo, check=True)
    bw("record", cwd=repo)
    with open(os.path.join(repo, "README"), "w") as f:
        f.write("second commit: the objects come from the object cache\n")
    git(repo, "add", "README")
    git(repo, "commit", "-q", "-m", "readme")
    bw("record", cwd=repo)
    db = sqlite3.connect(os.path.join(repo, "bloatwatch.db"))
    rows = db.execute("SELECT compiler, object, compiler_version FROM v_builds").fetchall()
    assert db.execute("SELECT COUNT(DISTINCT commit_id) FROM v_builds").fetchone()[0] == 2
    assert db.execute("SELECT COUNT(*) FROM object_cache").fetchone()[0] == 3
    assert len(set(rows)) == 5, rows    # the cached objects keep their coordinates
    prods = db.execute("SELECT DISTINCT vb.object, p.seq, p.producer FROM v_builds vb JOIN v_analysis_producers p "
                       "ON p.analysis_id = vb.analysis_id ORDER BY vb.object, p.seq").fetchall()
    prods = [(obj, p) for obj, _, p in prods]
    return repo, cc, {obj: (c, v) for c, obj, v in rows}, prods


def test_each_object_names_its_compiler_as_its_version_line_says(recorded):
    repo, cc, builds, prods = recorded
    assert builds["build/gcc.o"] == ("gcc", cc["gcc"])
    assert builds["build/clang.o"] == ("clang", cc["clang"])


def test_a_linked_program_is_named_by_its_units_not_its_start_files(recorded):
    repo, cc, builds, prods = recorded
    comment = subprocess.run(["readelf", "-p", ".comment", os.path.join(repo, "build", "prog")],
                             stdout=subprocess.PIPE, text=True, check=True).stdout
    assert "GCC: " in comment and cc["clang"] in comment   # both in .comment
    assert builds["build/prog"] == ("clang", cc["clang"])


def test_an_archive_of_gcc_and_clang_members_says_both(recorded):
    repo, cc, builds, prods = recorded
    assert builds["build/mixed.a(gcc.o)"] == ("clang+gcc", cc["gcc"])
    assert builds["build/mixed.a(clang.o)"] == ("clang+gcc", cc["clang"])


def test_the_producers_flags_are_kept(recorded):
    repo, cc, builds, prods = recorded
    gcc = [p for obj, p in prods if obj == "build/gcc.o"]
    assert len(gcc) == 1 and gcc[0].startswith("GNU C") and " -Os" in gcc[0] and " -g" in gcc[0]
    assert [p for obj, p in prods if obj == "build/clang.o"] == [cc["clang"]]


def test_the_coordinate_reads_the_compiler(recorded):
    repo, cc, builds, prods = recorded
    bw("report", "--text-only", "--out", os.path.join(repo, "out"), cwd=repo)
    text = open(os.path.join(repo, "out", "footprint.txt")).read()
    assert "x86_64/gcc" in text and "x86_64/clang+gcc" in text and "x86_64/-" not in text, text
