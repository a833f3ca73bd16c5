# matrix/sweep.mk: the CONFIG sweep (make sweep): build/sweep/<arch>/<cc>/<label>/ and build/sweep.json.
#
# matrix/SWEEP says what is swept; matrix/sweep.py expands it through Kconfig once the matrix
# is built (the options come from its objects' dependency files and the analyzer's configs
# mode), so `sweep` runs a second make for the generated rules. Objects are built by the same
# rule as the matrix's (ccache, build records); a second `make sweep` with nothing changed
# builds nothing. Not part of `objects`; `make report` records it (reports/report.mk).

SWEEP_MANIFEST := $(BUILD)/sweep.json

.PHONY: sweep sweep-build
sweep: objects $(MATRIX_ANALYZER)
	$(Q)$(MAKE) --no-print-directory MATRIX_ENV_CHECKED=1 sweep-build

# Every file the sweep's objects and manifest are made from (a superset: every source and
# header of the variants, the matrix's data and manifest, the compilers, the analyzer): when
# none is newer than the sweep's last check, `make report` does not run sweep-build's make,
# whose parse of ~2,700 objects' rules is the larger part of a no-op `make report`.
# tests/matrix/t1600-sweep.sh checks that every prerequisite of every sweep object is listed.
SWEEP_INPUTS := $(sort $(MATRIX_DATA) $(MATRIX_DEPS) matrix/SWEEP matrix/sweep.py $(BUILD)/matrix.env \
	$(MATRIX_MANIFEST) $(MATRIX_ANALYZER) \
	$(wildcard $(BUILD)/compilers/* tinyrcu/* classic/* tree/* common/* include/*/*))
.PHONY: sweep-inputs
sweep-inputs:
	@printf '%s\n' $(SWEEP_INPUTS)

# The rules exist for sweep-build and for goals that name sweep objects (tests build a few).
ifneq ($(filter sweep-build $(BUILD)/sweep/%,$(MAKECMDGOALS)),)
$(BUILD)/sweep.gen.mk: $(MATRIX_DATA) matrix/SWEEP matrix/sweep.py $(BUILD)/matrix.env $(MATRIX_MANIFEST) \
		$(MATRIX_ANALYZER)
	$(Q)MATRIX_ANALYZER=$(MATRIX_ANALYZER) $(PYTHON) matrix/gen.py sweep $(BUILD) 2> $@.err$$$$ || \
		sh matrix/gen-failed.sh SWEEP $@.err$$$$ > $@; rm -f $@.err$$$$; touch $@

include $(BUILD)/sweep.gen.mk

# Each sweep object's analysis beside it, as the matrix's (`bloatwatch record` reads them).
SWEEP_JSON := $(addsuffix .json,$(filter %.o,$(SWEEP_OBJS)))
ifneq ($(SWEEP_JSON),)
$(addsuffix .cmd,$(filter %.o,$(SWEEP_OBJS))): %.cmd: % ;
$(SWEEP_JSON): %.json: % %.cmd $(MATRIX_ANALYZER)
	$(Q)$(MATRIX_ANALYZER) all --json $< > $@.tmp && mv $@.tmp $@
endif
endif

.PHONY: sweep-gen-error
sweep-gen-error:
	@echo '$(subst ','\'',$(SWEEP_GEN_ERROR))' >&2; exit 1

$(SWEEP_MANIFEST): $(BUILD)/sweep.json.in $(SWEEP_OBJS) $(SWEEP_JSON)
	$(Q)cp $< $@

sweep-build: $(SWEEP_OBJS) $(SWEEP_JSON) $(SWEEP_MANIFEST)
	@sh matrix/stage.sh sweep $(MATRIX_T0) "$(words $(SWEEP_COORDS)) coordinates ($(words \
		$(SWEEP_OBJS)) objects) up to date beside the matrix's; $(MATRIX_CCACHE_RUN)"
