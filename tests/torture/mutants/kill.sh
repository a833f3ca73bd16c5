#!/bin/sh
# Run one mutant harness with a few seeds and record whether the torture caught the bug.
#
#   kill.sh HARNESS NAME SCENARIO "ARGS"   prints one stamp line: "killed ..." or "SURVIVED ..."
#
# A run that fails (oracle, sanitizer, crash) or hangs past the timeout kills the mutant.
set -u
bin=$1 name=$2 scen=$3 args=$4
for seed in 1 2 3 4 5; do
	# shellcheck disable=SC2086 # args is a list of options
	out=$(timeout 120 "$bin" $args --seed "$seed" 2>&1)
	rc=$?
	if [ "$rc" -ne 0 ]; then
		why=$(printf '%s\n' "$out" | grep -m 1 -E '^FAIL|ERROR: AddressSanitizer|WARNING: ThreadSanitizer: [a-z -]*|runtime error' || true)
		[ "$rc" -eq 124 ] && why="hung (timeout)"
		[ -z "$why" ] && why="exit status $rc"
		echo "killed $name $scen seed $seed: $why"
		exit 0
	fi
done
echo "SURVIVED $name $scen: seeds 1-5 all passed"
