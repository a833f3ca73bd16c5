#!/bin/sh
# size, size -A, size -t and radix options: byte-identical to binutils size on fixtures, matrix, system files.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/each.sh"
cd "$WORK" || exit 1

fixture_files >fix.list
matrix_snapshot >matrix.list
system_files >sys.list
nfix=$(wc -l <fix.list) nmat=$(wc -l <matrix.list) nsys=$(wc -l <sys.list)
[ "$nsys" -ge 12 ] || not_ok "at least 12 system files present (have $nsys)"

compare() {	# compare LABEL LIST OPTIONS...
	label=$1 list=$2
	shift 2
	if [ ! -s "$list" ]; then
		skip "$label: no inputs (${list%.list} not built)"
		return
	fi
	# One process for the whole list, as size itself is used.
	oracle -i "$list" -t size xargs size "$@"
	xargs "$BW" size "$@" <"$list" >actual.out 2>/dev/null
	check "size $* on $label ($(wc -l <"$list") files)" "$oracle_out" actual.out
}

for opts in "" "-A" "-t" "-x" "-o" "-A -x" "-t -o" "-B -t"; do
	compare fixtures fix.list $opts
	compare matrix matrix.list $opts
	compare "system files" sys.list $opts
done
# One file per call as well: per-file formatting must not depend on neighbours.
bad=0 i=0
oracle_each -i fix.list size -A
bw_each each fix.list size -A
while read -r f; do
	i=$((i + 1))
	cmp -s "$oracle_out/$i" "each/$i" ||
		{ bad=$((bad + 1)); echo "# differs: $f"; diff -u "$oracle_out/$i" "each/$i" | head -10 | sed 's/^/# /'; }
done <fix.list
[ $bad -eq 0 ] && ok "size -A one file at a time on $nfix fixtures" || not_ok "size -A one file at a time: $bad differ"
echo "# compared: $nfix fixtures, $nmat matrix objects, $nsys system files"
done_testing
