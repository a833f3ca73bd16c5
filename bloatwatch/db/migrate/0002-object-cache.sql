-- db/migrate/0002-object-cache.sql: version 2 remembers what each object file's bytes analyzed to.
--
-- Keyed by the object's bytes and the analyzer binary, so re-recording an unchanged object
-- (the common case from one commit to the next) skips the analyzer; a new analyzer build
-- misses the cache and re-analyzes.
CREATE TABLE object_cache (
	object_digest BLOB NOT NULL,       -- sha256 of the object file, first 16 bytes
	analyzer_digest BLOB NOT NULL,     -- sha256 of the analyzer binary, first 16 bytes
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	PRIMARY KEY (object_digest, analyzer_digest)
) WITHOUT ROWID;
