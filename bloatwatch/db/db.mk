# bloatwatch/db/db.mk: record the build matrix into the history database and test the Python package.
#
#   make record     analyze build/ and record it under the current commit (bloatwatch.db)
#   make test-db    the db and compare test suite (tests/db, pytest)
#   make bench-db   (bench/db.mk) record and history timings

DB_FILE ?= bloatwatch.db
# The command line, run in place from the repository root (bin/bloatwatch finds the package).
BLOATWATCH := $(PYTHON) bin/bloatwatch

.PHONY: record test-db
# Recording is idempotent and cheap (analyses are content-addressed), so it always runs.
record: objects analyzer
	$(Q)$(BLOATWATCH) --db $(DB_FILE) record

test-db: objects analyzer
	$(Q)sh tests/tap.sh $@ -p $(PYTHON) -m pytest -q -p no:cacheprovider -rs tests/db

TESTS += test-db
