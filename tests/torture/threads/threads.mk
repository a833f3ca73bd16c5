# tests/torture/threads/threads.mk: the real-threads mode (one host thread per simulated CPU) under TSan.
#
# A variant registers itself (before torture.mk includes this file), like the simulator ones:
#   THREADS_VARIANTS       += <v>
#   THREADS_<v>_SRC        := <harness .c> <variant .c> common/rcupdate.c ...
#   THREADS_<v>_SCENARIOS  := SMP scenarios (matrix/scenarios/)
#   THREADS_<v>_ARGS       := options for `make test` (THREADS_<v>_LONG for `make torture`,
#                             THREADS_<v>_MUTANT_ARGS for the mutants of this mode)
# The harness calls bw_thr_torture_main() (threadtorture.h) with its struct bw_thr_variant.
# Binaries: build/torture/<scenario>/tsan/<v>-threads. ThreadSanitizer does not model
# standalone fences (hence -Wno-tsan); READ_ONCE/WRITE_ONCE are acquire/release atomics in
# this build so that the orderings smp_mb() provides are visible to it.

THREADS_COMMON := tests/torture/threads/sim_threads.c tests/torture/threads/threadtorture.c $(TORTURE_KSERVICES)
THREADS_CFLAGS := $(HOST_CFLAGS) -DBW_SIM -DBW_THREADS -Iinclude/sim/threads -Iinclude/sim -Iinclude -pthread -fsanitize=thread -Wno-tsan
THREADS_SEEDS ?= 1 2
THREADS_ENV := TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"

# $(call threads_dir,scenario): object rules for the TSan build of one scenario
define threads_dir
$(BUILD)/torture/$(1)/tsan/%.o: %.c $(BUILD)/torture/$(1)/autoconf.h
	$(call v_echo,  HOSTCC  $$@)
	$(Q)$(SCENARIO_CC) $(BUILD)/torture/$(1) $$< $$@ $(HOST_CC) $(THREADS_CFLAGS)
endef

# $(call threads_bin,variant,scenario): link one threaded harness
define threads_bin
THREADS_OBJS_$(1)_$(2) := $$(addprefix $(BUILD)/torture/$(2)/tsan/,$$(patsubst %.c,%.o,$$(THREADS_$(1)_SRC) $$(THREADS_COMMON)))
THREADS_ALL_OBJS += $$(THREADS_OBJS_$(1)_$(2))
THREADS_BINS += $(BUILD)/torture/$(2)/tsan/$(1)-threads
$(BUILD)/torture/$(2)/tsan/$(1)-threads: $$(THREADS_OBJS_$(1)_$(2))
	@echo "  LINK    $$@"
	$(Q)$(HOST_CC) $(THREADS_CFLAGS) -o $$@ $$^
endef

THREADS_SCENARIOS := $(sort $(foreach v,$(THREADS_VARIANTS),$(THREADS_$(v)_SCENARIOS)))
THREADS_ALL_OBJS :=
THREADS_BINS :=
$(foreach s,$(THREADS_SCENARIOS),$(eval $(call threads_dir,$(s))))
$(foreach v,$(THREADS_VARIANTS),$(foreach s,$(THREADS_$(v)_SCENARIOS),$(eval $(call threads_bin,$(v),$(s)))))
-include $(THREADS_ALL_OBJS:.o=.d)

.PHONY: threads-bins test-threads torture-threads
threads-bins: $(THREADS_BINS)

# `make test`: every registered variant and scenario on real threads, TAP lines as for the simulator.
test-threads: $(THREADS_BINS)
	$(Q)$(THREADS_ENV) sh tests/tap.sh $@ -s "$(THREADS_SEEDS)" $(foreach v,$(THREADS_VARIANTS),\
		$(foreach s,$(THREADS_$(v)_SCENARIOS),"$(BUILD)/torture/$(s)/tsan/$(v)-threads $(THREADS_$(v)_ARGS)"))

# `make torture` also runs the long threaded runs.
torture-threads: $(THREADS_BINS)
	$(Q)$(THREADS_ENV) sh tests/tap.sh $@ -s "1 2 3 4 5 6 7 8" $(foreach v,$(THREADS_VARIANTS),\
		$(foreach s,$(THREADS_$(v)_SCENARIOS),"$(BUILD)/torture/$(s)/tsan/$(v)-threads $(THREADS_$(v)_LONG)"))
torture: torture-threads

# Mutants of the real-threads mode (mutants/<v>/threads/*.sed, rules from mutants/gen.sh in
# its threads mode): part of `make mutants`, whose summary lists them with the simulator's.
$(BUILD)/threads-mutants.gen.mk: tests/torture/mutants/gen.sh \
		$(wildcard tests/torture/mutants/*/threads/*.sed)
	@mkdir -p $(@D)
	$(Q)sh tests/torture/mutants/gen.sh $(BUILD) threads > $@.tmp && mv $@.tmp $@
ifeq ($(BW_GENERATED),1)
include $(BUILD)/threads-mutants.gen.mk
endif
MUTANT_STAMPS += $(THREADS_MUTANT_STAMPS)
mutants test-mutants: $(THREADS_MUTANT_STAMPS)

TESTS += test-threads
