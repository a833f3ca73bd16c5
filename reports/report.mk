# reports/report.mk: record the build into the history database and write the reports from it:
# `make report` (one make: -j$(REPORT_JOBS) without -j) and `make record` (the build, under the
# current commit). docs/make.md describes both, REPORT_* and the stamps in $(REPORT_OUT)/.state.

REPORT_OUT        ?= reports/out
# bloatwatch's own default (db/store.py, default_target): make names the file for its stamps.
DB_FILE           ?= $(or $(BLOATWATCH_DB),bloatwatch.db)
# The command line, run in place from the repository root (bin/bloatwatch finds the package).
BLOATWATCH        := $(PYTHON) bin/bloatwatch
REPORT_STATE      := $(REPORT_OUT)/.state
REPORT_TRACK      ?= 4
REPORT_TRACK_JOBS ?= 1
REPORT_ARGS       ?=
REPORT_JOBS       ?= 2
REPORT_SRCS       := $(wildcard bloatwatch/*.py bloatwatch/*/*.py bloatwatch/report/templates/*.j2 \
	bloatwatch/report/static/*) bloatwatch/db/views.sql
MAKEFLAGS += $(if $(filter report kernel-report,$(MAKECMDGOALS)),$(if $(filter 0,$(MAKELEVEL)),-j$(REPORT_JOBS)))

.PHONY: report record
REPORT_SAY = printf 'report: text      %s\nreport: markdown  %s\nreport: html      %s\n' \
	$(REPORT_OUT)/footprint.txt $(REPORT_OUT)/footprint.md file://$(abspath $(REPORT_OUT))/index.html
report: $(REPORT_OUT)/index.html
	@cat $(REPORT_OUT)/summary.txt && echo && $(REPORT_SAY)

# The stamps are asked of the database only when DB_FILE, the file itself, or git's HEAD or
# status changed since they were last asked ($(REPORT_STATE)/git, one git process); a database
# that is not a file (its URL, which may hold a password, is not written down) every time.
REPORT_DB := $(or $(wildcard $(DB_FILE) $(DB_FILE)-wal),FORCE)
$(REPORT_STATE)/git: FORCE
	@mkdir -p $(@D) && { echo '$(if $(findstring ://,$(DB_FILE)),url,$(DB_FILE))'; git describe --always \
		--dirty --abbrev=40 2>&1; } > $@.tmp; $(call replace_changed,$@.tmp,$@)
$(eval $(call stamp_rule,$(REPORT_STATE)/head,$(REPORT_STATE)/git $(REPORT_DB),$(BLOATWATCH) --db $(DB_FILE) \
	stamp head $(REPORT_STATE)/head))

# A CONFIG sweep to build waits for reports written from the matrix alone ($(REPORT_STATE)/first,
# tracking first into an empty history: a commit recorded before its parents sorts before them
# when their dates are equal); a run stopped during the sweep keeps them. Then `recorded`, reports.
REPORT_FIRST := $(if $(filter report,$(MAKECMDGOALS)),$(SWEEP_RULES))
REPORT_RECORD = $(BLOATWATCH) --db $(DB_FILE) record --seed $(REPORT_TRACK) --seed-jobs $(REPORT_TRACK_JOBS) \
	$(1) && $(BLOATWATCH) --db $(DB_FILE) stamp head $(REPORT_STATE)/head && touch $(REPORT_STATE)/head.checked $@
REPORT_WRITE = $(BLOATWATCH) --db $(DB_FILE) report --out $(REPORT_OUT) -q $(REPORT_ARGS) $(1) && \
	sh matrix/stage.sh report $(MATRIX_T0) "written$(2)"
ifneq ($(REPORT_FIRST),)
$(REPORT_STATE)/first: $(REPORT_STATE)/head $(MATRIX_MANIFEST) $(MATRIX_JSON) $(AN_BIN) $(REPORT_SRCS) \
		| objects analysis
	$(Q)$(call REPORT_RECORD,--manifest $(MATRIX_MANIFEST))
	$(Q)$(call REPORT_WRITE,--sweep-pending, without the CONFIG sweep: this make adds it) && $(REPORT_SAY)
$(SWEEP_OBJS): | $(REPORT_STATE)/first
endif
$(REPORT_STATE)/recorded: $(REPORT_STATE)/head $(MATRIX_MANIFEST) $(MATRIX_JSON) $(AN_BIN) \
		$(if $(SWEEP_RULES),$(SWEEP_MANIFEST),$(wildcard $(SWEEP_MANIFEST))) \
		$(if $(REPORT_FIRST),$(REPORT_STATE)/first,$(wildcard $(REPORT_STATE)/first)) \
		| objects analysis $(if $(filter 1,$(REPORT_SWEEP)),sweep)
	$(Q)$(call REPORT_RECORD)
$(eval $(call stamp_rule,$(REPORT_STATE)/dbstate,$(REPORT_STATE)/recorded $(REPORT_DB),$(BLOATWATCH) --db $(DB_FILE) \
	stamp db $(REPORT_STATE)/dbstate))
$(REPORT_OUT)/index.html: $(REPORT_STATE)/dbstate $(REPORT_SRCS)
	$(Q)$(call REPORT_WRITE)

# Recording is idempotent and cheap (analyses are content-addressed), so it always runs; make
# decides which analyses are current (record reads them as they are).
record: analysis
	$(Q)$(BLOATWATCH) --db $(DB_FILE) record
