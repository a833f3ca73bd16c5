# tests/torture/classic/classic.mk: Classic RCU's torture registration (included from torture.mk).
# The variant id is the source folder's name, as in tinyrcu/ and tree/; binaries are <id>-sim and <id>-threads.
#
# Simulator: UP CLASSIC01-04, SMP with 4 CPUs CLASSIC05-08 (hotplug, stall warnings) and
# CLASSIC17 (no hotplug, no stall detector), and 2, 16, 64, 256 CPUs CLASSIC13-16; the
# harness sizes each random phase from NR_CPUS (long enough for a stall test).
# Real threads under ThreadSanitizer: two 4-CPU scenarios and the 16-CPU one.

TORTURE_VARIANTS += classic
TORTURE_classic_SRC := tests/torture/classic/classic_harness.c tests/torture/classic/classic_check.c \
	classic/rcuclassic.c common/rcupdate.c
TORTURE_classic_SCENARIOS := CLASSIC01 CLASSIC02 CLASSIC03 CLASSIC04 CLASSIC05 CLASSIC06 \
	CLASSIC07 CLASSIC08 CLASSIC13 CLASSIC14 CLASSIC15 CLASSIC16 CLASSIC17
TORTURE_classic_ARGS := --rounds 3
TORTURE_classic_LONG := --rounds 24

THREADS_VARIANTS += classic
THREADS_classic_SRC := tests/torture/classic/classic_threads.c tests/torture/classic/classic_check.c \
	classic/rcuclassic.c common/rcupdate.c
THREADS_classic_SCENARIOS := CLASSIC06 CLASSIC08 CLASSIC14
THREADS_classic_ARGS := --steps 20000
THREADS_classic_LONG := --steps 200000
THREADS_classic_MUTANT_ARGS := --steps 5000
