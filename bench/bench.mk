# bench/bench.mk: benchmarks: medians and ratios, never asserted.

# Footprint of every built coordinate (shared rcupdate.o + variant objects), binutils size.
.PHONY: bench-footprint bench-torture
BENCHES += bench-footprint bench-torture
bench-footprint: objects
	$(Q)sh bench/footprint.sh $(BUILD) $(MATRIX_COORDS)

# Torture harness throughput: simulated events per second, median of three runs per binary.
bench-torture: $(TORTURE_BINS)
	$(Q)sh bench/torture-speed.sh $(foreach v,$(TORTURE_VARIANTS),$(foreach s,$(TORTURE_$(v)_SCENARIOS),\
		$(foreach k,plain san,"$(BUILD)/torture/$(s)/$(k)/$(v)-sim $(TORTURE_$(v)_ARGS)")))

# Analyzer speed (bench/analyzer.mk, its own fragment).
include bench/analyzer.mk

# Struct layouts against pahole (bench/structs.mk, its own fragment).
include bench/structs.mk

# The analyzer on a whole kernel (bench/kernel.mk: vmlinux and its build tree, issue 14).
include bench/kernel.mk

# A fleet of runners on a throw-away PostgreSQL (bench/fleet_bench.py): claims per second, and
# 1, 2, 4 and 8 runners on a history whose builds are sleeps (docs/fleet.md quotes it).
.PHONY: bench-fleet
BENCHES += bench-fleet
bench-fleet: analyzer
	$(Q)$(PYTHON) -m bench.fleet_bench

# The report at the scale of a real history (bench/report_bench.py, issue 27 item 8): 1,000
# commits x 500 objects synthesized once through ingest into $(BUILD)/bench-report/, then
# `bloatwatch report` cold and after one more recorded commit (wall time, peak RSS).
.PHONY: bench-report
BENCHES += bench-report
bench-report:
	$(Q)BUILD=$(BUILD) $(PYTHON) -m bench.report_bench
