-- bloatwatch/db/views.sql: the named views every read goes through (db/query.py runs them).
--
-- Installed by bloatwatch whenever they differ from this file (they hold no data, so they
-- are dropped and re-created rather than migrated).  Same text for SQLite and PostgreSQL.
-- Coordinates are names, never ids; sizes are bytes; dates are unix seconds.  A build
-- coordinate is arch, compiler and config `label` plus extra keys (v_coord_keys); `keys`
-- holds them as one canonical JSON object ('' when there are none).

-- Recorded commits; `ord` is the history order (commit date, then author date). `kind` is
-- commit or release (an unpacked tarball recorded under a label: sha and short are the label).
-- runner and host: the fleet's runner that built it (of several declared builds, the first
-- build's job).
CREATE VIEW v_commits AS
SELECT c.id AS commit_id, c.sha,
       CASE WHEN c.kind = 'release' THEN c.sha ELSE substr(c.sha, 1, 12) END AS short,
       c.kind, c.dirty, c.parents,
       c.author, c.author_date, c.commit_date, c.subject, c.status, c.error, c.recorded_at,
       ROW_NUMBER() OVER (ORDER BY c.commit_date, c.author_date, c.id) AS ord,
       COALESCE(j.runner, '') AS runner, COALESCE(j.host, '') AS host
FROM commits c
LEFT JOIN jobs j ON j.id = (SELECT min(f.id) FROM jobs f WHERE f.sha = c.sha AND c.dirty = 0
                            AND f.state IN ('done', 'failed'));

-- One row per recorded object: its commit, coordinate and build record.
CREATE VIEW v_builds AS
SELECT cs.commit_id, c.sha, c.dirty, c.commit_date, b.coord_id, b.slice_id,
       arch.name AS arch, cc.name AS compiler, ccv.name AS compiler_version,
       lb.name AS label, ks.name AS keys, ob.name AS object, p.name AS path,
       src.name AS source, cmd.name AS cmd, s.config_id, b.setup_id, b.analysis_id
FROM commit_slices cs
JOIN slice_builds b ON b.slice_id = cs.slice_id
JOIN commits c ON c.id = cs.commit_id
JOIN coords k ON k.id = b.coord_id
JOIN names arch ON arch.id = k.arch_id
JOIN names cc ON cc.id = k.compiler_id
JOIN names lb ON lb.id = k.label_id
JOIN names ks ON ks.id = k.keys_id
JOIN names ob ON ob.id = k.object_id
JOIN names p ON p.id = b.path_id
JOIN setups s ON s.id = b.setup_id
JOIN names ccv ON ccv.id = s.compiler_version_id
JOIN names src ON src.id = s.source_id
JOIN names cmd ON cmd.id = s.cmd_id;

-- Footprint per commit and coordinate (size(1)'s Berkeley totals).
CREATE VIEW v_footprint AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.commit_date, vb.coord_id, vb.arch, vb.compiler,
       vb.compiler_version, vb.label, vb.keys, vb.object, vb.path, vb.config_id,
       vb.analysis_id, a.text, a.data, a.bss, a.total,
       a.func_bytes, a.data_bytes, a.rodata_bytes, a.bss_bytes, a.other_bytes,
       a.format, a.machine
FROM v_builds vb
JOIN analyses a ON a.id = vb.analysis_id;

-- Section sizes per recorded object.
CREATE VIEW v_sections AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.coord_id, vb.arch, vb.compiler, vb.label, vb.keys,
       vb.object, s.seq, n.name AS section, s.size, s.bucket
FROM v_builds vb
JOIN sections s ON s.analysis_id = vb.analysis_id
JOIN names n ON n.id = s.name_id;

-- Every sized symbol per recorded object (`symbol` is the normalized name; `demangled` the raw
-- name as nm -C spells it, NULL when it is not mangled).
CREATE VIEW v_symbols AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.coord_id, vb.arch, vb.compiler, vb.label, vb.keys,
       vb.object, nn.name AS symbol, rn.name AS raw_name, y.type, y.size,
       sn.name AS section, y.bind, y.kind, dn.name AS demangled
FROM v_builds vb
JOIN symbols y ON y.analysis_id = vb.analysis_id
JOIN names nn ON nn.id = y.norm_id
JOIN names rn ON rn.id = y.name_id
JOIN names sn ON sn.id = y.section_id
LEFT JOIN demangled d ON d.name_id = y.name_id
LEFT JOIN names dn ON dn.id = d.demangled_id;

-- Struct layouts per recorded object: size, holes, padding (pahole's figures) and where each
-- is declared (decl_file NULL: not known).
CREATE VIEW v_structs AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.coord_id, vb.arch, vb.compiler, vb.label, vb.keys,
       vb.object, n.name AS struct, l.kind, l.size, l.cachelines, l.holes, l.hole_bytes,
       l.bit_holes, l.bit_hole_bits, l.padding, l.reorg_size, l.reorg_saving,
       l.id AS layout_id, df.name AS decl_file, l.decl_line
FROM v_builds vb
JOIN analysis_layouts al ON al.analysis_id = vb.analysis_id
JOIN layouts l ON l.id = al.layout_id
JOIN names n ON n.id = l.name_id
LEFT JOIN names df ON df.id = l.decl_file_id;

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
SELECT vb.commit_id, vb.sha, vb.dirty, vb.coord_id, vb.arch, vb.compiler, vb.label, vb.keys,
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

-- Coordinates: the build coordinate and object of every recorded series.
CREATE VIEW v_coords AS
SELECT k.id AS coord_id, a.name AS arch, c.name AS compiler, l.name AS label, ks.name AS keys,
       o.name AS object
FROM coords k
JOIN names a ON a.id = k.arch_id
JOIN names c ON c.id = k.compiler_id
JOIN names l ON l.id = k.label_id
JOIN names ks ON ks.id = k.keys_id
JOIN names o ON o.id = k.object_id;

-- The files a coordinate was recorded from (`--object PATH` names a coordinate by its file).
CREATE VIEW v_coord_paths AS
SELECT DISTINCT b.coord_id, p.name AS path
FROM slice_builds b
JOIN names p ON p.id = b.path_id;

-- The extra keys of each coordinate, one row per key.
CREATE VIEW v_coord_keys AS
SELECT ck.coord_id, kn.name AS key, vn.name AS value
FROM coord_keys ck
JOIN names kn ON kn.id = ck.key_id
JOIN names vn ON vn.id = ck.value_id;

-- Recorded commits without the history order, for readers that sort or cut them themselves
-- (v_commits' `ord` is a pass over every commit).
CREATE VIEW v_commit_rows AS
SELECT c.id AS commit_id, c.sha, c.dirty, c.commit_date, c.author_date, c.subject, c.status,
       c.error, c.kind
FROM commits c;

-- The declared builds recorded of each commit (bloatwatch.toml's [[objects]] groups with a
-- build of their own), each with its status; a commit is failed when one of them is.
CREATE VIEW v_commit_builds AS
SELECT b.commit_id, c.sha, c.dirty, b.build, b.status, b.error
FROM commit_builds b
JOIN commits c ON c.id = b.commit_id;

-- The slices a commit is made of (one per object name).
CREATE VIEW v_commit_slices AS
SELECT cs.commit_id, cs.slice_id
FROM commit_slices cs;

-- Each slice: the object name it holds the builds of, and how many builds.
CREATE VIEW v_slices AS
SELECT s.id AS slice_id, o.name AS object, s.builds
FROM slices s
JOIN names o ON o.id = s.object_id;

-- The builds of each slice: coordinate, analysis, setup: the index walk of every history.
CREATE VIEW v_slice_builds AS
SELECT b.slice_id, b.coord_id, b.analysis_id, b.setup_id
FROM slice_builds b;

-- size(1)'s totals per analysis.
CREATE VIEW v_analysis_sizes AS
SELECT a.id AS analysis_id, a.text, a.data, a.bss, a.total
FROM analyses a;

-- Sections per analysis, in the analyzer's order; bucket `other` is what is not loaded
-- (debug info, comments, relocations).
CREATE VIEW v_analysis_sections AS
SELECT s.analysis_id, s.seq, n.name AS section, s.size, s.bucket
FROM sections s
JOIN names n ON n.id = s.name_id;

-- Sized symbols per analysis, in the analyzer's order (`symbol` is the normalized name,
-- `demangled` as in v_symbols).
CREATE VIEW v_analysis_symbols AS
SELECT y.analysis_id, y.seq, nn.name AS symbol, rn.name AS raw_name, y.type, y.size,
       dn.name AS demangled
FROM symbols y
JOIN names nn ON nn.id = y.norm_id
JOIN names rn ON rn.id = y.name_id
LEFT JOIN demangled d ON d.name_id = y.name_id
LEFT JOIN names dn ON dn.id = d.demangled_id;

-- A linked image by source folder (since version 13): per folder of its compile units, the
-- units, their code and their static variables by section class (`analysis_folders`).
CREATE VIEW v_analysis_folders AS
SELECT f.analysis_id, f.seq, n.name AS folder, f.units, f.text, f.data, f.rodata, f.bss
FROM analysis_folders f
JOIN names n ON n.id = f.folder_id;

-- Each symbol's source folder in a linked image (NULL: in no compile unit's span, or not
-- recorded), beside its nm figures.
CREATE VIEW v_analysis_symbol_folders AS
SELECT y.analysis_id, y.seq, rn.name AS raw_name, y.type, y.size, sn.name AS section,
       fn.name AS folder
FROM symbols y
JOIN names rn ON rn.id = y.name_id
JOIN names sn ON sn.id = y.section_id
LEFT JOIN names fn ON fn.id = y.folder_id;

-- What an analysis says of its compiler: the .comment strings (one a line, NULL when recorded
-- before version 7) and each distinct DW_AT_producer with its unit count, in first-unit order.
CREATE VIEW v_analysis_producers AS
SELECT a.id AS analysis_id, cm.name AS comment, p.seq, pn.name AS producer, p.units
FROM analyses a
LEFT JOIN names cm ON cm.id = a.comment_id
LEFT JOIN analysis_producers p ON p.analysis_id = a.id
LEFT JOIN names pn ON pn.id = p.producer_id;

-- Stack frames per analysis, in the analyzer's order (`function` is the normalized name;
-- frame NULL: unknown; worst/unbounded/chain NULL: no call graph recorded; chain is a JSON
-- list).  `recorded` is the analysis's frame count, NULL when its stack was not recorded.
CREATE VIEW v_analysis_frames AS
SELECT f.analysis_id, f.seq, nn.name AS function, rn.name AS raw_name, sn.name AS section,
       f.frame, f.kind, f.su, f.worst, f.unbounded, ch.name AS chain
FROM frames f
JOIN names nn ON nn.id = f.norm_id
JOIN names rn ON rn.id = f.function_id
JOIN names sn ON sn.id = f.section_id
LEFT JOIN names ch ON ch.id = f.chain_id;

-- Per analysis: whether its stack was recorded (frames NULL: not), the largest frame, the
-- deepest bounded worst case, the sum of the known frames and how many functions are
-- unknown (no CFI) or unbounded (recursion, indirect calls).
CREATE VIEW v_analysis_stack AS
SELECT a.id AS analysis_id, a.frames, MAX(f.frame) AS max_frame, MAX(f.worst) AS max_worst,
       SUM(f.frame) AS sum_frame,
       SUM(CASE WHEN f.kind = 'unknown' THEN 1 ELSE 0 END) AS unknown,
       SUM(CASE WHEN f.unbounded IS NOT NULL THEN 1 ELSE 0 END) AS unbounded
FROM analyses a
LEFT JOIN frames f ON f.analysis_id = a.id
GROUP BY a.id, a.frames;

-- Every function's frame per build row (slice, coordinate), and its worst case in the build:
-- across all objects of the build coordinate when the build's graph was recorded
-- (stack_objects: how many objects it spanned), else within the object alone (stack_objects
-- NULL: recorded before version 11).  What every reader of a worst case reads.
CREATE VIEW v_build_frames AS
SELECT sb.slice_id, sb.coord_id, f.analysis_id, f.seq, f.function, f.raw_name, f.section,
       f.frame, f.kind, f.su,
       CASE WHEN sb.stack_objects IS NULL THEN f.worst ELSE bf.worst END AS worst,
       CASE WHEN sb.stack_objects IS NULL THEN f.unbounded ELSE bf.unbounded END AS unbounded,
       CASE WHEN sb.stack_objects IS NULL THEN f.chain ELSE bch.name END AS chain,
       sb.stack_objects
FROM slice_builds sb
JOIN v_analysis_frames f ON f.analysis_id = sb.analysis_id
LEFT JOIN build_frames bf ON bf.slice_id = sb.slice_id AND bf.coord_id = sb.coord_id
     AND bf.seq = f.seq
LEFT JOIN names bch ON bch.id = bf.chain_id;

-- Per build row: its analysis, how many objects its build's graph spanned (NULL: only the
-- object's own) and its analysis's frame count (NULL: stack not recorded).
CREATE VIEW v_build_rows AS
SELECT sb.slice_id, sb.coord_id, sb.analysis_id, sb.stack_objects, a.frames
FROM slice_builds sb
JOIN analyses a ON a.id = sb.analysis_id;

-- Per build row: v_analysis_stack's figures with the build's worst cases (frames NULL: the
-- stack was not recorded).
CREATE VIEW v_build_stack AS
SELECT sb.slice_id, sb.coord_id, sb.analysis_id, a.frames, MAX(f.frame) AS max_frame,
       MAX(f.worst) AS max_worst, SUM(f.frame) AS sum_frame,
       SUM(CASE WHEN f.kind = 'unknown' THEN 1 ELSE 0 END) AS unknown,
       SUM(CASE WHEN f.unbounded IS NOT NULL THEN 1 ELSE 0 END) AS unbounded
FROM slice_builds sb
JOIN analyses a ON a.id = sb.analysis_id
LEFT JOIN v_build_frames f ON f.slice_id = sb.slice_id AND f.coord_id = sb.coord_id
GROUP BY sb.slice_id, sb.coord_id, sb.analysis_id, a.frames;

-- v_build_frames per recorded commit and coordinate.
CREATE VIEW v_frames AS
SELECT vb.commit_id, vb.sha, vb.dirty, vb.coord_id, vb.arch, vb.compiler, vb.label, vb.keys,
       vb.object, f.seq, f.function, f.raw_name, f.section, f.frame, f.kind, f.su,
       f.worst, f.unbounded, f.chain, f.stack_objects
FROM v_builds vb
JOIN v_build_frames f ON f.slice_id = vb.slice_id AND f.coord_id = vb.coord_id;

-- Struct layouts per analysis.
CREATE VIEW v_analysis_structs AS
SELECT al.analysis_id, n.name AS struct, l.kind, l.id AS layout_id, l.size, l.cachelines,
       l.holes, l.hole_bytes, l.bit_holes, l.bit_hole_bits, l.padding, l.reorg_size,
       l.reorg_saving, df.name AS decl_file, l.decl_line
FROM analysis_layouts al
JOIN layouts l ON l.id = al.layout_id
JOIN names n ON n.id = l.name_id
LEFT JOIN names df ON df.id = l.decl_file_id;

-- The values of each CONFIG set (v_builds.config_id: what a build record or manifest gave).
CREATE VIEW v_config_sets AS
SELECT v.config_id, n.name AS config, v.value
FROM config_values v
JOIN names n ON n.id = v.name_id;

-- Facts about the database itself (e.g. the digest of the installed views).
CREATE VIEW v_meta AS
SELECT key, value FROM meta;

-- Flips a CONFIG sweep could not build at a commit, and why (Kconfig's refusal).
CREATE VIEW v_refusals AS
SELECT r.commit_id, c.sha, c.dirty, r.arch, r.compiler, r.label, r.option_name, r.why
FROM refusals r
JOIN commits c ON c.id = r.commit_id;
