#!/bin/sh
# Summarise the mutant stamps as TAP; fail if any mutant survived.
set -u
n=0
survived=0
echo "TAP version 13"
for stamp in "$@"; do
	n=$((n + 1))
	line=$(cat "$stamp")
	case "$line" in
	killed*) echo "ok $n - mutant ${line#killed }" ;;
	*) echo "not ok $n - mutant ${line#SURVIVED }: the torture harness did not catch it"
	   survived=$((survived + 1)) ;;
	esac
done
echo "1..$n"
echo "$((n - survived)) passed, $survived failed"
[ "$survived" -eq 0 ]
