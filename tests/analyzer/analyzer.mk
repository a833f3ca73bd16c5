# tests/analyzer/analyzer.mk: the analyzer's suites: oracles (size, nm, extractconfig.sh,
# bloat-o-meter) on fixtures, system files and every matrix object, malformed inputs, fuzzing.

# The library and extractors built once with the fuzzers' instrumentation; every fuzzer
# (fuzz_obj, fuzz_configs, the structs' fuzz_structs) links it.
AN_FUZZ_DIR := $(AN_OBJDIR)/fuzz
AN_FUZZ_LIB := $(AN_FUZZ_DIR)/libbloatwatch-fuzz.a
AN_FUZZ_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Werror -fno-sanitize-recover=all $(AN_CPPFLAGS)
# The DWARF struct extractor's tests (pahole oracle, malformed DWARF, fuzzing).
include tests/analyzer/structs/structs.mk

AN_FIX       := $(AN_OBJDIR)/fixtures
AN_FIX_STAMP := $(AN_FIX)/.stamp
AN_FUZZERS   := $(AN_FUZZ_DIR)/fuzz_obj $(AN_FUZZ_DIR)/fuzz_configs
AN_FUZZ_SRCS := $(filter-out analyzer/main.c,$(AN_SRCS))
AN_FUZZ_SECS ?= 12
# Leaks are errors too; UBSan stops at the first report.
AN_SAN_ENV   := ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99 \
		UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=99

$(AN_FIX_STAMP): tests/analyzer/fixtures.sh $(wildcard tests/analyzer/fixtures/src/*.c)
	@rm -rf $(AN_FIX)
	$(Q)sh tests/analyzer/fixtures.sh $(AN_FIX) 2>$(AN_OBJDIR)/fixtures.log || { cat $(AN_OBJDIR)/fixtures.log; exit 1; }
	@touch $@

.PHONY: analyzer-fuzzers
# $(call AN_TAP,binary,work dir,tap.sh order[,environment]): tests/analyzer/tNNNN-*.sh on that
# binary (lib.sh's environment), through a private copy: others may relink bin/ while the suite
# runs in the shared tree. Both suites share the oracles' outputs (AN_ORACLE, lib.sh's oracle):
# the plain one runs the scripts in order, the sanitized one last first, so that side by side
# each computes half of them and reads the other half. The store is outside the checkout, so
# that a fresh clone of an unchanged tree reads them too.
AN_ORACLE := $(BW_CACHE)/oracle
AN_TAP = mkdir -p $(2) && cp $(1) $(2)/bloatwatch-analyze.under-test && \
	$(4) BW=$(2)/bloatwatch-analyze.under-test FIX=$(abspath $(AN_FIX)) WORK=$(2) TOP=$(CURDIR) LC_ALL=C \
	ORACLE=$(abspath $(AN_ORACLE)) sh tests/tap.sh $@ $(3) tests/analyzer

test-analyzer: $(AN_BIN) $(AN_FIX_STAMP) objects
	$(Q)$(call AN_TAP,$(abspath $(AN_BIN)),$(abspath $(AN_OBJDIR)/work-plain),-e)

# The sanitized analyzer's runs of one file each (each.sh's bw_each) are one --mark process a
# list: each sanitized process costs ~66 ms before it reads anything (mostly the leak check).
test-analyzer-san: $(AN_SAN_BIN) $(AN_FIX_STAMP) objects
	$(Q)$(call AN_TAP,$(abspath $(AN_SAN_BIN)),$(abspath $(AN_OBJDIR)/work-san),-E,$(AN_SAN_ENV) BW_EACH=mark)

analyzer-fuzzers: $(AN_FUZZERS)

$(AN_FUZZ_DIR)/obj/%.o: analyzer/%.c
	@mkdir -p $(dir $@)
	$(Q)$(AN_CLANG) $(AN_FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined -MMD -MP -c -o $@ $<

$(AN_FUZZ_LIB): $(patsubst analyzer/%.c,$(AN_FUZZ_DIR)/obj/%.o,$(AN_FUZZ_SRCS))
	$(Q)rm -f $@ && ar rcs $@ $^

-include $(call harness_deps,$(patsubst analyzer/%.c,$(AN_FUZZ_DIR)/obj/%.d,$(AN_FUZZ_SRCS)))

$(AN_FUZZ_DIR)/fuzz_%: analyzer/fuzz/fuzz_%.c $(AN_FUZZ_LIB) $(wildcard analyzer/lib/*.h analyzer/cmd/*.h)
	@mkdir -p $(dir $@)
	$(Q)$(AN_CLANG) $(AN_FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined -o $@ $< $(AN_FUZZ_LIB) $(AN_LIBS)

# Bounded run: the seed corpus is generated (fixtures and malformed files), never committed.
fuzz-analyzer: $(AN_FUZZERS) $(AN_FIX_STAMP)
	@rm -rf $(AN_FUZZ_DIR)/seeds-obj $(AN_FUZZ_DIR)/seeds-configs
	@mkdir -p $(AN_FUZZ_DIR)/seeds-obj $(AN_FUZZ_DIR)/seeds-configs $(AN_FUZZ_DIR)/corpus-obj $(AN_FUZZ_DIR)/corpus-configs
	$(Q)/usr/bin/python3 tests/analyzer/malformed.py $(AN_FUZZ_DIR)/seeds-obj \
		$(AN_FIX)/x86_64/gcc/kernel-O2.o $(AN_FIX)/mips/gcc/kernel-O2.o
	$(Q)for f in $$(find $(AN_FIX) -name '*.o' -size -64k) $(AN_FIX)/*/gcc/lib.a; do \
		cp $$f $(AN_FUZZ_DIR)/seeds-obj/$$(echo $$f | tr / _); done
	@# the stack fixture: CFI, call relocations, DWARF call sites, recursion, alloca
	$(Q)for cc in gcc arm-linux-gnueabi-gcc; do $$cc -Os -g -c tests/analyzer/stack/frames.c \
		-o $(AN_FUZZ_DIR)/seeds-obj/stack-$$cc.o || exit 1; done
	$(Q)cp tests/analyzer/configs/*.c tests/analyzer/fixtures/src/*.c $(AN_FUZZ_DIR)/seeds-configs/
	$(Q)sh tests/tap.sh $@-obj -c sh tests/fuzz.sh "fuzz_obj $(AN_FUZZ_SECS) s" $(AN_FUZZ_DIR)/fuzz_obj.log \
		$(AN_FUZZ_DIR)/fuzz_obj -max_total_time=$(AN_FUZZ_SECS) -timeout=20 -rss_limit_mb=2048 \
		-max_len=131072 -print_final_stats=1 -artifact_prefix=$(AN_FUZZ_DIR)/ $(AN_FUZZ_DIR)/corpus-obj $(AN_FUZZ_DIR)/seeds-obj
	$(Q)sh tests/tap.sh $@-configs -c sh tests/fuzz.sh "fuzz_configs $$(( $(AN_FUZZ_SECS) / 2 )) s" \
		$(AN_FUZZ_DIR)/fuzz_configs.log $(AN_FUZZ_DIR)/fuzz_configs -max_total_time=$$(( $(AN_FUZZ_SECS) / 2 )) \
		-timeout=10 -print_final_stats=1 -artifact_prefix=$(AN_FUZZ_DIR)/ \
		$(AN_FUZZ_DIR)/corpus-configs $(AN_FUZZ_DIR)/seeds-configs

TESTS += test-analyzer test-analyzer-san fuzz-analyzer
