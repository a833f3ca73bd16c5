#!/bin/sh
# Summarise the mutant stamps as TAP plus the mutation score per variant and per oracle; fail if any survived.
#
#   summary.sh STAMP...   each STAMP is BUILD/mutants/<variant>/<name>/<scenario>/killed (kill.sh)
#
# A mutant's owner is the first oracle its "# catches:" line names (the rule it breaks);
# the oracle that killed a run is the one its first FAIL line names (liveness is O5).
set -u
here=$(dirname "$0")
n=0
survived=0
rows=$(mktemp) || exit 1
trap 'rm -f "$rows" "$rows.out"' EXIT
echo "TAP version 13"
for stamp in "$@"; do
	n=$((n + 1))
	line=$(cat "$stamp")
	d=$(dirname "$stamp")
	name=$(basename "$(dirname "$d")")
	v=$(basename "$(dirname "$(dirname "$d")")")
	case $name in
	threads-*) sed_file=$here/$v/threads/${name#threads-}.sed ;;
	*) sed_file=$here/$v/$name.sed ;;
	esac
	owner=$(sed -n 's/^# catches: *//p' "$sed_file" 2>/dev/null | head -n 1)
	case $owner in
	ThreadSanitizer*) owner=tsan ;;
	AddressSanitizer*) owner=asan/ubsan ;;
	*) owner=$(printf '%s\n' "$owner" | grep -o '^[A-Z][A-Z0-9]*') ;;
	esac
	case "$line" in
	killed*)
		echo "ok $n - mutant ${line#killed }"
		case "$line" in
		*"FAIL ("*"): liveness:"*) by=O5 ;;
		*"FAIL ("*) by=$(printf '%s\n' "$line" | sed -n 's/.*FAIL ([^)]*): \([A-Za-z][A-Za-z0-9]*\):.*/\1/p') ;;
		*ThreadSanitizer*) by=tsan ;;
		*AddressSanitizer* | *"runtime error"*) by=asan/ubsan ;;
		*hung*) by=timeout ;;
		*) by=status ;;
		esac
		echo "$v $name ${by:-other} ${owner:-?}" >> "$rows" ;;
	*)
		echo "not ok $n - mutant ${line#SURVIVED }: the torture harness did not catch it"
		echo "$v $name - ${owner:-?}" >> "$rows"
		survived=$((survived + 1)) ;;
	esac
done
echo "1..$n"
# Per variant: mutants killed in every scenario run / mutants, runs killed / runs. Per owner
# oracle: its mutants killed by it in at least one run / its mutants, and the runs it killed.
awk '
{
	v = $1; m = $1 " " $2; by = $3; own = $4
	runs[v]++
	if (by != "-") kr[v]++
	if (!(m in mv)) { mv[m] = v; mo[m] = own; mk[m] = 1; nm[v]++; vo[v " " own] = 1 }
	if (by == "-") mk[m] = 0
	if (by == own) mb[m] = 1
	if (by != "-") { kills[v " " by]++; vo[v " " by] = 1 }
}
END {
	for (v in nm) {
		k = 0
		for (m in mv) if (mv[m] == v && mk[m]) k++
		printf "A#   %-12s mutants %3d/%-3d runs %3d/%d\n", v, k, nm[v], kr[v] + 0, runs[v]
	}
	for (p in vo) {
		split(p, a, " ")
		t = 0; b = 0
		for (m in mv) if (mv[m] == a[1] && mo[m] == a[2]) { t++; if (mb[m]) b++ }
		printf "B#   %-12s %-10s owned %2d/%-2d  runs it killed %d\n", a[1], a[2], b, t, kills[p] + 0
	}
}' "$rows" | sort > "$rows.out"
echo "# mutation score: mutants killed in every run / mutants, runs killed / runs"
sed -n 's/^A//p' "$rows.out"
echo "# per oracle: mutants it owns (first oracle of \"# catches:\") killed by it / owned, runs it killed"
sed -n 's/^B//p' "$rows.out"
rm -f "$rows.out"
echo "$((n - survived)) passed, $survived failed"
[ "$survived" -eq 0 ]
