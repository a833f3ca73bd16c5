# tests/tests.mk: `make test` and the suites of the pipeline's stages (docs/testing.md); the
# analyzer's, struct layouts' and the RCU variants' suites are in tests/analyzer/ and tests/torture/.
#
# Every suite runs through tests/tap.sh, which records its counts in $(TAP_RESULTS); the suites
# run TEST_JOBS at a time (unless make was given -j), each one's output kept whole (-Otarget),
# and all of them run even when one fails (-k). The table and totals come last (tests/summary.sh);
# make test fails when any suite failed or did not run. It is a second make, as `make report`
# is, so that the suites read rules generated after `deps` installed the compilers, and so that
# -k and -Otarget hold for the suites and not for the summary.
# make starts the goals in the order given, so the longest suites go first (TEST_FIRST: their
# seconds are in docs/testing.md); started last, one of them would run alone at the end.
TEST_JOBS   ?= 2
TEST_FIRST  := test-matrix test-analyzer test-analyzer-san test-checkouts test-db test-cli test-torture
TAP_RESULTS := $(abspath $(BUILD))/tests/results
export TAP_RESULTS
.PHONY: test test-matrix test-checkouts test-db test-reports test-cli test-docs lint
test: deps
	$(Q)rm -rf $(TAP_RESULTS); t0=$$(date +%s); \
	$(MAKE) --no-print-directory -k -Otarget $(if $(filter -j%,$(MAKEFLAGS)),,-j$(TEST_JOBS)) \
		BW_TEST_RUN=1 $(filter $(TESTS),$(TEST_FIRST)) $(filter-out $(TEST_FIRST),$(TESTS)); rc=$$?; \
	sh tests/summary.sh $(TAP_RESULTS) $$(($$(date +%s) - t0)) $(TESTS) || rc=1; exit $$rc

# Within make test, the suites that read the matrix's objects start once test-matrix is done
# (it deletes and rebuilds one, and the manifest with it); test-matrix's failures then count
# through its results (tests/summary.sh) instead of keeping them from running.
ifeq ($(BW_TEST_RUN),1)
TEST_MATRIX_IGNORE := -
test-analyzer test-analyzer-san test-structs-oracle test-structs-oracle-san test-structs-text \
	test-db test-reports test-docs: | test-matrix
endif

# Checks of the built matrix (tests/matrix/*.sh, TAP): layout, records, manifest, Kconfig and
# #CHECK#, incrementality, symbols, irq instructions, Tiny's size budget, the sweep.
test-matrix: objects analysis
	$(Q)$(TEST_MATRIX_IGNORE)sh tests/tap.sh $@ -e tests/matrix $(BUILD) "$(MAKE)"
# The matrix built in other checkouts (tests/checkouts/*.sh): all ccache hits and identical
# objects; a fresh clone's first `make report`. They touch nothing of this checkout's build, so
# they run beside test-matrix instead of after it.
test-checkouts: objects
	$(Q)sh tests/tap.sh $@ -e tests/checkouts $(BUILD) "$(MAKE)"

PYTEST := $(PYTHON) -m pytest -q -p no:cacheprovider -rs
# The history database: migrations, ingest, track, diff, check, bisect, PostgreSQL (tests/db).
test-db: objects analyzer
	$(Q)sh tests/tap.sh $@ -p $(PYTEST) tests/db
# The reports: figures against the analyzer, site structure, escaping, headless Chromium.
test-reports: objects analyzer
	$(Q)sh tests/tap.sh $@ -p $(PYTEST) tests/reports
# The command line on tests/kernel/linux.sh's Linux 6.1 fixtures (cached under $BW_CACHE/kernel;
# configcost's builds under $BW_CACHE/configcost) and on a small make project.
test-cli: analyzer
	$(Q)sh tests/tap.sh $@ -p $(PYTEST) tests/cli
# The manual: generated blocks (they run the tools on matrix objects), man pages, links, citations.
test-docs: objects analysis analyzer
	$(Q)sh tests/tap.sh $@ -p $(PYTEST) tests/docs
# The style gates (tests/lint.sh): clang-format on every C file (.clang-format-ignore lists the
# exceptions), cppcheck on analyzer/ and the variants, pyflakes and pycodestyle (setup.cfg).
lint:
	$(Q)sh tests/tap.sh $@ -c sh tests/lint.sh

TESTS += test-matrix test-checkouts test-db test-reports test-docs test-cli lint
