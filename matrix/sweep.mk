# matrix/sweep.mk: the CONFIG sweep (make sweep): build/sweep/<arch>/<cc>/<label>/ and build/sweep.json.
#
# matrix/sweep.py expands matrix/SWEEP through Kconfig once the matrix and the analyzer are built
# (docs/configcost.md): $(BUILD)/sweep.gen.mk depends on them, so make builds them, writes the
# rules and restarts to read them. Objects are built and analyzed by the matrix's rules.

SWEEP_MANIFEST := $(BUILD)/sweep.json
SWEEP_CHECKED  := $(BUILD)/sweep.checked
# REPORT_SWEEP=0 leaves the sweep (3x the matrix's objects) out of `make report` (docs/make.md).
REPORT_SWEEP   ?= 1

# What the rules are made from; every file the sweep's objects and manifest are made from (a
# superset: every source and header of the variants, the compilers). tests/matrix/t1600-sweep.sh
# checks that every prerequisite of every sweep object is listed.
SWEEP_GEN_INPUTS := $(MATRIX_DATA) matrix/SWEEP matrix/sweep.py $(BUILD)/matrix.env $(MATRIX_MANIFEST) $(MATRIX_ANALYZER)
SWEEP_INPUTS := $(sort $(SWEEP_GEN_INPUTS) $(MATRIX_DEPS) \
	$(wildcard $(BUILD)/compilers/* tinyrcu/* classic/* tree/* common/* include/*/*))
.PHONY: sweep-inputs
sweep-inputs:
	@printf '%s\n' $(SWEEP_INPUTS)

# The rules of its ~2,700 objects (most of make's parse) are read for `sweep`, sweep objects, and
# `make report` when a file of SWEEP_INPUTS is newer than the sweep's last complete build
# ($(SWEEP_CHECKED)), or there is none; once the matrix's rules are (its objects come first).
SWEEP_STALE = $(if $(wildcard $(SWEEP_CHECKED) $(SWEEP_MANIFEST)),$(shell find $(SWEEP_INPUTS) \
	-newer $(SWEEP_CHECKED) -print -quit 2>/dev/null),never built)
SWEEP_RULES := $(if $(MATRIX_OBJS),$(or $(filter sweep $(BUILD)/sweep/%,$(MAKECMDGOALS)),$(if \
	$(filter report,$(MAKECMDGOALS)),$(if $(filter 1,$(REPORT_SWEEP)),$(SWEEP_STALE)))))
ifneq ($(SWEEP_RULES),)
$(BUILD)/sweep.gen.mk: $(SWEEP_GEN_INPUTS)
	$(Q)MATRIX_ANALYZER=$(MATRIX_ANALYZER) $(PYTHON) matrix/gen.py sweep $(BUILD) 2> $@.err$$$$ || \
		sh matrix/gen-failed.sh SWEEP $@.err$$$$ > $@; rm -f $@.err$$$$; touch $@

include $(BUILD)/sweep.gen.mk

# Each sweep object's analysis beside it, as the matrix's (`bloatwatch record` reads them).
SWEEP_JSON := $(addsuffix .json,$(filter %.o,$(SWEEP_OBJS)))

# The sweep's objects start once the matrix and its analyses are done: their stage lines first.
$(SWEEP_OBJS): | objects analysis
$(SWEEP_MANIFEST): $(BUILD)/sweep.json.in $(SWEEP_OBJS) $(SWEEP_JSON)
	$(Q)cp $< $@
$(SWEEP_CHECKED): $(SWEEP_INPUTS) $(SWEEP_OBJS) $(SWEEP_JSON) $(SWEEP_MANIFEST)
	@touch $@
endif

.PHONY: sweep
sweep: $(if $(SWEEP_RULES),$(SWEEP_CHECKED))
	@sh matrix/stage.sh sweep $(MATRIX_T0) "$(if $(SWEEP_RULES),$(words $(SWEEP_COORDS)) coordinates \
		($(words $(SWEEP_OBJS)) objects) up to date beside the matrix's; $(MATRIX_CCACHE_RUN),up to \
		date: no input changed since its last check)"
