# tests/analyzer/lib.sh: TAP helpers shared by the t*.sh analyzer tests (sourced, not run).
# Environment: BW (the analyzer binary), FIX (fixtures dir), WORK (scratch dir), TOP (repo root).
: "${WORK:?run the analyzer tests through tests/analyzer/run.sh}"
n=0
failed=0

ok() {
	n=$((n + 1))
	echo "ok $n - $*"
}

not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $*"
}

skip() {
	n=$((n + 1))
	echo "ok $n - # SKIP $*"
}

# check DESCRIPTION EXPECTED-FILE ACTUAL-FILE: pass when identical, else show the diff.
check() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		not_ok "$1"
		diff -u "$2" "$3" | head -20 | sed 's/^/# /'
	fi
}

done_testing() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
}

# Inputs shared by the oracle tests, one path per line.
fixture_files() {
	find "$FIX" -type f ! -name '*.txt' ! -name '.*' | sort
}

# Objects of the build matrix: build/<arch>/<cc>/<scenario>/*.o for the arches matrix/ARCHES names
# (empty until matrix.mk builds them).
matrix_objects() {
	[ -f "$TOP/matrix/ARCHES" ] || return 0
	for arch in $(grep -v '^#' "$TOP/matrix/ARCHES" | cut -d'|' -f1); do
		[ -d "$TOP/build/$arch" ] && find "$TOP/build/$arch" -mindepth 3 -maxdepth 3 -name '*.o' -type f
	done | sort
}

system_files() {
	grep -v '^#' "$TOP/tests/analyzer/system-files.txt" | while read -r f; do
		[ -f "$f" ] && echo "$f"
	done
}

has_symtab() {
	case "$1" in *.a) return 0 ;; esac
	readelf -SW "$1" 2>/dev/null | grep -q '\] \.symtab '
}

# A private copy of the matrix objects (same relative paths under $WORK/snap): both tools then
# read the same bytes even while another make rebuilds the tree.
matrix_snapshot() {
	rm -rf "$WORK/snap"
	mkdir -p "$WORK/snap"
	matrix_objects | sed "s|^$TOP/||" | (cd "$TOP" && xargs -r cp --parents -t "$WORK/snap")
	(cd "$WORK/snap" && find . -name '*.o' -type f | sed "s|^\./|$WORK/snap/|" | sort)
}
