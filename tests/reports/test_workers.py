# SPDX-License-Identifier: GPL-2.0
"""Units made by forked workers (report/workers.py) land in the output tree and its manifest as
if made in the report's own process; a unit that fails in a worker fails the report."""
import os

import pytest

from bloatwatch.report import output, workers


def make_all(root, monkeypatch, jobs, fail=None):
    monkeypatch.setenv("BLOATWATCH_JOBS", str(jobs))
    tree = output.Tree(str(root))
    seen = []

    def page(i):
        if i == fail:
            raise ValueError("unit %d cannot be made" % i)
        tree.unit("p%d.svg" % i, tree.key("plot", i), lambda: tree.write("p%d.svg" % i, "plot %d" % i))
        tree.write("p%d.html" % i, "page %d, pid-free" % i)
    with workers.batch(tree, prepare=seen.extend):
        for i in range(9):
            tree.unit("p%d.html" % i, tree.key("page", i), lambda i=i: page(i))
    tree.save()
    return tree, seen


def test_workers_make_what_one_process_makes(tmp_path, monkeypatch):
    one, seen = make_all(tmp_path / "one", monkeypatch, 1)
    two, _ = make_all(tmp_path / "two", monkeypatch, 2)
    assert seen == ["p%d.html" % i for i in range(9)]     # read before forking, in order
    assert sorted(os.listdir(tmp_path / "one")) == sorted(os.listdir(tmp_path / "two"))
    for f in os.listdir(tmp_path / "one"):
        if f != output.MANIFEST:
            assert (tmp_path / "one" / f).read_bytes() == (tmp_path / "two" / f).read_bytes()
    assert one.written == two.written and one.changed == two.changed == 18
    assert {n: (u["key"], sorted(u["files"]), u["inner"]) for n, u in one.units.items()} == \
        {n: (u["key"], sorted(u["files"]), u["inner"]) for n, u in two.units.items()}
    # Brought up to date: every unit kept, none made again, in either way.
    again, seen = make_all(tmp_path / "two", monkeypatch, 2)
    assert again.reused == 9 and again.changed == 0 and seen == []


def test_a_few_units_are_made_without_forking(tmp_path, monkeypatch):
    """Fewer than MIN_UNITS units per core (a report brought up to date) are made in the
    report's own process: a worker would cost more than they do."""
    monkeypatch.delenv("BLOATWATCH_JOBS", raising=False)
    monkeypatch.setattr(workers, "cores", lambda: (2, workers.MIN_UNITS))
    monkeypatch.setattr(workers.os, "fork", lambda: pytest.fail("forked for a few units"))
    tree = output.Tree(str(tmp_path))
    with workers.batch(tree):
        for i in range(2 * workers.MIN_UNITS - 1):
            tree.unit("p%d.html" % i, tree.key("page", i),
                      lambda i=i: tree.write("p%d.html" % i, "page %d" % i))
    assert tree.changed == 2 * workers.MIN_UNITS - 1


def test_a_failing_worker_fails_the_report(tmp_path, monkeypatch):
    with pytest.raises(RuntimeError, match="unit 4 cannot be made"):
        make_all(tmp_path, monkeypatch, 2, fail=4)


def test_a_report_made_by_workers_equals_one_made_in_one_process(tmp_path, monkeypatch):
    """Every page and plot of a real report (object, struct and diff pages, plots drawn on
    figures each process keeps) has the same bytes whichever process made it."""
    import fixture
    from conftest import generate
    from test_incremental import same
    db = str(tmp_path / "history.db")
    fixture.build(db, commits=fixture.COMMITS[:4], arches=("i386", "x86_64"))
    for jobs in (1, 2):
        monkeypatch.setenv("BLOATWATCH_JOBS", str(jobs))
        generate(db, str(tmp_path / ("out%d" % jobs)))
    same(str(tmp_path / "out1"), str(tmp_path / "out2"))
