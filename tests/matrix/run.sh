#!/bin/sh
# Run the matrix's TAP suites (tests/matrix/tNNNN-*.sh) in order: their output, then a total.
#
#   run.sh BUILD_DIR MAKE
#
# Each suite gets BUILD_DIR and MAKE; a suite's "ok N - ... # SKIP reason" lines are counted
# as skips. Exit 1 when any suite fails.
build=$1 make=$2
failed=0 skipped=0
for t in tests/matrix/t[0-9][0-9][0-9][0-9]-*.sh; do
	echo "# $t"
	out=$(sh "$t" "$build" "$make" 2>&1)
	rc=$?
	printf '%s\n' "$out"
	skipped=$((skipped + $(printf '%s\n' "$out" | grep -c '^ok .*# SKIP')))
	[ "$rc" -eq 0 ] || { failed=$((failed + 1)); echo "# $t FAILED (exit $rc)"; }
done
echo "# test-matrix: $failed suites failed, $skipped checks skipped"
[ "$failed" -eq 0 ]
