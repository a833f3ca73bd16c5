# db/db.mk: record the build matrix into the history database and test the db layer.
#
#   make record     analyze build/ and record it under the current commit (bloatwatch.db)
#   make test-db    the db test suite (tests/db, pytest)
#   make bench-db   (bench/db.mk) record and history timings

DB_FILE ?= bloatwatch.db
BLOATWATCH := bin/bloatwatch

.PHONY: record test-db
# Recording is idempotent and cheap (analyses are content-addressed), so it always runs.
record: objects analyzer
	$(Q)$(PYTHON) $(BLOATWATCH) --db $(DB_FILE) record

test-db: objects analyzer
	$(Q)$(PYTHON) -m pytest -q -p no:cacheprovider tests/db

TESTS += test-db
