-- db/migrate/0008-demangled.sql: version 8 stores how C++ and Rust symbol names read.
--
-- demangled maps a mangled symbol name (raw or normalized) to its demangled spelling, the
-- analyzer's (libiberty's, as nm -C). Reports and the command line's text show it, JSON and
-- the symbols table keep the raw names. Records made before have no rows: every record
-- adds the pairs of the objects it parses, so the object cache is emptied for the next
-- record to parse every object once more.
CREATE TABLE demangled (
	name_id BIGINT PRIMARY KEY REFERENCES names (id),
	demangled_id BIGINT NOT NULL REFERENCES names (id)
) WITHOUT ROWID;
DELETE FROM object_cache;
