# SPDX-License-Identifier: GPL-2.0
"""The same schema and commands against a real PostgreSQL server started by the test.

The server (conftest.pg) runs on loopback in a temporary directory, as the unprivileged
postgres user when the tests run as root; if it cannot start, these tests fail.
"""
import os
import re
import subprocess

import psycopg2
import pytest

import project
from conftest import BLOATWATCH, HERE, run_bw, write_json, small_matrix, synth

from bloatwatch.db import dialect, ingest
from bloatwatch.db import store as bwstore


def q(url, query, params=()):
    con = psycopg2.connect(url)
    try:
        cur = con.cursor()
        cur.execute(query, params)
        return cur.fetchall()
    finally:
        con.close()


_n = [0]


@pytest.fixture
def url(pg):
    _n[0] += 1
    return pg.create_db("bw%d_%d" % (os.getpid(), _n[0]))


def test_commands_on_postgresql(tmp_path, repo, url):
    a = repo.commit({"a.c": "1\n"}, "base")
    b = repo.commit({"a.c": "2\n"}, "next")
    m0, m1 = small_matrix(0), small_matrix(4)
    j0 = write_json(tmp_path / "0.json", synth.document(m0))
    j1 = write_json(tmp_path / "1.json", synth.document(m1))
    jh = os.path.join(HERE, "fixtures", "all-hand.json")
    run_bw("--db", url, "-C", repo.path, "record", "--json", j0, "--rev", a, check=0)
    run_bw("--db", url, "-C", repo.path, "record", "--json", j1, check=0)
    run_bw("--db", url, "-C", repo.path, "record", "--json", j1, check=0)   # idempotent
    run_bw("--db", url, "-C", repo.path, "record", "--json", j0, "--rev", a, check=0)
    assert "rows deleted" in run_bw("--db", url, "gc", check=0).stdout
    assert q(url, "SELECT count(*) FROM commits") == [(2,)]
    assert q(url, "SELECT count(*), sum(total) FROM v_footprint WHERE sha = %s", (b,)) == \
        [(len(m1), sum(f["dec"] for f in m1))]
    assert q(url, "SELECT version FROM schema_version") == [(bwstore.latest_version(),)]
    # dirty records are separate
    with open(os.path.join(repo.path, "a.c"), "w") as f:
        f.write("dirty\n")
    r = run_bw("--db", url, "-C", repo.path, "record", "--json", jh, check=0)
    assert b[:12] + "-dirty" in r.stdout
    assert q(url, "SELECT dirty, count(*) FROM commits GROUP BY dirty ORDER BY dirty") == [(0, 2), (1, 1)]
    # the read commands give what they give on SQLite
    sqlite_db = str(tmp_path / "same.db")
    run_bw("--db", sqlite_db, "-C", repo.path, "record", "--json", j0, "--rev", a, check=0)
    run_bw("--db", sqlite_db, "-C", repo.path, "record", "--json", j1, "--rev", b, check=0)
    run_bw("--db", sqlite_db, "-C", repo.path, "record", "--json", jh, check=0)
    for args in (["history", "total", "--by", "arch"], ["history", "symbol:tree_fn0", "--csv"],
                 ["history", "struct:rcu_head.padding"], ["diff", a, b], ["log"]):
        pg_out = run_bw("--db", url, "-C", repo.path, *args, check=0).stdout
        lite_out = run_bw("--db", sqlite_db, "-C", repo.path, *args, check=0).stdout
        strip = lambda s: re.sub(r"\(\d+\.\d+ s\)", "", s)   # noqa: E731
        assert strip(pg_out) == strip(lite_out), args
    budget = tmp_path / "b.toml"
    budget.write_text('[[budget]]\nobject = "rcutree.o"\ngrowth_bytes = 0\n')
    r = run_bw("--db", url, "-C", repo.path, "check", "--budget", budget, "--rev", b,
               "--baseline", a, "--markdown", check=1)
    assert r.stdout.startswith("### Bloatwatch: 1 of 1 budgets exceeded")
    # bad analyzer JSON: one line, nothing written
    bad = synth.document(m1)
    bad["version"] = 7
    jb = write_json(tmp_path / "bad.json", bad)
    before = q(url, "SELECT count(*) FROM commit_slices")
    r = run_bw("--db", url, "-C", repo.path, "record", "--json", jb, "--rev", a)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "version 7" in r.stderr
    assert q(url, "SELECT count(*) FROM commit_slices") == before


def test_struct_identity_on_postgresql(tmp_path, repo, url):
    """A struct is its name, layout and declaring file (schema version 15) on PostgreSQL as on
    SQLite: one name and layout declared in two files is two layouts rows, each with its file
    and line, and `diff` matches each by its file (only fs/b.c's grew)."""
    a = repo.commit({"a.c": "1\n"}, "base")
    b = repo.commit({"a.c": "2\n"}, "next")
    docs = []
    for grow in (0, 8):
        doc = synth.document(small_matrix(0))
        for e in doc["files"]:
            for path, line, extra in (("net/a.c", 3, 0), ("fs/b.c", 7, grow)):
                dup = dict(e["structs"][0], name="dup", decl_file=path, decl_line=line)
                dup["size"] += extra
                e["structs"].append(dup)
            e["structs"].sort(key=lambda st: (st["name"], st["kind"]))
        docs.append(write_json(tmp_path / ("%d.json" % grow), doc))
    sqlite_db = str(tmp_path / "same.db")
    for db in (url, sqlite_db):
        run_bw("--db", db, "-C", repo.path, "record", "--json", docs[0], "--rev", a, check=0)
        run_bw("--db", db, "-C", repo.path, "record", "--json", docs[1], "--rev", b, check=0)
    rows = q(url, "SELECT DISTINCT n.name, l.decl_line FROM layouts l JOIN names n ON "
                  "n.id = l.decl_file_id ORDER BY n.name")
    assert rows == [("fs/b.c", 7), ("net/a.c", 3)]
    # Every analysis has both: the same layout in two files is two rows.
    assert q(url, "SELECT DISTINCT count(*) FROM v_analysis_structs WHERE struct = 'dup' "
                  "GROUP BY analysis_id") == [(2,)]
    out = {}
    for db in (url, sqlite_db):
        text = run_bw("--db", db, "-C", repo.path, "diff", a, b, check=0).stdout
        out[db] = re.sub(r"\(\d+\.\d+ s\)", "", text)
    assert out[url] == out[sqlite_db]
    assert "struct dup (fs/b.c)" in out[url] and "net/a.c" not in out[url], out[url]


def test_releases_on_postgresql(tmp_path, repo, url):
    """A release (record --label, no git) beside a commit: ordered by date, named by label,
    read the same as on SQLite (migration 12's commits.kind)."""
    a = repo.commit({"a.c": "1\n"}, "base")
    j0 = write_json(tmp_path / "0.json", synth.document(small_matrix(0)))
    j1 = write_json(tmp_path / "1.json", synth.document(small_matrix(4)))
    tree = tmp_path / "unpacked"
    tree.mkdir()
    sqlite_db = str(tmp_path / "same.db")
    for db in (url, sqlite_db):
        run_bw("--db", db, "-C", repo.path, "record", "--json", j0, "--rev", a, check=0)
        r = run_bw("--db", db, "-C", tree, "record", "--json", j1, "--label", "v6.12", "--date",
                   "2099-01-01", check=0)
        assert r.stdout.startswith("recorded v6.12: ")
    assert q(url, "SELECT sha, kind, short FROM v_commits ORDER BY ord") == [
        (a, "commit", a[:12]), ("v6.12", "release", "v6.12")]
    for args in (["log"], ["diff", a, "v6.12"], ["history", "total"]):
        pg_out = run_bw("--db", url, "-C", repo.path, *args, check=0).stdout
        assert "v6.12" in pg_out, args
        strip = lambda s: re.sub(r"\(\d+\.\d+ s\)", "", s)   # noqa: E731
        assert strip(pg_out) == strip(run_bw("--db", sqlite_db, "-C", repo.path, *args,
                                             check=0).stdout), args


def test_unreachable_server_is_one_line(tmp_path, pg):
    r = run_bw("--db", "postgresql://bw@127.0.0.1:1/none", "log")
    assert r.returncode == 2 and r.stderr.startswith("bloatwatch: ") and r.stderr.count("\n") == 1


def test_concurrent_recorders_lose_nothing(tmp_path, repo, url):
    shas = [repo.commit({"a.c": "%d\n" % i}, "c%d" % i) for i in range(8)]
    docs = [write_json(tmp_path / ("%d.json" % i), synth.document(small_matrix(i))) for i in range(8)]
    env = dict(os.environ)
    procs = []
    for i in range(8):
        procs.append(subprocess.Popen(
            ["/usr/bin/python3", BLOATWATCH, "--db", url, "-C", repo.path, "record", "--json",
             docs[i], "--rev", shas[i]], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True))
    for i in range(3):   # the same commit three more times, at the same time
        procs.append(subprocess.Popen(
            ["/usr/bin/python3", BLOATWATCH, "--db", url, "-C", repo.path, "record", "--json",
             docs[0], "--rev", shas[0]], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True))
    for p in procs:
        out, err = p.communicate(timeout=180)
        assert p.returncode == 0, err
    assert q(url, "SELECT count(*) FROM commits") == [(8,)]
    for i, sha in enumerate(shas):
        m = small_matrix(i)
        assert q(url, "SELECT count(*), sum(total) FROM v_footprint WHERE sha = %s", (sha,)) == \
            [(len(m), sum(f["dec"] for f in m))]
    # content addressing held: no duplicate analysis, slice or name
    assert q(url, "SELECT count(*) - count(DISTINCT digest) FROM analyses") == [(0,)]
    assert q(url, "SELECT count(*) - count(DISTINCT name) FROM names") == [(0,)]
    assert q(url, "SELECT count(*) - count(DISTINCT digest) FROM slices") == [(0,)]
    assert q(url, "SELECT count(*) FROM commit_slices") == [(8 * 4,)]   # 4 object names each


def load_dump(url, fixture):
    """Load a fixture (SQLite dump of an older version) into PostgreSQL, translated."""
    d = dialect.PostgreSQL(url)
    with open(os.path.join(HERE, "fixtures", fixture)) as f:
        script = f.read()
    for stmt in dialect.split_statements(script):
        head = stmt.split(None, 2)[:2]
        if head[0] in ("PRAGMA", "BEGIN", "COMMIT") or head[:2] == ["CREATE", "VIEW"]:
            continue
        if head[0] == "INSERT":
            stmt = re.sub(r"X'([0-9a-fA-F]*)'", r"decode('\1', 'hex')", stmt)
        else:
            stmt = d.ddl(stmt)
        d.cur.execute(stmt)
    # identity columns must continue after the explicit ids the dump inserted
    for table in ("names", "commits", "coords", "config_sets", "setups", "analyses", "layouts",
                  "slices"):
        d.cur.execute("SELECT to_regclass(%s)", (table,))
        if d.cur.fetchone()[0] is None:
            continue    # slices: since version 3
        d.cur.execute("SELECT setval(pg_get_serial_sequence('%s', 'id'), "
                      "(SELECT coalesce(max(id), 1) FROM %s))" % (table, table))
    d.close()


def test_migration_from_v1_on_postgresql(tmp_path, url):
    """Load the version-1 fixture (SQLite dump, translated) and let bloatwatch upgrade it."""
    load_dump(url, "schema-v1.sql")
    assert q(url, "SELECT version FROM schema_version") == [(1,)]
    r = run_bw("--db", url, "log", check=0)
    assert r.stdout.count("fixture commit") == 3
    assert q(url, "SELECT version FROM schema_version") == [(bwstore.latest_version(),)]
    assert q(url, "SELECT count(*) FROM commit_slices") == [(12,)]
    tables = {r[0] for r in q(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert "builds" not in tables and {"slices", "slice_builds", "commit_slices", "object_cache"} <= tables
    assert len(q(url, "SELECT * FROM v_footprint")) == 36


def test_migration_from_v3_on_postgresql(tmp_path, repo, url):
    """Version 4 adds members.reorg_seq (NULL for old layouts) and empties the object cache;
    re-recording the documents of the fixture fills the orders in, as on SQLite."""
    import test_schema
    load_dump(url, "schema-v3.sql")
    assert q(url, "SELECT version FROM schema_version") == [(3,)]
    assert q(url, "SELECT count(*) FROM object_cache") == [(1,)]
    run_bw("--db", url, "log", check=0)
    assert q(url, "SELECT version FROM schema_version") == [(bwstore.latest_version(),)]
    assert q(url, "SELECT count(*) FROM object_cache") == [(0,)]
    layouts = q(url, "SELECT count(*) FROM layouts")
    assert q(url, "SELECT count(*), count(reorg_seq) FROM v_struct_members")[0][1] == 0
    docs = test_schema.v3_documents()
    sha = repo.commit({"a.c": "int a;\n"}, "after the upgrade")
    r = run_bw("--db", url, "-C", repo.path, "record", "--json",
               write_json(tmp_path / "0.json", docs[0]), "--rev", sha, check=0)
    assert "0 new analyses" in r.stdout and q(url, "SELECT count(*) FROM layouts") == layouts
    got = {}
    for dg, member in q(url, "SELECT l.digest, m.member FROM v_struct_members m JOIN layouts l "
                             "ON l.id = m.layout_id ORDER BY l.digest, m.reorg_seq"):
        got.setdefault(bytes(dg), []).append(member)
    want = {ingest.digest(st): st["reorganized"]["order"]
            for doc in docs for f in doc["files"] for st in f["structs"]}
    assert got == want
    assert q(url, "SELECT count(*) FROM members WHERE reorg_seq IS NULL") == [(0,)]


def test_track_into_postgresql(tmp_path, repo, url, analyzer):
    shas = project.make(repo, [16, 32], broken={1})
    r = run_bw("--db", url, "-C", repo.path, "track", "-j", "2", "%s..HEAD" % shas[0], check=1)
    assert "1 recorded, 1 failed to build" in r.stdout
    assert sorted(q(url, "SELECT status FROM commits")) == [("failed",), ("ok",)]


def test_migration_from_v4_on_postgresql(tmp_path, repo, url):
    """Version 5's generic coordinates on PostgreSQL: the same rows, keys and slices as SQLite."""
    import test_schema
    load_dump(url, "schema-v4.sql")
    assert q(url, "SELECT version FROM schema_version") == [(4,)]
    lite = str(tmp_path / "v4.db")      # the dump leaves the views out: read them on SQLite
    test_schema.load_v1(lite, test_schema.V4)
    before = test_schema.sql(lite, test_schema.V4_FOOTPRINT)
    run_bw("--db", url, "log", check=0)
    assert q(url, "SELECT version FROM schema_version") == [(bwstore.latest_version(),)]

    def record(doc, i):
        sha = repo.commit({"a.c": "%d\n" % i}, "after the upgrade %d" % i)
        return run_bw("--db", url, "-C", repo.path, "record", "--rev", sha, "--json",
                      write_json(tmp_path / ("v4-%d.json" % i), doc), check=0).stdout
    test_schema.check_v4_migrated(q, url, before, record)


def test_migration_from_v5_on_postgresql(tmp_path, repo, url, analyzer):
    """Version 6's frames on PostgreSQL: old analyses keep no stack, the cache starts over, a
    recorded object's frames are gcc's .su figures and the call-graph fields read back."""
    import test_stack
    load_dump(url, "schema-v5.sql")
    assert q(url, "SELECT version FROM schema_version") == [(5,)]
    assert q(url, "SELECT count(*) FROM object_cache") == [(1,)]
    run_bw("--db", url, "log", check=0)
    assert q(url, "SELECT version FROM schema_version") == [(bwstore.latest_version(),)]
    assert q(url, "SELECT count(*), count(frames) FROM analyses") == [(16, 0)]
    assert q(url, "SELECT count(*) FROM object_cache") == [(0,)]
    with open(os.path.join(repo.path, "s.c"), "w") as f:
        f.write(test_stack.V5_SOURCE)
    subprocess.run(["gcc", "-O2", "-fstack-usage", "-c", "s.c", "-o", "s.o"], cwd=repo.path, check=True)
    sha = repo.commit({"b.c": "y\n"}, "after the upgrade")
    run_bw("--db", url, "-C", repo.path, "record", "--rev", sha, "s.o", cwd=repo.path, check=0)
    assert q(url, "SELECT frame, kind FROM v_frames WHERE sha = %s AND raw_name = 'f'", (sha,)) == \
        [test_stack.su_frames(repo.path)[("s.o", "f")]]
    files = small_matrix(0, arches=["x86_64"], compilers=["gcc"])
    files[0] = test_stack.with_stack(files[0])
    sha = repo.commit({"b.c": "z\n"}, "call graph")
    run_bw("--db", url, "-C", repo.path, "record", "--rev", sha, "--json",
           write_json(tmp_path / "cg.json", synth.document(files)), check=0)
    rows = q(url, "SELECT su, worst, unbounded, chain FROM v_frames WHERE sha = %s ORDER BY seq "
                  "LIMIT 2", (sha,))
    st = files[0]["stack"]
    assert rows == [('{"bytes":48,"qualifiers":"static"}', 148, None,
                     '["%s","%s"]' % tuple(st[0]["chain"])), (None, None, st[1]["unbounded"], None)]
