# Bloatwatch: the single entry point; each stage's rules live in its folder's fragment.
#
#   build matrix -> objects (build/) -> analyzer -> history db -> reports
#
# `make report` and `make test` are the two commands; docs/make.md describes every target.

PYTHON ?= /usr/bin/python3
BUILD  ?= build
BIN    := bin
V      ?= 0
Q      := $(if $(filter 0,$(V)),@)
# $(call v_echo,TEXT): a recipe line printing TEXT with V=1, and no line at all otherwise (an
# echo per object costs a process, and builds compile thousands).
v_echo = $(if $(filter 0,$(V)),,@echo "$(1)")

# Host C flags for the analyzer and the test harnesses (not kernel objects), compiled through the
# matrix's ccache ($(BW_CACHE)/ccache, found on PATH once, by make): paths relative to the checkout,
# its folder not hashed (debug info names the first clone's). HOST_CCACHE= compiles without it.
CCACHE_FOUND := $(firstword $(wildcard $(addsuffix /ccache,$(subst :, ,$(PATH)))))
ifeq ($(origin HOST_CCACHE),undefined)
HOST_CCACHE := $(CCACHE_FOUND)
endif
HOST_CCACHE_RUN = $(if $(HOST_CCACHE),env CCACHE_DIR=$(BW_CACHE)/ccache CCACHE_BASEDIR=$(CURDIR) \
	CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=$(MATRIX_CCACHE_SIZE) $(HOST_CCACHE) )
HOST_CC     ?= $(HOST_CCACHE_RUN)gcc
# What compiles test inputs (fixtures.sh, real.sh, structs.mk's random structs) puts it first.
export BW_CCACHE = $(HOST_CCACHE_RUN)
HOST_CFLAGS ?= -std=gnu11 -O2 -g -Wall -Wextra -Werror
SAN_FLAGS   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

.DEFAULT_GOAL := all

# No built-in rules or suffixes: every rule is explicit (the implicit-rule search cost a second).
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:

# Generated files made through pattern rules (e.g. a scenario's autoconf.h) are outputs we
# keep, not intermediates to delete after the build.
.SECONDARY:

# make -n still runs a recipe line that names $(MAKE), to show what that make would do; the rest
# of such a line is kept from running by $(DRY), ":" under -n. (MAKEFLAGS's first word holds the
# one-letter options, unless it is an option such as --no-builtin-rules, itself with an n.)
DRY := $(if $(findstring n,$(filter-out -%,$(firstword $(MAKEFLAGS)))),: )

# $(call stamp_rule,STAMP,INPUTS,COMMAND): COMMAND rewrites STAMP only when its text changes, and
# runs only when STAMP is missing or an input is newer than its last run (STAMP.checked): make
# then starts no process to find that nothing changed.
.PHONY: FORCE
# $(call replace_changed,TMP,FILE): FILE becomes TMP's text, its timestamp kept when that is the same.
replace_changed = if cmp -s $(1) $(2); then rm -f $(1); else mv $(1) $(2); fi
define stamp_rule
$(1).checked: $(2) $(if $(wildcard $(1)),,FORCE)
	$(Q)$(3) && touch $$@
$(1): $(1).checked ;
endef

# DEPS installs packages (t2200 simulates it). report, kernel-report and bench run it as make reads
# its rules, before the compilers are looked at (not when make restarts to read rules; not -n).
DEPS ?= sh .ci/deps
ifneq ($(if $(MAKE_RESTARTS)$(DRY),,$(filter report kernel-report bench,$(MAKECMDGOALS))),)
BW_DEPS_SAID := $(shell $(DEPS))
$(if $(filter 0,$(.SHELLSTATUS)),$(if $(BW_DEPS_SAID),$(info $(BW_DEPS_SAID))),$(error $(BW_DEPS_SAID) $(DEPS): failed))
endif
# `make test` runs deps, then a second make; its first, and `make clean`, read no generated rules.
BW_FIRST := test deps clean
BW_GENERATED := $(if $(filter-out $(BW_FIRST),$(or $(MAKECMDGOALS),all)),1,0)
# $(call harness_deps,FILES): the harnesses' dependency files that exist, when a goal may build a
# harness (the pipeline's build none; reading the ~1,700 torture objects' cost a second a make).
harness_deps = $(if $(filter-out $(BW_FIRST) report kernel-report all objects analysis analyzer \
	sweep sweep-inputs record matrix-list docs,$(or $(MAKECMDGOALS),all)),$(wildcard $(1)))

# Each fragment appends its targets to these lists.
TESTS   :=
BENCHES :=
CLEAN   :=

include matrix/matrix.mk
include tests/torture/torture.mk
include analyzer/analyzer.mk
include tests/analyzer/analyzer.mk
include reports/report.mk
include reports/kernel.mk
include docs/docs.mk
include bench/bench.mk
include tests/kernel/kernel.mk
include tests/tests.mk

.PHONY: all deps test bench clean $(TESTS) $(BENCHES)
all: objects analyzer

deps:
	$(Q)$(DEPS)

bench: $(BENCHES)

clean:
	rm -rf $(BUILD) $(BIN)/bloatwatch-analyze reports/out $(CLEAN)
