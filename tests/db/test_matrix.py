# SPDX-License-Identifier: GPL-2.0
"""Record the real built matrix (make objects) with this repository's bloatwatch.toml."""
import json
import os
import subprocess

from conftest import ANALYZER, ROOT, run_bw, sql

from bloatwatch import project


def test_record_real_matrix(tmp_path, analyzer):
    objects = project.load(None, ROOT).find_objects(ROOT)
    assert objects, "no matrix objects under build/ (make objects)"
    assert all(os.path.exists(os.path.join(ROOT, o + ".cmd")) for o in objects)
    db = str(tmp_path / "matrix.db")
    r = run_bw("--db", db, "-C", ROOT, "record", check=0)
    assert "%d objects" % len(objects) in r.stdout
    doc = json.loads(subprocess.run([ANALYZER, "all", "--json"] + objects, cwd=ROOT,
                                    stdout=subprocess.PIPE, check=True).stdout)
    want = {}
    for f in doc["files"]:
        b = f["build"]
        want[(b["arch"], b["compiler"], b["scenario"], b["variant"], os.path.basename(f["file"]))] = \
            (f["text"], f["data"], f["bss"], f["dec"], f["file"], len(f["symbols"]),
             len({json.dumps(s, sort_keys=True) for s in f["structs"]}))   # identical layouts: one row
    got = {}
    for row in sql(db, "SELECT arch, compiler, scenario, variant, object, text, data, bss, total, "
                       "path, analysis_id FROM v_footprint"):
        n_sym = sql(db, "SELECT count(*) FROM symbols WHERE analysis_id = ?", (row[10],))[0][0]
        n_str = sql(db, "SELECT count(*) FROM analysis_layouts WHERE analysis_id = ?", (row[10],))[0][0]
        got[tuple(row[:5])] = tuple(row[5:10]) + (n_sym, n_str)
    assert got == want
    # Every layout keeps the analyzer's reorganized order (pahole's --reorganize), member by
    # member; some real structs (with holes) have one that differs from declaration order.
    orders = {}
    for lid, member, pos in sql(db, "SELECT layout_id, member, reorg_seq FROM v_struct_members "
                                    "ORDER BY layout_id, reorg_seq"):
        assert pos is not None
        orders.setdefault(lid, []).append(member)
    got_orders = {}
    for row in sql(db, "SELECT arch, compiler, scenario, variant, object, struct, size, layout_id "
                       "FROM v_structs"):
        got_orders.setdefault(tuple(row[:5]), set()).add((row[5], row[6], tuple(orders.get(row[7], ()))))
    want_orders = {}
    for f in doc["files"]:
        b = f["build"]
        want_orders[(b["arch"], b["compiler"], b["scenario"], b["variant"], os.path.basename(f["file"]))] = \
            {(s["name"], s["size"], tuple(s["reorganized"]["order"])) for s in f["structs"]}
    assert got_orders == want_orders
    assert any(s["holes"] and s["reorganized"]["order"] != [m["name"] for m in s["members"]]
               for f in doc["files"] for s in f["structs"])
    # Every object carries its resolved CONFIG from the build record.
    per_object = sql(db, "SELECT count(DISTINCT object || arch || compiler || scenario) "
                         "FROM v_config_values")[0][0]
    assert per_object == len(objects)
    # Re-recording the unchanged matrix reuses everything: no analyzer run needed.
    r = run_bw("--db", db, "-C", ROOT, "record", check=0)
    assert "0 new analyses" in r.stdout
