# tests/matrix/lib.sh: the TAP counters the tNNNN-*.sh of tests/matrix and tests/checkouts source (not a suite).
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; fi; }
# The plan and the summary; the script's status says whether every check passed.
done_testing() {
	echo "1..$n"
	echo "# $((n - failed)) passed, $failed failed"
	[ "$failed" -eq 0 ]
}
