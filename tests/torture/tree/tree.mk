# tests/torture/tree/tree.mk: Tree RCU torture configurations and the build-time refusal test.
#
# Configurations: every (NR_CPUS, RCU_FANOUT) pair of {1,2,4,16,64,256} x {2,4,16,64} with
# NR_CPUS <= FANOUT^3 (a tree of at most three levels, as 2.6.29 allows), named
# TT<nr>x<fanout>[-<opts>] and resolved by tree-config.sh (p PREEMPT, z NO_HZ, e FANOUT_EXACT;
# SMP with hotplug and stall warnings, UP for one CPU); plus the matrix scenarios with a
# machine small enough to simulate. `make test` runs every pair with NO_HZ (PREEMPT on every
# other pair); `make torture` adds every pair without NO_HZ (PREEMPT the other way round),
# so each pair also meets both PREEMPT settings, and runs longer (TREE_LONG=1 adds them to any
# goal, e.g. `make TREE_LONG=1 torture-bins`).
# Irregular pairs (`make test` too): CPU counts that are neither powers of two nor multiples of
# the fanout, fanouts 2-16 with and without FANOUT_EXACT, so leaves hold fewer CPUs than the
# fanout, the last node of a level is partial, or spreads differ from the fanout; oracle GI
# (tree_geom.c) checks their shape at boot and after every hotplug event.

TREE_NR := 1 2 4 16 64 256
TREE_FANOUT := 2 4 16 64
# The pairs, fanout-major: "nr:fanout" for nr <= fanout^3 (8, 64, 4096, 262144), written out
# (a shell loop cost a process at every make).
TREE_PAIRS := $(addsuffix :2,1 2 4) $(addsuffix :4,1 2 4 16 64) $(foreach f,16 64,$(addsuffix :$(f),$(TREE_NR)))
TREE_PAIR_NAMES := $(foreach p,$(TREE_PAIRS),TT$(subst :,x,$(p)))
# Alternate PREEMPT along the list: odd positions -pz, even -z (and the opposite without NO_HZ).
# In make itself (a shell per element cost a tenth of a second at every make).
tree_alt = $(if $(1),$(firstword $(1))-$(2) $(call tree_alt,$(wordlist 2,$(words $(1)),$(1)),$(3),$(2)))
TREE_IRREGULAR_CONFIGS := TT3x2-pz TT6x4-z TT6x4-pze TT7x2-ze TT12x3-pz TT12x5-z TT12x8-pze \
	TT100x5-z TT100x16-pz TT100x16-ze
TREE_TEST_CONFIGS := $(call tree_alt,$(TREE_PAIR_NAMES),pz,z) TT6x2-ze TT64x4-ze \
	$(TREE_IRREGULAR_CONFIGS)
TREE_LONG_CONFIGS := $(patsubst %-,%,$(call tree_alt,$(TREE_PAIR_NAMES),,p))
TREE_MATRIX_SCENARIOS := TREE01 TREE02 TREE03 TREE04 TREE05 TREE06 TREE07 TREE08 TREE13

TORTURE_VARIANTS += tree
TORTURE_tree_SRC := tests/torture/tree/tree_harness.c tests/torture/tree/tree_check.c \
	tests/torture/tree/tree_services.c tests/torture/tree/tree_geom.c tree/rcutree.c common/rcupdate.c
TORTURE_tree_SCENARIOS := $(TREE_MATRIX_SCENARIOS) $(TREE_TEST_CONFIGS) \
	$(if $(or $(filter torture,$(MAKECMDGOALS)),$(TREE_LONG)),$(TREE_LONG_CONFIGS))
TORTURE_tree_ARGS := --rounds 4
TORTURE_tree_LONG := --rounds 24
# Mutant runs: long enough that the narrow race windows of docs/variants.md come up (a killed
# mutant stops at its first failure, so only survivors pay for the length).
TORTURE_tree_MUTANT_ARGS := --rounds 24

# A generated configuration (the matrix scenarios use torture.mk's rule).
$(BUILD)/torture/TT%/autoconf.h: tests/torture/tree/tree-config.sh matrix/CFcommon matrix/resolve.sh
	$(Q)sh tests/torture/tree/tree-config.sh TT$* $(@D)

# A pair that needs a fourth level must not build: the refusal, with its message, is a test.
test-tree-refuse:
	$(Q)sh tests/tap.sh $@ -c sh tests/torture/tree/t4200-tree-refuse.sh "$(HOST_CC)" $(BUILD)/tree-refuse

TESTS += test-tree-refuse

# Real threads under ThreadSanitizer: one host thread per CPU, 1-, 2- and 3-level trees.
THREADS_VARIANTS += tree
THREADS_tree_SRC := tests/torture/tree/tree_threads.c tests/torture/tree/tree_check.c \
	tests/torture/tree/tree_services.c tests/torture/tree/tree_geom.c tree/rcutree.c common/rcupdate.c
THREADS_tree_SCENARIOS := TREE06 TREE13 TT8x2-pz
THREADS_tree_ARGS := --steps 20000
THREADS_tree_LONG := --steps 200000
THREADS_tree_MUTANT_ARGS := --steps 5000
