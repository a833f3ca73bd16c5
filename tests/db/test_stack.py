# SPDX-License-Identifier: GPL-2.0
"""Stack frames recorded per commit and coordinate (schema version 9): equal to gcc's own
-fstack-usage .su files, the call-graph fields stored when present, bad FRAME entries refused,
and the migration from version 5."""
import copy
import glob
import os
import subprocess
import sys

import pytest

from conftest import HERE, run_bw, sql, write_json, small_matrix, synth
from tests import makeproject
from tests.bwrun import one_line

from bloatwatch.db import store as bwstore

V5 = os.path.join(HERE, "fixtures", "schema-v5.sql")
# The real object of schema-v5.sql's third commit (see its header).
V5_SOURCE = "int f(int x) { volatile char b[300]; b[x] = 1; return b[0]; }\n"


def su_frames(folder):
    """{(object path relative to folder, function): (bytes, qualifier)} of every .su file
    gcc wrote beside the objects below folder (file:line:col:function TAB bytes TAB kind)."""
    out = {}
    for su in glob.glob(os.path.join(folder, "**", "*.su"), recursive=True):
        obj = os.path.relpath(su[:-3] + ".o", folder)
        for line in open(su):
            where, nbytes, kind = line.rstrip("\n").split("\t")
            out[(obj, where.rsplit(":", 1)[1])] = (int(nbytes), kind)
    return out


def build_at(repo, sha, dest):
    subprocess.run(["git", "clone", "-q", repo, dest], check=True)
    subprocess.run(["git", "-C", dest, "checkout", "-q", sha], check=True)
    subprocess.run(["make", "-s"], cwd=dest, check=True)
    return dest


def test_frames_of_every_commit_equal_gcc_su(tmp_path, repo, analyzer):
    """track records every function's frame per commit; each .o's frames are exactly the
    static sizes gcc's -fstack-usage wrote for that commit's build."""
    shas = makeproject.make(repo.path, [8, 16, 16], frames=[200, 200, 200, 600])
    subprocess.run(["make", "-s"], cwd=repo.path, check=True)
    run_bw("init", cwd=repo.path, check=0)
    db = str(tmp_path / "h.db")
    r = run_bw("--db", db, "-C", repo.path, "track", "HEAD", check=0)
    assert "4 commits: 4 recorded, 0 failed to build" in r.stdout, r.stdout
    compared = 0
    for sha in shas:
        want = su_frames(build_at(repo.path, sha, str(tmp_path / sha[:12])))
        assert len(want) == 5 and all(k == "static" for _, k in want.values()), want
        got = {(o, f): (n, k) for o, f, n, k in sql(
            db, "SELECT object, raw_name, frame, kind FROM v_frames WHERE sha = ? "
                "AND object LIKE '%.o'", (sha,))}
        assert got == want, sha[:12]
        compared += len(got)
        # The linked program has its frames too (its own functions and the C runtime's).
        assert sql(db, "SELECT count(*) FROM v_frames WHERE sha = ? AND object = 'build/app' "
                       "AND raw_name = 'main'", (sha,)) == [(1,)]
    assert compared == 20
    frames = sql(db, "SELECT sha, frame FROM v_frames WHERE raw_name = 'helper_frame' ORDER BY sha")
    assert dict(frames)[shas[3]] - dict(frames)[shas[2]] == 400
    # A stack budget fails on the functions whose worst case is over it (helper_outer calls
    # helper_frame: its worst case is the two .su frames), and against the baseline names the
    # frame that grew (the figures: gcc's .su of the two builds).
    su = {sha: su_frames(str(tmp_path / sha[:12])) for sha in shas[2:]}
    big, small = (su[s][("build/helper.o", "helper_frame")][0] for s in (shas[3], shas[2]))
    outer_big, outer_small = (su[s][("build/helper.o", "helper_outer")][0] + f
                              for s, f in ((shas[3], big), (shas[2], small)))
    budget = tmp_path / "stack.toml"
    budget.write_text('[[budget]]\nname = "stack"\nobject = "build/*.o"\nmetric = "stack"\n'
                      'max = %d\ngrowth_bytes = 0\n' % (big - 1))
    r = run_bw("--db", db, "-C", repo.path, "check", "--budget", budget, "--rev", shas[3],
               "--baseline", shas[2], check=1)
    assert "FAIL  stack (max %d, +0 B): 2 checked, 1 over" % (big - 1) in r.stdout, r.stdout
    assert "build/helper.o: %d -> %d: grew %+d > 0 bytes; 2 functions over max %d" % (
        outer_small, outer_big, outer_big - outer_small, big - 1) in r.stdout, r.stdout
    assert "  helper_outer: worst case %d > max %d via helper_outer -> helper_frame\n" % (
        outer_big, big - 1) in r.stdout, r.stdout
    assert "  helper_frame: worst case %d > max %d via helper_frame\n" % (big, big - 1) in r.stdout
    assert "  helper_frame worst case %+d, frame %+d (%d -> %d)\n" % (
        big - small, big - small, small, big) in r.stdout, r.stdout
    budget.write_text('[[budget]]\nobject = "build/*.o"\nmetric = "stack:helper_frame.frame"\n'
                      'max = %d\n' % big)
    run_bw("--db", db, "-C", repo.path, "check", "--budget", budget, "--rev", shas[3], check=0)
    # The history command follows the largest frame per commit.
    r = run_bw("--db", db, "-C", repo.path, "history", "stack.frame", "--object", "helper.o",
               "--csv", check=0)
    col = [int(l.split(",")[-2]) for l in r.stdout.splitlines()[1:]]
    assert col == [su_frames(str(tmp_path / s[:12]))[("build/helper.o", "helper_frame")][0]
                   for s in shas], r.stdout
    # Every analysis recorded its stack: analyses.frames is its row count.
    assert sql(db, "SELECT count(*) FROM analyses a WHERE frames IS NULL OR frames <> "
                   "(SELECT count(*) FROM frames f WHERE f.analysis_id = a.id)") == [(0,)]


def with_stack(entry, frame=48):
    """A synthetic FILE entry given FRAME entries: one per func symbol, the first with the
    call-graph fields, one unknown."""
    e = copy.deepcopy(entry)
    funcs = [y["name"] for y in e["symbols"] if y["kind"] == "func"]
    e["stack"] = [{"function": n, "section": ".text", "frame": frame + 8 * i, "kind": "static"}
                  for i, n in enumerate(funcs[:-1])]
    e["stack"].append({"function": funcs[-1], "section": ".text", "frame": None, "kind": "unknown"})
    e["stack"][0].update({"su": {"bytes": frame, "qualifiers": "static"}, "worst": frame + 100,
                          "unbounded": None, "chain": [funcs[0], funcs[1]]})
    e["stack"][1].update({"su": None, "worst": None,
                          "unbounded": "recursion: %s -> %s" % (funcs[1], funcs[1]), "chain": None})
    return e


def test_call_graph_fields_are_stored_when_present_and_stack_is_in_the_digest(tmp_path, repo):
    files = small_matrix(0, arches=["x86_64"], compilers=["gcc"])
    assert len([y for y in files[0]["symbols"] if y["kind"] == "func"]) >= 3
    db = str(tmp_path / "s.db")
    a = repo.commit({"a.c": "1\n"}, "no stack")
    run_bw("--db", db, "-C", repo.path, "record", "--rev", a, "--json",
           write_json(tmp_path / "a.json", synth.document(files)), check=0)
    assert sql(db, "SELECT count(*), count(frames) FROM analyses") == [(len(files), 0)]
    b = repo.commit({"a.c": "2\n"}, "stack")
    files_b = [with_stack(files[0])] + files[1:]
    r = run_bw("--db", db, "-C", repo.path, "record", "--rev", b, "--json",
               write_json(tmp_path / "b.json", synth.document(files_b)), check=0)
    assert "1 new analyses" in r.stdout        # the same sizes and symbols, but a stack
    c = repo.commit({"a.c": "3\n"}, "bigger frame")
    files_c = [with_stack(files[0], 64)] + files[1:]
    r = run_bw("--db", db, "-C", repo.path, "record", "--rev", c, "--json",
               write_json(tmp_path / "c.json", synth.document(files_c)), check=0)
    assert "1 new analyses" in r.stdout        # only the frame differs
    e = files_c[0]
    rows = sql(db, "SELECT raw_name, section, frame, kind, su, worst, unbounded, chain FROM v_frames "
                   "WHERE sha = ? ORDER BY seq", (c,))
    assert [r[:4] for r in rows] == [(f["function"], ".text", f["frame"], f["kind"]) for f in e["stack"]]
    first, second = rows[0], rows[1]
    assert first[4:] == ('{"bytes":64,"qualifiers":"static"}', 164, None,
                         '["%s","%s"]' % tuple(e["stack"][0]["chain"]))
    assert second[4:] == (None, None, e["stack"][1]["unbounded"], None)
    assert all(r[4:] == (None, None, None, None) for r in rows[2:])
    st = sql(db, "SELECT s.max_frame, s.max_worst, s.sum_frame, s.unknown, s.unbounded FROM "
                 "v_analysis_stack s JOIN v_footprint f ON f.analysis_id = s.analysis_id "
                 "WHERE f.sha = ? AND f.coord_id = (SELECT coord_id FROM v_frames LIMIT 1)", (c,))
    known = [f["frame"] for f in e["stack"] if f["frame"] is not None]
    assert st == [(max(known), 164, sum(known), 1, 1)]
    # A worst-case budget prints the chain, and an unbounded function is over any max.
    budget = tmp_path / "b.toml"
    budget.write_text('[[budget]]\nobject = "%s"\nmetric = "stack"\nmax = 150\n' % e["file"])
    r = run_bw("--db", db, "-C", repo.path, "check", "--budget", budget, "--rev", c, check=1)
    f0, f1 = e["stack"][0], e["stack"][1]
    assert "  %s: worst case 164 > max 150 via %s -> %s\n" % (
        f0["function"], f0["chain"][0], f0["chain"][1]) in r.stdout, r.stdout
    assert "  %s: unbounded: %s\n" % (f1["function"], f1["unbounded"]) in r.stdout
    assert ": 2 functions over max 150" in r.stdout
    # ... and against the baseline, the worst case's move and its frame's.
    budget.write_text('[[budget]]\nobject = "%s"\nmetric = "stack"\ngrowth_bytes = 0\n' % e["file"])
    r = run_bw("--db", db, "-C", repo.path, "check", "--budget", budget, "--rev", c,
               "--baseline", b, "--markdown", check=1)
    assert "  %s worst case +16: via %s, frame +16 (48 -> 64)" % (f0["function"], f0["chain"][1]) \
        in r.stdout.replace("\n", "\n  "), r.stdout
    # A database whose objects have no stack says so.
    r = run_bw("--db", db, "-C", repo.path, "check", "--budget", budget, "--rev", a, check=1)
    assert "stack not recorded" in r.stdout, r.stdout


@pytest.mark.parametrize("change,message", [
    (lambda s: s[0].update(kind="huge"), "kind 'huge' is not one of static, fp, unknown"),
    (lambda s: s[0].update(frame=-8), "frame -8 is not a byte count"),
    (lambda s: s[0].update(frame=None), "frame None with kind static"),
    (lambda s: s[-1].update(frame=16), "frame 16 with kind unknown"),
    (lambda s: s[0].update(chain="a b"), "chain must be null or a list of function names"),
    (lambda s: s[0].update(worst="12"), "worst '12' is not a byte count"),
    (lambda s: s.append(7), "not a FRAME entry"),
])
def test_bad_frame_entries_are_refused_with_nothing_written(tmp_path, repo, change, message):
    files = small_matrix(0, arches=["x86_64"], compilers=["gcc"])
    db = str(tmp_path / "bad.db")
    good = repo.commit({"a.c": "1\n"}, "good")
    run_bw("--db", db, "-C", repo.path, "record", "--rev", good, "--json",
           write_json(tmp_path / "good.json", synth.document(files)), check=0)
    before = sql(db, "SELECT (SELECT count(*) FROM commits), (SELECT count(*) FROM analyses)")
    files[2] = with_stack(files[2])
    change(files[2]["stack"])
    sha = repo.commit({"a.c": "2\n"}, "bad")
    r = run_bw("--db", db, "-C", repo.path, "record", "--rev", sha, "--json",
               write_json(tmp_path / "bad.json", synth.document(files)))
    one_line(r, "files[2]", "stack[", message)
    assert sql(db, "SELECT (SELECT count(*) FROM commits), (SELECT count(*) FROM analyses)") == before


def load_v5(path):
    import sqlite3
    con = sqlite3.connect(path)
    with open(V5) as f:
        con.executescript(f.read())
    con.close()


def test_migration_from_v5_leaves_old_stacks_unrecorded_and_empties_the_cache(tmp_path, repo, analyzer):
    import test_schema
    old = str(tmp_path / "v5.db")
    load_v5(old)
    assert sql(old, "PRAGMA user_version") == [(5,)]
    footprint = sql(old, "SELECT sha, arch, object, total FROM v_footprint ORDER BY 1, 2, 3")
    assert sql(old, "SELECT count(*) FROM object_cache") == [(1,)]
    run_bw("--db", old, "log", check=0)        # opening upgrades
    assert sql(old, "PRAGMA user_version") == [(bwstore.latest_version(),)]
    fresh = str(tmp_path / "fresh.db")
    bwstore.Store(fresh).close()
    assert test_schema.structure(old) == test_schema.structure(fresh)
    assert sql(old, "PRAGMA integrity_check") == [("ok",)]
    assert sql(old, "SELECT sha, arch, object, total FROM v_footprint ORDER BY 1, 2, 3") == footprint
    assert sql(old, "SELECT count(*), count(frames) FROM analyses") == [(16, 0)]
    assert sql(old, "SELECT count(*) FROM frames") == [(0,)]
    assert sql(old, "SELECT count(*) FROM object_cache") == [(0,)]
    # The same object recorded again is analyzed again (the cache is empty) and this time
    # has its stack: f's frame is gcc's .su figure.
    with open(os.path.join(repo.path, "s.c"), "w") as f:
        f.write(V5_SOURCE)
    subprocess.run(["gcc", "-O2", "-fstack-usage", "-c", "s.c", "-o", "s.o"], cwd=repo.path, check=True)
    want = su_frames(repo.path)[("s.o", "f")]
    sha = repo.commit({"b.c": "y\n"}, "after the upgrade")
    r = run_bw("--db", old, "-C", repo.path, "record", "--rev", sha, "s.o", cwd=repo.path, check=0)
    assert "1 new analyses" in r.stdout
    assert sql(old, "SELECT frame, kind FROM v_frames WHERE sha = ? AND raw_name = 'f'", (sha,)) == \
        [want]
    # Documents without a stack keep their digests: the fixture's own add nothing.
    for i, doc in enumerate(test_schema.v4_documents()):
        sha = repo.commit({"a.c": "%d\n" % i}, "again %d" % i)
        r = run_bw("--db", old, "-C", repo.path, "record", "--rev", sha, "--json",
                   write_json(tmp_path / ("d%d.json" % i), doc), check=0)
        assert "0 new analyses" in r.stdout


def test_build_worst_cases_span_the_objects_of_a_coordinate_equal_gcc_ci(tmp_path, repo, analyzer):
    """Each function's recorded worst case in its build resolves calls into the build's other
    objects (one stack run over the coordinate's objects) and equals what GCC's own
    -fcallgraph-info=su graphs of the same build give (tests/analyzer/stack/ci_oracle.py):
    the objects of a gcc x86_64 matrix coordinate, rebuilt from their build records with
    -fstack-usage -fcallgraph-info=su beside the rebuilt copies."""
    import json
    from conftest import ROOT
    with open(os.path.join(ROOT, "build", "matrix.json")) as f:
        coords = json.load(f)["coordinates"]
    c = next(c for c in coords if c["arch"] == "x86_64" and c["compiler"] == "gcc"
             and c["config"].startswith("TREE"))
    objects = [o["path"] for o in c["objects"]]
    cis = []
    for o in c["objects"]:
        cmd = {k: v for k, v in (l.split(" := ", 1) for l in open(os.path.join(ROOT, o["record"]))
                                 .read().splitlines() if " := " in l)}["cmd"]
        new = str(tmp_path / os.path.basename(o["path"]))
        cmd = cmd.split(" -MMD ")[0] + " -c " + cmd.split(" -c ", 1)[1].rsplit(" -o ", 1)[0]
        subprocess.run("%s -o %s -fstack-usage -fcallgraph-info=su" % (cmd, new), shell=True,
                       cwd=ROOT, check=True)
        cis.append(new[:-2] + ".ci")
    db = str(tmp_path / "b.db")
    sha = repo.commit({"a.c": "1\n"}, "the coordinate's objects")
    run_bw("--db", db, "-C", repo.path, "record", "--rev", sha, *objects, cwd=ROOT, check=0)
    rows = sql(db, "SELECT object, raw_name, frame, kind, su, worst, unbounded, chain, stack_objects "
                   "FROM v_frames WHERE sha = ? ORDER BY object, seq", (sha,))
    assert {r[8] for r in rows} == {len(objects)}, rows
    doc = {"files": []}
    for path in objects:
        doc["files"].append({"file": path, "member": None, "stack": [
            {"function": r[1], "frame": r[2], "kind": r[3], "su": r[4] and json.loads(r[4]),
             "worst": r[5], "unbounded": r[6], "chain": json.loads(r[7])}
            # recorded outside this repository's manifest: keyed by the object's file
            for r in rows if os.path.basename(r[0]) == os.path.basename(path)]})
    recorded = write_json(tmp_path / "recorded.json", doc)
    out = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tests", "analyzer", "stack",
                                                           "ci_oracle.py"), recorded] + cis,
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    compared, equal = map(int, out.splitlines()[-1].split()[:2])
    assert compared > 20 and equal == compared, out
    worst = {r[1]: (r[5], r[6], json.loads(r[7])) for r in rows}
    for fn in ("synchronize_rcu", "call_rcu"):
        assert fn in worst, sorted(worst)
    # ci_oracle compares an unbounded case by its class; the name matters too: no function the
    # build defines (a .ci node with a frame) is "unknown" in it, as it is to its object alone.
    sys.path.insert(0, os.path.join(ROOT, "tests", "analyzer", "stack"))
    import ci_oracle
    defined = {k[1] for k in ci_oracle.read_ci(cis)[0]}
    unknown = {r[6].split(": ", 1)[1] for r in rows if (r[6] or "").startswith("frame unknown: ")}
    assert unknown and not unknown & defined, (unknown, defined)
    # Calls into the other object resolved: some worst case differs from its object's own.
    own = dict(((p, fn), (w, u, ch)) for p, fn, w, u, ch in sql(
        db, "SELECT vb.object, f.raw_name, f.worst, f.unbounded, f.chain FROM v_builds vb "
            "JOIN v_analysis_frames f ON f.analysis_id = vb.analysis_id WHERE vb.sha = ?", (sha,)))
    moved = [r[1] for r in rows if own[(r[0], r[1])] != (r[5], r[6], r[7])]
    assert moved, "no worst case differs from its object's own"


FS = ("int fs_compact(int);\n"
      "int fs_commit(int x) { volatile char b[32]; b[x & 31] = x; return fs_compact(x) + b[1]; }\n")
COMPACT = ("int fs_compact(int x)\n"
           "{ volatile char buf[%d]; buf[x %% %d] = x; return buf[0] + buf[x %% 7]; }\n")


def test_a_build_recorded_before_takes_its_worst_cases_without_a_stack_run(tmp_path, repo, analyzer):
    """fs_commit (fs.o) calls fs_compact (compact.o): its worst case is the build's. Recorded
    again with the same objects, the build's worst cases come from the database (no analyzer
    stack run, the same slices); a changed object runs it again."""
    log = tmp_path / "modes.log"
    wrapper = tmp_path / "analyze.sh"
    wrapper.write_text('#!/bin/sh\necho "$1" >> %s\nexec %s "$@"\n' % (log, analyzer))
    os.chmod(wrapper, 0o755)

    def build(frame):
        for name, text in (("fs.c", FS), ("compact.c", COMPACT % (frame, frame))):
            with open(os.path.join(repo.path, name), "w") as f:
                f.write(text)
            subprocess.run(["gcc", "-O2", "-c", name, "-o", name[:-2] + ".o"], cwd=repo.path,
                           check=True)

    def record(sha):
        log.write_text("")
        run_bw("--db", db, "--analyzer", wrapper, "-C", repo.path, "record", "--rev", sha,
               "fs.o", "compact.o", cwd=repo.path, check=0)
        return log.read_text().split().count("stack")

    def worst(sha):
        return sql(db, "SELECT raw_name, worst, unbounded, chain, stack_objects FROM v_frames "
                       "WHERE sha = ? ORDER BY object, seq", (sha,))

    db = str(tmp_path / "w.db")
    build(200)
    a = repo.commit({"a.c": "1\n"}, "two objects")
    assert record(a) == 1
    got = {r[0]: r[1:] for r in worst(a)}
    assert got["fs_commit"][2] == '["fs_commit","fs_compact"]' and got["fs_commit"][3] == 2
    frames = dict(sql(db, "SELECT raw_name, frame FROM v_frames WHERE sha = ?", (a,)))
    assert got["fs_commit"][0] == frames["fs_commit"] + frames["fs_compact"]
    slices = sql(db, "SELECT count(*) FROM slices")
    b = repo.commit({"a.c": "2\n"}, "the same objects")
    assert record(b) == 0
    assert worst(b) == worst(a)
    assert sql(db, "SELECT count(*) FROM slices") == slices
    build(400)
    c = repo.commit({"a.c": "3\n"}, "fs_compact's frame grew")
    assert record(c) == 1
    assert {r[0]: r[1] for r in worst(c)}["fs_commit"] > got["fs_commit"][0]
