# SPDX-License-Identifier: GPL-2.0
"""migrate/0005-coord-keys.py: version 5 makes a coordinate generic.

Version 4 keyed a series by (arch, compiler, scenario, variant, object): the RCU matrix's
shape. Version 5 keys it by (arch, compiler, config label, extra keys, object): the scenario
becomes the label, a variant other than '-' becomes the extra key `variant` (coord_keys, one
row per key), and arch names are normalized to one vocabulary (ELF-derived `386` becomes
`i386`). Slice digests are computed again over the new coordinates, the way ingest computes
them, so new records reuse the migrated slices; slices that the renaming makes identical are
merged.
"""

DDL = """
ALTER TABLE coords RENAME COLUMN scenario_id TO label_id;
ALTER TABLE coords RENAME COLUMN variant_id TO keys_id;
CREATE TABLE coord_keys (
	coord_id BIGINT NOT NULL REFERENCES coords (id),
	key_id BIGINT NOT NULL REFERENCES names (id),
	value_id BIGINT NOT NULL REFERENCES names (id),
	PRIMARY KEY (coord_id, key_id)
) WITHOUT ROWID;
"""


def migrate(store, run_script):
    from bloatwatch import arch
    from bloatwatch.db.ingest import NONE, keys_text, slice_digest
    d = store.d
    for view in sorted(d.views()):   # re-created from views.sql after the last step
        d.drop_view(view)
    old = store.query(
        "SELECT k.id, a.name, c.name, s.name, v.name, o.name FROM coords k "
        "JOIN names a ON a.id = k.arch_id JOIN names c ON c.id = k.compiler_id "
        "JOIN names s ON s.id = k.scenario_id JOIN names v ON v.id = k.variant_id "
        "JOIN names o ON o.id = k.object_id ORDER BY k.id")
    run_script(DDL)
    new = {}       # coord id -> new coordinate tuple
    keys = {}      # new tuple -> {key: value}
    for cid, a, c, scen, variant, obj in old:
        extra = {"variant": variant} if variant not in (NONE, "") else {}
        t = (arch.normalize(a) if a != NONE else NONE, c, scen, keys_text(extra), obj)
        new[cid] = t
        keys[t] = extra
    names = store.intern({x for t in keys for x in t} |
                         {x for e in keys.values() for kv in e.items() for x in kv})
    ids = {}       # new tuple -> the (lowest) id it keeps
    for cid in sorted(new):
        ids.setdefault(new[cid], cid)
    for cid, t in sorted(new.items()):
        if ids[t] != cid:   # two spellings of one coordinate: the series become one
            d.execute("UPDATE slice_builds SET coord_id = ? WHERE coord_id = ?", (ids[t], cid))
            d.execute("DELETE FROM coords WHERE id = ?", (cid,))
    for t, cid in sorted(ids.items(), key=lambda x: x[1]):
        d.execute("UPDATE coords SET arch_id = ?, keys_id = ? WHERE id = ?",
                  (names[t[0]], names[t[3]], cid))
    d.insert_many("INSERT INTO coord_keys (coord_id, key_id, value_id) VALUES (?, ?, ?)",
                  [(ids[t], names[k], names[v]) for t in sorted(ids, key=ids.get)
                   for k, v in sorted(keys[t].items())])
    _rehash_slices(store, ids, slice_digest)


def _rehash_slices(store, ids, slice_digest):
    d = store.d
    coord_of = {ids[t]: t for t in ids}
    members = {}
    for sid, coord_id, ad, sd, path in store.query(
            "SELECT b.slice_id, b.coord_id, a.digest, s.digest, p.name FROM slice_builds b "
            "JOIN analyses a ON a.id = b.analysis_id JOIN setups s ON s.id = b.setup_id "
            "JOIN names p ON p.id = b.path_id"):
        members.setdefault(sid, []).append((coord_of[coord_id], bytes(ad), bytes(sd), path))
    keep = {}      # new digest -> slice id
    for sid in sorted(members):
        dg = slice_digest(members[sid])
        if dg not in keep:
            keep[dg] = sid
            d.execute("UPDATE slices SET digest = ? WHERE id = ?", (d.blob(b"\0" + dg), sid))
            continue
        # Identical once renamed: the commits of this slice use the one kept.
        into = keep[dg]
        d.execute("DELETE FROM commit_slices WHERE slice_id = ? AND commit_id IN "
                  "(SELECT commit_id FROM commit_slices WHERE slice_id = ?)", (sid, into))
        d.execute("UPDATE commit_slices SET slice_id = ? WHERE slice_id = ?", (into, sid))
        d.execute("DELETE FROM slice_builds WHERE slice_id = ?", (sid,))
        d.execute("DELETE FROM slices WHERE id = ?", (sid,))
    # Two passes: the temporary prefix keeps the UNIQUE digests apart while they change.
    for dg, sid in keep.items():
        d.execute("UPDATE slices SET digest = ? WHERE id = ?", (d.blob(dg), sid))
