#!/bin/sh
# Run one mutant harness with a few seeds and record whether the torture caught the bug.
#
#   kill.sh HARNESS NAME SCENARIO "ARGS" [SEEDS]   prints one stamp line: "killed ..." or
#                                                  "SURVIVED ..."; seeds 1 to SEEDS (5)
#
# A run that fails (oracle, sanitizer, crash) or hangs past the timeout kills the mutant; the
# first failing seed ends it. The simulator is deterministic for a seed. On real threads the
# interleavings are the machine's: a race that seed 1 exposes at once on an idle machine can
# take several runs when the cores are busy with other work, so that mode runs more seeds.
set -u
bin=$1 name=$2 scen=$3 args=$4 seeds=${5:-5}
for seed in $(seq 1 "$seeds"); do
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
echo "SURVIVED $name $scen: seeds 1-$seeds all passed"
