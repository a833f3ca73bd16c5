#!/bin/sh
# Malformed, truncated and hostile inputs (made by malformed.py from good fixtures): each gives its
# exact one-line error, exit status 1, no crash or hang, and the good file next to it is reported.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/each.sh"
here=$(cd "$(dirname "$0")" && pwd)
bad=$WORK/bad
rm -rf "$bad"
/usr/bin/python3 "$here/malformed.py" "$bad" "$FIX/x86_64/gcc/kernel-O2.o" "$FIX/mips/gcc/kernel-O2.o" || exit 1
cd "$bad" || exit 1
cp "$FIX/arm/gcc/kernel-O2.o" good.o
tab=$(printf '\t')
while IFS=$tab read -r name mode want; do
	msg=${want%@*}
	who=$name
	case "$want" in *@*) who=${want##*@} ;; esac
	timeout 20 "$BW" "$mode" "$name" good.o >out.txt 2>err.txt
	rc=$?
	echo "bloatwatch-analyze: $who: $msg" >want.txt
	if [ $rc -ne 1 ]; then
		not_ok "$name ($mode): exit status $rc, expected 1"
		sed 's/^/# /' err.txt
	elif ! cmp -s want.txt err.txt; then
		not_ok "$name ($mode): error line"
		diff -u want.txt err.txt | sed 's/^/# /'
	elif ! grep -q 'good\.o' out.txt; then
		not_ok "$name ($mode): the good file after it is still reported"
	else
		ok "$name ($mode): $msg"
	fi
	# The same error lands in the JSON "errors" array; the document stays valid.
	timeout 20 "$BW" "$mode" --json "$name" good.o >out.json 2>/dev/null
	/usr/bin/python3 - out.json "$who" "$msg" <<'PY' || not_ok "$name ($mode --json): errors array"
import json, sys
d = json.load(open(sys.argv[1]))
assert {"file": sys.argv[2], "message": sys.argv[3]} in d["errors"], d["errors"]
assert any(f["file"] == "good.o" for f in d["files"]), "good.o missing"
PY
done <expect.tsv

# Every prefix of a good object and of an archive: never a crash or a hang (status 0 or 1 only).
good=$FIX/riscv64/gcc/kernel-O2.o
size=$(wc -c <"$good")
i=1 crashes=0
rm -rf cuts && mkdir cuts || exit 1
while [ $i -lt "$size" ]; do
	head -c $i "$good" >cuts/$i.o
	echo cuts/$i.o
	i=$((i + 97))
done >cuts.list
bw_each -t 20 cut cuts.list all
i=0
while read -r f; do
	i=$((i + 1))
	read -r rc <cut/$i.rc
	[ "$rc" -le 1 ] || { crashes=$((crashes + 1)); f=${f#cuts/}; echo "# status $rc at ${f%.o} bytes"; }
done <cuts.list
[ $crashes -eq 0 ] && ok "truncations of a riscv64 object every 97 bytes: no crash" || not_ok "truncations: $crashes crashes"
# Random byte flips in headers and tables.
/usr/bin/python3 - "$good" flips <<'PY'
import os, random, sys
random.seed(4)
data = open(sys.argv[1], "rb").read()
os.makedirs(sys.argv[2], exist_ok=True)
for k in range(150):
    b = bytearray(data)
    for _ in range(1 + k % 8):
        b[random.randrange(len(b))] = random.randrange(256)
    open(os.path.join(sys.argv[2], "flip%03d.o" % k), "wb").write(bytes(b))
PY
timeout 120 "$BW" all flips/*.o >/dev/null 2>&1
rc=$?
[ $rc -le 1 ] && ok "150 objects with random byte flips in one call: status $rc, no crash" || not_ok "random flips: status $rc"
done_testing
