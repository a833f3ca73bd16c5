#!/bin/sh
# Measure torture harness throughput: median events/s of three runs per "BINARY ARGS" given.
set -eu
printf '%-40s %12s %10s %14s\n' harness events "median s" "events/s"
for run in "$@"; do
	bin=${run%% *}
	times=""
	for i in 1 2 3; do
		t0=$(date +%s.%N)
		# shellcheck disable=SC2086 # run is "binary options..."
		out=$($run --seed "$i")
		t1=$(date +%s.%N)
		times="$times $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
	done
	ev=$(printf '%s\n' "$out" | sed -n 's/^ok - .* \([0-9][0-9]*\) events.*/\1/p')
	med=$(printf '%s\n' $times | sort -g | sed -n 2p)
	printf '%-40s %12d %10.3f %14.0f\n' "$bin" "$ev" "$med" "$(awk -v e="$ev" -v t="$med" 'BEGIN { print e / t }')"
done
