# SPDX-License-Identifier: GPL-2.0
"""track and bisect on synthetic repositories built by the real compiler and analyzed by the real analyzer."""
import os
import re
import subprocess

import project
from conftest import git, run_bw, sql


def pahole_order(root, struct):
    """Member names of `pahole --reorganize -C struct` on the build's b.o (the oracle)."""
    out = subprocess.run(["pahole", "--reorganize", "-C", struct, "build/x86_64/gcc/S1/b.o"],
                         cwd=root, stdout=subprocess.PIPE, text=True, check=True).stdout
    return re.findall(r"^\t.*?(\w+);\s*/\*", out, re.M)


def test_record_real_objects_cache_and_build_records(tmp_path, repo, analyzer):
    project.make(repo, [16])
    # A struct with holes, so the layouts carry a reorganized order unlike declaration order.
    head = repo.commit({"src/b.c": "struct holey { char c; long l; char d; long m; };\n"
                                   "struct holey b_value = { 1, 2, 3, 4 };\nint b_int = 3;\n"}, "holey")
    os.system("cd %s && sh build.sh" % repo.path)
    db = str(tmp_path / "r.db")
    r = run_bw("--db", db, "-C", repo.path, "record", check=0)
    assert "2 objects, 2 new analyses" in r.stdout and head[:12] in r.stdout
    rows = sql(db, "SELECT object, arch, compiler, label, keys, bss FROM v_footprint ORDER BY object")
    assert rows == [("a.o", "x86_64", "gcc", "S1", '{"variant":"demo"}', 16 + 0),
                    ("b.o", "x86_64", "gcc", "S1", '{"variant":"demo"}', 0)]
    assert ("src/a.c", "CONFIG_DEMO") in sql(db, "SELECT source, config FROM v_config_usage")
    counts = sql(db, "SELECT (SELECT count(*) FROM setups), (SELECT count(*) FROM slices), "
                     "(SELECT count(*) FROM analyses), (SELECT count(*) FROM object_cache)")
    assert counts[0][3] == 2
    # Second record: objects come from the cache (the build record parsed in Python) and
    # must give exactly the rows the analyzer's JSON gave: no new setup, slice or analysis.
    members = "SELECT * FROM members ORDER BY layout_id, seq"
    fresh = sql(db, members)
    assert fresh and all(r[-1] is not None for r in fresh)     # the reorganized order is kept
    assert [r[0] for r in sql(db, "SELECT member FROM v_struct_members WHERE struct = 'holey' "
                                  "ORDER BY reorg_seq")] == pahole_order(repo.path, "holey") \
        == ["c", "d", "l", "m"]
    r = run_bw("--db", db, "-C", repo.path, "record", check=0)
    assert "0 new analyses" in r.stdout
    assert sql(db, members) == fresh
    run_bw("--db", db, "-C", repo.path, "record", "--no-cache", check=0)
    assert sql(db, "SELECT (SELECT count(*) FROM setups), (SELECT count(*) FROM slices), "
                   "(SELECT count(*) FROM analyses), (SELECT count(*) FROM object_cache)") == counts
    assert sql(db, members) == fresh
    # A database recorded only from the cache's path and one recorded only fresh agree.
    other = str(tmp_path / "nocache.db")
    run_bw("--db", other, "-C", repo.path, "record", "--no-cache", check=0)
    assert sql(other, members) == fresh
    cfg = sql(db, "SELECT config, value FROM v_config_values WHERE object = 'a.o'")
    assert cfg == [("CONFIG_DEMO", "y")]


def test_track_range_with_failed_build_and_skip(tmp_path, repo, analyzer):
    shas = project.make(repo, [16, 32, 48, 64], broken={2})
    db = str(tmp_path / "t.db")
    r = run_bw("--db", db, "-C", repo.path, "track", "-j", "2", "%s..HEAD" % shas[0], check=0)
    assert "4 commits: 3 recorded, 1 failed to build, 0 already recorded" in r.stdout
    assert "ETA" not in r.stderr          # not a terminal: plain progress lines
    assert r.stderr.count("track: ") == 4
    status = dict(sql(db, "SELECT sha, status FROM commits"))
    assert status == {shas[1]: "ok", shas[2]: "ok", shas[3]: "failed", shas[4]: "ok"}
    err = sql(db, "SELECT error FROM commits WHERE sha = ?", (shas[3],))[0][0]
    assert "build failed" in err and "sh build.sh" in err
    h = run_bw("--db", db, "history", "bss", "--object", "a.o", check=0).stdout
    assert "build failed" in h
    csv = run_bw("--db", db, "history", "bss", "--object", "a.o", "--csv", check=0).stdout
    assert [l.split(",")[-2] for l in csv.splitlines()[1:]] == ["16", "32", "", "64"]
    # Again: everything is recorded, nothing is built; worktrees were all cleaned up.
    r = run_bw("--db", db, "-C", repo.path, "track", "%s..HEAD" % shas[0], check=0)
    assert "0 recorded, 0 failed to build, 4 already recorded" in r.stdout
    assert git(repo.path, "worktree", "list").count("\n") == 0
    # The default database is bloatwatch.db at the repository root.
    r = run_bw("-C", repo.path, "track", "HEAD~1..HEAD", check=0)
    assert os.path.exists(os.path.join(repo.path, "bloatwatch.db"))
    # --retry-failed rebuilds only the failed commit.
    r = run_bw("--db", db, "-C", repo.path, "track", "--retry-failed", "%s..HEAD" % shas[0], check=0)
    assert "0 recorded, 1 failed to build, 3 already recorded" in r.stdout


def test_track_another_repository_with_config_option(tmp_path, repo, analyzer):
    project.make(repo, [16])
    conf = tmp_path / "other.toml"
    conf.write_text(project.TOML.replace("src/*.c", "src/a.c"))
    db = str(tmp_path / "o.db")
    run_bw("--db", db, "-C", repo.path, "--config", conf, "track", "HEAD~1..HEAD", check=0,
           cwd=str(tmp_path))
    assert sql(db, "SELECT DISTINCT source FROM v_config_usage") == [("src/a.c",)]


def test_bisect_finds_planted_jump_building_only_what_it_needs(tmp_path, repo, analyzer):
    sizes = [100 + 4 * i for i in range(20)]
    shas = project.make(repo, sizes, jump_at=13, broken={7})
    db = str(tmp_path / "b.db")
    # Some history is already recorded: the first four commits.
    run_bw("--db", db, "-C", repo.path, "track", "%s..%s" % (shas[0], shas[4]), check=0)
    r = run_bw("--db", db, "-C", repo.path, "bisect", "%s..HEAD" % shas[0], "bss",
               "--object", "a.o", "--threshold", "2000", check=0)
    culprit = shas[1 + 13]
    assert "first commit with bss above 2000: %s step 13" % culprit in r.stdout
    assert "152 -> %d (+%d)" % (sizes[13] + 4096, sizes[13] + 4096 - 148) in r.stdout or \
        "-> %d" % (sizes[13] + 4096) in r.stdout
    built = r.stderr.count("bisect: building")
    assert 1 <= built <= 6, r.stderr     # 20 commits, 4 known: a handful of builds, not 16
    assert sql(db, "SELECT count(*) FROM commits")[0][0] == 4 + built
    # Asked again, everything needed is recorded: no build at all.
    r = run_bw("--db", db, "-C", repo.path, "bisect", "%s..HEAD" % shas[0], "bss",
               "--object", "a.o", "--threshold", "2000", check=0)
    assert "bisect: building" not in r.stderr and culprit in r.stdout
    # Nothing crosses a threshold above every value: exit 1.
    r = run_bw("--db", db, "-C", repo.path, "bisect", "%s..HEAD" % shas[0], "bss",
               "--object", "a.o", "--threshold", "100000", check=1)
    assert "no commit" in r.stdout


def test_progress_bar_with_eta_on_a_terminal(tmp_path, repo, analyzer):
    """On a terminal, track draws one updating bar with an ETA (elsewhere: plain lines)."""
    import pty
    import subprocess
    from conftest import BLOATWATCH
    shas = project.make(repo, [16, 32])
    master, slave = pty.openpty()
    env = dict(os.environ)
    env.pop("BLOATWATCH_DB", None)
    p = subprocess.Popen(["/usr/bin/python3", BLOATWATCH, "--db", str(tmp_path / "p.db"), "-C",
                          repo.path, "track", "%s..HEAD" % shas[0]], stdout=subprocess.PIPE,
                         stderr=slave, env=env)
    os.close(slave)
    out = p.communicate(timeout=120)[0].decode()
    chunks = []
    while True:
        try:
            data = os.read(master, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    tty = b"".join(chunks).decode()
    assert p.returncode == 0 and "2 recorded" in out
    assert "ETA" in tty and "\r[" in tty and "2/2" in tty
    assert "track: " not in tty
