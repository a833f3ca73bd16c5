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

# Host C flags for the analyzer and the test harnesses (not for kernel objects).
# Host compiles go through ccache like the matrix's, in the same cache ($(BW_CACHE)/ccache), so
# a fresh clone's `make test` compiles nothing compiled before. Paths are relative to the
# checkout and its folder is not hashed (CCACHE_NOHASHDIR: debug info names the first
# clone's folder). HOST_CCACHE= compiles without it.
# Looked up once (a plain ?= would run the shell at every use: hundreds per make).
ifeq ($(origin HOST_CCACHE),undefined)
HOST_CCACHE := $(shell command -v ccache)
endif
HOST_CCACHE_RUN = $(if $(HOST_CCACHE),env CCACHE_DIR=$(BW_CACHE)/ccache CCACHE_BASEDIR=$(CURDIR) \
	CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=$(MATRIX_CCACHE_SIZE) $(HOST_CCACHE) )
HOST_CC     ?= $(HOST_CCACHE_RUN)gcc
# What compiles test inputs (tests/analyzer/fixtures.sh, structs/fixtures.sh, real.sh and the
# random structs rule of structs.mk) puts $BW_CCACHE before each compile.
export BW_CCACHE = $(HOST_CCACHE_RUN)
HOST_CFLAGS ?= -std=gnu11 -O2 -g -Wall -Wextra -Werror
SAN_FLAGS   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

.DEFAULT_GOAL := all

# No built-in rules or suffixes: every rule here is explicit, and make's implicit-rule search
# over the ~1,700 included dependency files cost a second per make invocation.
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

# `make report`, `make test` and `make bench` install packages (deps) and then run a second make
# for the work, which reads the generated rules once the compilers are in. Their first make, and
# `make clean`, neither make nor read the generated rules (BW_GENERATED=0): that keeps them right
# on a first run and cheap on every run.
BW_GENERATED := $(if $(filter-out report test bench deps clean,$(or $(MAKECMDGOALS),all)),1,0)

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

# DEPS: how packages get installed (tests/matrix stands in a simulated one).
DEPS ?= sh .ci/deps
deps:
	$(Q)$(DEPS)

bench: deps
	$(Q)$(MAKE) --no-print-directory $(BENCHES)

clean:
	rm -rf $(BUILD) $(BIN)/bloatwatch-analyze reports/out $(CLEAN)
