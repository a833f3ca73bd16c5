-- db/migrate/0009-stack.sql: version 9 stores every function's stack frame per analysis.
--
-- The analyzer's mode all carries the stack extractor's FRAME entries (docs/analyzer-json.md):
-- one `frames` row each, and analyses.frames says how many (NULL: the stack was not recorded,
-- as for every analysis made before this version).  An analysis with frames has another
-- digest (it covers the stack), so old analyses are never given frames in place; the object
-- cache is emptied so that the next record analyzes each object again, with its stack.
ALTER TABLE analyses ADD COLUMN frames BIGINT;
CREATE TABLE frames (
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	seq BIGINT NOT NULL,
	function_id BIGINT NOT NULL REFERENCES names (id),
	norm_id BIGINT NOT NULL REFERENCES names (id),
	section_id BIGINT NOT NULL REFERENCES names (id),
	frame BIGINT,
	kind TEXT NOT NULL,
	su TEXT,
	worst BIGINT,
	unbounded TEXT,
	chain_id BIGINT REFERENCES names (id),
	PRIMARY KEY (analysis_id, seq)
) WITHOUT ROWID;
CREATE INDEX frames_norm ON frames (norm_id);
DELETE FROM object_cache;
