# tests/analyzer/structs/structs.mk: the DWARF struct extractor against pahole, on hostile DWARF
# and under libFuzzer; plain and ASan/UBSan builds. Included from tests/analyzer/analyzer.mk.
# `make test-structs` runs the suites docs/structs.md describes (its section Tests).

ST_DIR      := tests/analyzer/structs
ST_OUT      := $(BUILD)/tests/structs
ST_SRCS     := $(AN_LIB_SRCS)
ST_HDRS     := $(wildcard analyzer/lib/*.h)
ST_LIBS     = $(AN_LIBS)
ST_DRV      := $(ST_OUT)/driver
ST_DRV_SAN  := $(ST_OUT)/driver-san
ST_FUZZ     := $(ST_OUT)/fuzz_structs
ST_FUZZ_SECS ?= 20
# Real DWARF of the machine: the largest separate debug files (libc6-dbg, in .ci/packages).
ST_SYSTEM    = $(shell ls -S /usr/lib/debug/.build-id/*/*.debug 2>/dev/null | head -n 8)
# The build matrix (matrix/matrix.mk): every object it builds is compared too.
ST_MATRIX    = $(filter %.o,$(MATRIX_OBJS))

.PHONY: test-structs test-structs-oracle test-structs-oracle-san test-structs-text test-structs-bad \
	test-structs-fuzz test-structs-kernel test-structs-decl
test-structs: test-structs-oracle test-structs-oracle-san test-structs-text test-structs-bad \
	test-structs-fuzz test-structs-kernel test-structs-decl
TESTS += test-structs

# The drivers link the analyzer's own library builds (plain and sanitized): the same code.
$(ST_DRV): $(AN_LIB)
$(ST_DRV_SAN): $(AN_SAN_LIB)
$(ST_DRV) $(ST_DRV_SAN): $(ST_DIR)/driver.c $(ST_HDRS)
	@mkdir -p $(@D)
	$(Q)$(AN_CC_$(if $(findstring -san,$@),san,plain)) -Ianalyzer/lib -o $@ $(ST_DIR)/driver.c $(filter %.a,$^) $(ST_LIBS)

$(ST_OUT)/fx/.stamp: $(ST_DIR)/fixtures.sh $(wildcard $(ST_DIR)/src/*.c)
	$(Q)rm -rf $(@D) && sh $(ST_DIR)/fixtures.sh $(@D) && touch $@

$(ST_OUT)/real/.stamp: $(ST_DIR)/real.sh $(ST_DIR)/driver.c $(ST_SRCS) $(ST_HDRS)
	$(Q)rm -rf $(@D) && LIBS="$(AN_LIBS)" sh $(ST_DIR)/real.sh $(@D) && touch $@

ST_INPUTS = $(ST_OUT)/fx/*.o $(ST_OUT)/fx/*-linked.so $(ST_OUT)/real/* $(ST_SYSTEM) $(ST_MATRIX)
# What the suites on those inputs need built.
ST_READY := $(ST_DRV) $(ST_OUT)/fx/.stamp $(ST_OUT)/real/.stamp $(if $(MATRIX_OBJS),objects)

# Seeded random structs (randstructs.py) for the --reorganize oracle: 64- and 32-bit, gcc and
# clang. Only the oracle reads them (their text is not part of the annotation-by-annotation
# text comparison).
ST_RAND_SEEDS := 1 2
ST_RAND_CCS   := x86_64-gcc:gcc i386-gcc:gcc@-m32 arm64-clang:clang@--target=aarch64-linux-gnu \
	arm-clang:clang@--target=arm-linux-gnueabi
$(ST_OUT)/rand/.stamp: $(ST_DIR)/randstructs.py
	$(Q)rm -rf $(@D) && mkdir -p $(@D) && for s in $(ST_RAND_SEEDS); do \
		$(PYTHON) $(ST_DIR)/randstructs.py $$s 400 > $(@D)/rand$$s.c || exit 1; \
		for t in $(ST_RAND_CCS); do cc=$$(echo "$${t#*:}" | tr @ ' '); \
			$(BW_CCACHE)$$cc -ffreestanding -g -O0 -w -c $(@D)/rand$$s.c -o $(@D)/$${t%%:*}-rand$$s.o \
				|| exit 1; done; done && touch $@

# The oracle and text suites run the same pahole command on the same files: one computes it
# into ST_STORE, inside the analyzer suites' oracle store, where later runs find it too.
ST_STORE = STRUCTS_ORACLE_STORE=$(abspath $(AN_ORACLE))/structs

test-structs-oracle: $(ST_READY) $(ST_OUT)/rand/.stamp $(AN_BIN)
	$(Q)TAP_QUIET=1 $(ST_STORE) sh tests/tap.sh $@ -c $(PYTHON) $(ST_DIR)/oracle.py $(ST_DRV) \
		--reorganize --cli $(AN_BIN) $(ST_INPUTS) $(ST_OUT)/rand/*.o

# The sanitized build on the same inputs must give the plain build's (pahole-checked) layouts.
test-structs-oracle-san: $(ST_READY) $(ST_DRV_SAN)
	$(Q)sh tests/tap.sh $@ -c sh $(ST_DIR)/t3200-sancheck.sh $(ST_DRV) $(ST_DRV_SAN) $(ST_OUT)/san $(ST_INPUTS)

# Where each struct is declared (file and line) against pahole -I, on the fixtures and this
# repository's objects of every arch and compiler in their first config (the same sources in
# every config); the kernel's: t3400-kernel.sh.
test-structs-decl: $(ST_READY) $(AN_BIN)
	$(Q)TAP_QUIET=1 sh tests/tap.sh $@ -c $(PYTHON) $(ST_DIR)/declfile.py $(AN_BIN) \
		$(ST_OUT)/fx/*.o $(foreach o,$(ST_MATRIX),$(if $(findstring 01/,$(o)),$(o)))

test-structs-text: $(ST_READY)
	$(Q)TAP_QUIET=1 $(ST_STORE) sh tests/tap.sh $@ -c $(PYTHON) $(ST_DIR)/textdiff.py $(ST_DRV) $(ST_INPUTS)
	$(Q)for cl in 32 128; do TAP_QUIET=1 sh tests/tap.sh $@-cacheline$$cl -c $(PYTHON) \
		$(ST_DIR)/textdiff.py $(ST_DRV) --cacheline $$cl $(ST_OUT)/fx/*.o $(ST_OUT)/real/* || exit 1; done

test-structs-kernel: $(ST_DRV) $(AN_BIN)
	@mkdir -p $(ST_OUT)
	$(Q)TAP_QUIET=1 sh tests/tap.sh $@ -c sh $(ST_DIR)/t3400-kernel.sh $(ST_DRV) $(AN_BIN)

test-structs-bad: $(ST_DRV_SAN) $(ST_OUT)/fx/.stamp
	$(Q)sh tests/tap.sh $@ -c $(PYTHON) $(ST_DIR)/malformed.py $(ST_DRV_SAN) $(ST_OUT)/bad $(ST_OUT)/fx

$(ST_FUZZ): analyzer/fuzz/fuzz_structs.c $(AN_FUZZ_LIB) $(ST_HDRS)
	@mkdir -p $(@D)
	$(Q)$(AN_CLANG) $(AN_FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined -o $@ $< $(AN_FUZZ_LIB) $(ST_LIBS)

# Seed corpus: the fixtures and the malformed files the previous test wrote.
test-structs-fuzz: $(ST_FUZZ) test-structs-bad
	$(Q)rm -rf $(ST_OUT)/corpus && mkdir -p $(ST_OUT)/corpus && \
		cp $(ST_OUT)/fx/*-O0-*.o $(ST_OUT)/bad/*.o $(ST_OUT)/corpus/
	$(Q)sh tests/tap.sh $@ -c sh tests/fuzz.sh "fuzz_structs $(ST_FUZZ_SECS) s" $(ST_OUT)/fuzz.log \
		$(ST_FUZZ) -max_total_time=$(ST_FUZZ_SECS) -timeout=10 -rss_limit_mb=2048 \
		-print_final_stats=1 $(ST_OUT)/corpus

CLEAN += $(ST_OUT)
