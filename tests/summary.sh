#!/bin/sh
# tests/summary.sh: the table at the end of `make test`: each suite's seconds and checks, and the total.
#
#   summary.sh RESULTS-DIR WALL-SECONDS SUITE...
#
# RESULTS-DIR holds tests/tap.sh's records (one file per suite run, named after it). A suite of
# the list with no record of its own nor of a part (SUITE-*) did not run (its build failed, or
# make stopped first): it is listed as such and counts as a failure. Exit 1 when anything failed.
set -u
dir=$1 wall=$2
shift 2
missing=""
for s in "$@"; do
	[ -f "$dir/$s" ] && continue
	ls "$dir/$s"-* >/dev/null 2>&1 || missing="$missing $s"
done
# shellcheck disable=SC2012 # names are make targets: no odd characters
ls "$dir" 2>/dev/null | sort | while read -r s; do
	printf '%s ' "$s"
	cat "$dir/$s"
done | awk -v wall="$wall" -v missing="$missing" '
	BEGIN { printf "\n%-26s %8s %7s %7s %7s\n", "suite", "seconds", "passed", "failed", "skipped" }
	{ printf "%-26s %8.1f %7d %7d %7d\n", $1, $5, $2, $3, $4; p += $2; f += $3; s += $4; t += $5 }
	END {
		n = split(missing, m, " ")
		for (i = 1; i <= n; i++) { printf "%-26s %8s %7s %7d %7s\n", m[i], "-", "-", 1, "-"; f++ }
		printf "%-26s %8.1f %7d %7d %7d\n", "total (suite seconds)", t, p, f, s
		printf "make test: %d passed, %d failed, %d skipped in %d s wall clock%s\n", p, f, s, wall,
			n ? " (did not run:" missing ")" : ""
		exit f > 0
	}'
