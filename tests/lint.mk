# tests/lint.mk: `make lint`, the style gates (tests/lint.sh): clang-format on the C lines changed
# since the merge base with LINT_BASE, cppcheck on analyzer/ and the variants, pyflakes and
# pycodestyle (setup.cfg) on the Python. Part of `make test`.

LINT_BASE ?= main

.PHONY: lint
lint:
	$(Q)sh tests/tap.sh $@ -c sh tests/lint.sh $(LINT_BASE)

TESTS += lint
