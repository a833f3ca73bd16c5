#!/bin/sh
# Sum a ccache stats log (CCACHE_STATSLOG: one entry per compile, counters one per line).
#
#   ccache-stats.sh [--since BYTES] LOG     prints "N compiled (H ccache hits, M misses)"
#
# --since skips the first BYTES of the log (its size before a build: that build only).
# A log that does not exist counts nothing.
since=0
if [ "${1:-}" = --since ]; then since=$2; shift 2; fi
log=$1
{ [ -f "$log" ] && tail -c +$((since + 1)) "$log"; } | awk '
	/^# / { n++ }
	/^(direct|preprocessed)_cache_hit$/ { hit++ }
	/^cache_miss$/ { miss++ }
	END { printf "%d compiled (%d ccache hits, %d misses)\n", n, hit, miss }'
