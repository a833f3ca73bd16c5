# docs/docs.mk: the manual's generated blocks, its checks, and make install.
#
#   make docs        refill every generated block of README.md and docs/*.md from real output
#   make install     PREFIX=/usr/local, DESTDIR honoured; make uninstall removes the same files
#
# The blocks run the analyzer and bin/bloatwatch on matrix objects, so `docs` (and test-docs,
# tests/tests.mk, which checks them) depend on objects, analysis and the analyzer.

DOCS_MD   := README.md $(wildcard docs/*.md)
DOCS_MAN  := docs/man/bloatwatch.1 docs/man/bloatwatch-analyze.1
PREFIX    ?= /usr/local
DESTDIR   ?=
BW_LIB    := $(PREFIX)/lib/bloatwatch

.PHONY: docs install uninstall

docs: objects analysis analyzer
	$(Q)$(PYTHON) docs/docgen.py $(DOCS_MD)

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
