# SPDX-License-Identifier: GPL-2.0
"""diff (objects, bloat-o-meter symbols, structs, CONFIG), history, and check's exit codes."""
import copy
import json
import subprocess

import pytest

import oracle
from conftest import Repo, diff_pair, run_bw, write_json, small_matrix, synth
from bloatwatch.compare import structs


@pytest.fixture(scope="module")
def two_commits(tmp_path_factory):
    """Commit A, and commit B where rcutree.o grew, a struct grew, a CONFIG and a usage changed.
    Made once for the module: diff, history and check only read the database and the repository."""
    tmp_path = tmp_path_factory.mktemp("two_commits")
    repo = Repo(tmp_path / "repo")
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


def blocks(out):
    """{title: [lines]} of the `== title ==` symbol blocks a diff printed."""
    found, title = {}, None
    for line in out.splitlines():
        if line.startswith("== ") and line.endswith(" =="):
            title = line[3:-3]
            found[title] = []
        elif title is not None:
            if not line:
                title = None
            else:
                found[title].append(line)
    return found


def nm_rows(entry):
    return [(y["name"], y["type"], y["size"]) for y in entry["symbols"]]


def test_diff_symbols_are_the_scripts_output(two_commits, tmp_path):
    """Each symbol block is exactly what scripts/bloat-o-meter prints for that object pair."""
    db, repo, a, b, m0, m1 = two_commits
    out = run_bw("--db", db, "-C", repo.path, "diff", "HEAD~1", "HEAD", check=0).stdout
    found = blocks(out)
    assert list(found) == ["arm/gcc/TREE01/rcutree.o"]
    old = [f for f in m0 if f["file"].endswith("TREE01/rcutree.o")][0]
    new = [f for f in m1 if f["file"].endswith("TREE01/rcutree.o")][0]
    o = oracle.Oracle(oracle.locate(), tmp_path)
    want = o.run([("default", o.table(nm_rows(old)), o.table(nm_rows(new)))])[0]
    assert found["arm/gcc/TREE01/rcutree.o"] == want.splitlines()
    assert "rcu_new_thing.constprop" in want     # the script strips only the .NUMBER parts


def test_member_changes_mean_what_the_analyzer_says(tmp_path, analyzer):
    """compare.structs against `bloatwatch-analyze diff --structs` (analyzer/structdiff.c) on
    real objects: the same structs changed, with the same members, in the same order."""
    objs = diff_pair(tmp_path)
    c = json.loads(subprocess.run([analyzer, "diff", "--structs", "--json"] + objs,
                                  stdout=subprocess.PIPE, check=True).stdout)
    want = {(s["name"], s["kind"]): s["members_changed"] for s in c["structs"] if s["status"] == "changed"}
    doc = json.loads(subprocess.run([analyzer, "all", "--json"] + objs, stdout=subprocess.PIPE,
                                    check=True).stdout)
    layouts = [{(s["name"], s["kind"]): s for s in f["structs"]} for f in doc["files"]]

    def rows(s):
        return [{"member": m["name"], "type": m["type"], "byte_offset": m["offset"],
                 "size": m["size"], "bit_size": m["bit_size"], "bit_offset": m["bit_offset"]}
                for m in s["members"]]
    got = {}
    for k in set(layouts[0]) & set(layouts[1]):
        a, b = layouts[0][k], layouts[1][k]
        if structs.layout_changed(a, b, rows(a), rows(b)):
            got[k] = [name for _, name in structs.member_changes(rows(a), rows(b))]
    assert want and got == want
    assert structs.describe(structs.member_changes(rows(layouts[0][("rcu_data", "struct")]),
                                                   rows(layouts[1][("rcu_data", "struct")]))) \
        == "~blimit +extra"


def test_diff_reports_objects_symbols_structs_configs(two_commits):
    db, repo, a, b, m0, m1 = two_commits
    r = run_bw("--db", db, "-C", repo.path, "diff", "HEAD~1", "HEAD", check=0)
    out = r.stdout
    assert "Objects: 6 compared, 1 differ" in out
    assert "arm/gcc/TREE01/rcutree.o" in out and "rcutiny.o" not in out
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
    r = run_bw("--db", db, "history", "total", "--by", "label", "--changes", check=0)
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


def test_check_shows_the_scripts_symbol_moves_of_what_failed(two_commits, tmp_path):
    """A budget that fails on growth shows, under the failing object, what scripts/bloat-o-meter
    prints for it against the baseline (in a <details> block with --markdown)."""
    db, repo, a, b, m0, m1 = two_commits
    f = tmp_path / "grow.toml"
    f.write_text('baseline = "HEAD~1"\n[[budget]]\nobject = "rcutree.o"\ngrowth_bytes = 0\n')
    out = run_bw("--db", db, "-C", repo.path, "check", "--budget", f, check=1).stdout
    moves = [line[8:] for line in out.splitlines() if line.startswith("        ")]
    old = [x for x in m0 if x["file"].endswith("TREE01/rcutree.o")][0]
    new = [x for x in m1 if x["file"].endswith("TREE01/rcutree.o")][0]
    o = oracle.Oracle(oracle.locate(), tmp_path)
    want = o.run([("default", o.table(nm_rows(old)), o.table(nm_rows(new)))])[0]
    assert moves == want.splitlines()
    md = run_bw("--db", db, "-C", repo.path, "check", "--budget", f, "--markdown", check=1).stdout
    assert "<details><summary><code>arm/gcc/TREE01/tree/rcutree.o</code>" in md
    assert want in md
