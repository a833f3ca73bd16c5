-- db/migrate/0011-build-stack.sql: version 11 stores each function's worst case in its build.
--
-- The recorder runs the analyzer's stack mode once over all objects of a build coordinate,
-- so that calls into the build's other objects resolve; the result belongs to the build row
-- (slice_builds), not to the analysis of one object's bytes.  Slices recorded before keep
-- stack_objects NULL: only each object's own worst cases (frames) are known for them.
ALTER TABLE slice_builds ADD COLUMN stack_objects BIGINT;
CREATE TABLE build_frames (
	slice_id BIGINT NOT NULL REFERENCES slices (id),
	coord_id BIGINT NOT NULL REFERENCES coords (id),
	seq BIGINT NOT NULL,
	worst BIGINT,
	unbounded TEXT,
	chain_id BIGINT REFERENCES names (id),
	PRIMARY KEY (slice_id, coord_id, seq)
) WITHOUT ROWID;
