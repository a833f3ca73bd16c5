# bench/db.mk: history database benchmarks: record of the whole matrix, history on 10,000 commits.
#
# The 10,000-commit database is synthesized once into $(BUILD)/bench-db/ and reused.
# BENCH_DB_COMMITS=N changes its size.
BENCHES += bench-db
bench-db: objects analyzer
	$(Q)BUILD=$(BUILD) $(PYTHON) -m bench.db_bench
