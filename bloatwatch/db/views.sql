-- db/views.sql: the named views reports read (the only interface they may rely on).
--
-- Installed by bloatwatch whenever they differ from this file (they hold no data, so they
-- are dropped and re-created rather than migrated).  Same text for SQLite and PostgreSQL.
-- Coordinates are names, never ids; sizes are bytes; dates are unix seconds.

-- Recorded commits; `ord` is the history order (commit date, then author date).
CREATE VIEW v_commits AS
SELECT c.id AS commit_id, c.sha, substr(c.sha, 1, 12) AS short, c.dirty, c.parents,
       c.author, c.author_date, c.commit_date, c.subject, c.status, c.error, c.recorded_at,
       ROW_NUMBER() OVER (ORDER BY c.commit_date, c.author_date, c.id) AS ord
FROM commits c;

-- One row per recorded object: its commit, matrix coordinate and build record.
CREATE VIEW v_builds AS
SELECT cs.commit_id, c.sha, c.dirty, c.commit_date, b.coord_id,
       arch.name AS arch, cc.name AS compiler, ccv.name AS compiler_version,
       sc.name AS scenario, va.name AS variant, ob.name AS object, p.name AS path,
       src.name AS source, cmd.name AS cmd, s.config_id, b.setup_id, b.analysis_id
FROM commit_slices cs
JOIN slice_builds b ON b.slice_id = cs.slice_id
JOIN commits c ON c.id = cs.commit_id
JOIN coords k ON k.id = b.coord_id
JOIN names arch ON arch.id = k.arch_id
JOIN names cc ON cc.id = k.compiler_id
JOIN names sc ON sc.id = k.scenario_id
JOIN names va ON va.id = k.variant_id
JOIN names ob ON ob.id = k.object_id
JOIN names p ON p.id = b.path_id
JOIN setups s ON s.id = b.setup_id
JOIN names ccv ON ccv.id = s.compiler_version_id
JOIN names src ON src.id = s.source_id
JOIN names cmd ON cmd.id = s.cmd_id;

-- Footprint per commit/arch/compiler/scenario/variant/object (size(1)'s Berkeley totals).
CREATE VIEW v_footprint AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.commit_date, vb.arch, vb.compiler,
       vb.compiler_version, vb.scenario, vb.variant, vb.object, vb.path, vb.config_id,
       vb.analysis_id, a.text, a.data, a.bss, a.total,
       a.func_bytes, a.data_bytes, a.rodata_bytes, a.bss_bytes, a.other_bytes,
       a.format, a.machine
FROM v_builds vb
JOIN analyses a ON a.id = vb.analysis_id;

-- Section sizes per recorded object.
CREATE VIEW v_sections AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.arch, vb.compiler, vb.scenario, vb.variant,
       vb.object, s.seq, n.name AS section, s.size, s.bucket
FROM v_builds vb
JOIN sections s ON s.analysis_id = vb.analysis_id
JOIN names n ON n.id = s.name_id;

-- Every sized symbol per recorded object (`symbol` is the normalized name).
CREATE VIEW v_symbols AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.arch, vb.compiler, vb.scenario, vb.variant,
       vb.object, nn.name AS symbol, rn.name AS raw_name, y.type, y.size,
       sn.name AS section, y.bind, y.kind
FROM v_builds vb
JOIN symbols y ON y.analysis_id = vb.analysis_id
JOIN names nn ON nn.id = y.norm_id
JOIN names rn ON rn.id = y.name_id
JOIN names sn ON sn.id = y.section_id;

-- Symbol sizes summed by normalized name per object: bloat-o-meter's unit of comparison.
CREATE VIEW v_symbol_sizes AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.arch, vb.compiler, vb.scenario, vb.variant,
       vb.object, nn.name AS symbol, SUM(y.size) AS size, COUNT(*) AS count
FROM v_builds vb
JOIN symbols y ON y.analysis_id = vb.analysis_id
JOIN names nn ON nn.id = y.norm_id
GROUP BY vb.commit_id, vb.sha, vb.dirty, vb.arch, vb.compiler, vb.scenario, vb.variant,
         vb.object, nn.name;

-- Struct layouts per recorded object: size, holes, padding (pahole's figures).
CREATE VIEW v_structs AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.arch, vb.compiler, vb.scenario, vb.variant,
       vb.object, n.name AS struct, l.kind, l.size, l.cachelines, l.holes, l.hole_bytes,
       l.bit_holes, l.bit_hole_bits, l.padding, l.reorg_size, l.reorg_saving,
       l.id AS layout_id
FROM v_builds vb
JOIN analysis_layouts al ON al.analysis_id = vb.analysis_id
JOIN layouts l ON l.id = al.layout_id
JOIN names n ON n.id = l.name_id;

-- Members of each layout, in declaration order (join to v_structs on layout_id).
-- reorg_seq: the member's place in the analyzer's (pahole's) reorganized order, 0 first;
-- NULL for every member of a layout whose order was not recorded (before version 4).
CREATE VIEW v_struct_members AS
SELECT l.id AS layout_id, ln.name AS struct, l.kind, m.seq, mn.name AS member,
       tn.name AS type, m.byte_offset, m.size, m.bit_size, m.bit_offset, m.reorg_seq
FROM layouts l
JOIN names ln ON ln.id = l.name_id
JOIN members m ON m.layout_id = l.id
JOIN names mn ON mn.id = m.name_id
JOIN names tn ON tn.id = m.type_id;

-- CONFIG_ values each recorded object was built with.
CREATE VIEW v_config_values AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.arch, vb.compiler, vb.scenario, vb.variant,
       vb.object, n.name AS config, v.value
FROM v_builds vb
JOIN config_values v ON v.config_id = vb.config_id
JOIN names n ON n.id = v.name_id;

-- CONFIG_ symbols each source file mentions at a commit.
CREATE VIEW v_config_usage AS
SELECT u.commit_id, c.sha, c.dirty, s.name AS source, n.name AS config
FROM config_uses u
JOIN commits c ON c.id = u.commit_id
JOIN names s ON s.id = u.source_id
JOIN names n ON n.id = u.name_id;
