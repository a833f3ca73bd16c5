# SPDX-License-Identifier: GPL-2.0
"""diff (objects, bloat-o-meter symbols, structs, CONFIG), history, and check's exit codes."""
import copy

import pytest

from conftest import run_bw, write_json, small_matrix, synth
from bloatwatch.compare.diff import bloat_o_meter, member_changes


@pytest.fixture
def two_commits(tmp_path, repo):
    """Commit A, and commit B where rcutree.o grew, a struct grew, a CONFIG and a usage changed."""
    a = repo.commit({"a.c": "1\n"}, "base")
    b = repo.commit({"a.c": "2\n"}, "tree grows")
    m0 = small_matrix(0, arches=["arm"], compilers=["gcc"])
    m1 = copy.deepcopy(m0)
    for f in m1:
        if f["file"].endswith("rcutree.o"):
            f["symbols"].append({"name": "rcu_new_thing.constprop.0", "norm": "rcu_new_thing",
                                 "type": "t", "size": 100, "value": 0, "section": ".text",
                                 "bind": "LOCAL", "kind": "func"})
            f["symbols"][0]["size"] += 20
            f["symbols"] = [y for y in f["symbols"] if y["norm"] != "tree_fn1"]
            f["text"] += 120 - 0
            f["dec"] += 120
            f["structs"][0]["size"] += 8
            f["structs"][0]["padding"] += 8
            f["build"]["config"]["CONFIG_RCU_FANOUT"] = "32"
    db = str(tmp_path / "d.db")
    j0 = write_json(tmp_path / "0.json", synth.document(m0))
    j1 = write_json(tmp_path / "1.json", synth.document(m1))
    c0 = write_json(tmp_path / "c0.json", synth.configs_document([("tree/tree.c", "CONFIG_SMP")]))
    c1 = write_json(tmp_path / "c1.json", synth.configs_document(
        [("tree/tree.c", "CONFIG_SMP"), ("tree/tree.c", "CONFIG_RCU_FANOUT")]))
    run_bw("--db", db, "-C", repo.path, "record", "--json", j0, "--configs-json", c0, "--rev", a, check=0)
    run_bw("--db", db, "-C", repo.path, "record", "--json", j1, "--configs-json", c1, "--rev", b, check=0)
    return db, repo, a, b, m0, m1


def test_bloat_o_meter_grammar():
    lines, net, more = bloat_o_meter({"a": 10, "b": 20, "gone": 5}, {"a": 14, "b": 12, "new": 64})
    assert lines[0] == "add/remove: 1/1 grow/shrink: 1/1 up/down: 68/-13 (55)"
    assert lines[1].split() == ["Function", "old", "new", "delta"]
    assert [l.split() for l in lines[2:-1]] == [["new", "-", "64", "+64"], ["a", "10", "14", "+4"],
                                                  ["gone", "5", "-", "-5"], ["b", "20", "12", "-8"]]
    assert lines[-1] == "Total: Before=35, After=90, chg +157.14%"
    assert net == 55 and more == 0
    top, _, more = bloat_o_meter({"a": 10, "b": 20, "gone": 5}, {"a": 14, "b": 12, "new": 64}, 2)
    assert [l.split()[0] for l in top[2:-1]] == ["new", "b"] and more == 2


def test_member_changes():
    old = [("a", 0, 4, "int"), ("b", 8, 8, "long"), ("gone", 16, 4, "int")]
    new = [("a", 0, 4, "unsigned int"), ("b", 4, 8, "long"), ("new", 16, 8, "void *")]
    assert member_changes(old, new) == "+new, -gone, a: int -> unsigned int, b@8:8->@4:8"
    assert member_changes(old, list(reversed(old))) == "order"
    assert member_changes(old, old) == "(same members)"


def test_diff_reports_objects_symbols_structs_configs(two_commits):
    db, repo, a, b, m0, m1 = two_commits
    r = run_bw("--db", db, "-C", repo.path, "diff", "HEAD~1", "HEAD", check=0)
    out = r.stdout
    assert "Objects: 6 compared, 1 differ" in out
    assert "arm/gcc/TREE01/rcutree.o" in out and "rcutiny.o" not in out
    block = out[out.index("== arm/gcc/TREE01/rcutree.o =="):]
    assert "add/remove: 1/1 grow/shrink: 1/0" in block
    # Symbols are compared by normalized name: the .constprop.0 suffix is gone.
    assert any(l.split()[:4] == ["rcu_new_thing", "-", "100", "+100"] for l in block.splitlines())
    assert "struct rcu_head" in out and "Structs:" in out
    assert "CONFIG_RCU_FANOUT  16   32" in out
    assert "+  tree/tree.c  CONFIG_RCU_FANOUT" in out
    # Recorded sha prefixes work without git too.
    r2 = run_bw("--db", db, "diff", a[:10], b[:10], check=0)
    assert r2.stdout.splitlines()[2:] == out.splitlines()[2:]


def test_diff_between_builds_of_one_commit(two_commits):
    db, repo, a, b, m0, m1 = two_commits
    r = run_bw("--db", db, "-C", repo.path, "diff", "HEAD:arm/gcc/TINY01", "HEAD:arm/gcc/TREE01",
               check=0)
    assert "rcupdate.o" in r.stdout and "CONFIG_SMP" in r.stdout
    r = run_bw("--db", db, "-C", repo.path, "diff", "HEAD:arm", "HEAD")
    assert r.returncode == 2 and "same coordinate fields" in r.stderr


def test_history_metrics(two_commits):
    db, repo, a, b, m0, m1 = two_commits
    r = run_bw("--db", db, "history", "total", "--object", "rcutree.o", "--csv", check=0)
    lines = r.stdout.splitlines()
    assert lines[0] == "commit,date,subject,objects,total,delta"
    tree0 = [f["dec"] for f in m0 if f["file"].endswith("rcutree.o")][0]
    assert lines[1].split(",")[3:] == ["1", str(tree0), ""]
    assert lines[2].split(",")[3:] == ["1", str(tree0 + 120), "120"]
    r = run_bw("--db", db, "history", "symbol:rcu_new_thing", "--csv", check=0)
    assert [l.split(",")[-2] for l in r.stdout.splitlines()[1:]] == ["0", "100"]
    r = run_bw("--db", db, "history", "struct:rcu_head.padding", "--object", "rcutree.o", check=0)
    assert r.stdout.splitlines()[-1].split()[-1] == "+8"
    r = run_bw("--db", db, "history", "total", "--by", "scenario", "--changes", check=0)
    assert len(r.stdout.splitlines()) == 1 + 3 + 1   # header, first row per series, one change
    r = run_bw("--db", db, "history", "symbol:no_such_symbol", check=2)
    assert "no recorded object has a symbol named no_such_symbol" in r.stderr


def test_check_sum_budget(two_commits, tmp_path):
    db, repo, a, b, m0, m1 = two_commits
    total1 = sum(f["dec"] for f in m1)
    for limit, status in ((total1, 0), (total1 - 1, 1)):
        f = tmp_path / ("sum%d.toml" % limit)
        f.write_text("[[budget]]\nname = 'whole arm matrix'\narch = 'arm'\nsum = true\nmax = %d\n" % limit)
        r = run_bw("--db", db, "-C", repo.path, "check", "--budget", f, check=status)
        assert "whole arm matrix (max %d): 1 checked, %d over" % (limit, status) in r.stdout


BUDGET = """
baseline = "HEAD~1"
noise = 4

[[budget]]
name = "tree object"
object = "rcutree.o"
max = %d
growth = %g

[[budget]]
variant = ["tiny", "classic"]
growth_bytes = 0
"""


def test_check_exit_codes_and_markdown(two_commits, tmp_path):
    db, repo, a, b, m0, m1 = two_commits
    tree1 = [f["dec"] for f in m1 if f["file"].endswith("rcutree.o")][0]
    ok = tmp_path / "ok.toml"
    ok.write_text(BUDGET % (tree1, 50.0))
    r = run_bw("--db", db, "-C", repo.path, "check", "--budget", ok, check=0)
    assert "0 of 2 budgets exceeded" in r.stdout
    over = tmp_path / "over.toml"
    over.write_text(BUDGET % (tree1 - 1, 1.0))
    r = run_bw("--db", db, "-C", repo.path, "check", "--budget", over, check=1)
    assert "FAIL  tree object" in r.stdout and "> max" in r.stdout and "grew" in r.stdout
    r = run_bw("--db", db, "-C", repo.path, "check", "--budget", over, "--markdown", check=1)
    md = r.stdout
    assert md.startswith("### Bloatwatch: 1 of 2 budgets exceeded")
    assert "| :x: | tree object |" in md and "`arm/gcc/TREE01/tree/rcutree.o`" in md
    # Growth against an explicit baseline equal to the commit itself: nothing grew.
    r = run_bw("--db", db, "-C", repo.path, "check", "--budget", over, "--baseline", "HEAD", check=1)
    assert "grew" not in r.stdout   # only the absolute max still fails
    # Noise floor: growth under it never fails.
    noisy = tmp_path / "noise.toml"
    noisy.write_text('noise = 200\nbaseline = "HEAD~1"\n[[budget]]\nobject = "rcutree.o"\ngrowth = 0.1\n')
    run_bw("--db", db, "-C", repo.path, "check", "--budget", noisy, check=0)
    bad = tmp_path / "bad.toml"
    bad.write_text("[[budget]]\nobject = 'x'\nmaximum = 3\n")
    r = run_bw("--db", db, "-C", repo.path, "check", "--budget", bad, check=2)
    assert "unknown key maximum" in r.stderr
