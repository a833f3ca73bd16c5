# bench/bench.mk: benchmarks (make bench, docs/make.md): medians and ratios, never asserted.
# Each adds its target to BENCHES; the analyzer's, struct layouts', whole kernel's and history
# database's have fragments of their own.
include bench/analyzer.mk bench/structs.mk bench/kernel.mk bench/db.mk

# Footprint of every built coordinate (shared rcupdate.o + variant objects), binutils size.
BENCHES += bench-footprint bench-torture bench-fleet bench-report
bench-footprint: objects
	$(Q)sh bench/footprint.sh $(BUILD) $(MATRIX_COORDS)

# Torture harness throughput: simulated events per second, median of three runs per binary.
bench-torture: $(TORTURE_BINS)
	$(Q)sh bench/torture-speed.sh $(call torture_runs,TORTURE,plain san,sim,ARGS)

# A fleet of runners on a throw-away PostgreSQL (bench/fleet_bench.py): claims per second, and
# 1, 2, 4 and 8 runners on a history whose builds are sleeps (docs/fleet.md quotes it).
bench-fleet: analyzer
	$(Q)$(PYTHON) -m bench.fleet_bench

# The report at the scale of a real history (bench/report_bench.py, issue 27 item 8): 1,000
# commits x 500 objects synthesized once through ingest into $(BUILD)/bench-report/, then
# `bloatwatch report` cold and after one more recorded commit (wall time, peak RSS).
bench-report:
	$(Q)BUILD=$(BUILD) $(PYTHON) -m bench.report_bench
