# tests/analyzer/lib.sh: TAP helpers shared by the t*.sh analyzer tests (sourced, not run).
# Environment: BW (the analyzer binary), FIX (fixtures dir), WORK (scratch dir), TOP (repo root).
: "${WORK:?run the analyzer tests through make test-analyzer (BW, FIX, WORK, TOP)}"
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

# Files on stdin that binutils reads without their architecture (objdump -f: UNKNOWN!): a
# single-target binutils reads foreign objects as generic ELF, and its nm then lists what the
# target's rules hide (riscv64's .L local labels). binutils-multiarch knows every matrix arch.
unknown_arch() {
	xargs -r objdump -f 2>/dev/null | awk '/:     file format /{f=$0; sub(/:     file format .*/, "", f)}
		/^architecture: UNKNOWN!/{print f}'
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

# The kernel's own scripts/bloat-o-meter (Linux 6.1, from tests/kernel/linux.sh src) in $BOM, and
# $BOM_UP: that script with the current upstream's letter tables (the one change since 6.1: weak
# symbols w W v V counted), for --upstream. Return 1 with the reason in $bom_why when unavailable.
bom_scripts() {
	[ -n "${BOM:-}" ] && return 0
	src=$(bash "$TOP/tests/kernel/linux.sh" src 2>"$WORK/linux-src.log")
	rc=$?
	if [ $rc -ne 0 ] || [ ! -f "$src/scripts/bloat-o-meter" ]; then
		bom_why="no Linux 6.1 tree (tests/kernel/linux.sh src: exit $rc, $(tail -n 1 "$WORK/linux-src.log"))"
		return 1
	fi
	BOM=$src/scripts/bloat-o-meter
	BOM_UP=$WORK/bloat-o-meter-upstream
	sed -e 's/print_result("Function", "tT")/print_result("Function", "tTwW")/' \
	    -e 's/print_result("Data", "dDbB")/print_result("Data", "dDbBvV")/' \
	    -e 's/print_result("Data", "dDbBrR")/print_result("Data", "dDbBrRvV")/' \
	    -e 's/print_result("Function", "tTdDbBrR")/print_result("Function", "tTdDbBrRvVwW")/' \
	    "$BOM" >"$BOM_UP"
	if [ "$(grep -c 'print_result("[A-Za-z ]*", "[a-zA-Z]*")' "$BOM_UP")" != 6 ] ||
	   [ "$(grep -c 'wW\|vV' "$BOM_UP")" != 5 ]; then
		bom_why="the 6.1 script's print_result() lines are not the expected ones"
		BOM=
		return 1
	fi
	echo "# oracle: $BOM (the kernel's script, Linux 6.1); --upstream: the same with the current letter tables"
	export BOM BOM_UP
}

# bom_check DESCRIPTION SCRIPT-OPTIONS OLD NEW: our diff --exact against the 6.1 script and,
# with --upstream, against the upstream tables, byte for byte.
bom_check() {
	desc=$1 opts=$2
	ours=$(echo " $opts" | sed 's/ -d/ --data/; s/ -t/ --text/')
	python3_bom() { /usr/bin/python3 "$@" 2>/dev/null; }
	python3_bom "$BOM" $opts "$3" "$4" >bom.expect
	"$BW" diff --exact $ours "$3" "$4" >bom.actual 2>bom.err
	check "$desc${opts:+ ($opts)}" bom.expect bom.actual
	python3_bom "$BOM_UP" $opts "$3" "$4" >bom.expect
	"$BW" diff --exact --upstream $ours "$3" "$4" >bom.actual 2>bom.err
	check "$desc${opts:+ ($opts)}, --upstream" bom.expect bom.actual
}

# fixture KIND ARGS...: a Linux 6.1 build from tests/kernel/linux.sh (CONTRACTS.md contract 3),
# its directory in $dir; else a visible SKIP with the reason and a non-zero return.
fixture() {
	dir=$(bash "$TOP/tests/kernel/linux.sh" "$@" 2>"$WORK/linux.log")
	rc=$?
	[ $rc -eq 0 ] && return 0
	skip "linux.sh $*: exit $rc ($(tail -n 1 "$WORK/linux.log"))"
	return 1
}
