# tests/torture/classic/classic.mk: Classic RCU's torture registration (included from torture.mk).
# The variant id is rcuclassic (like its object): "classic" would clash with the object folder.
#
# Simulator: UP CLASSIC01-04, SMP with 4 CPUs CLASSIC05-08 (hotplug, stall warnings) and
# CLASSIC17 (no hotplug, no stall detector), and 2, 16, 64, 256 CPUs CLASSIC13-16; the
# harness sizes each random phase from NR_CPUS (long enough for a stall test).
# Real threads under ThreadSanitizer: two 4-CPU scenarios and the 16-CPU one.

TORTURE_VARIANTS += rcuclassic
TORTURE_rcuclassic_SRC := tests/torture/classic/classic_harness.c tests/torture/classic/classic_check.c \
	classic/rcuclassic.c common/rcupdate.c
TORTURE_rcuclassic_SCENARIOS := CLASSIC01 CLASSIC02 CLASSIC03 CLASSIC04 CLASSIC05 CLASSIC06 \
	CLASSIC07 CLASSIC08 CLASSIC13 CLASSIC14 CLASSIC15 CLASSIC16 CLASSIC17
TORTURE_rcuclassic_ARGS := --rounds 3
TORTURE_rcuclassic_LONG := --rounds 24

THREADS_VARIANTS += rcuclassic
THREADS_rcuclassic_SRC := tests/torture/classic/classic_threads.c tests/torture/classic/classic_check.c \
	classic/rcuclassic.c common/rcupdate.c
THREADS_rcuclassic_SCENARIOS := CLASSIC06 CLASSIC08 CLASSIC14
THREADS_rcuclassic_ARGS := --steps 20000
THREADS_rcuclassic_LONG := --steps 200000
THREADS_rcuclassic_MUTANT_ARGS := --steps 5000
