#!/bin/sh
# tests/lint.sh: the style gates of `make lint` as TAP: clang-format, cppcheck, citations, pyflakes, pycodestyle.
#
#   lint.sh [BASE]
#
# clang-format (.clang-format) checks the lines of C changed since the merge base with BASE
# (default: main, else HEAD: uncommitted changes), not the whole tree, which predates the file.
# cppcheck checks analyzer/ and the variants; pyflakes and pycodestyle (setup.cfg) the Python
# of bloatwatch/, bin/, tests/ and matrix/. A tool that is missing is a skip naming its package.
set -u
cd "$(dirname "$0")/.." || exit 1
base=${1:-main}
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
# gate DESCRIPTION PACKAGE TOOL ARGS...: one check; its findings are shown on failure
gate() {
	desc=$1 pkg=$2
	shift 2
	if ! command -v "$1" >/dev/null 2>&1; then
		skip "$desc" "$1 is not installed (Debian package $pkg, in .ci/packages)"
		return
	fi
	if out=$("$@" 2>&1) && [ -z "$out" ]; then
		ok "$desc"
	else
		not_ok "$desc"
		printf '%s\n' "$out" | head -n 40 | sed 's/^/# /'
	fi
}

echo "TAP version 13"
# C: clang-format on the changed lines
if git rev-parse --git-dir >/dev/null 2>&1; then
	mb=$(git merge-base HEAD "$base" 2>/dev/null || git rev-parse HEAD)
	changed=$(git diff --name-only "$mb" -- '*.c' '*.h' | wc -l)
	cf_diff() { git diff -U0 --no-color "$mb" -- '*.c' '*.h' | clang-format-diff -p1; }
	if command -v clang-format >/dev/null 2>&1 && command -v clang-format-diff >/dev/null 2>&1; then
		gate "clang-format: lines changed since $(git rev-parse --short "$mb") in $changed C files" \
			clang-format cf_diff
	else
		skip "clang-format on changed lines" "clang-format is not installed (Debian package clang-format)"
	fi
else
	skip "clang-format on changed lines" "not a git checkout: no merge base"
fi

# cppcheck: warnings and portability; the findings it cannot know to be false carry an inline
# suppression with the reason beside it.
CPPCHECK="cppcheck -q --enable=warning,portability --std=c11 --inline-suppr --error-exitcode=1 -j2"
# shellcheck disable=SC2086 # CPPCHECK is a command line
gate "cppcheck analyzer/" cppcheck $CPPCHECK -Ianalyzer/lib -Ianalyzer/cmd analyzer
# shellcheck disable=SC2086
gate "cppcheck the variants (tinyrcu classic tree common)" cppcheck $CPPCHECK -Iinclude \
	tinyrcu classic tree common

# Citations: the C, the torture harnesses, the mutants and the shell and make of the build cite
# only documents in the repository (tests/citations.py, the manual's list).
cited=$( (git ls-files '*.c' '*.h' '*.sed' '*.sh' '*.mk' '*.pml' 'tests/torture/*' 2>/dev/null ||
	find . -name '*.[ch]' -o -name '*.sed' -o -name '*.sh' -o -name '*.mk') | grep -v '\.py$' | sort -u)
# shellcheck disable=SC2086 # one file name per word
gate "citations: only documents in the repository, in $(echo $cited | wc -w) source, test and mutant files" \
	python3 python3 tests/citations.py $cited

# Python
py=$( (git ls-files 'bloatwatch/*.py' 'tests/*.py' 'matrix/*.py' 2>/dev/null ||
	find bloatwatch tests matrix -name '*.py') | sort; echo bin/bloatwatch)
# shellcheck disable=SC2086 # one file name per word
gate "pyflakes on $(echo $py | wc -w) Python files" python3-pyflakes pyflakes3 $py
# shellcheck disable=SC2086
gate "pycodestyle on $(echo $py | wc -w) Python files (setup.cfg)" pycodestyle pycodestyle $py

echo "1..$n"
[ "$failed" -eq 0 ]
