#!/bin/sh
# Struct-layout extraction, bloatwatch-analyze against pahole: median time (hyperfine) and peak
# RSS (/usr/bin/time, median of 3) on each input; prints the ratios. Asserts nothing.
# usage: structs-bench.sh ANALYZER BIG-DWARF-FILE [LIBC-DEBUG-FILE] -- MATRIX-OBJECTS...
set -eu
an=$1 big=$2
shift 2
extra=""
if [ "${1:-}" != "--" ] && [ -n "${1:-}" ]; then extra=$1; shift; fi
[ "${1:-}" = "--" ] && shift
runs=${BENCH_RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# median peak RSS in KiB of a shell command, over 3 runs
rss() {
	for i in 1 2 3; do
		/usr/bin/time -f %M sh -c "$1" 2>&1 >/dev/null | tail -n 1
	done | sort -n | sed -n 2p
}

# median seconds of a shell command
med() {
	hyperfine -N --style none --warmup 1 --runs "$runs" --export-json "$tmp/h.json" "$1" \
		>/dev/null 2>&1 || hyperfine --style none --warmup 1 --runs "$runs" \
		--export-json "$tmp/h.json" "$1" >/dev/null
	/usr/bin/python3 -c 'import json,sys; print("%.4f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$tmp/h.json"
}

compare() {
	label=$1 size=$2 ours=$3 theirs=$4
	to=$(med "$ours") tt=$(med "$theirs")
	ro=$(rss "$ours") rt=$(rss "$theirs")
	/usr/bin/python3 - "$label" "$size" "$to" "$tt" "$ro" "$rt" <<'PY'
import sys
label, size, to, tt, ro, rt = sys.argv[1], sys.argv[2], *map(float, sys.argv[3:])
print(f"structs: {label} ({size})")
print(f"  pahole               median {tt:8.3f} s   peak RSS {rt / 1024:8.1f} MiB")
print(f"  bloatwatch-analyze   median {to:8.3f} s   peak RSS {ro / 1024:8.1f} MiB")
print(f"  speed-up {tt / to:5.2f}x (target >= 2x), peak memory {ro / rt:5.2f}x of pahole's"
      f" (target < 1x)")
PY
}

mib() {
	/usr/bin/python3 -c 'import os,sys; print("%.1f MiB" % (sum(os.path.getsize(f) for f in sys.argv[1:]) / 1048576))' "$@"
}

compare "$big, $(mib "$big")" "one file, full DWARF" \
	"$an structs $big" "pahole --show_private_classes $big"
if [ -n "$extra" ] && [ -f "$extra" ]; then
	compare "$extra, $(mib "$extra")" "separate debug file of libc, compressed sections" \
		"$an structs $extra" "pahole --show_private_classes $extra"
fi
if [ $# -gt 0 ]; then
	printf '%s\n' "$@" >"$tmp/objs"
	# pahole takes one file per run: a shell loop; the analyzer takes them all at once.
	compare "build matrix, $# objects, $(mib "$@")" "all objects" \
		"$an structs $(tr '\n' ' ' <"$tmp/objs")" \
		"for f in $(tr '\n' ' ' <"$tmp/objs"); do pahole --show_private_classes \$f; done"
fi
