# tests/tests.mk: `make test` and the suites of the pipeline's stages; the analyzer's, struct
# layouts' and the RCU variants' suites are in tests/analyzer/ and tests/torture/.
#
# docs/testing.md describes the runner (tests/tap.sh, results in $(TAP_RESULTS)) and the order:
# `make test` is a second make, so that -k and -Otarget hold for the suites and not for the
# summary (and the suites read rules generated once `deps` ran). TEST_FIRST: the longest first.
TEST_JOBS   ?= 2
TEST_FIRST  := test-matrix test-analyzer test-analyzer-san test-checkouts test-db test-cli test-torture
TAP_RESULTS := $(abspath $(BUILD))/tests/results
export TAP_RESULTS
test: deps
	$(Q)$(DRY)rm -rf $(TAP_RESULTS); t0=$$(date +%s); \
	$(MAKE) --no-print-directory -k -Otarget $(if $(filter -j%,$(MAKEFLAGS)),,-j$(TEST_JOBS)) \
		BW_TEST_RUN=1 $(filter $(TESTS),$(TEST_FIRST)) $(filter-out $(TEST_FIRST),$(TESTS)); rc=$$?; \
	$(DRY)sh tests/summary.sh $(TAP_RESULTS) $$(($$(date +%s) - t0)) $(TESTS) || rc=1; exit $$rc

# Within make test, the suites that read the matrix's objects start once test-matrix is done
# (it deletes and rebuilds one, and the manifest with it); test-matrix's failures then count
# through its results (tests/summary.sh) instead of keeping them from running.
ifeq ($(BW_TEST_RUN),1)
test-matrix: TAP_IGNORE := -
test-analyzer test-analyzer-san test-structs-oracle test-structs-oracle-san test-structs-text test-structs-decl \
	test-db test-reports test-docs: | test-matrix
endif

# tests/matrix/*.sh: the built matrix (layout, records, manifest, Kconfig and #CHECK#,
# incrementality, symbols, irq instructions, Tiny's size budget, the sweep). tests/checkouts/*.sh:
# the matrix built in other checkouts (ccache hits, identical objects, a fresh clone's first
# `make report`); they touch nothing of this checkout's build, so they run beside test-matrix.
# Both are given make to run; $(DRY) keeps make -n from running them.
test-matrix: objects analysis
test-checkouts: objects
test-matrix test-checkouts: test-%:
	$(Q)$(DRY)$(TAP_IGNORE)sh tests/tap.sh $@ -e tests/$* $(BUILD) "$(MAKE)"

# pytest suites, tests/<name>/: the history database (migrations, ingest, track, diff, check,
# bisect, PostgreSQL); the reports (figures against the analyzer, site structure, escaping,
# headless Chromium); the command line on tests/kernel/linux.sh's Linux 6.1 fixtures and a small
# make project; the manual (generated blocks run the tools on matrix objects, man pages, links).
PYTEST := $(PYTHON) -m pytest -q -p no:cacheprovider -rs
test-db test-reports: objects analyzer
test-cli: analyzer
test-docs: objects analysis analyzer
test-db test-reports test-cli test-docs: test-%:
	$(Q)sh tests/tap.sh $@ -p $(PYTEST) tests/$*

# The style gates (tests/lint.sh): clang-format on every C file (.clang-format-ignore lists the
# exceptions), cppcheck on analyzer/ and the variants, pyflakes and pycodestyle (setup.cfg).
lint:
	$(Q)sh tests/tap.sh $@ -c sh tests/lint.sh

TESTS += test-matrix test-checkouts test-db test-reports test-docs test-cli lint
