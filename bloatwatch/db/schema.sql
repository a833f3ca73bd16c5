-- bloatwatch/db/schema.sql: the history database schema (current version), written once for SQLite and PostgreSQL.
--
-- A fresh database is created from this file; an older one is carried forward by
-- migrate/NNNN-*.  The text is SQLite's dialect; dialect.py rewrites the
-- few spellings PostgreSQL needs (INTEGER PRIMARY KEY -> identity column, BLOB -> BYTEA,
-- WITHOUT ROWID dropped).  All integers are BIGINT so PostgreSQL never truncates.
--
-- Layout: a commit is a set of `slices` (one per object name); a slice lists that object's
-- builds across the matrix, each pointing at a content-addressed `analyses` row.
-- Everything bulky (sections, symbols, struct layouts and their members) hangs off the
-- analysis and is stored once however many commits share it; strings are interned in
-- `names`.  History is index walks: coord -> slices (slice_builds_history), slice ->
-- commits (commit_slices_slice).

-- The schema version, portable to PostgreSQL (SQLite also keeps it in PRAGMA user_version).
CREATE TABLE schema_version (
	version BIGINT NOT NULL
);

-- Small key/value facts about the database itself (e.g. the digest of the installed views).
CREATE TABLE meta (
	key TEXT PRIMARY KEY,
	value TEXT NOT NULL
);

-- Every string that repeats (symbol, section, struct, member, type, CONFIG, arch ... names).
CREATE TABLE names (
	id INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE
);

-- One recorded state of the tree: a git commit, clean or dirty, or a release (since
-- version 12: a tree that is not a git checkout, e.g. an unpacked tarball, under a label).
CREATE TABLE commits (
	id INTEGER PRIMARY KEY,
	sha TEXT NOT NULL,                 -- full 40-hex commit id; a release's label (v6.12)
	dirty BIGINT NOT NULL DEFAULT 0,   -- 1: recorded from a working tree with uncommitted changes
	parents TEXT NOT NULL DEFAULT '',  -- parent shas, space-separated, first parent first
	author TEXT NOT NULL DEFAULT '',
	author_date BIGINT NOT NULL DEFAULT 0,  -- unix seconds
	commit_date BIGINT NOT NULL DEFAULT 0,  -- unix seconds; history is ordered by it
	subject TEXT NOT NULL DEFAULT '',
	status TEXT NOT NULL,              -- ok | failed (the build failed: no builds rows)
	error TEXT NOT NULL DEFAULT '',    -- why it failed (tail of the build log)
	recorded_at BIGINT NOT NULL,       -- unix seconds
	kind TEXT NOT NULL DEFAULT 'commit',   -- commit | release (no git: no parents, dirty 0)
	UNIQUE (sha, dirty)
);
CREATE INDEX commits_order ON commits (commit_date, author_date);

-- A series: where an object sits, stable across commits. A build coordinate is (arch,
-- compiler, config label) plus the extra keys a project declares (since version 5; before,
-- a fixed scenario and variant); the object is keyed by its path inside the build.
CREATE TABLE coords (
	id INTEGER PRIMARY KEY,
	arch_id BIGINT NOT NULL REFERENCES names (id),       -- one vocabulary: i386, x86_64, arm, arm64 ...
	compiler_id BIGINT NOT NULL REFERENCES names (id),   -- compiler family: gcc, clang ('-': unknown)
	label_id BIGINT NOT NULL REFERENCES names (id),      -- config label, e.g. TREE01, tinyconfig ('-': none)
	keys_id BIGINT NOT NULL REFERENCES names (id),       -- the extra keys as canonical JSON ('' for none)
	object_id BIGINT NOT NULL REFERENCES names (id),     -- e.g. rcutree.o, kernel/rcu/tree.o, lib.a(x.o)
	UNIQUE (arch_id, compiler_id, label_id, keys_id, object_id)
);
CREATE INDEX coords_object ON coords (object_id);

-- The extra keys of each coordinate, one row per key (e.g. variant = tree).
CREATE TABLE coord_keys (
	coord_id BIGINT NOT NULL REFERENCES coords (id),
	key_id BIGINT NOT NULL REFERENCES names (id),
	value_id BIGINT NOT NULL REFERENCES names (id),
	PRIMARY KEY (coord_id, key_id)
) WITHOUT ROWID;

-- A resolved CONFIG (all CONFIG_ values of one build), content-addressed.
CREATE TABLE config_sets (
	id INTEGER PRIMARY KEY,
	digest BLOB NOT NULL UNIQUE
);
CREATE TABLE config_values (
	config_id BIGINT NOT NULL REFERENCES config_sets (id),
	name_id BIGINT NOT NULL REFERENCES names (id),       -- CONFIG_X
	value TEXT NOT NULL,                                 -- y | n | m | number | string
	PRIMARY KEY (config_id, name_id)
) WITHOUT ROWID;

-- How an object was built (the .cmd build record), content-addressed.
CREATE TABLE setups (
	id INTEGER PRIMARY KEY,
	digest BLOB NOT NULL UNIQUE,
	compiler_version_id BIGINT NOT NULL REFERENCES names (id),  -- first line of `cc --version`
	config_id BIGINT REFERENCES config_sets (id),               -- NULL: no build record
	cmd_id BIGINT NOT NULL REFERENCES names (id),               -- the compile command (flags)
	source_id BIGINT NOT NULL REFERENCES names (id)             -- e.g. tree/tree.c
);

-- What the analyzer says about one object, content-addressed by the digest of its analysis.
CREATE TABLE analyses (
	id INTEGER PRIMARY KEY,
	digest BLOB NOT NULL UNIQUE,
	format TEXT NOT NULL,            -- BFD target name, e.g. elf32-littlearm
	elf_class BIGINT NOT NULL,       -- 32 | 64
	endian TEXT NOT NULL,            -- little | big
	machine TEXT NOT NULL,           -- EM_ARM ...
	elf_type TEXT NOT NULL,          -- REL | EXEC | DYN | CORE
	text BIGINT NOT NULL,            -- Berkeley totals, exactly as size(1)
	data BIGINT NOT NULL,
	bss BIGINT NOT NULL,
	total BIGINT NOT NULL,           -- text + data + bss (size's dec)
	func_bytes BIGINT NOT NULL,      -- symbol bytes by kind (the analyzer's rollup)
	data_bytes BIGINT NOT NULL,
	rodata_bytes BIGINT NOT NULL,
	bss_bytes BIGINT NOT NULL,
	other_bytes BIGINT NOT NULL,
	comment_id BIGINT REFERENCES names (id), -- the .comment strings, one a line (since version 7;
	                                         -- NULL: recorded before)
	frames BIGINT                    -- number of `frames` rows; NULL: stack not recorded (since
	                                 -- version 9; an analyzer JSON without "stack")
);

-- Each distinct DW_AT_producer of an analysis's compile units (compiler, version, often its
-- flags: `GNU C11 12.2.0 -Os -g`), in first-unit order, with how many units it made.
CREATE TABLE analysis_producers (
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	seq BIGINT NOT NULL,
	producer_id BIGINT NOT NULL REFERENCES names (id),
	units BIGINT NOT NULL,
	PRIMARY KEY (analysis_id, seq)
) WITHOUT ROWID;

-- Section sizes of an analysis, in section-header order.
CREATE TABLE sections (
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	seq BIGINT NOT NULL,
	name_id BIGINT NOT NULL REFERENCES names (id),
	size BIGINT NOT NULL,
	bucket TEXT NOT NULL,            -- text | data | bss | other
	PRIMARY KEY (analysis_id, seq)
) WITHOUT ROWID;

-- Sized symbols of an analysis.  Keyed by normalized name first: history looks them up so.
CREATE TABLE symbols (
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	norm_id BIGINT NOT NULL REFERENCES names (id),      -- name without compiler suffixes
	seq BIGINT NOT NULL,                                -- position in the analyzer's order
	name_id BIGINT NOT NULL REFERENCES names (id),      -- raw name, e.g. foo.isra.0
	type TEXT NOT NULL,                                 -- nm letter
	size BIGINT NOT NULL,
	section_id BIGINT NOT NULL REFERENCES names (id),
	bind TEXT NOT NULL,                                 -- LOCAL | GLOBAL | WEAK ...
	kind TEXT NOT NULL,                                 -- func | data | rodata | bss | other
	folder_id BIGINT REFERENCES names (id),             -- its unit's source folder in a linked
	                                                    -- image (since version 13); NULL: none
	PRIMARY KEY (analysis_id, norm_id, seq)
) WITHOUT ROWID;
CREATE INDEX symbols_norm ON symbols (norm_id);

-- The demangled spelling of a mangled symbol name, raw or normalized (C++, Rust: the
-- analyzer's libiberty demangler, as nm -C prints it; since version 8). A name that is not
-- mangled (C) has no row. Keyed by name: every analysis with that name shares it.
CREATE TABLE demangled (
	name_id BIGINT PRIMARY KEY REFERENCES names (id),
	demangled_id BIGINT NOT NULL REFERENCES names (id)
) WITHOUT ROWID;

-- A linked image by source folder (since version 13): per folder of its compile units (DWARF,
-- the analyzer's FOLDER entries, sorted by folder) the units, their code ranges' bytes and
-- their static variables' bytes by the section class holding them.
CREATE TABLE analysis_folders (
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	seq BIGINT NOT NULL,
	folder_id BIGINT NOT NULL REFERENCES names (id),   -- e.g. kernel/rcu, arch/x86/mm
	units BIGINT NOT NULL,
	text BIGINT NOT NULL,            -- code: the units' address ranges
	data BIGINT NOT NULL,            -- variables in writable sections with contents
	rodata BIGINT NOT NULL,          -- variables in read-only sections (size's text bucket)
	bss BIGINT NOT NULL,             -- variables in NOBITS sections
	PRIMARY KEY (analysis_id, seq)
) WITHOUT ROWID;

-- Every function's stack frame in an analysis (the analyzer's FRAME entries, in its order:
-- largest frame first, unknown last).  Since version 9.
CREATE TABLE frames (
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	seq BIGINT NOT NULL,                                -- position in the analyzer's order
	function_id BIGINT NOT NULL REFERENCES names (id),  -- the function symbol's raw name
	norm_id BIGINT NOT NULL REFERENCES names (id),      -- its normalized name (the symbol's)
	section_id BIGINT NOT NULL REFERENCES names (id),
	frame BIGINT,                    -- bytes, largest CFA offset; NULL when kind is unknown
	kind TEXT NOT NULL,              -- static | fp (a lower bound) | unknown (no CFI)
	su TEXT,                         -- the -fstack-usage figure as canonical JSON; NULL: none
	worst BIGINT,                    -- frame + deepest callee chain; NULL: not computed or unbounded
	unbounded TEXT,                  -- why the worst case has no bound; NULL: bounded or not computed
	chain_id BIGINT REFERENCES names (id),   -- the worst-case chain as a JSON list, the function first
	PRIMARY KEY (analysis_id, seq)
) WITHOUT ROWID;
CREATE INDEX frames_norm ON frames (norm_id);

-- A struct/union layout (DWARF), content-addressed: the same layout in many objects is one row.
-- A struct is its name, its layout and its declaring file (docs/structs.md): one name and
-- layout declared in two files are two rows.
-- The digest is of the analyzer's whole STRUCT entry, reorganized order included, so two
-- layouts that differ only in the suggested order are two rows.
CREATE TABLE layouts (
	id INTEGER PRIMARY KEY,
	digest BLOB NOT NULL UNIQUE,
	name_id BIGINT NOT NULL REFERENCES names (id),
	kind TEXT NOT NULL,              -- struct | union | class
	size BIGINT NOT NULL,
	cachelines BIGINT NOT NULL,
	holes BIGINT NOT NULL,
	hole_bytes BIGINT NOT NULL,
	bit_holes BIGINT NOT NULL,
	bit_hole_bits BIGINT NOT NULL,
	padding BIGINT NOT NULL,
	reorg_size BIGINT,               -- size after the analyzer's suggested reordering
	reorg_saving BIGINT,             -- (the order itself: members.reorg_seq)
	decl_file_id BIGINT REFERENCES names (id),   -- the declaring file, relative to the tree
	decl_line BIGINT                 -- (since version 15; NULL: not known, or recorded before)
);
CREATE INDEX layouts_name ON layouts (name_id);

CREATE TABLE members (
	layout_id BIGINT NOT NULL REFERENCES layouts (id),
	seq BIGINT NOT NULL,
	name_id BIGINT NOT NULL REFERENCES names (id),
	type_id BIGINT NOT NULL REFERENCES names (id),
	byte_offset BIGINT NOT NULL,
	size BIGINT NOT NULL,
	bit_size BIGINT NOT NULL,
	bit_offset BIGINT NOT NULL,
	reorg_seq BIGINT,                -- position in the analyzer's reorganized order (since
	                                 -- version 4; NULL: not recorded, or no order given)
	PRIMARY KEY (layout_id, seq)
) WITHOUT ROWID;

-- Which layouts an analysis contains.
CREATE TABLE analysis_layouts (
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	layout_id BIGINT NOT NULL REFERENCES layouts (id),
	PRIMARY KEY (analysis_id, layout_id)
) WITHOUT ROWID;
CREATE INDEX analysis_layouts_layout ON analysis_layouts (layout_id);

-- A slice: the builds of one object name (e.g. every rcutree.o of the matrix) as recorded
-- at some commit, content-addressed.  A commit that leaves rcutree.o alone points at the
-- slice the previous commit used, so per commit only the objects that changed cost rows
-- (since version 3; before, one builds row per commit and object).
CREATE TABLE slices (
	id INTEGER PRIMARY KEY,
	digest BLOB NOT NULL UNIQUE,
	object_id BIGINT NOT NULL REFERENCES names (id),
	builds BIGINT NOT NULL                              -- number of slice_builds rows
);

-- One object of a slice: coordinate, what it analyzed to, how it was built.
CREATE TABLE slice_builds (
	slice_id BIGINT NOT NULL REFERENCES slices (id),
	coord_id BIGINT NOT NULL REFERENCES coords (id),
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	setup_id BIGINT NOT NULL REFERENCES setups (id),
	path_id BIGINT NOT NULL REFERENCES names (id),      -- the file as recorded, e.g. build/arm/gcc/TREE01/rcutree.o
	stack_objects BIGINT,            -- objects the build's call graph spanned (`build_frames`;
	                                 -- since version 11); NULL: only the object's own graph
	PRIMARY KEY (slice_id, coord_id)
) WITHOUT ROWID;
CREATE INDEX slice_builds_history ON slice_builds (coord_id, slice_id, analysis_id);
CREATE INDEX slice_builds_analysis ON slice_builds (analysis_id);

-- Each function's worst case in its build (since version 11): the analyzer's stack mode run
-- once over all objects of the object's build coordinate, so that a call into another object
-- of the build resolves.  It depends on the other objects, so it is no part of the analysis
-- (one object's bytes) but of the build row: one per `frames` row of the build's analysis
-- (same seq), and the slice's digest covers it.
CREATE TABLE build_frames (
	slice_id BIGINT NOT NULL REFERENCES slices (id),
	coord_id BIGINT NOT NULL REFERENCES coords (id),
	seq BIGINT NOT NULL,                                -- the analysis's frames.seq
	worst BIGINT,                    -- frame + deepest callee chain in the build; NULL: unbounded
	unbounded TEXT,                  -- why not bounded; NULL: bounded
	chain_id BIGINT REFERENCES names (id),   -- the worst-case chain as a JSON list
	PRIMARY KEY (slice_id, coord_id, seq)
) WITHOUT ROWID;

-- The slices a recorded commit is made of (one per object name, and per declared build).
CREATE TABLE commit_slices (
	commit_id BIGINT NOT NULL REFERENCES commits (id),
	slice_id BIGINT NOT NULL REFERENCES slices (id),
	build TEXT NOT NULL DEFAULT '',    -- the declared build it came from (since version 14); '': the tree's one build
	PRIMARY KEY (commit_id, slice_id)
) WITHOUT ROWID;
CREATE INDEX commit_slices_slice ON commit_slices (slice_id, commit_id);

-- The declared builds of a recorded commit (bloatwatch.toml's [[objects]] groups with a
-- `build` of their own; since version 14), each recorded on its own (a fleet's job): its
-- slices are the commit_slices of its name, and the commit is failed when one of them is.
CREATE TABLE commit_builds (
	commit_id BIGINT NOT NULL REFERENCES commits (id),
	build TEXT NOT NULL,
	status TEXT NOT NULL,              -- ok | failed
	error TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (commit_id, build)
) WITHOUT ROWID;

-- CONFIG_ symbols each source file mentions at a commit (extractconfig.sh's logic).
CREATE TABLE config_uses (
	commit_id BIGINT NOT NULL REFERENCES commits (id),
	source_id BIGINT NOT NULL REFERENCES names (id),
	name_id BIGINT NOT NULL REFERENCES names (id),
	PRIMARY KEY (commit_id, source_id, name_id)
) WITHOUT ROWID;
CREATE INDEX config_uses_name ON config_uses (name_id);

-- Which analysis an object file's bytes gave under one analyzer binary (since version 2):
-- an unchanged object is not analyzed again.
CREATE TABLE object_cache (
	object_digest BLOB NOT NULL,       -- sha256 of the object file, first 16 bytes
	analyzer_digest BLOB NOT NULL,     -- sha256 of the analyzer binary, first 16 bytes
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	PRIMARY KEY (object_digest, analyzer_digest)
) WITHOUT ROWID;

-- The flips a CONFIG sweep could not build, Kconfig having refused them (a sweep manifest's
-- `excluded` list), per commit (since version 6).
CREATE TABLE refusals (
	commit_id BIGINT NOT NULL REFERENCES commits (id),
	arch TEXT NOT NULL,
	compiler TEXT NOT NULL,
	label TEXT NOT NULL,               -- the flip's config label, e.g. tinyconfig+PREEMPT
	option_name TEXT NOT NULL,         -- CONFIG_X ('' when only the label names it)
	why TEXT NOT NULL,
	PRIMARY KEY (commit_id, arch, compiler, label)
) WITHOUT ROWID;

-- The work queue of a fleet of runners (since version 10; docs/fleet.md): one row per commit
-- and build to make, claimed by one runner at a time under a lease it renews while it builds.  Only
-- PostgreSQL serves a fleet (claims are SELECT ... FOR UPDATE SKIP LOCKED); times are the
-- database's clock, in unix milliseconds, so the runners' clocks do not matter.
CREATE TABLE jobs (
	id INTEGER PRIMARY KEY,
	sha TEXT NOT NULL,                 -- full 40-hex commit id
	build TEXT NOT NULL DEFAULT '',    -- the declared build to make of it; '': the tree's one build (since version 14)
	seq BIGINT NOT NULL,               -- claim order: oldest commit of a `queue add` first
	state TEXT NOT NULL,               -- pending | running | done | failed | cancelled
	attempts BIGINT NOT NULL DEFAULT 0,     -- claims so far (a lost lease counts)
	max_attempts BIGINT NOT NULL,           -- then recorded failed
	runner TEXT NOT NULL DEFAULT '',   -- the runner of the last claim: the one that built a done job
	host TEXT NOT NULL DEFAULT '',
	token TEXT NOT NULL DEFAULT '',    -- the claim's own id: a stale runner's renew or finish misses
	lease_until BIGINT,                -- a running job whose lease passed is claimed again
	enqueued_at BIGINT NOT NULL,
	claimed_at BIGINT,
	finished_at BIGINT,
	error TEXT NOT NULL DEFAULT '',    -- why the last attempt failed
	log TEXT NOT NULL DEFAULT '',      -- the end of that attempt's build log
	UNIQUE (sha, build)
);
CREATE INDEX jobs_claim ON jobs (state, seq);
