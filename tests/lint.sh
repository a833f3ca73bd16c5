#!/bin/sh
# tests/lint.sh: the style gates of `make lint` as TAP: clang-format, cppcheck, citations, pyflakes, pycodestyle.
#
#   lint.sh
#
# clang-format 14 (.clang-format) checks every C file but those .clang-format-ignore lists.
# cppcheck checks analyzer/ and the variants; pyflakes and pycodestyle (setup.cfg) every Python
# file. A tool that is missing is a skip naming its package.
set -u
cd "$(dirname "$0")/.." || exit 1
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
# C: clang-format on every file but the ones .clang-format-ignore keeps as written; the same
# list formats the tree (the command in that file). Another major version formats differently.
cfiles=$( (git ls-files '*.c' '*.h' 2>/dev/null || find . -name '*.[ch]') | grep -v -f .clang-format-ignore)
cf_check() {
	if grep -n '^$' .clang-format-ignore; then
		echo ".clang-format-ignore: a blank line matches every file"
		return 1
	fi
	[ -n "$cfiles" ] || { echo "no C files left after .clang-format-ignore"; return 1; }
	# shellcheck disable=SC2086 # one file name per word
	out=$(clang-format --dry-run -Werror $cfiles 2>&1) && [ -z "$out" ] && return 0
	bad=$(printf '%s\n' "$out" | sed -n 's/:[0-9]*:[0-9]*: error: code should be clang-formatted.*//p' | uniq)
	if [ -n "$bad" ]; then
		echo "to format: git ls-files '*.c' '*.h' | grep -v -f .clang-format-ignore | xargs clang-format -i"
		# shellcheck disable=SC2086
		printf '%s: not formatted\n' $bad
	else
		printf '%s\n' "$out"
	fi
	return 1
}
cf_version=$(clang-format --version 2>/dev/null | sed -n 's/.*clang-format version \([0-9]*\).*/\1/p')
if [ "$cf_version" = 14 ]; then
	gate "clang-format: $(echo "$cfiles" | wc -l) C files (.clang-format-ignore lists the rest)" \
		clang-format cf_check
elif [ -n "$cf_version" ]; then
	skip "clang-format on every C file" "clang-format $cf_version is not 14, the version the tree is formatted with"
else
	skip "clang-format on every C file" "clang-format is not installed (Debian package clang-format)"
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
py=$( (git ls-files '*.py' 2>/dev/null || find . -name '*.py') | sort; echo bin/bloatwatch)
# shellcheck disable=SC2086 # one file name per word
gate "pyflakes on $(echo $py | wc -w) Python files" python3-pyflakes pyflakes3 $py
# shellcheck disable=SC2086
gate "pycodestyle on $(echo $py | wc -w) Python files (setup.cfg)" pycodestyle pycodestyle $py

echo "1..$n"
[ "$failed" -eq 0 ]
