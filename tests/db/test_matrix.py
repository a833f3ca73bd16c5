# SPDX-License-Identifier: GPL-2.0
"""Record the real built matrix (make objects) with this repository's bloatwatch.toml."""
import json
import os
import subprocess

from conftest import ANALYZER, ROOT, run_bw, sql

from bwdb import project


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
    # Every object carries its resolved CONFIG from the build record.
    per_object = sql(db, "SELECT count(DISTINCT object || arch || compiler || scenario) "
                         "FROM v_config_values")[0][0]
    assert per_object == len(objects)
    # Re-recording the unchanged matrix reuses everything: no analyzer run needed.
    r = run_bw("--db", db, "-C", ROOT, "record", check=0)
    assert "0 new analyses" in r.stdout
