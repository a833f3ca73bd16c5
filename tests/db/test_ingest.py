# SPDX-License-Identifier: GPL-2.0
"""Ingest of analyzer JSON: rows, content addressing, idempotent re-record, dirty trees, views."""
import copy
import json
import os

from conftest import HERE, run_bw, sql, write_json, small_matrix, synth

HAND = os.path.join(HERE, "fixtures", "all-hand.json")


def test_hand_written_document_is_stored_field_by_field(tmp_path, repo):
    head = repo.commit({"x.c": "int x;\n"}, "one")
    db = str(tmp_path / "h.db")
    run_bw("--db", db, "-C", repo.path, "record", "--json", HAND, check=0)
    doc = json.load(open(HAND))
    f = doc["files"][0]
    rows = sql(db, "SELECT sha, dirty, arch, compiler, compiler_version, label, keys, object, "
                   "text, data, bss, total, coord_id FROM v_footprint ORDER BY object DESC")
    assert rows[0][:12] == (head, 0, "i386", "gcc", f["build"]["compiler_version"], "TINY02",
                            '{"variant":"tiny"}', "rcutiny.o", f["text"], f["data"], f["bss"], f["dec"])
    assert sql(db, "SELECT key, value FROM v_coord_keys WHERE coord_id = ?", (rows[0][12],)) == \
        [("variant", "tiny")]
    # Without a build record: keyed by its path, arch from the ELF header, nothing else known.
    assert rows[1][2:8] == ("x86_64", "-", "", "-", "", "lib.a(member.o)")
    syms = sql(db, "SELECT symbol, raw_name, type, size, section, bind, kind FROM v_symbols "
                   "WHERE object = 'rcutiny.o' ORDER BY size DESC, raw_name")
    assert syms == [(s["norm"], s["name"], s["type"], s["size"], s["section"], s["bind"], s["kind"])
                    for s in f["symbols"]]
    st = sql(db, "SELECT struct, kind, size, cachelines, holes, hole_bytes, padding, reorg_size "
                 "FROM v_structs WHERE object = 'rcutiny.o'")
    s0 = f["structs"][0]
    assert st == [(s0["name"], s0["kind"], s0["size"], s0["cachelines"], s0["holes"],
                   s0["hole_bytes"], s0["padding"], s0["reorganized"]["size"])]
    mem = sql(db, "SELECT member, type, byte_offset, size FROM v_struct_members ORDER BY seq")
    assert mem == [(m["name"], m["type"], m["offset"], m["size"]) for m in s0["members"]]
    cfg = dict(sql(db, "SELECT config, value FROM v_config_values WHERE object = 'rcutiny.o'"))
    assert cfg == f["build"]["config"]
    secs = sql(db, "SELECT section, size, bucket FROM v_sections WHERE object = 'rcutiny.o' ORDER BY seq")
    assert secs == [(s["name"], s["size"], s["class"]) for s in f["sections"]]


def test_record_matrix_and_content_addressing(tmp_path, repo):
    db = str(tmp_path / "m.db")
    a = repo.commit({"a.c": "1\n"}, "first")
    b = repo.commit({"a.c": "2\n"}, "second")
    m0, m1 = small_matrix(0), small_matrix(1)
    j0 = write_json(tmp_path / "0.json", synth.document(m0))
    j1 = write_json(tmp_path / "1.json", synth.document(m1))
    run_bw("--db", db, "-C", repo.path, "record", "--json", j0, "--rev", a, check=0)
    n_analyses = sql(db, "SELECT count(*) FROM analyses")[0][0]
    n_layouts = sql(db, "SELECT count(*) FROM layouts")[0][0]
    assert sql(db, "SELECT count(*) FROM v_builds")[0][0] == len(m0)
    assert n_analyses == len(m0)   # every synthetic object differs
    assert n_layouts < sum(len(f["structs"]) for f in m0)   # shared layouts stored once
    r = run_bw("--db", db, "-C", repo.path, "record", "--json", j1, "--rev", b, check=0)
    changed = sum(1 for x, y in zip(m0, m1) if x["symbols"] != y["symbols"])
    assert "%d new analyses" % changed in r.stdout
    assert sql(db, "SELECT count(*) FROM analyses")[0][0] == n_analyses + changed
    # Totals per commit match the JSON exactly.
    for sha, m in ((a, m0), (b, m1)):
        assert sql(db, "SELECT sum(total) FROM v_footprint WHERE sha = ?", (sha,))[0][0] == \
            sum(f["dec"] for f in m)


def test_rerecord_replaces_never_duplicates(tmp_path, repo):
    db = str(tmp_path / "r.db")
    repo.commit({"a.c": "1\n"}, "only")
    j0 = write_json(tmp_path / "0.json", synth.document(small_matrix(0)))
    j1 = write_json(tmp_path / "1.json", synth.document(small_matrix(3)[:5]))
    for _ in range(2):
        run_bw("--db", db, "-C", repo.path, "record", "--json", j0, check=0)
    assert sql(db, "SELECT count(*) FROM commits") == [(1,)]
    assert sql(db, "SELECT count(*) FROM v_builds") == [(len(small_matrix(0)),)]
    run_bw("--db", db, "-C", repo.path, "record", "--json", j1, check=0)
    assert sql(db, "SELECT count(*) FROM commits") == [(1,)]
    assert sql(db, "SELECT count(*) FROM v_builds") == [(5,)]
    assert sql(db, "SELECT sum(total) FROM v_footprint")[0][0] == sum(f["dec"] for f in small_matrix(3)[:5])


def test_dirty_tree_is_recorded_as_dirty(tmp_path, repo):
    db = str(tmp_path / "d.db")
    head = repo.commit({"a.c": "1\n"}, "base")
    j0 = write_json(tmp_path / "0.json", synth.document(small_matrix(0)))
    run_bw("--db", db, "-C", repo.path, "record", "--json", j0, check=0)
    with open(os.path.join(repo.path, "a.c"), "w") as f:
        f.write("changed\n")
    with open(os.path.join(repo.path, "untracked.txt"), "w") as f:
        f.write("untracked files do not make a tree dirty\n")
    r = run_bw("--db", db, "-C", repo.path, "record", "--json", j0, check=0)
    assert "%s-dirty" % head[:12] in r.stdout
    assert sql(db, "SELECT sha, dirty FROM commits ORDER BY dirty") == [(head, 0), (head, 1)]
    log = run_bw("--db", db, "log", check=0).stdout
    assert head[:12] + "-dirty" in log
    # The clean record is untouched; each is addressable.
    run_bw("--db", db, "-C", repo.path, "diff", head, head + "-dirty", check=0)


def test_config_usage_is_recorded(tmp_path, repo):
    db = str(tmp_path / "c.db")
    repo.commit({"a.c": "1\n"}, "base")
    j0 = write_json(tmp_path / "0.json", synth.document(small_matrix(0)))
    jc = write_json(tmp_path / "c.json", synth.configs_document(
        [("tree/tree.c", "CONFIG_SMP"), ("tree/tree.c", "CONFIG_RCU_FANOUT"),
         ("tinyrcu/tiny.c", "CONFIG_NO_HZ")]))
    run_bw("--db", db, "-C", repo.path, "record", "--json", j0, "--configs-json", jc, check=0)
    assert sql(db, "SELECT source, config FROM v_config_usage ORDER BY 1, 2") == [
        ("tinyrcu/tiny.c", "CONFIG_NO_HZ"), ("tree/tree.c", "CONFIG_RCU_FANOUT"),
        ("tree/tree.c", "CONFIG_SMP")]


def test_database_location_defaults(tmp_path, repo):
    """--db, else BLOATWATCH_DB, else bloatwatch.db at the repository root."""
    repo.commit({"a.c": "1\n"}, "base")
    j = write_json(tmp_path / "0.json", synth.document(small_matrix(0)))
    sub = os.path.join(repo.path, "sub")
    os.makedirs(sub)
    run_bw("record", "--json", j, cwd=sub, check=0)
    assert os.path.exists(os.path.join(repo.path, "bloatwatch.db"))
    env_db = str(tmp_path / "env.db")
    run_bw("record", "--json", j, cwd=sub, env={"BLOATWATCH_DB": env_db}, check=0)
    assert sql(env_db, "SELECT count(*) FROM commits") == [(1,)]
    explicit = str(tmp_path / "explicit.db")
    run_bw("record", "--json", j, "--db", explicit, cwd=sub, env={"BLOATWATCH_DB": env_db}, check=0)
    assert os.path.exists(explicit)


def test_gc_after_rerecord_leaves_what_a_fresh_record_would(tmp_path, repo):
    repo.commit({"a.c": "1\n"}, "only")
    j0 = write_json(tmp_path / "0.json", synth.document(small_matrix(0)))
    j1 = write_json(tmp_path / "1.json", synth.document(small_matrix(5, struct_extra=2)))
    db, fresh = str(tmp_path / "gc.db"), str(tmp_path / "fresh.db")
    run_bw("--db", db, "-C", repo.path, "record", "--json", j0, check=0)
    run_bw("--db", db, "-C", repo.path, "record", "--json", j1, check=0)   # replaces j0's record
    run_bw("--db", fresh, "-C", repo.path, "record", "--json", j1, check=0)
    tables = ("slices", "slice_builds", "analyses", "symbols", "sections", "layouts", "members",
              "analysis_layouts", "setups", "config_sets", "config_values")
    count = lambda d: [sql(d, "SELECT count(*) FROM %s" % t)[0][0] for t in tables]  # noqa: E731
    assert count(db) != count(fresh)
    before = sql(db, "SELECT * FROM v_footprint ORDER BY object, arch, compiler, label")
    r = run_bw("--db", db, "gc", check=0)
    assert "rows deleted" in r.stdout
    assert count(db) == count(fresh)
    assert sql(db, "SELECT * FROM v_footprint ORDER BY object, arch, compiler, label") == before
    assert sql(db, "PRAGMA integrity_check") == [("ok",)]
    assert "gc: 0 rows deleted" in run_bw("--db", db, "gc", check=0).stdout


def test_reorganized_order_is_stored_per_member(tmp_path, repo):
    """members.reorg_seq gives back the analyzer's `reorganized.order` exactly; repeated
    (anonymous) names map occurrence by occurrence; an entry without an order stores NULL."""
    repo.commit({"a.c": "1\n"}, "base")
    files = synth.reorganize(small_matrix(0, arches=["x86_64"], compilers=["gcc"]))
    anon = copy.deepcopy(files[0]["structs"][0])
    anon["name"] = "with_anonymous"
    anon["members"] = [{"name": n, "type": t, "offset": o, "size": z, "bit_size": 0, "bit_offset": 0}
                       for n, t, o, z in (("a", "char", 0, 1), ("", "union {...}", 4, 4),
                                          ("b", "char", 8, 1), ("", "union {...}", 16, 8))]
    anon["reorganized"] = {"size": 16, "saving": 8, "order": ["", "", "a", "b"]}
    bare = copy.deepcopy(files[0]["structs"][0])
    bare["name"] = "without_order"
    del bare["reorganized"]["order"]
    files[0]["structs"] += [anon, bare]
    db = str(tmp_path / "o.db")
    run_bw("--db", db, "-C", repo.path, "record", "--json",
           write_json(tmp_path / "o.json", synth.document(files)), check=0)
    want = {}
    for f in files:
        for s in f["structs"]:
            order = s["reorganized"].get("order")
            want[s["name"], s["size"]] = tuple(order) if order else None
    got = {}
    for name, size, lid in sql(db, "SELECT DISTINCT struct, size, layout_id FROM v_structs"):
        rows = sql(db, "SELECT member, reorg_seq FROM v_struct_members WHERE layout_id = ? "
                       "ORDER BY reorg_seq, seq", (lid,))
        got[name, size] = None if rows[0][1] is None else tuple(m for m, _ in rows)
        assert got[name, size] is None or [p for _, p in rows] == list(range(len(rows)))
    assert got == want
    assert any(o and list(o) != sorted(o) for o in want.values())
    # The first "" of the order is the first anonymous member (seq 1), the second seq 3.
    assert sql(db, "SELECT seq, reorg_seq FROM v_struct_members WHERE struct = 'with_anonymous' "
                   "ORDER BY seq") == [(0, 2), (1, 0), (2, 3), (3, 1)]
    assert sql(db, "SELECT count(*) FROM v_struct_members WHERE struct = 'without_order' "
                   "AND reorg_seq IS NOT NULL") == [(0,)]
