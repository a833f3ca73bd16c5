# bench/bench.mk: benchmarks: medians and ratios, never asserted.
