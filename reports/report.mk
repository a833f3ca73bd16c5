# reports/report.mk: record the build into the history database and write the reports from it.
#
#   make report         deps -> objects -> analyzer -> the CONFIG sweep (make sweep) -> record
#                       this commit in $(DB_FILE) (first tracking the last $(REPORT_TRACK)
#                       commits when it holds no other one) -> reports/out/ (footprint.txt,
#                       footprint.md, index.html and its pages, config.html from the sweep)
#   make record         analyze build/ and record it under the current commit ($(DB_FILE))
#
# `report` is two makes: the first installs packages (deps) without reading the generated rules
# (BW_GENERATED=0), the second (report-build) reads them once the compilers are in, so that a
# first run on a fresh machine builds every coordinate. The sweep's rules are read only when an
# input of the sweep changed ($(SWEEP_CHECKED), matrix/sweep.mk).
# Every step is the command line (`bloatwatch record`, `stamp`, `report`). Stamps in
# $(REPORT_OUT)/.state keep a second `make report` with nothing changed cheap:
#   head      HEAD, dirty or not, and its status in the database (rewritten only on change)
#   recorded  newer than head, every matrix object, the sweep's manifest and the analyzer:
#             nothing to record
#   dbstate   digest of the recorded commits (rewritten only on change): nothing to render

REPORT_OUT        ?= reports/out
DB_FILE           ?= bloatwatch.db
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

.PHONY: report report-build report-always record

report: deps
	$(Q)$(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j$(REPORT_JOBS)) report-build

report-build: $(REPORT_OUT)/index.html
	@cat $(REPORT_OUT)/summary.txt
	@echo
	@echo "report: text      $(REPORT_OUT)/footprint.txt"
	@echo "report: markdown  $(REPORT_OUT)/footprint.md"
	@echo "report: html      file://$(abspath $(REPORT_OUT))/index.html"

$(REPORT_STATE)/head: report-always
	$(Q)$(BLOATWATCH) --db $(DB_FILE) stamp head $@

# The sweep (matrix/sweep.mk) runs after the matrix (its options come from the matrix's
# objects); recording waits for it and runs again only when the sweep's manifest changed.
REPORT_SWEEP_DEP := $(if $(SWEEP_RULES),$(SWEEP_MANIFEST),$(wildcard $(SWEEP_MANIFEST)))
$(REPORT_STATE)/recorded: $(REPORT_STATE)/head $(MATRIX_MANIFEST) $(MATRIX_JSON) $(AN_BIN) \
		$(REPORT_SWEEP_DEP) | objects analysis $(if $(filter 1,$(REPORT_SWEEP)),sweep)
	$(Q)$(BLOATWATCH) --db $(DB_FILE) record --seed $(REPORT_TRACK) --seed-jobs $(REPORT_TRACK_JOBS)
	$(Q)$(BLOATWATCH) --db $(DB_FILE) stamp head $(REPORT_STATE)/head
	@touch $@

$(REPORT_STATE)/dbstate: $(REPORT_STATE)/recorded report-always
	$(Q)$(BLOATWATCH) --db $(DB_FILE) stamp db $@

$(REPORT_OUT)/index.html: $(REPORT_STATE)/dbstate $(REPORT_SRCS)
	$(Q)$(BLOATWATCH) --db $(DB_FILE) report --out $(REPORT_OUT) -q $(REPORT_ARGS)

# Recording is idempotent and cheap (analyses are content-addressed), so it always runs.
record: objects analyzer
	$(Q)$(BLOATWATCH) --db $(DB_FILE) record
