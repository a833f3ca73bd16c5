-- db/migrate/0006-refusals.sql: version 6 records the flips a CONFIG sweep could not build.
--
-- A sweep manifest's `excluded` list (Kconfig refused the flip) was read from the working
-- tree by the report; recorded with the commit, the report reads only the database.
CREATE TABLE refusals (
	commit_id BIGINT NOT NULL REFERENCES commits (id),
	arch TEXT NOT NULL,
	compiler TEXT NOT NULL,
	label TEXT NOT NULL,               -- the flip's config label, e.g. tinyconfig+PREEMPT
	option_name TEXT NOT NULL,         -- CONFIG_X ('' when only the label names it)
	why TEXT NOT NULL,
	PRIMARY KEY (commit_id, arch, compiler, label)
) WITHOUT ROWID;
