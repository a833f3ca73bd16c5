# SPDX-License-Identifier: GPL-2.0
"""compare.bloat against the kernel's scripts/bloat-o-meter itself: fuzzed symbol tables and
hand-picked corner cases (ties, zero sizes, .NUMBER suffixes, skipped names), every option."""
import random

import pytest

import oracle
from bloatwatch.compare import bloat

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
        fo, fn = o.table_file(old), o.table_file(new)
        for mode in MODES:
            jobs.append((mode, fo, fn))
            want.append(bloat.report(old, new, mode))
    got = o.run(jobs, shim=True)
    bad = [(j, g, w) for j, g, w in zip(jobs, got, want) if g != w]
    assert not bad, "%d of %d differ; first: %s\nscript:\n%s\nbloatwatch:\n%s" % (
        len(bad), len(jobs), bad[0][0], bad[0][1], bad[0][2])
    return len(jobs)


def test_corner_cases_equal_the_script(script, tmp_path):
    assert compare_all(script, tmp_path, CORNERS) == 4 * len(CORNERS)


def test_fuzzed_tables_equal_the_script(script, tmp_path):
    rng = random.Random(20090914)
    pairs = []
    for _ in range(250):
        old = fuzz_table(rng)
        pairs.append((old, mutate(rng, old)))
    assert compare_all(script, tmp_path, pairs) == 1000
    # The fuzz did exercise what it is for.
    tables = [bloat.tables(o, n)[0] for o, n in pairs]
    assert any(t.remove and 0 in [t.old.get(name) for name in t.old if name not in t.new]
               for t in tables)
    assert sum(1 for t in tables if len({d for d, _ in t.rows}) < len(t.rows)) > 10   # ties


def test_ties_are_listed_as_the_script_lists_them():
    """Not an oracle run: the order the script gives equal deltas (descending name) spelled out."""
    t = bloat.tables([("a", "t", 10), ("b", "t", 20)], [("a", "t", 14), ("b", "t", 24)])[0]
    assert [name for _, name in t.rows] == ["b", "a"]
