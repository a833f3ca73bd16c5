#!/bin/sh
# tests/fuzz.sh: one bounded libFuzzer run as a TAP check: no crash, leak, hang or timeout.
#
#   fuzz.sh NAME LOG FUZZER [LIBFUZZER-OPTION...] [CORPUS-DIR...]
#
# The fuzzer's own output goes to LOG; its tail is shown when it fails.
set -u
name=$1 log=$2
shift 2
echo "1..1"
"$@" >"$log" 2>&1
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
if [ "$rc" -eq 0 ]; then
	echo "ok 1 - $name: no crash, leak or hang${runs:+ in $runs runs}"
else
	echo "not ok 1 - $name: exit $rc (log: $log)"
	tail -n 40 "$log" | sed 's/^/# /'
fi
[ "$rc" -eq 0 ]
