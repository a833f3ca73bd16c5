#!/bin/sh
# relocs: every relocation section, the section it applies to and its entry count, as readelf
# shows them (counts from readelf -r, targets from the Inf column of readelf -S).
. "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1

{ fixture_files | grep -v '\.a$'; matrix_snapshot | awk 'NR % 20 == 1'; } >relocs.list
bad=0 total=0
while read -r f; do
	/usr/bin/python3 - "$f" >expect.out <<'PY'
import re, subprocess, sys
f = sys.argv[1]
secs = {}
for line in subprocess.run(["readelf", "-SW", f], capture_output=True, text=True).stdout.splitlines():
    m = re.match(r"\s*\[\s*(\d+)\]\s+(\S*)\s+(\S+)\s+[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+(\S*)\s*\d+\s+(\d+)\s+\d+$", line)
    if m:
        secs[int(m.group(1))] = (m.group(2), m.group(3), int(m.group(5)))
by_name = {n: inf for n, t, inf in secs.values() if t in ("REL", "RELA")}
print(f + ":")
rel = subprocess.run(["readelf", "-rW", f], capture_output=True, text=True).stdout
for m in re.finditer(r"^Relocation section '([^']*)' at offset 0x[0-9a-f]+ contains (\d+) entr", rel, re.M):
    inf = by_name[m.group(1)]
    target = secs[inf][0] if inf and inf in secs else ""
    print("%-24s %-24s %8d" % (m.group(1), target, int(m.group(2))))
PY
	"$BW" relocs "$f" >actual.out 2>&1
	total=$((total + 1))
	cmp -s expect.out actual.out || { bad=$((bad + 1)); echo "# differs: $f"; diff -u expect.out actual.out | head -8 | sed 's/^/# /'; }
done <relocs.list
[ $bad -eq 0 ] && ok "relocs = readelf -r counts and -S targets on $total files" || not_ok "relocs differ on $bad of $total files"

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
