# SPDX-License-Identifier: GPL-2.0
"""`track` over a real range of Bloatwatch's own commits, in a clone of this repository.

The range starts one commit before the build matrix was added (that commit must be recorded
as failed: it has no rule for the objects) and runs three commits past it.  A reduced
matrix (two arches, gcc, TINY01) keeps it fast; the full matrix is not the point here.
"""
import subprocess

from conftest import ROOT, git, run_bw, sql

OBJECTS = ["build/%s/gcc/TINY01/%s" % (arch, obj) for arch in ("x86_64", "arm")
           for obj in ("rcutiny.o", "rcupdate.o")]
TOML = """build = "make -s %s"
sources = ["common/*.c", "tinyrcu/*.c"]
build_timeout = 300

[[objects]]
root = "build/*/gcc/TINY01"
glob = "*.o"
""" % " ".join(OBJECTS)


def test_track_own_history(tmp_path, analyzer):
    clone = str(tmp_path / "clone")
    subprocess.run(["git", "clone", "-q", ROOT, clone], check=True)
    added = git(clone, "log", "--diff-filter=A", "--format=%H", "--", "matrix/gen.sh").split()
    assert added, "the matrix has not landed in this repository's history"
    first = added[-1]
    before = git(clone, "rev-parse", first + "~1")
    after = git(clone, "rev-list", "--reverse", "--first-parent", first + "..HEAD").split()[:2]
    conf = tmp_path / "track.toml"
    conf.write_text(TOML)
    db = str(tmp_path / "own.db")
    end = after[-1] if after else first
    r = run_bw("--db", db, "-C", clone, "--config", conf, "track", "-j", "2", "--first-parent",
               "%s~1..%s" % (before, end), check=0)
    n = 2 + len(after)
    assert "%d commits: %d recorded, 1 failed to build" % (n, n - 1) in r.stdout, r.stdout
    status = dict(sql(db, "SELECT sha, status FROM commits"))
    assert status.pop(before) == "failed"
    assert set(status.values()) == {"ok"} and first in status
    assert "No rule to make target" in sql(db, "SELECT error FROM commits WHERE sha = ?", (before,))[0][0]
    per_commit = sql(db, "SELECT sha, count(*) FROM v_footprint GROUP BY sha")
    assert all(count == 4 for _, count in per_commit) and len(per_commit) == n - 1
    arches = sql(db, "SELECT DISTINCT arch, compiler, label FROM v_footprint ORDER BY 1")
    assert arches == [("arm", "gcc", "TINY01"), ("x86_64", "gcc", "TINY01")]
    assert sql(db, "SELECT count(*) FROM v_config_usage WHERE sha = ? AND source = 'tinyrcu/rcutiny.c'",
               (first,))[0][0] > 0
    h = run_bw("--db", db, "-C", clone, "history", "total", "--object", "rcutiny.o",
               "--range", "%s~1..%s" % (before, end), check=0)
    assert "build failed" in h.stdout and h.stdout.count("\n") == 1 + n
    run_bw("--db", db, "-C", clone, "diff", first, end, check=0)
    # Walking the same range again builds nothing.
    r = run_bw("--db", db, "-C", clone, "--config", conf, "track", "--first-parent",
               "%s~1..%s" % (before, end), check=0)
    assert "0 recorded, 0 failed to build, %d already recorded" % n in r.stdout
