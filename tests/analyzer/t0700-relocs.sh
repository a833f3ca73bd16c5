#!/bin/sh
# relocs: every relocation section, the section it applies to and its entry count, as readelf
# shows them (counts from readelf -r, targets from the Inf column of readelf -S).
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$WORK" || exit 1

{ fixture_files | grep -v '\.a$'; matrix_snapshot | awk 'NR % 20 == 1'; } >relocs.list
# One oracle process and one analyzer process for the list: each file's block starts with its
# "FILE:" line, the same alone or among others.
oracle -i relocs.list -t readelf /usr/bin/python3 "$here/relocs_oracle.py"
xargs "$BW" relocs <relocs.list >actual.out 2>&1
total=$(wc -l <relocs.list)
if cmp -s "$oracle_out" actual.out; then
	ok "relocs = readelf -r counts and -S targets on $total files"
else
	# The files whose blocks differ, then the first lines that do.
	: >differs.out
	bad=$(awk 'FNR == 1 { k++ } /^\/.*:$/ { f = $0; seen[f] = 1 } { b[k, f] = b[k, f] $0 "\n" }
		END { for (f in seen) if (b[1, f] != b[2, f]) { n++; print "# differs: " f >"differs.out" } print n + 0 }' \
		"$oracle_out" actual.out)
	sort differs.out
	diff -u "$oracle_out" actual.out | head -8 | sed 's/^/# /'
	not_ok "relocs differ on $bad of $total files"
fi

"$BW" relocs --json "$FIX/x86_64/gcc/kernel-O2.o" "$FIX/arm/gcc/lib.a" >relocs.json
"$BW" relocs "$FIX/x86_64/gcc/kernel-O2.o" "$FIX/arm/gcc/lib.a" >relocs.txt
/usr/bin/python3 - relocs.json relocs.txt <<'PY' && ok "relocs --json: the text's sections, targets and counts" || not_ok "relocs --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["mode"] == "relocs" and d["errors"] == [] and len(d["files"]) == 4
text = [l.split() for l in open(sys.argv[2]) if not l.endswith(":\n")]
js = [[x["section"], x["target"], str(x["count"])] for f in d["files"] for x in f["relocations"]]
assert js == text and all(x["type"] == ("RELA" if x["section"].startswith(".rela") else "REL")
                          for f in d["files"] for x in f["relocations"]), (js, text)
PY
done_testing
