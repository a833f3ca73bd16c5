#!/bin/sh
# A first `make report` on a fresh clone where the cross compilers and kconfiglib are not yet
# installed (TAP): the run that installs them ends with the full matrix; then a compiler that is
# missing fails naming its Debian package unless MATRIX_EXCLUDE lists it.
#
#   t2200-firstrun.sh BUILD_DIR MAKE
#
# The machine is simulated: PATH is a folder of links to every program on PATH but the cross
# gcc drivers of matrix/ARCHES, a module on PYTHONPATH hides kconfiglib, and DEPS (the Makefile's
# package step) is a script that adds the links and removes the shadow, as apt-get would.
set -u
build=$1 make=$2
tmp=$(cd "$build" && pwd)/tests/firstrun
. "$(dirname "$0")/../matrix/lib.sh"

echo "TAP version 13"
rm -rf "$tmp" && mkdir -p "$tmp/bin" "$tmp/shadow"
# The checkout as committed plus its tracked changes, as a fresh clone.
rev=$(git stash create 2>/dev/null)
git clone -q --shared . "$tmp/repo" && git -C "$tmp/repo" checkout -q "${rev:-HEAD}" || exit 1

drivers=$(grep -v '^[[:space:]]*#' matrix/ARCHES | cut -d'|' -f3 | tr -d ' ' | grep -vx gcc | sort -u)
# One ln per PATH folder (not per program: PATH holds about 1,700): the first folder that has a
# name keeps it, as on PATH.
for d in $(printf '%s' "$PATH" | tr ':' ' '); do
	set --
	for f in "$d"/*; do
		[ -x "$f" ] && [ ! -e "$tmp/bin/${f##*/}" ] && set -- "$@" "$f"
	done
	[ $# -eq 0 ] || ln -s "$@" "$tmp/bin/" || { echo "Bail out! cannot link the programs of $d into $tmp/bin"; exit 1; }
done
for d in $drivers; do rm -f "$tmp/bin/$d"; done
echo 'raise ImportError("kconfiglib: not installed (simulated first run)")' > "$tmp/shadow/kconfiglib.py"
# Stands in for .ci/deps: "installs" the cross compilers (links to the real ones) and kconfiglib.
for d in $drivers; do
	command -v "$d" >/dev/null || { echo "Bail out! $d is not installed here: cannot simulate installing it"; exit 1; }
done
{
	echo 't0=$(date +%s.%N)'
	for d in $drivers; do echo "ln -sf $(command -v "$d") $tmp/bin/$d"; done
	echo "rm -f $tmp/shadow/kconfiglib.py"
	echo "sh matrix/stage.sh packages \"\$t0\" \"installed (simulated): $(echo $drivers) python3-kconfiglib\""
} > "$tmp/deps.sh"

# REPORT_TRACK=0 REPORT_SWEEP=0: the first run's question is the compilers; tracking and the
# CONFIG sweep add builds of the same compilers (t1600 and tests/reports cover them).
first_run() {
	t0=$(date +%s)
	touch "$tmp/start"
	(cd "$tmp/repo" && PATH="$tmp/bin" PYTHONPATH="$tmp/shadow" \
		$make --no-print-directory report REPORT_TRACK=0 REPORT_SWEEP=0 DEPS="sh $tmp/deps.sh") > "$tmp/report.log" 2>&1
	rc=$?
	echo "# make report: exit $rc in $(($(date +%s) - t0)) s; its stage lines:"
	grep -E '^(packages|matrix|analysis|report):' "$tmp/report.log" | sed 's/^/#   /'
	[ "$rc" -eq 0 ] || { tail -n 15 "$tmp/report.log" | sed 's/^/# /'; return 1; }
}
check "make report on the fresh machine installs the compilers and succeeds" first_run

# The rules make generated last (the manifest's text beside them): every object built by that run.
full_ok() {
	got=$(/usr/bin/python3 -c 'import json, os, sys
m = json.load(open(sys.argv[1]))
objs = [os.path.join(sys.argv[2], o["path"]) for c in m["coordinates"] for o in c["objects"]]
t0 = os.stat(sys.argv[3]).st_mtime
print(len(m["coordinates"]), len(objs), sum(os.path.isfile(p) and os.stat(p).st_mtime >= t0 for p in objs),
      len(m["excluded"]))' "$tmp/repo/build/matrix.json.in" "$tmp/repo" "$tmp/start") || return 1
	echo "# coordinates, objects, objects built by that make, excluded: $got"
	[ "$got" = "420 840 840 0" ]
}
check "the same make ends with all 840 objects in 420 coordinates" full_ok

quiet_ok() {
	grep -q '^packages: ' "$tmp/report.log" && ! grep -q '^  CC ' "$tmp/report.log"
}
check "progress: a packages line, no compiler lines" quiet_ok

rm -f "$tmp/bin/mips-linux-gnu-gcc"
missing_fails() {
	out=$(cd "$tmp/repo" && PATH="$tmp/bin" $make --no-print-directory objects 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep 'mips/gcc' | head -n 1 | sed 's/^/# /'
	[ "$rc" -ne 0 ] && printf '%s\n' "$out" | grep -q \
		'matrix: mips/gcc: mips-linux-gnu-gcc is not installed: apt-get install gcc-mips-linux-gnu'
}
check "a listed compiler that is missing fails, naming its Debian package" missing_fails

excluded_ok() {
	(cd "$tmp/repo" && PATH="$tmp/bin" $make --no-print-directory objects MATRIX_EXCLUDE=mips/gcc) \
		> "$tmp/exclude.log" 2>&1 || { tail -n 5 "$tmp/exclude.log" | sed 's/^/# /'; return 1; }
	got=$(/usr/bin/python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))
print(sum(len(c["objects"]) for c in m["coordinates"]), m["excluded"])' "$tmp/repo/build/matrix.json")
	echo "# $got"
	grep '^matrix: ' "$tmp/exclude.log" | sed 's/^/# /'
	[ "$got" = "780 [{'arch': 'mips', 'compiler': 'gcc', 'why': 'MATRIX_EXCLUDE'}]" ] &&
		grep -q '^matrix: 780/780 objects up to date in 390 coordinates (excluded: mips/gcc); ' "$tmp/exclude.log"
}
check "MATRIX_EXCLUDE leaves the coordinates out and the manifest says so" excluded_ok
[ "$failed" -eq 0 ] && rm -rf "$tmp"

done_testing
