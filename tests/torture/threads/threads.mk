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

THREADS_SCENARIOS := $(sort $(foreach v,$(THREADS_VARIANTS),$(THREADS_$(v)_SCENARIOS)))
THREADS_ALL_OBJS :=
THREADS_BINS :=
$(foreach s,$(THREADS_SCENARIOS),$(eval $(call torture_dir,$(s),tsan,$(THREADS_CFLAGS))))
$(foreach v,$(THREADS_VARIANTS),$(foreach s,$(THREADS_$(v)_SCENARIOS),\
	$(eval $(call torture_bin,THREADS,$(v),$(s),tsan,threads,$(THREADS_CFLAGS)))))
-include $(call harness_deps,$(THREADS_ALL_OBJS:.o=.d))

.PHONY: threads-bins torture-threads
threads-bins: $(THREADS_BINS)

# `make test`: every registered variant and scenario on real threads, TAP lines as for the simulator.
test-threads: $(THREADS_BINS)
	$(Q)$(THREADS_ENV) sh tests/tap.sh $@ -s "$(THREADS_SEEDS)" $(call torture_runs,THREADS,tsan,threads,ARGS)

# `make torture` also runs the long threaded runs.
torture-threads: $(THREADS_BINS)
	$(Q)$(THREADS_ENV) sh tests/tap.sh $@ -s "1 2 3 4 5 6 7 8" $(call torture_runs,THREADS,tsan,threads,LONG)
torture: torture-threads

TESTS += test-threads
