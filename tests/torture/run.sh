#!/bin/sh
# Run torture harnesses as TAP: run.sh "SEEDS" "BINARY ARGS..." ...; fails if any run fails.
set -u
seeds=$1
shift
n=0
failed=0
total_events=0
start=$(date +%s.%N)
echo "TAP version 13"
for run in "$@"; do
	for seed in $seeds; do
		n=$((n + 1))
		# shellcheck disable=SC2086 # the run string is "binary options..."
		if out=$($run --seed "$seed" 2>&1); then
			line=$(printf '%s\n' "$out" | grep '^ok - ' | tail -n 1)
			echo "ok $n - ${run%% *} seed $seed: ${line#ok - }"
			printf '%s\n' "$out" | grep '^# ' | sed 's/^/    /'
			ev=$(printf '%s\n' "$line" | sed -n 's/.* \([0-9][0-9]*\) events.*/\1/p')
			total_events=$((total_events + ${ev:-0}))
		else
			failed=$((failed + 1))
			echo "not ok $n - ${run%% *} seed $seed"
			printf '%s\n' "$out" | sed 's/^/    # /'
		fi
	done
done
end=$(date +%s.%N)
echo "1..$n"
awk -v e="$total_events" -v a="$start" -v b="$end" \
	'BEGIN { printf "# %d simulated events in %.1f s (%.0f events/s, all runs)\n", e, b - a, e / (b - a) }'
echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
