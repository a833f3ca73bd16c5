#!/bin/sh
# Run every tests/analyzer/t*.sh against one analyzer binary; TAP out, a summary line, non-zero on failure.
# usage: run.sh BINARY FIXTURES-DIR WORK-DIR [LABEL]
set -u
here=$(cd "$(dirname "$0")" && pwd)
BW=$1 FIX=$2 WORK=$3 LABEL=${4:-analyzer}
TOP=$(cd "$here/../.." && pwd)
export BW FIX WORK TOP LC_ALL=C
mkdir -p "$WORK"
# Run a private copy: others may relink bin/ while the suite runs in the shared tree.
cp "$BW" "$WORK/bloatwatch-analyze.under-test" || exit 1
BW=$WORK/bloatwatch-analyze.under-test
pass=0 fail=0
for t in "$here"/t[0-9]*.sh; do
	name=$(basename "$t" .sh)
	echo "# $LABEL: $name"
	if sh "$t"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "# $LABEL: $name FAILED"
	fi
done
echo "$LABEL: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
