# bench/analyzer.mk: analyzer speed against size, nm, eu-size, llvm-size, llvm-nm (medians, ratios).
#
# AN_BENCH_DWARF is the large DWARF input; the struct-layout bench (pahole) can depend on it.
AN_BENCH_DIR   := $(BUILD)/bench-analyzer
AN_BENCH_DWARF := $(AN_BENCH_DIR)/bigdwarf-gcc.o $(AN_BENCH_DIR)/bigdwarf-clang.o
AN_BENCH_LIB   ?= /usr/lib/x86_64-linux-gnu/libLLVM-14.so.1

$(AN_BENCH_DWARF) &: bench/bigdwarf.sh
	$(Q)sh bench/bigdwarf.sh $(AN_BENCH_DIR)

BENCHES += bench-analyzer
bench-analyzer: $(AN_BIN) $(AN_BENCH_DWARF) objects
	@mkdir -p $(AN_BENCH_DIR) && printf '%s\n' $(sort $(filter %.o,$(MATRIX_OBJS))) > $(AN_BENCH_DIR)/matrix.list
	$(Q)/usr/bin/python3 bench/analyzer-speed.py $(AN_BIN) $(AN_BENCH_DIR) $(AN_BENCH_DIR)/matrix.list \
		$(AN_BENCH_LIB) $(AN_BENCH_DWARF)
