#!/bin/sh
# symbols: byte-identical to nm -S --size-sort (nm -D for files without .symtab).
. "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1

{ fixture_files; matrix_snapshot; system_files; } >all.list
: >symtab.list
: >dynonly.list
while read -r f; do
	if has_symtab "$f"; then echo "$f" >>symtab.list; else echo "$f" >>dynonly.list; fi
done <all.list

# nm must know each file's target, as the analyzer does (binutils-multiarch).
unknown_arch <symtab.list >generic.list
if [ -s generic.list ]; then
	not_ok "nm reads $(wc -l <generic.list) files as generic ELF, first $(head -n 1 generic.list): install binutils-multiarch (make deps)"
else
	ok "nm knows the target of all $(wc -l <symtab.list) files"
fi
# One process per list (nm's per-file headers included), then each file alone.
xargs nm -S --size-sort <symtab.list >expect.out 2>/dev/null
xargs "$BW" symbols <symtab.list >actual.out 2>/dev/null
check "symbols = nm -S --size-sort on $(wc -l <symtab.list) files in one call" expect.out actual.out
# File by file too (no headers) for fixtures and system files; the matrix is covered by the
# single call above, headers and all.
{ fixture_files; system_files; } >single.list
bad=0
while read -r f; do
	grep -qxF "$f" symtab.list || continue
	nm -S --size-sort "$f" >expect.out 2>/dev/null
	"$BW" symbols "$f" >actual.out 2>/dev/null
	cmp -s expect.out actual.out || { bad=$((bad + 1)); echo "# differs: $f"; diff -u expect.out actual.out | head -8 | sed 's/^/# /'; }
done <single.list
[ $bad -eq 0 ] && ok "symbols = nm -S --size-sort, file by file" || not_ok "symbols = nm -S --size-sort on $bad files"
if [ -s dynonly.list ]; then
	bad=0
	while read -r f; do
		nm -D -S --size-sort "$f" >expect.out 2>/dev/null
		"$BW" symbols "$f" >actual.out 2>/dev/null
		cmp -s expect.out actual.out || { bad=$((bad + 1)); echo "# differs: $f"; diff -u expect.out actual.out | head -8 | sed 's/^/# /'; }
	done <dynonly.list
	[ $bad -eq 0 ] && ok "symbols = nm -D -S --size-sort on $(wc -l <dynonly.list) files without .symtab" ||
		not_ok "symbols = nm -D -S --size-sort on $bad files"
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
