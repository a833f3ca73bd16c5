# SPDX-License-Identifier: GPL-2.0
"""db/migrate/0003-slices.py: version 3 stores a commit as slices (one per object name).

Version 2 kept one `builds` row per commit and object: 8.4 million rows for 10,000 commits
of an 840-object matrix, though most objects do not change from one commit to the next.
Each (commit, object name) group of builds becomes a content-addressed slice, shared by
every commit whose group is identical; the digest is the one ingest computes, so new
records reuse migrated slices.
"""

DDL = """
CREATE TABLE slices (
	id INTEGER PRIMARY KEY,
	digest BLOB NOT NULL UNIQUE,
	object_id BIGINT NOT NULL REFERENCES names (id),
	builds BIGINT NOT NULL
);
CREATE TABLE slice_builds (
	slice_id BIGINT NOT NULL REFERENCES slices (id),
	coord_id BIGINT NOT NULL REFERENCES coords (id),
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	setup_id BIGINT NOT NULL REFERENCES setups (id),
	path_id BIGINT NOT NULL REFERENCES names (id),
	PRIMARY KEY (slice_id, coord_id)
) WITHOUT ROWID;
CREATE INDEX slice_builds_history ON slice_builds (coord_id, slice_id, analysis_id);
CREATE INDEX slice_builds_analysis ON slice_builds (analysis_id);
CREATE TABLE commit_slices (
	commit_id BIGINT NOT NULL REFERENCES commits (id),
	slice_id BIGINT NOT NULL REFERENCES slices (id),
	PRIMARY KEY (commit_id, slice_id)
) WITHOUT ROWID;
CREATE INDEX commit_slices_slice ON commit_slices (slice_id, commit_id);
"""


def migrate(store, run_script):
    from bloatwatch.db.ingest import slice_digest
    # Views read `builds`; they are re-created from views.sql after the last step.
    for view in sorted(store.d.views()):
        store.d.drop_view(view)
    run_script(DDL)
    rows = store.query(
        "SELECT b.commit_id, k.object_id, b.coord_id, b.analysis_id, b.setup_id, b.path_id, "
        "a.name, c.name, s.name, v.name, o.name, an.digest, st.digest, p.name "
        "FROM builds b JOIN coords k ON k.id = b.coord_id "
        "JOIN names a ON a.id = k.arch_id JOIN names c ON c.id = k.compiler_id "
        "JOIN names s ON s.id = k.scenario_id JOIN names v ON v.id = k.variant_id "
        "JOIN names o ON o.id = k.object_id JOIN analyses an ON an.id = b.analysis_id "
        "JOIN setups st ON st.id = b.setup_id JOIN names p ON p.id = b.path_id")
    groups = {}
    for r in rows:
        groups.setdefault((r[0], r[1]), []).append(r)
    slice_ids = {}
    links = []
    for (commit_id, object_id), members in sorted(groups.items()):
        dg = slice_digest([(tuple(m[6:11]), bytes(m[11]), bytes(m[12]), m[13]) for m in members])
        if dg not in slice_ids:
            sid = store.d.execute("INSERT INTO slices (digest, object_id, builds) VALUES (?, ?, ?) "
                                  "RETURNING id", (store.d.blob(dg), object_id, len(members))).fetchone()[0]
            slice_ids[dg] = sid
            store.d.insert_many(
                "INSERT INTO slice_builds (slice_id, coord_id, analysis_id, setup_id, path_id) "
                "VALUES (?, ?, ?, ?, ?)", [(sid, m[2], m[3], m[4], m[5]) for m in members])
        links.append((commit_id, slice_ids[dg]))
    store.d.insert_many("INSERT INTO commit_slices (commit_id, slice_id) VALUES (?, ?)", links)
    store.d.execute("DROP TABLE builds")
