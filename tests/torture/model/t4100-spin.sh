#!/bin/sh
# Check tinyrcu.pml with spin: the model exhaustively with no violation, each mutant with one. TAP.
#
#   t4100-spin.sh OUTDIR [CC]
#
# Each check copies the model into OUTDIR/<name>/, generates the verifier (spin -a, with
# -D<mutant>), compiles it (CC, default cc, unoptimised: the compiler would take longer than the
# search; safety properties, lossless state compression; a mutant's search breadth-first, so
# that its counterexample is a shortest one)
# and runs it with a search depth far beyond the model's. The model must be searched
# completely (full state space, no depth truncation, no memory exhaustion) with no error;
# each mutant of model-mutants.txt must give an assertion violation of its property, and
# spin's replay of the trail must reach that violation. The figures are TAP comments.
set -u
out=$1 cc=${2:-cc}
here=$(cd "$(dirname "$0")" && pwd)
depth=1000000
echo "TAP version 13"
if ! command -v spin > /dev/null 2>&1; then
	echo "1..0 # SKIP spin is not installed (Debian package spin)"
	exit 0
fi
n=0 failed=0
mkdir -p "$out" && rm -f "$out/.count"

not_ok() {
	echo "not ok $n - $1"
	[ -f "$2" ] && sed 's/^/    # /' "$2" | tail -n 20
	failed=$((failed + 1))
}

# verify NAME [-DMUTANT [-DBFS]]: build and run the verifier in $out/NAME; 1 if it could not run
verify() {
	dir=$out/$1
	rm -rf "$dir" && mkdir -p "$dir" && cp "$here/tinyrcu.pml" "$dir/" || return 1
	(cd "$dir" && spin ${2:-} -a tinyrcu.pml > spin.log 2>&1) ||
		{ not_ok "$1: spin -a failed" "$dir/spin.log"; return 1; }
	(cd "$dir" && $cc -O0 -w -DSAFETY -DCOLLAPSE ${3:-} -o pan pan.c > cc.log 2>&1) ||
		{ not_ok "$1: the verifier does not compile" "$dir/cc.log"; return 1; }
	(cd "$dir" && ./pan -m$depth > pan.log 2>&1)
	return 0
}

# figures LOG: states, transitions, depth, memory and time of a pan run, one line
figures() {
	awk '/states, stored/ { s = $1 } /transitions \(/ { t = $1 } /depth reached/ { d = $6; sub(/,$/, "", d) }
	     /total actual memory usage/ { m = $1 } /elapsed time/ { e = $4 }
	     END { printf "%s states stored, %s transitions, depth %s, %s MB, %s s\n", s, t, d, m, e }' "$1"
}

# complete LOG: the search covered the whole state space
complete() {
	grep -q "^Full statespace search for:" "$1" &&
		! grep -q -e "Search not completed" -e "max search depth too small" -e "out of memory" \
			-e "Bit statespace" -e "hash-compact" "$1"
}

n=$((n + 1))
if verify model; then
	log=$out/model/pan.log
	if ! complete "$log"; then
		not_ok "model: the search was not exhaustive" "$log"
	elif ! grep -q "errors: 0$" "$log"; then
		not_ok "model: spin found a violation (replay: cd $out/model && spin -t -p tinyrcu.pml)" "$log"
	else
		echo "ok $n - tinyrcu.pml: QQ2, IDLE, NEEDS and LIST hold in every reachable state"
		echo "# model: $(figures "$log")"
	fi
fi

# The start of each property's assertion as pan and spin print it.
pattern() {
	case $1 in
	QQ2) echo 'qs_seen\[' ;;
	LIST) echo 'alloc\[' ;;
	IDLE) echo '\(+(donetail\[0\]|pending)' ;;
	NEEDS) echo '\(+ *!\(alloc\[' ;;
	*) echo "run.sh: model-mutants.txt: unknown property $1" >&2; echo 'no such property' ;;
	esac
}

grep -v '^#' "$here/model-mutants.txt" | while read -r name prop what; do
	[ -n "$name" ] || continue
	n=$((n + 1))
	verify "$name" "-D$name" -DBFS || { echo "$n $failed" > "$out/.count"; continue; }
	log=$out/$name/pan.log
	want=$(pattern "$prop")
	if ! grep -q "errors: [1-9]" "$log"; then
		not_ok "$name: no counterexample (the model misses: $what)" "$log"
	elif ! grep -Eq "assertion violated $want" "$log"; then
		not_ok "$name: a counterexample, but not of $prop" "$log"
	elif ! (cd "$out/$name" && spin -t "-D$name" tinyrcu.pml > replay.log 2>&1) ||
	     ! grep -Eq "text of failed assertion: assert\($want" "$out/$name/replay.log"; then
		not_ok "$name: spin's replay of the trail does not reach the violation" "$out/$name/replay.log"
	else
		at=$(grep -Eo "assertion violated $want.*\(at depth [0-9]+\)" "$log" |
			grep -Eo '[0-9]+\)$' | tr -d ')')
		echo "ok $n - $name: $prop violated, shortest counterexample $at steps ($what)"
		echo "# $name: $(figures "$log")"
	fi
	echo "$n $failed" > "$out/.count"
done
[ -f "$out/.count" ] && read -r n failed < "$out/.count"
echo "1..$n"
echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
