#!/bin/sh
# diff: `--exact` prints exactly what scripts/bloat-o-meter prints (oracle: the kernel's own script,
# Linux 6.1, over real nm); the default adds clone-suffix normalization; sets of objects; struct diff.
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$WORK" || exit 1
# The two objects are compiled once for both suites and every clone (shared like the oracle
# outputs): their debug info names the sources from the checkout's root.
compile() {	# compile SRC...: each into $oracle_tmp
	for c; do
		gcc -O0 -g -fdebug-prefix-map="$TOP"=. -fno-inline -c "$c" -o "$oracle_tmp/$(basename "$c" .c).o" ||
			return 1
	done
}
oracle -t gcc compile "$here/diff/old.c" "$here/diff/new.c" && [ "$oracle_rc" -eq 0 ] || exit 1
o=$oracle_dir

bom() {	# bom DESCRIPTION [OPTS] OLD NEW
	desc=$1
	shift
	if [ -z "${BOM:-}" ]; then
		skip "$desc: $bom_why"
		return
	fi
	oracle -t nm /usr/bin/python3 "$BOM" "$@"
	"$BW" diff --exact $(echo "$@" | sed 's/-d /--data /; s/-t /--text /') >actual.out
	check "$desc" "$oracle_out" actual.out
}
bom_scripts

bom "two objects" "$o/old.o" "$o/new.o"
bom "reversed" "$o/new.o" "$o/old.o"
bom "categories (-c)" -c "$o/old.o" "$o/new.o"
bom "data only (-d)" -d "$o/old.o" "$o/new.o"
bom "text only (-t)" -t "$o/old.o" "$o/new.o"
bom "same object: nothing changes" "$o/old.o" "$o/old.o"
k=$FIX/x86_64/gcc
bom "kernel fixture -O2 vs -Os with sections" $k/kernel-O2.o $k/kernel-Os-sections.o
bom "archives (all members pooled, as nm lists them)" $FIX/arm/gcc/lib.a $FIX/arm64/gcc/lib.a
bom "gcc vs clang, big-endian mips" $FIX/mips/gcc/kernel-O2.o $FIX/mips/clang/kernel-O2.o

# Default mode: clone suffixes normalized, so renamed clones compare as one symbol.
"$BW" diff "$o/old.o" "$o/new.o" >default.out
grep -q '^rcu_do_batch  *15  *18  *+3$' default.out &&
	ok "rcu_do_batch.isra.0 vs .constprop.0: one symbol, grown" ||
	{ not_ok "rcu_do_batch.isra.0 vs .constprop.0: one symbol, grown"; sed 's/^/# /' default.out; }
! grep -q '^rcu_check ' default.out && ! grep -q 'counter' default.out &&
	ok ".cold vs .part.0 and counter.12 vs counter.7 unchanged: not listed" ||
	not_ok ".cold vs .part.0 and counter.12 vs counter.7 unchanged: not listed"
head -1 default.out | grep -qx 'add/remove: 2/2 grow/shrink: 4/0 up/down: [0-9]*/-[0-9]* ([0-9]*)' &&
	ok "summary line counts after normalization" || { not_ok "summary line counts"; head -1 default.out | sed 's/^/# /'; }
if [ -n "${BOM:-}" ]; then
	oracle -t nm /usr/bin/python3 "$BOM" "$o/old.o" "$o/new.o"
	grep -q 'rcu_do_batch.isra' "$oracle_out" && ok "the script itself keeps .isra apart (documented difference)" ||
		not_ok "the script itself keeps .isra apart"
else
	skip "the script keeps .isra apart: $bom_why"
fi

# Sets: directories and @lists give the same as the pooled archive.
mkdir -p setA setB
cp "$FIX/arm/gcc/kernel-O2.o" "$FIX/arm/gcc/extra-O2.o" "$FIX/arm/gcc/kernel-Os-sections.o" setA/
cp "$FIX/arm64/gcc/kernel-O2.o" "$FIX/arm64/gcc/extra-O2.o" "$FIX/arm64/gcc/kernel-Os-sections.o" setB/
"$BW" diff --exact "$FIX/arm/gcc/lib.a" "$FIX/arm64/gcc/lib.a" >expect.out
"$BW" diff --exact setA setB >actual.out
check "directories = archives of the same members" expect.out actual.out
ls setA/*.o >a.list
ls setB/*.o >b.list
"$BW" diff --exact @a.list @b.list >actual.out
check "@lists = directories" expect.out actual.out

# JSON: same numbers as the text.
"$BW" diff --json "$o/old.o" "$o/new.o" >diff.json
/usr/bin/python3 - diff.json default.out <<'PY' && ok "JSON summary and symbols match the text" || not_ok "JSON summary and symbols match the text"
import json, sys, re
d = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read().splitlines()
m = re.match(r"add/remove: (\d+)/(\d+) grow/shrink: (\d+)/(\d+) up/down: (\d+)/(-?\d+) \((-?\d+)\)", text[0])
s = d["summary"]
assert [s[k] for k in ("add", "remove", "grow", "shrink", "up", "down", "net")] == [int(x) for x in m.groups()], s
rows = [l.split()[0] for l in text[2:-1]]
assert rows == [x["name"] for x in d["symbols"]], rows
assert d["mode"] == "diff" and d["errors"] == [] and d["structs"] is None
PY

# Struct-layout diff (DWARF, via the structs extractor).
if "$BW" diff --structs "$o/old.o" "$o/new.o" >structs.out 2>structs.err; then
	grep -q '^Structs: changed/added/removed: 1/1/1$' structs.out &&
	grep -q '^struct rcu_data  *24  *24  *+0  *1->1  *4->7 ~blimit +extra$' structs.out &&
	grep -q '^struct only_new .* (added)$' structs.out && grep -q '^struct only_old .* (removed)$' structs.out &&
		ok "struct diff: rcu_data members moved and added, one struct added, one removed" ||
		{ not_ok "struct diff"; sed 's/^/# /' structs.out; }
else
	not_ok "diff --structs ran"; sed 's/^/# /' structs.err
fi
"$BW" diff "$o/old.o" missing.o >/dev/null 2>err.out
[ $? -eq 1 ] && grep -qx 'bloatwatch-analyze: missing.o: No such file' err.out &&
	ok "missing side: one-line error, exit 1" || not_ok "missing side: one-line error, exit 1"
done_testing
