#!/bin/sh
# segments and compileunits: program headers, section mapping and flash/RAM against readelf -lW
# and size (text/data/bss, whose numbers t0100 ties to binutils size); compile units' code
# and static data against pyelftools (an independent DWARF reader).
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$WORK" || exit 1
py=/usr/bin/python3

{ fixture_files; matrix_snapshot | awk 'NR % 10 == 1'; } | grep -v '\.a$' >img.list
"$BW" segments --json $(cat img.list) >seg.json 2>seg.err
$py "$here/segments_oracle.py" seg.json >seg.out && ok "segments = readelf -lW, flash/RAM = its PT_LOAD sizes or size's totals ($(tail -n 1 seg.out | sed 's/# //'))" ||
	{ not_ok "segments"; head -20 seg.out | sed 's/^/# /'; }

"$BW" compileunits --json $(cat img.list) >cu.json 2>cu.err
if elftools=$($py -c 'import elftools; print(elftools.__file__)' 2>/dev/null); then
	# pyelftools' side once for both suites; the comparison each time.
	oracle -d "$elftools" $py "$here/cunits_oracle.py" want $(cat img.list)
	$py "$here/cunits_oracle.py" check cu.json "$oracle_out" >cu.out &&
		ok "compileunits = pyelftools: $(tail -n 1 cu.out | sed 's/# //')" ||
		{ not_ok "compileunits"; head -20 cu.out "$oracle_dir/err" | sed 's/^/# /'; }
else
	skip "compileunits oracle: python3-pyelftools not installed (.ci/packages)"
fi
$py - cu.json <<'PY' && ok "compileunits: folders sum their units" || not_ok "compileunits: folder sums"
import json, sys
for f in json.load(open(sys.argv[1]))["files"]:
    units, folders = f["compileunits"], f["folders"]
    for d in folders:
        mine = [u for u in units if u["folder"] == d["folder"]]
        assert d["units"] == len(mine), (f["file"], d)
        for k in ("text", "vars"):
            assert d[k] == sum(u[k] for u in mine), (f["file"], d, k)
    assert sum(d["units"] for d in folders) == len(units)
PY

# In mode all, the new keys follow the others; a .o has no segments, sections give its memory.
"$BW" all "$FIX/x86_64/gcc/kernel-g.o" "$FIX/riscv64/gcc/prog" >all.json
$py - all.json <<'PY' && ok "all: segments, memory, compileunits and folders in every FILE entry" || not_ok "all keys"
import json, sys
d = json.load(open(sys.argv[1]))
for f in d["files"]:
    keys = list(f)
    i = keys.index("structs")
    assert keys[i + 1:i + 5] == ["segments", "memory", "compileunits", "folders"], keys
o, e = d["files"]
assert o["segments"] == [] and o["memory"]["from"] == "sections" and len(o["compileunits"]) == 1
assert e["segments"] and e["memory"]["from"] == "segments" and e["compileunits"] == []
PY
done_testing
