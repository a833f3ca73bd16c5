#!/bin/sh
# stack worst cases: equal to those GCC's -fcallgraph-info=su .ci graphs give (ci_oracle.py), on
# one gcc coordinate per matrix arch rebuilt from its build record, with and without .su files;
# .su qualifiers and parse errors; a 10,000-function cycle; truncated CFI.
. "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1
oracle_py="$TOP/tests/analyzer/stack/ci_oracle.py"
rm -rf cg && mkdir cg

# The matrix's gcc coordinates: one per arch, the RCU variant turning with the arch; or, with
# STACK_CI_CONFIGS="TREE05 CLASSIC07 ..." in the environment, those configs on every arch.
/usr/bin/python3 - "$TOP/build/matrix.json" "${STACK_CI_CONFIGS:-}" >cg/coords <<'PY'
import json, sys
try:
    cs = json.load(open(sys.argv[1]))["coordinates"]
except OSError:
    sys.exit(0)
fams, want = ["TREE", "CLASSIC", "TINY"], sys.argv[2].split()
for i, arch in enumerate(sorted({c["arch"] for c in cs})):
    pick = [c for c in cs if c["arch"] == arch and c["compiler"] == "gcc"
            and (c["config"] in want if want else c["config"].startswith(fams[i % 3]))]
    for c in pick if want else pick[:1]:
        print(arch + "/" + c["config"] + "|" + " ".join(o["record"] for o in c["objects"]))
PY
[ -s cg/coords ] || skip "stack = .ci on the matrix: build/matrix.json is missing (make objects)"

while IFS='|' read -r coord records; do
	out=cg/$(echo "$coord" | tr / _)
	mkdir -p "$out"
	objs='' fail=''
	for rec in $records; do
		cmd=$(sed -n 's/^cmd := //p' "$TOP/$rec")
		obj=$(sed -n 's/^object := //p' "$TOP/$rec")
		new=$WORK/$out/$(basename "$obj")
		# The same command, its object elsewhere, with .su and .ci beside it.
		cmd=$(echo "$cmd" | sed -e 's/ -MMD -MP -MF [^ ]*//' -e "s| -o [^ ]*\$| -o $new|")
		(cd "$TOP" && sh -c "$cmd -fstack-usage -fcallgraph-info=su") 2>"$out/cc.err" || fail=$rec
		objs="$objs $TOP/$obj"
	done
	if [ -n "$fail" ]; then
		not_ok "stack = .ci on $coord: rebuilding $fail failed"
		sed 's/^/# /' "$out/cc.err"
		continue
	fi
	for mode in su cfi; do
		# su: the rebuilt objects, .su beside them; cfi: the matrix's own, frames from CFI.
		if [ $mode = su ]; then set -- "$WORK/$out"/*.o; else set -- $objs; fi
		if ! "$BW" stack --json "$@" >"$out/$mode.json" 2>"$out/$mode.err"; then
			not_ok "stack --json on $coord ($mode) failed"
			sed 's/^/# /' "$out/$mode.err"
			continue
		fi
		/usr/bin/python3 "$oracle_py" "$out/$mode.json" "$WORK/$out"/*.ci >"$out/$mode.cmp" 2>&1
		grep '^#' "$out/$mode.cmp" | head -10
		set -- $(grep -v '^#' "$out/$mode.cmp")
		desc="stack = .ci on $coord ($mode frames): ${2:-?} of ${1:-?} functions equal${3:+, differing: $3${4:+ $4}${5:+ $5}}"
		# With CFI frames alone, a difference must be a CFI frame that is not the .su one
		# (a frame-pointer CFA, a frame .debug_frame does not describe: docs/analyzer.md).
		fine=false
		case $mode:${3:-} in
		su: | cfi:) [ "${1:-0}" -gt 0 ] && [ "$1" -eq "$2" ] && fine=true ;;
		cfi:cfi-frame=*) [ -z "${4:-}" ] && [ "$1" -eq $(($2 + ${3#cfi-frame=})) ] && fine=true ;;
		esac
		if $fine; then
			ok "$desc"
		else
			not_ok "$desc"
			sed 's/^/# /' "$out/$mode.cmp" | head -20
		fi
	done
done <cg/coords
# An archive of a coordinate's objects: the same worst cases and chains as the objects given
# one by one (calls resolve across its members as across operands).
x86=$(ls -d cg/x86_64_* 2>/dev/null | head -1)
if [ -n "$x86" ]; then
	rm -f "$x86/all.a" && ar rcs "$x86/all.a" "$x86"/*.o
	cp "$x86"/*.su . 2>/dev/null # beside the archive, as they would be in a build tree
	"$BW" stack --json "$x86/all.a" >ar.json
	/usr/bin/python3 - "$x86/su.json" ar.json <<'PY' && ok "stack on an archive: its members' worst cases as separate operands" || not_ok "stack on an archive"
import json, sys
ops, ar = (json.load(open(p))["files"] for p in sys.argv[1:])
assert [f["stack"] for f in ops] == [f["stack"] for f in ar] and len(ar) == len(ops) > 1
PY
	# Linked: the calls from DWARF call sites alone, the same answers.
	if gcc -nostdlib -static -no-pie -Wl,--unresolved-symbols=ignore-all -Wl,-e,0 \
		-o linked "$x86"/rcu*.o 2>linked.err; then
		"$BW" stack --json linked >linked.json
		/usr/bin/python3 - "$x86/su.json" linked.json <<'PY' && ok "stack on the linked image: its worst cases and chains from DWARF call sites" || not_ok "stack on a linked image"
import json, sys
a, b = (json.load(open(p))["files"] for p in sys.argv[1:])
B = {x["function"]: x for f in b for x in f["stack"]}
n = 0
for x in (x for f in a for x in f["stack"]):
    y = B[x["function"]]
    assert (x["worst"], x["unbounded"], x["chain"]) == (y["worst"], y["unbounded"], y["chain"]), (x, y)
    n += 1
assert n > 20
PY
	else
		skip "stack on a linked image: gcc cannot link the x86_64 objects"
	fi
fi

# A cycle of 10,000 functions (x86_64 assembly: call f(i+1), f9999 calls f0): every function
# unbounded, the cycle named in one line, chains cut at 100 names; in seconds, no deep C stack.
/usr/bin/python3 - >cyc.s <<'PY'
N = 10000
for i in range(N):
    print("\t.globl f%d\n\t.type f%d,@function\nf%d:\n\t.cfi_startproc\n\tsubq $24,%%rsp\n"
          "\t.cfi_def_cfa_offset 32\n\tcall f%d\n\taddq $24,%%rsp\n\t.cfi_def_cfa_offset 8\n"
          "\tret\n\t.cfi_endproc\n\t.size f%d,.-f%d" % (i, i, i, (i + 1) % N, i, i))
PY
as -o cyc.o cyc.s
if (ulimit -s 256; timeout 60 "$BW" stack --json cyc.o >cyc.json 2>cyc.err); then
	/usr/bin/python3 - cyc.json <<'PY' && ok "stack: a 10,000-function cycle is unbounded, named" || not_ok "stack: 10,000-function cycle"
import json, sys
st = json.load(open(sys.argv[1]))["files"][0]["stack"]
assert len(st) == 10000
why = "recursion: f0 -> f1 -> f2 -> f3 -> f4 -> ... (10000 functions) -> f0"
assert all(x["worst"] is None and x["unbounded"] == why for x in st), st[0]
assert all(len(x["chain"]) == 100 and x["chain"][0] == x["function"] for x in st)
PY
else
	not_ok "stack: a 10,000-function cycle (exit $?)"
	sed 's/^/# /' cyc.err | head -5
fi

# Truncated CFI: an FDE whose length runs past the end of .eh_frame is an error naming both.
gcc -Os -g -c "$TOP/tests/analyzer/stack/frames.c" -o cfi.o
/usr/bin/python3 - cfi.o <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
shoff, = struct.unpack_from("<Q", b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from("<HHH", b, 0x3a)
def sh(i):
    return struct.unpack_from("<IIQQQQIIQQ", b, shoff + i * shentsize)
stroff = sh(shstrndx)[4]
for i in range(shnum):
    s = sh(i)
    name = b[stroff + s[0]:b.index(0, stroff + s[0])]
    if name == b".eh_frame":
        cie_len, = struct.unpack_from("<I", b, s[4])
        struct.pack_into("<I", b, s[4] + 4 + cie_len, s[5])  # the first FDE: past the end
open(sys.argv[1], "wb").write(b)
PY
if (ulimit -t 20; "$BW" stack cfi.o >cfi.out 2>cfi.err); then
	not_ok "stack: truncated CFI is an error"
elif [ $? -eq 1 ] && grep -q '^bloatwatch-analyze: cfi.o: .eh_frame: ' cfi.err; then
	ok "stack: truncated CFI: $(cat cfi.err)"
else
	not_ok "stack: truncated CFI"
	sed 's/^/# /' cfi.err | head -5
fi
done_testing
