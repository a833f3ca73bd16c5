#!/bin/sh
# The ASan/UBSan build of the extractor must produce exactly the plain build's layouts (which
# oracle.py holds to pahole) on every input, in one process each, with no sanitizer report.
# usage: sancheck.sh PLAIN-DRIVER SAN-DRIVER OUTDIR FILE...
set -u
plain=$1 san=$2 out=$3
shift 3
mkdir -p "$out"
echo "1..1"
"$plain" --dump --no-search "$@" >"$out/plain.dump" 2>"$out/plain.err"
rp=$?
"$san" --dump --no-search "$@" >"$out/san.dump" 2>"$out/san.err"
rs=$?
n=$(grep -c '^S' "$out/san.dump")
if [ "$rp" = "$rs" ] && cmp -s "$out/plain.dump" "$out/san.dump" &&
   cmp -s "$out/plain.err" "$out/san.err"; then
	echo "ok 1 - sanitized build: same $n layouts as the plain build in $# files"
	echo "1 passed, 0 failed"
	exit 0
fi
echo "not ok 1 - sanitized build differs from the plain build (exit $rp vs $rs)"
diff "$out/plain.dump" "$out/san.dump" | head -20 | sed 's/^/# /'
diff "$out/plain.err" "$out/san.err" | head -20 | sed 's/^/# /'
echo "0 passed, 1 failed"
exit 1
