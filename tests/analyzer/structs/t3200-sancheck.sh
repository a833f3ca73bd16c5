#!/bin/sh
# The ASan/UBSan build of the extractor must produce exactly the plain build's layouts (which
# oracle.py holds to pahole) on every input, in one process each, with no sanitizer report;
# and so must its -j 3 run (units read on threads).
# usage: t3200-sancheck.sh PLAIN-DRIVER SAN-DRIVER OUTDIR FILE...
set -u
plain=$1 san=$2 out=$3
shift 3
mkdir -p "$out"
echo "1..2"
"$plain" --dump --no-search "$@" >"$out/plain.dump" 2>"$out/plain.err"
rp=$?
failed=0
for jobs in 1 3; do
	k=$((jobs == 1 ? 1 : 2))
	"$san" --dump --no-search --jobs $jobs "$@" >"$out/san$jobs.dump" 2>"$out/san$jobs.err"
	rs=$?
	n=$(grep -c '^S' "$out/san$jobs.dump")
	if [ "$rp" = "$rs" ] && cmp -s "$out/plain.dump" "$out/san$jobs.dump" &&
	   cmp -s "$out/plain.err" "$out/san$jobs.err"; then
		echo "ok $k - sanitized build, $jobs job(s): same $n layouts as the plain build in $# files"
	else
		failed=$((failed + 1))
		echo "not ok $k - sanitized build, $jobs job(s), differs from the plain build (exit $rp vs $rs)"
		diff "$out/plain.dump" "$out/san$jobs.dump" | head -20 | sed 's/^/# /'
		diff "$out/plain.err" "$out/san$jobs.err" | head -20 | sed 's/^/# /'
	fi
done
echo "$((2 - failed)) passed, $failed failed"
[ $failed -eq 0 ]
