-- db/migrate/0015-struct-decl.sql: version 15 records where each struct layout is declared.
--
-- The analyzer's STRUCT decl_file and decl_line (docs/analyzer-json.md): `layouts.decl_file_id`
-- names the declaring file (relative to the tree, as unit folders are), `decl_line` its line;
-- both NULL where DWARF does not say, and for every layout recorded before. A struct is its
-- name, its layout and its declaring file (docs/structs.md). The fields are part of a layout's
-- digest, so old layouts are not given them in place; the object cache is emptied so that the
-- next record analyzes each object again.
ALTER TABLE layouts ADD COLUMN decl_file_id BIGINT REFERENCES names (id);
ALTER TABLE layouts ADD COLUMN decl_line BIGINT;
DELETE FROM object_cache;
