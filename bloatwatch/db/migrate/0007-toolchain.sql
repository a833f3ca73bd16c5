-- db/migrate/0007-toolchain.sql: version 7 stores what an object says of its compiler.
--
-- analyses.comment_id is the object's .comment strings, analysis_producers its units'
-- DW_AT_producer: what names the compiler when no manifest, build record or [[objects]]
-- coordinate does. Analyses recorded before keep NULL and no producers; the object cache is
-- emptied so that the next record analyzes every object once more and its coordinate gets
-- the compiler (the analysis digest now covers both, so those are new analyses).
ALTER TABLE analyses ADD COLUMN comment_id BIGINT REFERENCES names (id);
CREATE TABLE analysis_producers (
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	seq BIGINT NOT NULL,
	producer_id BIGINT NOT NULL REFERENCES names (id),
	units BIGINT NOT NULL,
	PRIMARY KEY (analysis_id, seq)
) WITHOUT ROWID;
DELETE FROM object_cache;
