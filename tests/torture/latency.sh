#!/bin/sh
# The torture's queue-to-invoke latency as a table: one row per harness run and flavor.
#
#   latency.sh SEED "BIN ARGS"...   runs each BIN ARGS --seed SEED (BIN is
#                                   build/torture/<scenario>/<kind>/<variant>-sim or a mutant's
#                                   harness) and tabulates its "# <variant> latency" line
#
# GPs are `completed` at invocation minus `completed` at enqueue (Tiny: batches), events the
# simulator's events between the two. A run that fails prints no figures: its first FAIL line
# is shown instead (add --latency-only to ARGS to measure a latency mutant that O10/O11 kill).
set -u
seed=$1
shift
status=0
printf '%-28s %-7s %7s %4s %5s %8s %7s %7s\n' run flavor "GP mean" p99 max "ev mean" p99 max
for run in "$@"; do
	bin=${run%% *}
	case $bin in
	*/harness) name=$(basename "$(dirname "$bin")")/$(basename "$(dirname "$(dirname "$bin")")") ;;
	*) name=$(basename "$(dirname "$(dirname "$bin")")")/$(basename "$bin") ;;
	esac
	# shellcheck disable=SC2086 # run is a command line
	out=$($run --seed "$seed" 2>&1)
	line=$(printf '%s\n' "$out" | grep -m 1 ' latency (queue to invoke): ')
	if [ -z "$line" ]; then
		printf '%-28s %s\n' "$name" "$(printf '%s\n' "$out" | grep -m 1 '^FAIL' || echo 'no latency line')"
		status=1
		continue
	fi
	printf '%s\n' "${line#*: }" | tr ';' '\n' | awk -v run="$name" '
	{
		gsub(",", "")
		if ($2 == "GPs")
			printf "%-28s %-7s %7s %4s %5s %8s %7s %7s\n", run, $1, $4, $6, $8, $11, $13, $15
		else
			printf "%-28s %-7s %7s %4s %5s %8s %7s %7s\n", run, $1, "-", "-", "-", $4, $6, $8
	}'
done
exit $status
