# tests/torture/torture.mk: host torture harnesses and mutants for the RCU variants.
#
# Every variant's harness is the variant's real source built for the host (-DBW_SIM)
# against the simulator in tests/torture/sim/, once per scenario of the variant, plain
# and with ASan+UBSan. A variant registers itself with four lines (see Tiny below):
#   TORTURE_VARIANTS        += <v>
#   TORTURE_<v>_SRC         := <harness .c> <variant .c> common/rcupdate.c ...
#   TORTURE_<v>_SCENARIOS   := scenario names (matrix/scenarios/)
#   TORTURE_<v>_ARGS        := harness options for `make test` (TORTURE_<v>_LONG for `make torture`)
# Mutants are files tests/torture/mutants/<v>/<name>.sed (see mutants/README).

# The kernel services both execution models build (the simulator's and the real-threads mode).
TORTURE_KSERVICES := $(sort $(wildcard tests/torture/kservices/*.c))
TORTURE_COMMON := tests/torture/rcutorture.c $(sort $(wildcard tests/torture/sim/*.c)) $(TORTURE_KSERVICES)
# -Iinclude/sim first: the simulator as an architecture overlaying the kernel shim (include/sim/linux/kernel.h).
TORTURE_CFLAGS := $(HOST_CFLAGS) -DBW_SIM -Iinclude/sim -Iinclude
# The sanitized harnesses keep line tables only (-g1): a sanitizer report names functions, files
# and lines from them, and full debug info made their compiles a quarter slower. The plain
# harnesses keep -g for the debugger.
TORTURE_SAN_FLAGS := $(SAN_FLAGS) -g1
TORTURE_SEEDS ?= 1
# Objects are compiled from their scenario's folder (scenario-cc.sh says why): ccache then serves
# one scenario's object to the others that give its source the same text.
SCENARIO_CC := sh tests/torture/scenario-cc.sh
TORTURE_VARIANTS :=

# Each variant registers itself in its folder's fragment (tests/torture/<id>/<id>.mk).
THREADS_VARIANTS :=
include tests/torture/tinyrcu/tinyrcu.mk
include tests/torture/classic/classic.mk
include tests/torture/tree/tree.mk

# The rules below serve both modes: GROUP is TORTURE (the simulator, binaries <v>-sim, builds
# plain and san) or THREADS (real threads, threads/threads.mk: <v>-threads, build tsan).
# $(call torture_dir,scenario,kind,flags): object rules for one build of one scenario
define torture_dir
$(BUILD)/torture/$(1)/$(2)/%.o: %.c $(BUILD)/torture/$(1)/autoconf.h
	$(call v_echo,  HOSTCC  $$@)
	$(Q)$(SCENARIO_CC) $(BUILD)/torture/$(1) $$< $$@ $(HOST_CC) $(3)
endef

# $(call torture_bin,GROUP,variant,scenario,kind,binary suffix,flags): link one harness binary
define torture_bin
$(1)_OBJS_$(2)_$(3)_$(4) := $$(addprefix $(BUILD)/torture/$(3)/$(4)/,$$(patsubst %.c,%.o,$$($(1)_$(2)_SRC) $$($(1)_COMMON)))
$(1)_ALL_OBJS += $$($(1)_OBJS_$(2)_$(3)_$(4))
$(1)_BINS += $(BUILD)/torture/$(3)/$(4)/$(2)-$(5)
$(BUILD)/torture/$(3)/$(4)/$(2)-$(5): $$($(1)_OBJS_$(2)_$(3)_$(4))
	@echo "  LINK    $$@"
	$(Q)$(HOST_CC) $(6) -o $$@ $$^
endef

# $(call torture_runs,GROUP,kinds,binary suffix,ARGS|LONG): every harness run, "binary options"
torture_runs = $(foreach v,$($(1)_VARIANTS),$(foreach s,$($(1)_$(v)_SCENARIOS),$(foreach k,$(2),\
	"$(BUILD)/torture/$(s)/$(k)/$(v)-$(3) $($(1)_$(v)_$(4))")))

TORTURE_SCENARIOS := $(sort $(foreach v,$(TORTURE_VARIANTS),$(TORTURE_$(v)_SCENARIOS)))
TORTURE_ALL_OBJS :=
TORTURE_BINS :=

$(BUILD)/torture/%/autoconf.h: matrix/CFcommon matrix/scenarios/% matrix/resolve.sh
	$(Q)sh matrix/resolve.sh matrix/scenarios/$* $(BUILD)/torture/$*

$(foreach s,$(TORTURE_SCENARIOS),$(eval $(call torture_dir,$(s),plain,$(TORTURE_CFLAGS)))\
	$(eval $(call torture_dir,$(s),san,$(TORTURE_CFLAGS) $(TORTURE_SAN_FLAGS))))
$(foreach v,$(TORTURE_VARIANTS),$(foreach s,$(TORTURE_$(v)_SCENARIOS),\
	$(eval $(call torture_bin,TORTURE,$(v),$(s),plain,sim,$(TORTURE_CFLAGS)))\
	$(eval $(call torture_bin,TORTURE,$(v),$(s),san,sim,$(TORTURE_CFLAGS) $(TORTURE_SAN_FLAGS)))))

-include $(call harness_deps,$(TORTURE_ALL_OBJS:.o=.d))

.PHONY: torture-bins torture torture-latency mutants
torture-bins: $(TORTURE_BINS)

# `make test`: every variant, scenario and build with the short run; TAP lines from the harness.
test-torture: $(TORTURE_BINS)
	$(Q)sh tests/tap.sh $@ -s "$(TORTURE_SEEDS)" $(call torture_runs,TORTURE,plain san,sim,ARGS)

# The queue-to-invoke latency of every variant and scenario (plain builds, seed 1) as a table.
torture-latency: $(foreach b,$(TORTURE_BINS),$(if $(findstring /plain/,$(b)),$(b)))
	$(Q)sh tests/torture/latency.sh 1 $(call torture_runs,TORTURE,plain,sim,ARGS)

# `make torture`: the long run, several seeds (TORTURE_SEEDS="1 2 3 ..." to choose).
torture: TORTURE_SEEDS = 1 2 3 4 5 6 7 8
torture: $(TORTURE_BINS)
	$(Q)sh tests/tap.sh $@ -s "$(TORTURE_SEEDS)" $(call torture_runs,TORTURE,plain san,sim,LONG)

TESTS += test-torture test-mutants

# The real-threads mode (TSan) of the registered variants.
include tests/torture/threads/threads.mk

# Mutants of both modes: rules generated from the mutant files (mutants/gen.sh), after the
# harnesses' whose objects they name. The folders are prerequisites too: deleting a mutant
# changes its folder's time, and the rules must forget it.
$(BUILD)/mutants.gen.mk: tests/torture/mutants/gen.sh $(wildcard tests/torture/mutants/*/*.sed \
		tests/torture/mutants/*/threads/*.sed tests/torture/mutants/*/ tests/torture/mutants/*/*/)
	@mkdir -p $(@D)
	$(Q){ sh tests/torture/mutants/gen.sh $(BUILD) && sh tests/torture/mutants/gen.sh $(BUILD) threads; } > $@.tmp && mv $@.tmp $@
ifeq ($(BW_GENERATED)$(call harness_deps,Makefile),1Makefile)
include $(BUILD)/mutants.gen.mk
endif

# `make mutants` lists every mutant of both modes; test-mutants gives the same as TAP.
mutants: $(MUTANT_STAMPS) $(THREADS_MUTANT_STAMPS)
	$(Q)sh tests/torture/mutants/summary.sh $^
test-mutants: $(MUTANT_STAMPS) $(THREADS_MUTANT_STAMPS)
	$(Q)sh tests/tap.sh $@ -c sh tests/torture/mutants/summary.sh $^

# The exhaustive model of Tiny RCU's lists and dynticks interface (spin).
include tests/torture/model/model.mk
