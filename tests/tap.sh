#!/bin/sh
# tests/tap.sh: the one runner of the test suites: runs one suite, counts its checks, records them.
#
#   tap.sh NAME -e DIR [ARG...]          every DIR/tNNNN-*.sh in order, each run as: sh SCRIPT ARG...
#   tap.sh NAME -E DIR [ARG...]          the same, last first: beside a twin suite run with -e that
#                                        shares cached work, each computes its half first
#   tap.sh NAME -c CMD [ARG...]          one command that prints TAP
#   tap.sh NAME -p CMD [ARG...]          one pytest run (its summary line is counted)
#   tap.sh NAME -s "SEEDS" "BIN ARGS"... harness runs: each BIN ARGS --seed S is one check
#
# Counting: "ok" passed, "not ok" failed, "ok ... # SKIP reason" skipped. A script that exits 77
# (or prints "1..0 # SKIP reason") is one skip. Each of these is one failure: "Bail out!", a
# non-zero exit without a failed check, a plan ("1..N") that the checks do not match, a run with
# no check at all. The output passes through; the counts and seconds go to
# $TAP_RESULTS/NAME as "passed failed skipped seconds" (tests/summary.sh prints the table).
# TAP_QUIET=1 hides the passing checks' lines (long oracle runs); skips and failures still show.
# Exit 0 when nothing failed, else 1.
set -u
# Python's byte code goes to build/pycache, written even where the environment sets
# PYTHONDONTWRITEBYTECODE: else every Python process of a suite compiles the package from
# source (and pytest rewrites every test module), ~20 ms a bin/bloatwatch run, a tenth of the
# db suite. The source tree stays free of __pycache__ folders.
PYTHONPYCACHEPREFIX=${PYTHONPYCACHEPREFIX:-$(pwd)/build/pycache}
export PYTHONPYCACHEPREFIX
unset PYTHONDONTWRITEBYTECODE
# The oracles' nm: binutils nm without LLVM's bfd plugin (tests/bin/nm says why).
PATH=$(cd "$(dirname "$0")" && pwd)/bin:$PATH
export PATH
name=$1 mode=$2
shift 2
results=${TAP_RESULTS:-build/tests/results}
mkdir -p "$results"
rm -f "$results/$name"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tap.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s.%N)
pass=0 fail=0 skip=0

# count LABEL RC KIND: count the TAP (KIND tap) or pytest (KIND pytest) lines of $tmp/out;
# prints the synthetic "not ok" lines for failures the output itself does not show.
count() {
	res=$(awk -v label="$1" -v rc="$2" -v kind="$3" '
	function note(msg) { f++; print "not ok - " label ": " msg }
	kind == "pytest" {
		# the last summary line: "3 failed, 40 passed, 2 skipped in 12.3s"
		if ($0 ~ /^(=+ )?[0-9]+ (passed|failed|skipped|error|errors|xfailed|xpassed|deselected)/) sum = $0
		next
	}
	/^ok([ \t]|$)/ { if (toupper($0) ~ /#[ \t]*SKIP/) s++; else p++; next }
	/^not ok([ \t]|$)/ { f++; failed_line = 1; next }
	/^Bail out!/ { bail = 1; next }
	/^1\.\.[0-9]+/ {
		plans++; plan = $0; sub(/^1\.\./, "", plan); plan = plan + 0
		if (plan == 0 && toupper($0) ~ /#[ \t]*SKIP/) skipall = 1
		next
	}
	END {
		if (kind == "pytest") {
			n = split(sum, w, /[ ,]+/)
			for (i = 2; i <= n; i++) {
				if (w[i] ~ /^(passed|xfailed|xpassed)$/) p += w[i - 1]
				else if (w[i] ~ /^(failed|error|errors)$/) f += w[i - 1]
				else if (w[i] == "skipped") s += w[i - 1]
			}
			if (rc != 0 && f == 0) note("pytest exited " rc " without a failed test")
			else if (p + f + s == 0) note("no test ran")
		} else if (rc == 77 || (skipall && p + f + s == 0)) {
			s++
		} else {
			if (bail) note("bailed out")
			if (plans == 1 && plan != p + f + s) note("planned " plan " checks, ran " p + f + s)
			if (rc != 0 && f == 0 && !bail) note("exited " rc " without a failed check")
			if (p + f + s == 0 && rc == 0) note("no check ran")
		}
		print p + 0, f + 0, s + 0
	}' "$tmp/out")
	printf '%s\n' "$res" | sed '$d'
	# shellcheck disable=SC2046 # the last line is three numbers
	set -- $(printf '%s\n' "$res" | tail -n 1)
	pass=$((pass + $1)) fail=$((fail + $2)) skip=$((skip + $3))
}

# run LABEL KIND CMD...: run, pass the output through, count it
run() {
	label=$1 kind=$2
	shift 2
	if [ -n "${TAP_QUIET:-}" ]; then
		{ "$@" 2>&1; echo $? >"$tmp/rc"; } | tee "$tmp/out" |
			awk '!/^ok([ \t]|$)/ || toupper($0) ~ /#[ \t]*SKIP/'
	else
		{ "$@" 2>&1; echo $? >"$tmp/rc"; } | tee "$tmp/out"
	fi
	count "$label" "$(cat "$tmp/rc")" "$kind"
}

case "$mode" in
-e | -E)
	dir=$1
	shift
	order=cat
	[ "$mode" = -E ] && order="sort -r"
	for t in $(for t in "$dir"/t[0-9][0-9][0-9][0-9]-*.sh; do echo "$t"; done | $order); do
		[ -f "$t" ] || { echo "not ok - $name: no tNNNN-*.sh in $dir"; fail=$((fail + 1)); break; }
		echo "# $name: $t"
		run "$t" tap sh "$t" "$@"
	done ;;
-c) run "$name" tap "$@" ;;
-p) run "$name" pytest "$@" ;;
-s)
	seeds=$1
	shift
	n=0
	echo "TAP version 13"
	for r in "$@"; do
		for seed in $seeds; do
			n=$((n + 1))
			# shellcheck disable=SC2086 # the run string is "binary options..."
			if out=$($r --seed "$seed" 2>&1); then
				line=$(printf '%s\n' "$out" | grep '^ok - ' | tail -n 1)
				echo "ok $n - ${r%% *} seed $seed${line:+: ${line#ok - }}"
				printf '%s\n' "$out" | grep '^# ' | sed 's/^/    /'
				pass=$((pass + 1))
			else
				echo "not ok $n - ${r%% *} seed $seed"
				printf '%s\n' "$out" | sed 's/^/    # /'
				fail=$((fail + 1))
			fi
		done
	done
	echo "1..$n" ;;
*)
	echo "usage: tap.sh NAME -e|-E DIR [ARG...] | -c CMD... | -p CMD... | -s SEEDS RUN..." >&2
	exit 2 ;;
esac

secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
echo "$pass $fail $skip $secs" >"$results/$name"
echo "# $name: $pass passed, $fail failed, $skip skipped ($secs s)"
[ "$fail" -eq 0 ]
