# reports/report.mk: record the build into the history database and write the reports from it.
#
#   make report   deps, objects, analyzer, sweep, record (tracking first into an empty history),
#                 reports/out/; make record: record the build under the current commit
#
# docs/make.md describes both, REPORT_* and the stamps in $(REPORT_OUT)/.state. `report` is two
# makes: the first installs packages (deps) without reading the generated rules (BW_GENERATED=0),
# the second (report-build) reads them once the compilers are in.

REPORT_OUT        ?= reports/out
# bloatwatch's own default (db/store.py, default_target): make names the file for its stamps.
DB_FILE           ?= $(or $(BLOATWATCH_DB),bloatwatch.db)
# The command line, run in place from the repository root (bin/bloatwatch finds the package).
BLOATWATCH        := $(PYTHON) bin/bloatwatch
REPORT_STATE      := $(REPORT_OUT)/.state
REPORT_TRACK      ?= 4
REPORT_TRACK_JOBS ?= 1
REPORT_ARGS       ?=
# make jobs for building the objects when `make report` is run without -j
REPORT_JOBS       ?= 2
REPORT_SRCS       := $(wildcard bloatwatch/*.py bloatwatch/*/*.py bloatwatch/report/templates/*.j2 \
	bloatwatch/report/static/*) bloatwatch/db/views.sql

.PHONY: report report-build record

report: deps
	$(Q)$(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j$(REPORT_JOBS)) report-build

report-build: $(REPORT_OUT)/index.html
	@cat $(REPORT_OUT)/summary.txt && printf '\nreport: text      %s\nreport: markdown  %s\nreport: html      %s\n' \
		$(REPORT_OUT)/footprint.txt $(REPORT_OUT)/footprint.md file://$(abspath $(REPORT_OUT))/index.html

# The stamps are asked of the database only when DB_FILE, the file itself, or git's HEAD or
# status changed since they were last asked ($(REPORT_STATE)/git, one git process); a database
# that is not a file (its URL, which may hold a password, is not written down) every time.
REPORT_DB := $(or $(wildcard $(DB_FILE) $(DB_FILE)-wal),FORCE)
$(REPORT_STATE)/git: FORCE
	@mkdir -p $(@D) && { echo '$(if $(findstring ://,$(DB_FILE)),url,$(DB_FILE))'; git describe --always \
		--dirty --abbrev=40 2>&1; } > $@.tmp; $(call replace_changed,$@.tmp,$@)
$(eval $(call stamp_rule,$(REPORT_STATE)/head,$(REPORT_STATE)/git $(REPORT_DB),$(BLOATWATCH) --db $(DB_FILE) \
	stamp head $(REPORT_STATE)/head))

# The sweep (matrix/sweep.mk) runs after the matrix (its options come from the matrix's
# objects); recording waits for it and runs again only when the sweep's manifest changed.
REPORT_SWEEP_DEP := $(if $(SWEEP_RULES),$(SWEEP_MANIFEST),$(wildcard $(SWEEP_MANIFEST)))
$(REPORT_STATE)/recorded: $(REPORT_STATE)/head $(MATRIX_MANIFEST) $(MATRIX_JSON) $(AN_BIN) \
		$(REPORT_SWEEP_DEP) | objects analysis $(if $(filter 1,$(REPORT_SWEEP)),sweep)
	$(Q)$(BLOATWATCH) --db $(DB_FILE) record --seed $(REPORT_TRACK) --seed-jobs $(REPORT_TRACK_JOBS)
	$(Q)$(BLOATWATCH) --db $(DB_FILE) stamp head $(REPORT_STATE)/head && touch $(REPORT_STATE)/head.checked $@

$(eval $(call stamp_rule,$(REPORT_STATE)/dbstate,$(REPORT_STATE)/recorded $(REPORT_DB),$(BLOATWATCH) --db $(DB_FILE) \
	stamp db $(REPORT_STATE)/dbstate))

$(REPORT_OUT)/index.html: $(REPORT_STATE)/dbstate $(REPORT_SRCS)
	$(Q)$(BLOATWATCH) --db $(DB_FILE) report --out $(REPORT_OUT) -q $(REPORT_ARGS)

# Recording is idempotent and cheap (analyses are content-addressed), so it always runs; make
# decides which analyses are current (record reads them as they are).
record: analysis
	$(Q)$(BLOATWATCH) --db $(DB_FILE) record
