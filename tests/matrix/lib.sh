# tests/matrix/lib.sh: the TAP counters the tNNNN-*.sh of tests/matrix and tests/checkouts source (not a suite).
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; fi; }
# idle MAKE TARGETS PATTERN: `make -n TARGETS` lists no command matching PATTERN (incrementality);
# the first three it lists, as TAP comments, when it does.
idle() {
	out=$($1 --no-print-directory -n $2 2>&1)
	if printf '%s\n' "$out" | grep -q "$3"; then
		printf '%s\n' "$out" | grep "$3" | head -n 3 | sed 's/^/# /'
		return 1
	fi
}
# The plan and the summary; the script's status says whether every check passed.
done_testing() {
	echo "1..$n"
	echo "# $((n - failed)) passed, $failed failed"
	[ "$failed" -eq 0 ]
}
