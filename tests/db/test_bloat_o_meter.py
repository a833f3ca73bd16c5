# SPDX-License-Identifier: GPL-2.0
"""compare.bloat against the kernel's scripts/bloat-o-meter itself: fuzzed symbol tables and
hand-picked corner cases (ties, zero sizes, .NUMBER suffixes, skipped names), every option."""
import json
import os
import random
import subprocess

import pytest

import oracle
from conftest import ROOT, diff_pair, run_bw
from bloatwatch import project
from bloatwatch.compare import bloat
from bloatwatch.db import query
from bloatwatch.record import collect

MODES = ("default", "c", "d", "t")
LETTERS = "tTdDbBrRwWvVuCcgGsSnNaAiIp?"
BASES = ["f", "g_x", "rcu_do_batch", "call_rcu", "x", "rcu_ctrlblk", "data", "q.r"]
SUFFIXES = ["", "", "", ".1", ".12", ".isra.0", ".constprop.3", ".part.0.cold", ".llvm.42", "..7",
            ".5a", ".cold"]
ODD = ["__mod_x", "__se_sys_open", "__se_compat_sys_open", "__addressable_f", "linux_banner",
       "vermagic", "a:b", "std::x", "__modx"]


@pytest.fixture(scope="module")
def script():
    return oracle.locate()


def fuzz_table(rng):
    rows = []
    for _ in range(rng.randrange(0, 14)):
        name = rng.choice(ODD) if rng.random() < 0.1 else rng.choice(BASES) + rng.choice(SUFFIXES)
        size = rng.choice([0, 0, 4, 4, 8, 16, rng.randrange(1, 5000)])
        rows.append((name, rng.choice(LETTERS), size))
    return rows


def mutate(rng, rows):
    """The `new` side: most rows kept, some resized (often by equal amounts), some gone, some new."""
    out = []
    step = rng.choice([4, 8, -4])
    for name, letter, size in rows:
        r = rng.random()
        if r < 0.15:
            continue
        if r < 0.45:
            size = max(0, size + (step if rng.random() < 0.6 else rng.randrange(-64, 64)))
        elif r < 0.5:
            letter = rng.choice(LETTERS)
        out.append((name, letter, size))
    return out + fuzz_table(rng)[:rng.randrange(0, 4)]


# (old, new) pairs worth a name: ties, zero sizes, suffix collisions, skipped and odd names.
CORNERS = [
    # two symbols that both grow by 4: the script lists b before a
    ([("a", "t", 10), ("b", "t", 20)], [("a", "t", 14), ("b", "t", 24)]),
    # a vanished zero-size symbol is removed (counted, not listed); an added one likewise
    ([("gone", "t", 0), ("kept", "T", 8)], [("kept", "T", 8), ("born", "d", 0)]),
    # .NUMBER parts are stripped anywhere and their sizes summed
    ([("f.isra.0", "t", 10), ("f.isra.1", "t", 6), ("v.123", "d", 4)],
     [("f.isra.2", "t", 20), ("v.7", "d", 4), ("v.8", "b", 4)]),
    # generated and colon names are skipped; unknown letters never count
    ([("__mod_a", "t", 9), ("linux_banner", "r", 100), ("a:b", "t", 5), ("w", "W", 8)],
     [("__mod_a", "t", 1), ("vermagic", "r", 7), ("w", "W", 80), ("x", "t", 1)]),
    # empty sides
    ([], []),
    ([], [("only", "t", 3)]),
    ([("only", "t", 3)], []),
    # many equal deltas, mixed letters per table
    ([("s%d" % i, "tdrb"[i % 4], 10) for i in range(12)],
     [("s%d" % i, "tdrb"[i % 4], 14 if i % 3 else 6) for i in range(12)]),
]


def compare_all(script, tmp_path, pairs):
    o = oracle.Oracle(script, tmp_path)
    jobs, want = [], []
    for old, new in pairs:
        fo, fn = o.table(old), o.table(new)
        for mode in MODES:
            jobs.append((mode, fo, fn))
            want.append(bloat.report(old, new, mode))
    got = o.run(jobs)
    bad = [(j, g, w) for j, g, w in zip(jobs, got, want) if g != w]
    assert not bad, "%d of %d differ; first: %s\nscript:\n%s\nbloatwatch:\n%s" % (
        len(bad), len(jobs), bad[0][0], bad[0][1], bad[0][2])
    return len(jobs)


def test_corner_cases_equal_the_script(script, tmp_path):
    assert compare_all(script, tmp_path, CORNERS) == 4 * len(CORNERS)


def test_fuzzed_tables_equal_the_script(script, tmp_path):
    rng = random.Random(20090914)
    pairs = []
    for _ in range(500):
        old = fuzz_table(rng)
        pairs.append((old, mutate(rng, old)))
    assert compare_all(script, tmp_path, pairs) == 2000
    # The fuzz did exercise what it is for.
    tables = [bloat.tables(o, n)[0] for o, n in pairs]
    assert any(t.remove and 0 in [t.old.get(name) for name in t.old if name not in t.new]
               for t in tables)
    assert sum(1 for t in tables if len({d for d, _ in t.rows}) < len(t.rows)) > 10   # ties


def test_ties_are_listed_as_the_script_lists_them():
    """Not an oracle run: the order the script gives equal deltas (descending name) spelled out."""
    t = bloat.tables([("a", "t", 10), ("b", "t", 20)], [("a", "t", 14), ("b", "t", 24)])[0]
    assert [name for _, name in t.rows] == ["b", "a"]


# ---- real objects: the C diff's own pairs and the built matrix, against the script over nm ----

@pytest.fixture(scope="module")
def matrix_db(matrix_recorded):
    """The built matrix recorded by `bloatwatch record` (conftest), and its objects by coordinate."""
    history = query.History(matrix_recorded[0])
    rows = history.footprint()
    yield history, {(r["arch"], r["compiler"], r["label"], r["object"]): r for r in rows}
    history.close()


def matrix_pairs(objs):
    """gcc against clang for every object; every 5th object against the same object of the
    next scenario of its variant (sorted), and of the next arch."""
    pairs = []
    for (a, cc, label, obj), r in sorted(objs.items()):
        if cc == "gcc" and (a, "clang", label, obj) in objs:
            pairs.append((r, objs[(a, "clang", label, obj)]))
    keys = sorted(objs)
    for i, k in enumerate(keys[::5]):
        same = [x for x in keys if x[0] == k[0] and x[1] == k[1] and x[3] == k[3] and x[2] > k[2]]
        if same:
            pairs.append((objs[k], objs[same[0]]))
        other = [x for x in keys if x[0] > k[0] and x[1:] == k[1:]]
        if other:
            pairs.append((objs[k], objs[other[0]]))
    return pairs


def test_matrix_pairs_equal_the_script(script, tmp_path, matrix_db, analyzer):
    history, objs = matrix_db
    pairs = matrix_pairs(objs)
    o = oracle.Oracle(script, tmp_path)
    jobs, want = [], []
    for n, (a, b) in enumerate(pairs):
        modes = ("default", "c") + (("d", "t") if n % 6 == 0 else ())
        for mode in modes:
            jobs.append((mode, os.path.join(ROOT, a["path"]), os.path.join(ROOT, b["path"])))
            want.append(bloat.report(history.symbols_of(a["analysis_id"]),
                                     history.symbols_of(b["analysis_id"]), mode))
    got = o.run(jobs)
    bad = [(j, g, w) for j, g, w in zip(jobs, got, want) if g != w]
    assert not bad, "%d of %d differ; first: %s\nscript:\n%s\nbloatwatch:\n%s" % (
        len(bad), len(jobs), bad[0][0], bad[0][1], bad[0][2])
    ties = sum(1 for a, b in pairs
               if (lambda t: len({d for d, _ in t.rows}) < len(t.rows))(bloat.tables(
                   history.symbols_of(a["analysis_id"]), history.symbols_of(b["analysis_id"]))[0]))
    assert len(pairs) > 400 and ties > 20, (len(pairs), ties)


def test_diff_command_blocks_equal_the_script(script, tmp_path, matrix_db):
    """`bloatwatch diff` of two builds of one commit: every block is the script's output for
    the first pair it names (over the objects' own nm)."""
    history, objs = matrix_db
    db = history.target
    rev = query.label(query.commits(history.store)[-1])
    out = run_bw("--db", db, "-C", ROOT, "diff", rev + ":i386/gcc/TREE02", rev + ":i386/clang/TREE02",
                 check=0).stdout
    titles = [line[3:-3] for line in out.splitlines() if line.startswith("== ")]
    assert titles, out
    o = oracle.Oracle(script, tmp_path)
    jobs = []
    for t in titles:
        obj = t.split(" ")[0]
        jobs.append(("default", os.path.join(ROOT, objs[("i386", "gcc", "TREE02", obj)]["path"]),
                     os.path.join(ROOT, objs[("i386", "clang", "TREE02", obj)]["path"])))
    for t, want in zip(titles, o.run(jobs)):
        block = out.split("== %s ==\n" % t, 1)[1].split("\n\n", 1)[0]
        assert block + "\n" == want, t


def test_the_c_diffs_own_pairs_equal_the_script(script, tmp_path, analyzer):
    """The pairs analyzer/t0400 checks `diff --exact` on (tests/analyzer/diff old.c, new.c:
    clone suffixes, .cold/.part, counter.NN), both ways, every option, and an archive of
    matrix objects against another (nm pools the members, as a concatenated table does)."""
    objs = diff_pair(tmp_path)
    archives = []
    found = sorted(f.path for f in collect.objects(project.load(None, ROOT), ROOT))
    for name, arch_ in (("x.a", "/arm/gcc/"), ("y.a", "/arm64/gcc/")):
        members = [os.path.join(ROOT, p) for p in found if arch_ in p and "TREE0" in p][:6]
        ar = str(tmp_path / name)
        subprocess.run(["ar", "rcs", ar] + members, check=True)
        archives.append(ar)
    doc = json.loads(subprocess.run([analyzer, "symbols", "--json"] + objs + archives,
                                    stdout=subprocess.PIPE, check=True).stdout)
    table = {}
    for f in doc["files"]:
        table.setdefault(f["file"], []).extend((y["name"], y["type"], y["size"]) for y in f["symbols"])
    o = oracle.Oracle(script, tmp_path)
    jobs, want = [], []
    for a, b in ((objs[0], objs[1]), (objs[1], objs[0]), (objs[0], objs[0]),
                 (archives[0], archives[1])):
        for mode in MODES:
            jobs.append((mode, a, b))
            want.append(bloat.report(table[a], table[b], mode))
    assert o.run(jobs) == want
