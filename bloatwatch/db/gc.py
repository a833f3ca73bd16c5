# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch gc`: drop what no recorded commit reaches any more (after re-records).

Content-addressed rows are never deleted by a record: a replaced record leaves its slices,
analyses and layouts behind.  This removes them, children first, in one transaction.
"""

STEPS = [
    ("build_frames", "DELETE FROM build_frames WHERE slice_id NOT IN "
                     "(SELECT slice_id FROM commit_slices)"),
    ("slice_builds", "DELETE FROM slice_builds WHERE slice_id NOT IN "
                     "(SELECT slice_id FROM commit_slices)"),
    ("slices", "DELETE FROM slices WHERE id NOT IN (SELECT slice_id FROM commit_slices)"),
    ("object_cache", "DELETE FROM object_cache WHERE analysis_id NOT IN "
                     "(SELECT analysis_id FROM slice_builds)"),
    ("sections", "DELETE FROM sections WHERE analysis_id NOT IN "
                 "(SELECT analysis_id FROM slice_builds)"),
    ("symbols", "DELETE FROM symbols WHERE analysis_id NOT IN "
                "(SELECT analysis_id FROM slice_builds)"),
    ("analysis_layouts", "DELETE FROM analysis_layouts WHERE analysis_id NOT IN "
                         "(SELECT analysis_id FROM slice_builds)"),
    ("analysis_producers", "DELETE FROM analysis_producers WHERE analysis_id NOT IN "
                           "(SELECT analysis_id FROM slice_builds)"),
    ("analysis_folders", "DELETE FROM analysis_folders WHERE analysis_id NOT IN "
                         "(SELECT analysis_id FROM slice_builds)"),
    ("frames", "DELETE FROM frames WHERE analysis_id NOT IN (SELECT analysis_id FROM slice_builds)"),
    ("analyses", "DELETE FROM analyses WHERE id NOT IN (SELECT analysis_id FROM slice_builds)"),
    ("members", "DELETE FROM members WHERE layout_id NOT IN "
                "(SELECT layout_id FROM analysis_layouts)"),
    ("layouts", "DELETE FROM layouts WHERE id NOT IN (SELECT layout_id FROM analysis_layouts)"),
    ("demangled", "DELETE FROM demangled WHERE name_id NOT IN (SELECT name_id FROM symbols) "
                  "AND name_id NOT IN (SELECT norm_id FROM symbols)"),
    ("setups", "DELETE FROM setups WHERE id NOT IN (SELECT setup_id FROM slice_builds)"),
    ("config_values", "DELETE FROM config_values WHERE config_id NOT IN "
                      "(SELECT config_id FROM setups WHERE config_id IS NOT NULL)"),
    ("config_sets", "DELETE FROM config_sets WHERE id NOT IN "
                    "(SELECT config_id FROM setups WHERE config_id IS NOT NULL)"),
]


def collect(store):
    """Delete unreachable rows; {table: rows deleted}."""
    def run():
        counts = {}
        for table, sql in STEPS:
            cur = store.d.execute(sql)
            counts[table] = cur.rowcount
        return counts
    return store.write(run)
