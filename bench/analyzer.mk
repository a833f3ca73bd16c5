# bench/analyzer.mk: analyzer speed against size, nm, eu-size, llvm-size, llvm-nm (medians, ratios).
#
# AN_BENCH_DWARF is the large DWARF input; the struct-layout bench (pahole) can depend on it.
AN_BENCH_DIR   := $(BUILD)/bench-analyzer
AN_BENCH_DWARF := $(AN_BENCH_DIR)/bigdwarf-gcc.o $(AN_BENCH_DIR)/bigdwarf-clang.o
AN_BENCH_LIB   ?= /usr/lib/x86_64-linux-gnu/libLLVM-14.so.1

$(AN_BENCH_DWARF) &: bench/bigdwarf.sh
	$(Q)sh bench/bigdwarf.sh $(AN_BENCH_DIR)

.PHONY: bench-analyzer
BENCHES += bench-analyzer
bench-analyzer: $(AN_BIN) $(AN_BENCH_DWARF) $(AN_MATRIX_DEP)
	@mkdir -p $(AN_BENCH_DIR)
	@for a in $$(grep -v '^#' matrix/ARCHES | cut -d'|' -f1); do [ -d $(BUILD)/$$a ] && \
		find $(BUILD)/$$a -mindepth 3 -maxdepth 3 -name '*.o'; done | sort >$(AN_BENCH_DIR)/matrix.list
	$(Q)/usr/bin/python3 bench/analyzer-speed.py $(AN_BIN) $(AN_BENCH_DIR) $(AN_BENCH_DIR)/matrix.list \
		$(AN_BENCH_LIB) $(AN_BENCH_DWARF)
