#!/bin/sh
# symbols: byte-identical to nm -S --size-sort (nm -D for files without .symtab) with
# --no-demangle, to nm -C -S --size-sort without (the system's C++ libraries have mangled names).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/each.sh"
cd "$WORK" || exit 1

{ fixture_files; matrix_snapshot; system_files; } >all.list
: >symtab.list
: >dynonly.list
symtab_split all.list symtab.list dynonly.list

# nm must know each file's target, as the analyzer does (binutils-multiarch).
unknown_arch symtab.list >generic.list
if [ -s generic.list ]; then
	not_ok "nm reads $(wc -l <generic.list) files as generic ELF, first $(head -n 1 generic.list): install binutils-multiarch (make deps)"
else
	ok "nm knows the target of all $(wc -l <symtab.list) files"
fi
# One process per list (nm's per-file headers included), then each file alone.
oracle -i symtab.list -t nm xargs nm -S --size-sort
xargs "$BW" symbols --no-demangle <symtab.list >actual.out 2>/dev/null
check "symbols --no-demangle = nm -S --size-sort on $(wc -l <symtab.list) files in one call" "$oracle_out" actual.out
oracle -i symtab.list -t nm xargs nm -C -S --size-sort
xargs "$BW" symbols <symtab.list >actual.out 2>/dev/null
check "symbols = nm -C -S --size-sort on $(wc -l <symtab.list) files in one call" "$oracle_out" actual.out
# The nm of the oracles (tests/bin/nm, gcc's LTO plugin only) prints what binutils' nm prints
# with every plugin of /usr/lib/bfd-plugins loaded, on the files the project builds (the
# system's archives would take 8 s more for nothing new: plugins claim no ELF object).
system_files >system.list
grep -vxF -f system.list symtab.list >own.list
all_plugins=$(IFS=:; for d in $PATH; do
	[ ! -x "$d/nm" ] || [ "$d/nm" -ef "$TOP/tests/bin/nm" ] || { echo "$d/nm"; break; }
done)
oracle -i own.list -t nm xargs nm -S --size-sort
cp "$oracle_out" lto-only.out
oracle -i own.list xargs "$all_plugins" -S --size-sort
check "tests/bin/nm = $all_plugins with all bfd plugins, on $(wc -l <own.list) files" "$oracle_out" lto-only.out
# File by file too (no headers) for fixtures and system files; the matrix is covered by the
# single call above, headers and all.
{ fixture_files; system_files; } | grep -xF -f symtab.list >single.list
# by_file LIST NM-OPTIONS...: our symbols against nm on each file of LIST alone (demangled
# when the options have -C); $bad differ.
by_file() {
	list=$1
	shift
	case " $* " in *" -C "*) raw= ;; *) raw=--no-demangle ;; esac
	oracle_each -i "$list" nm "$@"
	bw_each each "$list" symbols $raw
	bad=0 i=0
	while read -r f; do
		i=$((i + 1))
		cmp -s "$oracle_out/$i" "each/$i" ||
			{ bad=$((bad + 1)); echo "# differs: $f"; diff -u "$oracle_out/$i" "each/$i" | head -8 | sed 's/^/# /'; }
	done <"$list"
}
by_file single.list -S --size-sort
[ $bad -eq 0 ] && ok "symbols = nm -S --size-sort, file by file" || not_ok "symbols = nm -S --size-sort on $bad files"
if [ -s dynonly.list ]; then
	by_file dynonly.list -D -S --size-sort
	[ $bad -eq 0 ] && ok "symbols = nm -D -S --size-sort on $(wc -l <dynonly.list) files without .symtab" ||
		not_ok "symbols = nm -D -S --size-sort on $bad files"
	by_file dynonly.list -D -C -S --size-sort
	[ $bad -eq 0 ] && ok "symbols = nm -D -C -S --size-sort on $(wc -l <dynonly.list) files without .symtab" ||
		not_ok "symbols = nm -D -C -S --size-sort on $bad files"
else
	skip "no stripped file among the inputs"
fi
# JSON rollup: the byte totals by kind add up to the listed symbol sizes.
f=$(grep 'x86_64/gcc/kernel-O2.o' all.list | head -1)
"$BW" symbols --json "$f" >sym.json
/usr/bin/python3 - sym.json <<'PY' && ok "rollup sums the listed sizes" || not_ok "rollup sums the listed sizes"
import json, sys
d = json.load(open(sys.argv[1]))
f = d["files"][0]
assert sum(f["rollup"].values()) == sum(s["size"] for s in f["symbols"]), f["rollup"]
assert f["rollup"]["func"] > 0 and f["rollup"]["bss"] > 0 and f["rollup"]["rodata"] > 0
PY
echo "# compared: $(wc -l <symtab.list) with .symtab, $(wc -l <dynonly.list) dynamic-only"
done_testing
