# SPDX-License-Identifier: GPL-2.0
"""Schema creation, migration from version 1, and refusal of newer or foreign databases."""
import copy
import json
import os
import sqlite3

from conftest import HERE, run_bw, sql, write_json, small_matrix, synth

import pytest

from bloatwatch.db import dialect, ingest
from bloatwatch.db import store as bwstore
from bloatwatch.errors import BwError

V1 = os.path.join(HERE, "fixtures", "schema-v1.sql")
V3 = os.path.join(HERE, "fixtures", "schema-v3.sql")
V4 = os.path.join(HERE, "fixtures", "schema-v4.sql")


def structure(db):
    """Tables with their columns, and indexes with their columns: what must match."""
    con = sqlite3.connect(db)
    out = {}
    for (name, kind) in con.execute("SELECT name, type FROM sqlite_master WHERE type IN "
                                    "('table', 'index', 'view') AND name NOT LIKE 'sqlite_%'"):
        if kind == "table":
            cols = [(r[1], r[2].upper(), r[3], r[5]) for r in con.execute("PRAGMA table_info(%s)" % name)]
        elif kind == "index":
            cols = [r[2] for r in con.execute("PRAGMA index_info(%s)" % name)]
        else:
            cols = [r[1] for r in con.execute("PRAGMA table_info(%s)" % name)]
        out[(kind, name)] = cols
    con.close()
    return out


def load_v1(path, fixture=V1):
    con = sqlite3.connect(path)
    with open(fixture) as f:
        con.executescript(f.read())
    con.close()


def v3_documents():
    """The two analyzer documents schema-v3.sql was recorded from (see its header)."""
    return [synth.document(synth.reorganize(synth.matrix(
        step, arches=["x86_64", "arm"], compilers=["gcc"], nscen=3, nsyms=4, nstructs=3)))
        for step in (0, 1)]


def v4_documents():
    """The two analyzer documents schema-v4.sql was recorded from (see its header)."""
    with open(os.path.join(HERE, "fixtures", "all-hand.json")) as f:
        extra = json.load(f)["files"][1]
    extra.update({"file": "lib32.a", "member": "m.o", "format": "elf32-i386", "class": 32,
                  "machine": "EM_386"})
    docs = []
    for step in (0, 1):
        doc = synth.document(synth.reorganize(synth.matrix(
            step, arches=["x86_64", "arm"], compilers=["gcc"], nscen=3, nsyms=4, nstructs=3)))
        doc["files"].append(copy.deepcopy(extra))
        docs.append(doc)
    return docs


V4_FOOTPRINT = "SELECT sha, arch, compiler, object, text, data, bss, total, path FROM v_footprint " \
    "ORDER BY 1, 2, 3, 4"


def check_v4_migrated(q, db, before, record):
    """What version 5 made of the v4 fixture: the same rows with arch names normalized, a
    generic coordinate (scenario -> label, variant -> an extra key), and slices whose digests
    are those ingest computes: recording the fixture's documents again adds no slice."""
    assert ("386" in {r[1] for r in before}) and "386" not in {r[1] for r in q(db, V4_FOOTPRINT)}
    assert sorted(q(db, V4_FOOTPRINT)) == sorted(
        (r[0], "i386") + tuple(r[2:]) if r[1] == "386" else tuple(r) for r in before)
    assert [r[0] for r in q(db, "SELECT DISTINCT label FROM v_coords ORDER BY 1")] == \
        ["-", "CLASSIC01", "TINY01", "TREE01"]
    keys = q(db, "SELECT DISTINCT k.object, ck.value FROM v_coord_keys ck JOIN v_coords k "
                 "ON k.coord_id = ck.coord_id WHERE ck.key = 'variant' ORDER BY 1, 2")
    assert [tuple(r) for r in keys] == [("rcuclassic.o", "classic"), ("rcupdate.o", "common"),
                                        ("rcutiny.o", "tiny"), ("rcutree.o", "tree")]
    assert q(db, "SELECT count(*) FROM v_coord_keys")[0][0] == 12    # all but lib32.a(m.o)
    counts = "SELECT (SELECT count(*) FROM slices), (SELECT count(*) FROM coords), " \
        "(SELECT count(*) FROM analyses), (SELECT count(*) FROM setups)"
    was = q(db, counts)
    for i, doc in enumerate(v4_documents()):
        assert "0 new analyses" in record(doc, i)
    assert q(db, counts) == was


def test_migration_from_v4_makes_coordinates_generic(tmp_path, repo):
    old = str(tmp_path / "v4.db")
    load_v1(old, V4)
    assert sql(old, "PRAGMA user_version") == [(4,)]
    before = sql(old, V4_FOOTPRINT)
    run_bw("--db", old, "log", check=0)        # opening upgrades
    assert sql(old, "PRAGMA user_version") == [(bwstore.latest_version(),)]
    fresh = str(tmp_path / "fresh.db")
    bwstore.Store(fresh).close()
    assert structure(old) == structure(fresh)
    assert sql(old, "PRAGMA integrity_check") == [("ok",)]

    def record(doc, i):
        sha = repo.commit({"a.c": "%d\n" % i}, "after the upgrade %d" % i)
        return run_bw("--db", old, "-C", repo.path, "record", "--rev", sha, "--json",
                      write_json(tmp_path / ("v4-%d.json" % i), doc), check=0).stdout
    check_v4_migrated(sql, old, before, record)


def stored_orders(db):
    """{layout digest: member names in reorganized order, or None when not recorded}."""
    out = {}
    for dg, member, pos in sql(db, "SELECT l.digest, m.member, m.reorg_seq FROM v_struct_members m "
                                   "JOIN layouts l ON l.id = m.layout_id ORDER BY 1, m.reorg_seq, m.seq"):
        out.setdefault(bytes(dg), []).append((member, pos))
    return {dg: None if any(p is None for _, p in ms) else [m for m, _ in ms]
            for dg, ms in out.items()}


def test_fresh_database_gets_latest_version(tmp_path):
    db = str(tmp_path / "fresh.db")
    s = bwstore.Store(db)
    assert s.version() == bwstore.latest_version() >= 2
    s.close()
    assert sql(db, "PRAGMA user_version") == [(bwstore.latest_version(),)]
    assert sql(db, "SELECT version FROM schema_version") == [(bwstore.latest_version(),)]
    assert sql(db, "PRAGMA journal_mode") == [("wal",)]
    views = {r[0] for r in sql(db, "SELECT name FROM sqlite_master WHERE type = 'view'")}
    assert {"v_commits", "v_footprint", "v_symbols", "v_structs", "v_struct_members",
            "v_config_values", "v_config_usage"} <= views


def test_migration_from_v1_keeps_data_and_matches_fresh_schema(tmp_path, repo):
    old = str(tmp_path / "v1.db")
    load_v1(old)
    assert sql(old, "PRAGMA user_version") == [(1,)]
    before = sql(old, "SELECT sha, status FROM commits ORDER BY sha")
    footprint = sql(old, "SELECT sha, arch, object, total FROM v_footprint ORDER BY 1, 2, 3")
    before_analyses = sql(old, "SELECT count(*) FROM analyses")[0][0]
    assert len(before) == 4 and len(footprint) == 36

    r = run_bw("--db", old, "log", check=0)        # opening upgrades
    assert "fixture broken commit" in r.stdout
    latest = bwstore.latest_version()
    assert sql(old, "PRAGMA user_version") == [(latest,)]
    assert sql(old, "SELECT version FROM schema_version") == [(latest,)]
    assert sql(old, "SELECT sha, status FROM commits ORDER BY sha") == before
    assert sql(old, "SELECT sha, arch, object, total FROM v_footprint ORDER BY 1, 2, 3") == footprint
    assert sql(old, "PRAGMA integrity_check") == [("ok",)]
    slices_after_migration = sql(old, "SELECT count(*) FROM slices")[0][0]
    assert sql(old, "SELECT count(*) FROM commit_slices")[0][0] == 3 * 4   # 3 commits x 4 objects

    fresh = str(tmp_path / "fresh.db")
    bwstore.Store(fresh).close()
    assert structure(old) == structure(fresh)

    # The migrated database takes new records, and history spans old and new.
    repo.commit({"a.c": "int a;\n"}, "after the upgrade")
    doc = write_json(tmp_path / "a.json", synth.document(small_matrix(
        0, arches=["x86_64", "arm"], compilers=["gcc"], nsyms=4, nstructs=2)))
    run_bw("--db", old, "-C", repo.path, "record", "--json", doc, check=0)
    r = run_bw("--db", old, "history", "total", "--object", "rcutree.o", check=0)
    assert r.stdout.count("fixture commit") == 3 and "after the upgrade" in r.stdout
    # The fixture was made from the same synthetic matrix: no new analysis was needed.
    assert sql(old, "SELECT count(*) FROM analyses")[0][0] == before_analyses
    # ... and the slices the migration built have the digests ingest computes: all reused.
    assert sql(old, "SELECT count(*) FROM slices")[0][0] == slices_after_migration


def test_migration_from_v3_leaves_orders_unknown_until_the_layout_is_seen_again(tmp_path, repo):
    old = str(tmp_path / "v3.db")
    load_v1(old, V3)
    assert sql(old, "PRAGMA user_version") == [(3,)]
    footprint = sql(old, "SELECT sha, arch, object, total FROM v_footprint ORDER BY 1, 2, 3")
    struct_cols = ("SELECT sha, arch, compiler, object, struct, kind, size, cachelines, holes, "
                   "hole_bytes, padding, reorg_size, reorg_saving, layout_id FROM v_structs "
                   "ORDER BY sha, arch, object, struct, layout_id")
    structs = sql(old, struct_cols)
    members = sql(old, "SELECT * FROM v_struct_members ORDER BY layout_id, seq")
    counts = sql(old, "SELECT (SELECT count(*) FROM layouts), (SELECT count(*) FROM members), "
                      "(SELECT count(*) FROM analyses), (SELECT count(*) FROM object_cache)")
    assert counts[0][3] == 1 and len(footprint) == 24

    run_bw("--db", old, "log", check=0)        # opening upgrades
    latest = bwstore.latest_version()
    assert latest >= 4
    assert sql(old, "PRAGMA user_version") == [(latest,)]
    assert sql(old, "SELECT version FROM schema_version") == [(latest,)]
    fresh = str(tmp_path / "fresh.db")
    bwstore.Store(fresh).close()
    assert structure(old) == structure(fresh)
    assert sql(old, "PRAGMA integrity_check") == [("ok",)]
    # Nothing recorded changes; the order is unknown (NULL), and the view says so additively.
    assert sql(old, "SELECT sha, arch, object, total FROM v_footprint ORDER BY 1, 2, 3") == footprint
    assert sql(old, struct_cols) == structs
    assert [r[:-1] for r in sql(old, "SELECT * FROM v_struct_members ORDER BY layout_id, seq")] == members
    assert sql(old, "SELECT count(*) FROM members WHERE reorg_seq IS NOT NULL") == [(0,)]
    # Cache hits skip parsing, which is where orders get filled in: the cache starts over.
    assert sql(old, "SELECT count(*) FROM object_cache") == [(0,)]

    # Recording the same analyzer output again adds no analysis and no layout (the digests
    # are those of the v3 records) but fills in the order of every layout it parses.
    docs = v3_documents()
    want = {}
    for doc in docs:
        for f in doc["files"]:
            for st in f["structs"]:
                want[ingest.digest(st)] = st["reorganized"]["order"]
    assert set(want) == set(stored_orders(old))
    assert any(o != sorted(o, key=lambda n: int(n[1:])) for o in want.values())   # real reorders
    sha = repo.commit({"a.c": "int a;\n"}, "after the upgrade")
    r = run_bw("--db", old, "-C", repo.path, "record", "--json",
               write_json(tmp_path / "0.json", docs[0]), "--rev", sha, check=0)
    assert "0 new analyses" in r.stdout
    assert sql(old, "SELECT (SELECT count(*) FROM layouts), (SELECT count(*) FROM members), "
                    "(SELECT count(*) FROM analyses)") == [counts[0][:3]]
    assert stored_orders(old) == want
    # ... exactly what a fresh database stores for the same documents.
    for doc in docs:
        run_bw("--db", fresh, "-C", repo.path, "record", "--json",
               write_json(tmp_path / "d.json", doc), "--rev", sha, check=0)
    assert stored_orders(fresh) == want


def test_newer_database_is_refused_untouched(tmp_path):
    db = str(tmp_path / "new.db")
    bwstore.Store(db).close()
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version = 99")
    con.execute("UPDATE schema_version SET version = 99")
    con.commit()
    con.close()
    before = open(db, "rb").read()
    r = run_bw("--db", db, "log", check=2)
    assert r.stderr.count("\n") == 1
    assert "schema version 99 is newer than this bloatwatch" in r.stderr
    assert r.stderr.startswith("bloatwatch: ")
    assert open(db, "rb").read() == before


def test_foreign_sqlite_database_is_refused(tmp_path):
    db = str(tmp_path / "other.db")
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE customers (id INTEGER)")
    con.commit()
    con.close()
    r = run_bw("--db", db, "log", check=2)
    assert "not a bloatwatch database" in r.stderr and r.stderr.count("\n") == 1
    assert sql(db, "SELECT name FROM sqlite_master") == [("customers",)]


SCRIPT = """-- leading comment; with a semicolon
CREATE TABLE t (a TEXT, n INTEGER DEFAULT 0);  -- trailing comment; also one
INSERT INTO t (a) VALUES ('one; two -- not a comment');
/* block comment; */ INSERT INTO t (a) VALUES ('it''s; quoted');
CREATE TRIGGER bump AFTER INSERT ON t
BEGIN
    UPDATE t SET n = n + 1;
    UPDATE t SET a = a || ';' WHERE rowid = new.rowid;
END;
INSERT INTO t (a) VALUES ('three');
"""


def test_split_statements_knows_literals_comments_and_triggers():
    stmts = dialect.split_statements(SCRIPT)
    assert [s.split(None, 2)[:2] for s in stmts] == [
        ["CREATE", "TABLE"], ["INSERT", "INTO"], ["/*", "block"], ["CREATE", "TRIGGER"],
        ["INSERT", "INTO"]]
    assert stmts[3].endswith("END;") and stmts[3].count(";") == 4
    # each piece is one complete statement that SQLite runs as written
    con = sqlite3.connect(":memory:")
    for s in stmts:
        con.execute(s)
    assert con.execute("SELECT a, n FROM t ORDER BY rowid").fetchall() == [
        ("one; two -- not a comment", 1), ("it's; quoted", 1), ("three;", 1)]


def test_split_statements_refuses_an_unterminated_statement():
    with pytest.raises(BwError, match="ends inside a statement.*INSERT INTO t"):
        dialect.split_statements("CREATE TABLE t (a);\nINSERT INTO t VALUES (1)\n-- end\n")
