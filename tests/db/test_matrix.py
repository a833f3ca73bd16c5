# SPDX-License-Identifier: GPL-2.0
"""Record the real built matrix (make objects) with this repository's bloatwatch.toml.

The objects and their coordinates come from build/matrix.json when make wrote it (contract 1),
else from the matrix folders; either way every figure must equal a separate analyzer run."""
import json
import subprocess

from conftest import ANALYZER, ROOT, run_bw, sql


def expected_coordinate(found, build):
    """(arch, compiler, label, variant, object) of a matrix object, from what the build wrote:
    the manifest's coordinate (its keys the variant), else the folder
    build/<arch>/<compiler>/<scenario>/<object> and the build record's variant."""
    if found.analysis:
        return (found.coord["arch"], found.coord["compiler"], found.coord["config"],
                found.coord["keys"]["variant"], found.coord["object"])
    _, arch, cc, label, obj = found.path.split("/")
    return (arch, cc, label, build["variant"], obj)


def test_record_real_matrix(matrix_recorded):
    db, found, stdout = matrix_recorded    # recorded once, test_bloat_o_meter's pairs read it too
    objects = [f.path for f in found]
    assert "%d objects" % len(objects) in stdout
    doc = json.loads(subprocess.run([ANALYZER, "all", "--json"] + objects, cwd=ROOT,
                                    stdout=subprocess.PIPE, check=True).stdout)
    # One entry per object found, in order: after a CONFIG sweep (make report) the same file can
    # be found twice, as a matrix coordinate and as a point of the sweep: two coordinates in the db.
    assert [f["file"] for f in doc["files"]] == objects
    want, want_orders = {}, {}
    for found_one, f in zip(found, doc["files"]):
        key = expected_coordinate(found_one, f["build"])
        want[key] = (f["text"], f["data"], f["bss"], f["dec"], f["file"], len(f["symbols"]),
                     len({json.dumps(s, sort_keys=True) for s in f["structs"]}))   # identical layouts: one row
        want_orders[key] = {(s["name"], s["size"], tuple(s["reorganized"]["order"])) for s in f["structs"]}
    variant = {cid: v for cid, v in sql(db, "SELECT coord_id, value FROM v_coord_keys WHERE key = 'variant'")}
    # symbols and layouts per analysis, counted in one query each (not one per object)
    n_sym = dict(sql(db, "SELECT analysis_id, count(*) FROM symbols GROUP BY analysis_id"))
    n_str = dict(sql(db, "SELECT analysis_id, count(*) FROM analysis_layouts GROUP BY analysis_id"))
    got = {}
    for row in sql(db, "SELECT arch, compiler, label, coord_id, object, text, data, bss, total, "
                       "path, analysis_id FROM v_footprint"):
        counts = (n_sym.get(row[10], 0), n_str.get(row[10], 0))
        got[row[:3] + (variant[row[3]], row[4])] = tuple(row[5:10]) + counts
    assert got == want
    # Every layout keeps the analyzer's reorganized order (pahole's --reorganize), member by
    # member; some real structs (with holes) have one that differs from declaration order.
    orders = {}
    for lid, member, pos in sql(db, "SELECT layout_id, member, reorg_seq FROM v_struct_members "
                                    "ORDER BY layout_id, reorg_seq"):
        assert pos is not None
        orders.setdefault(lid, []).append(member)
    got_orders = {}
    for row in sql(db, "SELECT arch, compiler, label, coord_id, object, struct, size, layout_id "
                       "FROM v_structs"):
        got_orders.setdefault(row[:3] + (variant[row[3]], row[4]), set()).add(
            (row[5], row[6], tuple(orders.get(row[7], ()))))
    assert got_orders == want_orders
    assert any(s["holes"] and s["reorganized"]["order"] != [m["name"] for m in s["members"]]
               for f in doc["files"] for s in f["structs"])
    # Every object carries its resolved CONFIG: the manifest's, else its build record's.
    per_object = sql(db, "SELECT count(DISTINCT coord_id) FROM v_config_values")[0][0]
    assert per_object == len(objects)
    configs = {}
    for path, config, value in sql(db, "SELECT o.path, c.config, c.value FROM v_config_values c "
                                       "JOIN v_footprint o ON o.coord_id = c.coord_id "
                                       "AND o.commit_id = c.commit_id"):
        configs.setdefault(path, {})[config] = value
    for f in found:
        if f.config is not None:
            assert configs.get(f.path, {}) == f.config, f.path
    # Re-recording the unchanged matrix reuses everything: no analyzer run needed.
    r = run_bw("--db", db, "-C", ROOT, "record", check=0)
    assert "0 new analyses" in r.stdout
