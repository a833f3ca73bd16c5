# SPDX-License-Identifier: GPL-2.0
"""The command line on a user's own tree: init, no bloatwatch.toml, object filters, the `paths`
skip, kept worktrees, first parents, ccache figures, and one source built in two folders."""
import os
import re
import shutil
import subprocess

import pytest

import project
from conftest import git, run_bw, sql
from tests import makeproject
from tests.bwrun import one_line
from tests.makeproject import MAIN, helper


def make_project(repo, sizes):
    """tests/makeproject.py's project in a conftest Repo (whose later commits come after)."""
    shas = makeproject.make(repo.path, sizes)
    repo.n = len(shas)
    return shas


def test_init_on_a_makefile_project(tmp_path, repo, analyzer):
    make_project(repo, [8])
    # Nothing built yet, no bloatwatch.toml: record says what to do.
    one_line(run_bw("-C", repo.path, "record"), "no bloatwatch.toml", "bloatwatch init")
    one_line(run_bw("-C", repo.path, "track", "HEAD~1..HEAD", "--db", tmp_path / "x.db"),
             "no bloatwatch.toml", "bloatwatch init")
    assert not (tmp_path / "x.db").exists()
    subprocess.run(["make", "-s", "-C", repo.path], check=True)
    r = run_bw("init", cwd=repo.path, check=0)
    assert "guessed: Makefile: make" in r.stdout
    assert "objects: 3 ELF files (**/*.o, build/app)" in r.stdout
    text = open(os.path.join(repo.path, "bloatwatch.toml")).read()
    assert re.search(r'^build = ".*make -j\$\(nproc\)"$', text, re.M), text
    assert 'glob = ["**/*.o", "build/app"]' in text
    # It loads, and records what was built.
    r = run_bw("--db", tmp_path / "r.db", "-C", repo.path, "record", check=0)
    assert "3 objects" in r.stdout
    objs = sql(str(tmp_path / "r.db"), "SELECT object FROM v_footprint ORDER BY object")
    assert objs == [("build/app",), ("build/helper.o",), ("build/main.o",)]
    # Not overwritten unless asked; --print shows the guess without writing.
    one_line(run_bw("init", cwd=repo.path), "exists already", "--force")
    assert run_bw("init", "--print", cwd=repo.path, check=0).stdout.startswith("# bloatwatch.toml")
    run_bw("init", "--force", cwd=repo.path, check=0)


def test_init_recognizes_cmake_meson_and_nothing(tmp_path):
    cm = tmp_path / "cm"
    (cm / "out").mkdir(parents=True)
    (cm / "CMakeLists.txt").write_text("project(x C)\n")
    (cm / "out" / "CMakeCache.txt").write_text("")
    r = run_bw("init", "--print", cwd=cm, check=0)
    assert "guessed: CMakeLists.txt: CMake, build folder out/" in r.stdout
    assert "cmake -S . -B out" in r.stdout and "cmake --build out" in r.stdout
    assert 'root = "out"' in r.stdout and "CMakeFiles/[0-9]*/**" in r.stdout
    me = tmp_path / "me"
    me.mkdir()
    (me / "meson.build").write_text("project('x', 'c')\n")
    r = run_bw("init", "--print", cwd=me, check=0)
    assert "Meson, build folder build/" in r.stdout and "meson compile -C build" in r.stdout
    empty = tmp_path / "empty"
    empty.mkdir()
    one_line(run_bw("init", cwd=empty), "no Kbuild tree, CMakeLists.txt, meson.build, Makefile")


def test_paths_skip_records_the_parent(tmp_path, repo, analyzer):
    shas = make_project(repo, [8])
    conf = tmp_path / "bw.toml"
    conf.write_text('build = "make -s"\npaths = ["src/", "Makefile"]\n'
                    '[[objects]]\nroot = "build"\nglob = "*.o"\n')
    shas.append(repo.commit({"README": "docs only\n"}, "docs"))
    shas.append(repo.commit({"src/helper.c": helper(32)}, "helper: 32 entries"))
    shas.append(repo.commit({"README": "more docs\n"}, "more docs"))
    db = str(tmp_path / "p.db")
    r = run_bw("--db", db, "-C", repo.path, "--config", conf, "track", "%s..HEAD" % shas[0],
               check=0)
    assert "4 commits: 4 recorded, 0 failed to build, 0 already recorded; 2 recorded as their " \
        "parent (they touch none of paths); 2 built" in r.stdout
    assert "%s ok, as %s" % (shas[2][:12], shas[1][:12]) in r.stderr
    assert "not built: touches none of paths" in r.stderr
    # History stays continuous: every commit has both objects, the docs commits their parent's.
    csv = run_bw("--db", db, "history", "bss", "--object", "helper.o", "--csv", check=0).stdout
    assert [l.split(",")[-2] for l in csv.splitlines()[1:]] == ["32", "32", "128", "128"]
    log = run_bw("--db", db, "log", check=0).stdout
    assert "recorded as %s: touches none of paths" % shas[1][:12] in log
    # A failed parent: its unbuilt child is failed too, and track says so.
    shas.append(repo.commit({"src/helper.c": "not C;\n"}, "broken"))
    shas.append(repo.commit({"README": "even more docs\n"}, "docs again"))
    r = run_bw("--db", db, "-C", repo.path, "--config", conf, "track", "%s..HEAD" % shas[0],
               check=1)
    assert "0 recorded, 2 failed to build, 4 already recorded; 1 recorded as their parent" \
        in r.stdout, r.stdout
    assert "failed %s: exit 2" % shas[-2][:12] in r.stdout
    assert sql(db, "SELECT status FROM commits WHERE sha = ?", (shas[-1],)) == [("failed",)]


def test_kept_worktree_is_cleaned_when_files_go(tmp_path, repo, analyzer):
    """A kept worktree builds incrementally; a commit that deletes a source is built clean,
    so the deleted source's object does not linger into its record."""
    shas = make_project(repo, [8])
    shas.append(repo.commit({"src/extra.c": "int extra_value = 5;\n"}, "extra"))
    git(repo.path, "rm", "-q", "src/extra.c")
    shas.append(repo.commit({}, "no extra"))
    conf = tmp_path / "bw.toml"
    conf.write_text('build = "make -s"\n[[objects]]\nroot = "build"\nglob = "*.o"\n')
    db = str(tmp_path / "k.db")
    run_bw("--db", db, "-C", repo.path, "--config", conf, "track", "%s..HEAD" % shas[0], check=0)
    counts = dict(sql(db, "SELECT sha, count(*) FROM v_footprint GROUP BY sha"))
    assert counts == {shas[1]: 2, shas[2]: 3, shas[3]: 2}
    kept = git(repo.path, "worktree", "list").splitlines()[1:]
    assert len(kept) == 1 and "/.git/bloatwatch/worktrees/0 " in kept[0]
    # A kept worktree git forgot (its bookkeeping pruned) is made again, not a failed build.
    shutil.rmtree(os.path.join(repo.path, ".git", "worktrees"))
    run_bw("--db", db, "-C", repo.path, "--config", conf, "track", "--force", "HEAD~1..HEAD",
           check=0)
    # --fresh: throw-away worktrees, none left behind, the same records.
    fresh = str(tmp_path / "f.db")
    run_bw("--db", fresh, "-C", repo.path, "--config", conf, "track", "--fresh",
           "%s..HEAD" % shas[0], check=0)
    assert sql(fresh, "SELECT sha, count(*) FROM v_footprint GROUP BY sha ORDER BY 1") == \
        sql(db, "SELECT sha, count(*) FROM v_footprint GROUP BY sha ORDER BY 1")
    assert len(git(repo.path, "worktree", "list").splitlines()) == 2


def test_first_parents_by_default(tmp_path, repo, analyzer):
    shas = make_project(repo, [8])
    git(repo.path, "checkout", "-q", "-b", "side")
    side = repo.commit({"src/helper.c": helper(16)}, "side")
    git(repo.path, "checkout", "-q", "main")
    main = repo.commit({"src/main.c": MAIN + "int main_extra;\n"}, "main")
    git(repo.path, "merge", "-q", "--no-ff", "-m", "merge side", "side",
        env={"GIT_AUTHOR_DATE": "1800000000 +0000", "GIT_COMMITTER_DATE": "1800000000 +0000"})
    merge = git(repo.path, "rev-parse", "HEAD")
    conf = tmp_path / "bw.toml"
    conf.write_text('build = "make -s"\n[[objects]]\nroot = "build"\nglob = "*.o"\n')
    db = str(tmp_path / "m.db")
    run_bw("--db", db, "-C", repo.path, "--config", conf, "track", "%s..HEAD" % shas[1], check=0)
    assert {r[0] for r in sql(db, "SELECT sha FROM commits")} == {main, merge}
    run_bw("--db", db, "-C", repo.path, "--config", conf, "track", "--all-parents",
           "%s..HEAD" % shas[1], check=0)
    assert {r[0] for r in sql(db, "SELECT sha FROM commits")} == {main, merge, side}


def test_ccache_hits_are_shown(tmp_path, repo, analyzer):
    if not shutil.which("ccache"):
        pytest.skip("ccache is not installed (Debian package ccache)")
    shas = make_project(repo, [8, 16])
    conf = tmp_path / "bw.toml"
    conf.write_text('build = "make -s CC=\'ccache gcc\'"\n[[objects]]\nroot = "build"\n'
                    'glob = "*.o"\n')
    env = {"CCACHE_DIR": str(tmp_path / "ccache")}
    db = str(tmp_path / "c.db")
    r = run_bw("--db", db, "-C", repo.path, "--config", conf, "track", "%s..HEAD" % shas[0],
               env=env, check=0)
    assert "track: 1/2 %s ok" % shas[1][:12] in r.stderr
    assert "0 ccache hits, 2 misses" in r.stderr          # first build: both sources
    assert "0 ccache hits, 1 misses" in r.stderr          # then only helper.c changed
    assert "2 built, 0 ccache hits, 3 misses (0%)" in r.stdout
    # Again, forced: the kept worktree goes back and forth, every compile is a hit.
    r = run_bw("--db", db, "-C", repo.path, "--config", conf, "track", "--force",
               "%s..HEAD" % shas[0], env=env, check=0)
    assert "2 built, 2 ccache hits, 0 misses (100%)" in r.stdout, r.stdout + r.stderr


def test_one_source_built_in_two_folders_is_unchanged(tmp_path, repo, analyzer):
    """The checkout and a worktree give objects whose DWARF names different folders: their
    analyses differ, but diff counts only loaded bytes, so nothing changed."""
    shas = make_project(repo, [8])
    toml = 'build = "make -s"\n[[objects]]\nroot = "build"\nglob = "*.o"\n'
    shas.append(repo.commit({"bloatwatch.toml": toml}, "bloatwatch.toml"))
    subprocess.run(["make", "-s", "-C", repo.path], check=True)
    db = str(tmp_path / "d.db")
    run_bw("--db", db, "-C", repo.path, "record", check=0)
    shas.append(repo.commit({"README": "docs\n"}, "docs"))
    run_bw("--db", db, "-C", repo.path, "track", "HEAD~1..HEAD", check=0)
    assert sql(db, "SELECT count(DISTINCT analysis_id) FROM v_footprint WHERE object = 'main.o'") \
        == [(2,)]
    out = run_bw("--db", db, "-C", repo.path, "diff", shas[-2], shas[-1], check=0).stdout
    assert "Objects: 2 compared, 0 differ" in out, out
    # A real change still shows.
    shas.append(repo.commit({"src/helper.c": helper(64)}, "helper: 64"))
    run_bw("--db", db, "-C", repo.path, "track", "HEAD~1..HEAD", check=0)
    out = run_bw("--db", db, "-C", repo.path, "diff", shas[-2], shas[-1], check=0).stdout
    assert "Objects: 2 compared, 1 differ" in out and "helper.o" in out


def test_object_filter_by_path_base_name_and_closest(tmp_path, repo, analyzer):
    project.make(repo, [16])
    db = str(tmp_path / "o.db")
    run_bw("--db", db, "-C", repo.path, "track", "HEAD~1..HEAD", check=0)
    hist = ["--db", db, "-C", repo.path, "history", "bss"]
    whole = run_bw(*hist, "--object", "a.o", check=0).stdout
    for name in ("build/x86_64/gcc/S1/a.o", "S1/a.o", "*/a.o"):
        assert run_bw(*hist, "--object", name, check=0).stdout == whole, name
    err = one_line(run_bw(*hist, "--object", "aa.o"), "--object aa.o matches no recorded object")
    assert err.endswith("there are: a.o, b.o")
    one_line(run_bw(*hist, "--object", "bb.o"), "there are: b.o, a.o")
    one_line(run_bw(*hist, "--arch", "x86-64"), "--arch x86-64 matches", "there are: x86_64")
    one_line(run_bw(*hist, "--arch", "x86_64", "--object", "a.o", "--key", "variant=nope"),
             "--key variant=nope matches no recorded object", "there are: demo")
    one_line(run_bw("--db", db, "-C", repo.path, "diff", "HEAD", "HEAD", "--object", "c.o"),
             "--object c.o matches no recorded object")
