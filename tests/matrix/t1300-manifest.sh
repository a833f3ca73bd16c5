#!/bin/sh
# The manifest and the analyses (TAP): build/matrix.json against the files, the records, the
# data and the compilers; <obj>.json against binutils size; both deterministic and incremental.
#
#   t1300-manifest.sh BUILD_DIR MAKE        (after make objects analysis)
set -u
build=$1 make=$2
py=${PYTHON:-/usr/bin/python3}
. "$(dirname "$0")/lib.sh"

echo "TAP version 13"

# Every coordinate of ARCHES x COMPILERS x CFLIST is listed or excluded; every entry matches the
# files, its build records, its config, and the compiler's own --version line.
manifest_ok() {
	$py - "$build" <<'EOF'
import json, os, subprocess, sys
sys.path.insert(0, ".")     # run from the repository root: its .config reader
from bloatwatch.record.collect import read_config
build = sys.argv[1]
m = json.load(open(os.path.join(build, "matrix.json")))
bad = []
def data(name):
    return [l.strip() for l in open("matrix/" + name) if l.strip() and not l.startswith("#")]
arches = [l.split("|")[0].strip() for l in data("ARCHES")]
gcc = {l.split("|")[0].strip(): l.split("|")[2].strip() for l in data("ARCHES")}
ccs, scens = data("COMPILERS"), data("CFLIST")
if (m.get("schema"), m.get("version")) != ("bloatwatch-manifest", 1):
    bad.append("schema/version")
coords = m["coordinates"]
keys = [(c["arch"], c["compiler"], c["config"]) for c in coords]
if keys != sorted(keys) or len(set(keys)) != len(keys):
    bad.append("coordinates not sorted or repeated")
gone = {(e["arch"], e["compiler"]) for e in m["excluded"]}
want = {(a, c, s) for a in arches for c in ccs for s in scens if (a, c) not in gone}
if set(keys) != want:
    bad.append("coordinates %d, want %d (ARCHES x COMPILERS x CFLIST minus excluded)" % (len(keys), len(want)))
versions = {}
nobj = 0
for c in coords:
    where = "%s/%s/%s" % (c["arch"], c["compiler"], c["config"])
    if c["base"] != c["config"] or c["flip"] or c["implied"]:
        bad.append(where + ": a scenario has base = config and no flip")
    drv = ["clang"] if c["compiler"] == "clang" else [gcc[c["arch"]]]
    if drv[0] not in versions:  # asked once per driver
        versions[drv[0]] = subprocess.run(drv + ["--version"], capture_output=True,
                                          text=True).stdout.splitlines()[0]
    v = versions[drv[0]]
    if c["compiler_version"] != v:
        bad.append("%s: compiler_version %r, %s says %r" % (where, c["compiler_version"], drv[0], v))
    if c["config_values"] != read_config(os.path.join(build, where, "config")):
        bad.append(where + ": config_values differ from its config")
    if not c["objects"]:
        bad.append(where + ": no objects")
    for o in c["objects"]:
        nobj += 1
        for k in ("path", "record", "analysis"):
            if not os.path.isfile(o[k]):
                bad.append("%s: %s %s missing" % (where, k, o[k]))
        if o["record"] != o["path"] + ".cmd" or o["analysis"] != o["path"] + ".json":
            bad.append(where + ": record/analysis paths")
        rec = dict(l.rstrip("\n").split(" := ", 1) for l in open(o["record"]) if " := " in l)
        if rec.get("source") != o["source"] or rec.get("object") != o["path"] or \
                rec.get("compiler_version") != c["compiler_version"]:
            bad.append(o["record"] + ": source/object/compiler_version differ from the manifest")
        if {k: v for k, v in rec.items() if k.startswith("CONFIG_")} != c["config_values"]:
            bad.append(o["record"] + ": CONFIG values differ from the manifest")
for b in bad[:10]:
    print("# " + b)
print("# %d coordinates, %d objects, %d excluded" % (len(coords), nobj, len(m["excluded"])))
sys.exit(1 if bad else 0)
EOF
}
check "the manifest lists every coordinate with its objects, records, config and compiler" manifest_ok

# Regenerating from the same data gives the same bytes (no timestamps, sorted).
deterministic_ok() {
	cp "$build/matrix.json" "$build/matrix.json.before"
	$py matrix/gen.py objects "$build" || return 1
	cmp -s "$build/matrix.json.in" "$build/matrix.json.before" && cmp -s "$build/matrix.json" "$build/matrix.json.before"
	rc=$?
	rm -f "$build/matrix.json.before"
	return $rc
}
check "the manifest is deterministic" deterministic_ok

# <obj>.json is the analyzer's JSON of that object: its text/data/bss are binutils size's.
analysis_ok() {
	$py - "$build" <<'EOF'
import json, subprocess, sys
m = json.load(open(sys.argv[1] + "/matrix.json"))
objs = [o for c in m["coordinates"] for o in c["objects"]]
sizes = {}
for i in range(0, len(objs), 200):
    out = subprocess.run(["size"] + [o["path"] for o in objs[i:i + 200]], capture_output=True,
                         text=True, check=True).stdout.splitlines()[1:]
    for line in out:
        t, d, b, _, _, path = line.split(None, 5)
        sizes[path] = (int(t), int(d), int(b))
bad = 0
for o in objs:
    j = json.load(open(o["analysis"]))
    f = j["files"][0]
    if j.get("mode") != "all" or f["file"] != o["path"] or (f["text"], f["data"], f["bss"]) != sizes[o["path"]]:
        print("# %s: not the analysis of %s (size says %s)" % (o["analysis"], o["path"], sizes[o["path"]]))
        bad += 1
    elif j["files"][0].get("build", {}).get("object") != o["path"]:
        print("# %s: no build record" % o["analysis"])
        bad += 1
print("# %d analyses checked against size" % len(objs))
sys.exit(1 if bad or not objs else 0)
EOF
}
check "every object's analysis JSON agrees with binutils size and carries its record" analysis_ok

check "a second make analysis does no work" idle "$make" analysis 'all --json\|cc.sh'

done_testing
