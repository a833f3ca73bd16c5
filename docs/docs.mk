# docs/docs.mk: the manual's generated blocks, its checks, and make install.
#
#   make docs        refill every generated block of README.md and docs/*.md from real output
#   make test-docs   fail on a stale block, a man page missing an option of a --help, a man
#                    page man cannot render, a broken link, a citation of an outside document
#   make install     PREFIX=/usr/local, DESTDIR honoured; make uninstall removes the same files
#
# The blocks run the analyzer and bin/bloatwatch on matrix objects, so both targets depend on
# objects, analysis and the analyzer (nothing is rebuilt when they are up to date).

DOCS_MD   := README.md $(wildcard docs/*.md)
DOCS_MAN  := docs/man/bloatwatch.1 docs/man/bloatwatch-analyze.1
PREFIX    ?= /usr/local
DESTDIR   ?=
BW_LIB    := $(PREFIX)/lib/bloatwatch

.PHONY: docs test-docs install uninstall

docs: objects analysis analyzer
	$(Q)$(PYTHON) docs/docgen.py $(DOCS_MD)

# Through the suites' TAP runner (tests/tap.sh -p: the pytest summary is counted) where the tree
# has it, so make test's table lists this suite.
DOCS_TAP  := $(if $(wildcard tests/tap.sh),sh tests/tap.sh test-docs -p )
test-docs: objects analysis analyzer
	$(Q)$(DOCS_TAP)$(PYTHON) -m pytest -q -p no:cacheprovider -rs tests/docs

TESTS += test-docs

# Within make test the blocks read matrix objects, which test-matrix deletes and rebuilds.
ifeq ($(BW_TEST_RUN),1)
test-docs: | test-matrix
endif

# The package's files (no byte code); bin/bloatwatch puts $(BW_LIB) on the import path, since
# the package sits beside its bin/ folder, and finds the analyzer through the link in it.
install: analyzer
	$(Q)set -e; d="$(DESTDIR)"; \
	install -d "$$d$(PREFIX)/bin" "$$d$(BW_LIB)/bin" "$$d$(PREFIX)/share/man/man1"; \
	install -m 755 $(AN_BIN) "$$d$(PREFIX)/bin/bloatwatch-analyze"; \
	install -m 755 bin/bloatwatch "$$d$(BW_LIB)/bin/bloatwatch"; \
	for f in $$(find bloatwatch -type f ! -path '*/__pycache__/*' ! -name '*.pyc' | sort); do \
		install -D -m 644 "$$f" "$$d$(BW_LIB)/$$f"; done; \
	ln -sfn ../lib/bloatwatch/bin/bloatwatch "$$d$(PREFIX)/bin/bloatwatch"; \
	ln -sfn ../../../bin/bloatwatch-analyze "$$d$(BW_LIB)/bin/bloatwatch-analyze"; \
	install -m 644 $(DOCS_MAN) "$$d$(PREFIX)/share/man/man1/"; \
	echo "install: $(PREFIX)/bin/bloatwatch, bloatwatch-analyze, $(BW_LIB), man pages$${d:+ (under $$d)}"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/bloatwatch" "$(DESTDIR)$(PREFIX)/bin/bloatwatch-analyze" \
		$(addprefix "$(DESTDIR)$(PREFIX)/share/man/man1/,$(addsuffix ",$(notdir $(DOCS_MAN))))
	rm -rf "$(DESTDIR)$(BW_LIB)"
