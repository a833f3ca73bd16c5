-- db/migrate/0013-folders.sql: version 13 records a linked image by source folder.
--
-- The analyzer's compileunits of a linked image (docs/analyzer-json.md, CUNIT and FOLDER): one
-- `analysis_folders` row per source folder with its units' code and static data, and each
-- symbol's folder (`symbols.folder_id`: the unit whose code or variable span holds its address;
-- NULL in none, and for every symbol of a relocatable object or an analysis made before). An
-- analysis with folders has another digest, so old ones are not given folders in place; the
-- object cache is emptied so that the next record analyzes each object again.
ALTER TABLE symbols ADD COLUMN folder_id BIGINT REFERENCES names (id);
CREATE TABLE analysis_folders (
	analysis_id BIGINT NOT NULL REFERENCES analyses (id),
	seq BIGINT NOT NULL,
	folder_id BIGINT NOT NULL REFERENCES names (id),
	units BIGINT NOT NULL,
	text BIGINT NOT NULL,
	data BIGINT NOT NULL,
	rodata BIGINT NOT NULL,
	bss BIGINT NOT NULL,
	PRIMARY KEY (analysis_id, seq)
) WITHOUT ROWID;
DELETE FROM object_cache;
