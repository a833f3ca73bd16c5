#!/bin/sh
# The CONFIG sweep (TAP): what Kconfig makes of the flips, coverage of every option the sources
# use, and, once `make sweep` has run, its objects, a no-op second run and the NR_CPUS curve.
#
#   t1600-sweep.sh BUILD_DIR MAKE        (after make objects; the built part after make sweep)
set -u
build=$1 make=$2
py=${PYTHON:-/usr/bin/python3}
. "$(dirname "$0")/lib.sh"

echo "TAP version 13"
# The sweep's manifest as generated now (gen.py writes configs only when they change).
MATRIX_ANALYZER=${MATRIX_ANALYZER:-bin/bloatwatch-analyze} $py matrix/gen.py sweep "$build" ||
	{ echo "Bail out! gen.py sweep failed"; exit 1; }

kconfig_ok() {
	$py - "$build" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1] + "/sweep.json.in"))
m = json.load(open(sys.argv[1] + "/matrix.json"))
co = {(c["arch"], c["compiler"], c["config"]): c for c in s["coordinates"]}
ex = {(e["arch"], e["compiler"], e["config"]): e["why"] for e in s["excluded"] if "config" in e}
mat = {(c["arch"], c["compiler"], c["config"]): c for c in m["coordinates"]}
bad = []
def expect(cond, what):
    if not cond:
        bad.append(what)
for (a, cc, label), c in co.items():
    for k, v in c["flip"].items():
        expect(c["config_values"].get(k, "n") == v, "%s/%s/%s: %s=%s not honoured" % (a, cc, label, k, v))
    b = mat.get((a, cc, c["base"]))
    expect(b is not None, "%s/%s/%s: base %s is not a matrix coordinate" % (a, cc, label, c["base"]))
    if c["kind"] == "base":
        expect(b and c["config_values"] == b["config_values"], "%s/%s/%s: base differs from the matrix" % (a, cc, label))
t = co.get(("x86_64", "gcc", "TINY02+SMP"))
expect(t and t["implied"] == {"CONFIG_CLASSIC_RCU": "y", "CONFIG_NR_CPUS": "4", "CONFIG_TINY_RCU": "n"},
       "TINY02+SMP: Tiny cannot stay (depends on !SMP), the choice's default and NR_CPUS's follow: %s"
       % (t and t["implied"]))
expect("TINY_RCU depends on !SMP" in ex.get(("i386", "gcc", "CLASSIC05+TINY_RCU"), ""),
       "CLASSIC05+TINY_RCU: refused by Kconfig")
expect(("arm64", "clang", "TREE05:RCU_FANOUT=64") in co and "out of range 2..32" in
       ex.get(("arm", "clang", "TREE05:RCU_FANOUT=64"), ""), "RCU_FANOUT=64: 64-bit only")
p = co.get(("riscv64", "gcc", "TREE05:NR_CPUS=1"))
expect(p and p["config_values"]["CONFIG_SMP"] == "n" and p["implied"] == {"CONFIG_HOTPLUG_CPU": "n"},
       "TREE05:NR_CPUS=1 is a UP kernel without hotplug")
for b in bad[:10]:
    print("# " + b)
print("# %d coordinates, %d excluded" % (len(co), len(s["excluded"])))
sys.exit(1 if bad else 0)
EOF
}
check "Kconfig's consequences and refusals are recorded per arch" kconfig_ok

# Every option a base's sources use (extractconfig), as Kconfig defines it, is measured or
# refused with a reason on every arch x compiler: nothing is silently "not measured".
coverage_ok() {
	$py - "$build" <<'EOF'
import json, subprocess, sys
import kconfiglib
build = sys.argv[1]
s = json.load(open(build + "/sweep.json.in"))
kconf = kconfiglib.Kconfig("Kconfig", warn=False)
bases = [w for l in open("matrix/SWEEP") if l.startswith("base ") for w in l.split()[1:]]
def option_of(label, base):
    return "CONFIG_" + label[len(base) + 1:].split("=")[0]
bad = 0
for base in bases:
    files = set()
    for c in s["coordinates"]:
        if c["config"] == base and c["arch"] == "x86_64" and c["compiler"] == "gcc":
            for o in c["objects"]:
                dep = open(o["path"][:-2] + ".d").read().replace("\\\n", " ").split()
                files |= {f for f in dep if f.endswith((".c", ".h")) and not f.startswith(build + "/")}
    used = json.loads(subprocess.run(["bin/bloatwatch-analyze", "configs", "--json"] + sorted(files),
                                     capture_output=True, text=True, check=True).stdout)["union"]
    used = [u for u in used if u[len("CONFIG_"):] in kconf.syms and kconf.syms[u[len("CONFIG_"):]].nodes]
    for arch, cc in sorted({(c["arch"], c["compiler"]) for c in s["coordinates"]}):
        mine = [c for c in s["coordinates"] if (c["base"], c["arch"], c["compiler"]) == (base, arch, cc)]
        values = [c for c in mine if c["kind"] == "base"][0]["config_values"]
        done = {c["option"] for c in mine if c["option"]}
        done |= {option_of(e["config"], base) for e in s["excluded"] if e.get("config", "").startswith(base)
                 and (e["arch"], e["compiler"]) == (arch, cc)}
        for u in used:
            sym = kconf.syms[u[len("CONFIG_"):]]
            if sym.choice is not None and values.get(u) == "y":
                # a selected member is measured by selecting the others
                if not {"CONFIG_" + m.name for m in sym.choice.syms if m is not sym} <= done:
                    print("# %s %s/%s: the choice of %s is not swept" % (base, arch, cc, u)); bad += 1
            elif u not in done:
                print("# %s %s/%s: %s neither measured nor refused" % (base, arch, cc, u)); bad += 1
    print("# %s: %s" % (base, " ".join(u[len("CONFIG_"):] for u in used)))
sys.exit(1 if bad else 0)
EOF
}
check "every option the bases' sources use is measured or refused" coverage_ok

# Built: the whole sweep once `make sweep` has run for this manifest, else the NR_CPUS curve of
# Tree RCU on i386/gcc and x86_64/gcc. The test builds them either way (a no-op when current;
# ccache serves a rebuild after a change to matrix/cc.sh), so that the no-op check below is of
# a second build whatever changed since `make sweep`.
if [ -s "$build/sweep.json" ] && cmp -s "$build/sweep.json" "$build/sweep.json.in"; then
	what="the whole sweep"
	targets=$($py -c 'import json, sys
print(" ".join(o["path"] for c in json.load(open(sys.argv[1]))["coordinates"] for o in c["objects"]
               if "/sweep/" in o["path"]))' "$build/sweep.json")
else
	what="the i386 and x86_64 gcc NR_CPUS curves of TREE05"
	targets=$($py -c 'import json, sys
print(" ".join(o["path"] for c in json.load(open(sys.argv[1]))["coordinates"] for o in c["objects"]
               if "/sweep/" in o["path"] and c["compiler"] == "gcc" and c["arch"] in ("i386", "x86_64")
               and c["config"].startswith("TREE05:NR_CPUS=")))' "$build/sweep.json.in")
fi
$make --no-print-directory $targets > "$build/tests-sweep.log" 2>&1 ||
	{ tail -n 5 "$build/tests-sweep.log" | sed 's/^/# /'; echo "Bail out! building $what failed"; exit 1; }
objects_ok() {
	$py - "$build" $targets <<'EOF'
import json, os, sys
sys.path.insert(0, ".")     # run from the repository root: its .config reader
from bloatwatch.record.collect import read_config
s = json.load(open(sys.argv[1] + "/sweep.json.in"))
want, bad = set(sys.argv[2:]), 0
for c in s["coordinates"]:
    for o in c["objects"]:
        if o["path"] not in want:
            continue
        want.discard(o["path"])
        folder = os.path.dirname(o["path"])
        if read_config(folder + "/config") != c["config_values"] or not os.path.isfile(o["record"]):
            print("# %s: objects do not match %s" % (folder, c["config"])); bad += 1
sys.exit(1 if bad or want else 0)
EOF
}
check "objects and records of $what match the sweep's manifest" objects_ok
# A flip that changes no option an object's source and headers read copies the base's object
# (cc.sh's BW_SAME): the copy must be the bytes the flip's own recorded command compiles.
copy_ok() {
	o=$(sed -n 's/^\([^:]*\.o\): .* '"$build"'\/[^ ]*\.o$/\1/p' "$build/sweep.gen.mk" | grep /i386/gcc/ | head -n 1)
	[ -n "$o" ] || { echo "# no copied object among i386/gcc's"; return 1; }
	$make --no-print-directory "$o" > /dev/null || return 1
	cmd=$(sed -n 's/^cmd := //p' "$o.cmd" | sed "s| -MF [^ ]*| -MF $build/tests-copy.d|; s| -o [^ ]*\$| -o $build/tests-copy.o|")
	eval "$cmd" || return 1
	cmp -s "$o" "$build/tests-copy.o" || { echo "# $o: not the bytes its own compile gives"; return 1; }
	echo "# $o: copied, and its own compile gives the same bytes"
}
check "an object copied from the base's is the bytes its own command compiles" copy_ok
# `make report` reads the sweep's rules only when a file of `make sweep-inputs` changed: that list
# must hold every prerequisite of every sweep object (its rule's and its .d file's), apart from
# what the sweep generates itself under $build/sweep/ from the listed inputs, and the matrix's
# objects a flip copies (the manifest, listed, is rewritten whenever one of them is).
inputs_ok() {
	$make -s --no-print-directory sweep-inputs > "$build/tests-sweep-inputs" &&
	$py - "$build" "$build/tests-sweep-inputs" $targets <<'EOF'
import json, sys
build, listed, want = sys.argv[1], set(open(sys.argv[2]).read().split()), set(sys.argv[3:])
listed |= {o["path"] for c in json.load(open(build + "/matrix.json"))["coordinates"] for o in c["objects"]}
need = {}
for line in open(build + "/sweep.gen.mk"):
    target, sep, prereqs = line.partition(": ")
    if sep and target in want:
        need[target] = set(prereqs.split()) - {"$(MATRIX_DEPS)"}
for o in want:
    text = open(o[:-2] + ".d").read().replace("\\\n", " ")
    for rule in text.splitlines():
        target, sep, prereqs = rule.partition(":")
        if sep and target.strip() == o:
            need.setdefault(o, set()).update(prereqs.split())
outside = {f for deps in need.values() for f in deps if not f.startswith(build + "/sweep/")}
for f in sorted(outside - listed)[:10]:
    print("# not in make sweep-inputs: " + f)
print("# %d objects, %d distinct prerequisites outside the sweep, %d inputs listed" % (
    len(need), len(outside), len(listed)))
sys.exit(1 if outside - listed or len(need) != len(want) else 0)
EOF
}
check "make sweep-inputs lists every prerequisite of $what" inputs_ok
noop_ok() {
	out=$($make --no-print-directory -n $targets 2>&1)
	! printf '%s\n' "$out" | grep -q 'cc.sh\|resolve.py'
}
check "a second build of $what does nothing" noop_ok
curve_ok() {
	for a in i386 x86_64; do
		prev=0
		for nr in 1 2 4 8 16 32 64 128 256 512 1024 2048 4096; do
			o=$($py -c 'import json, sys
for c in json.load(open(sys.argv[1]))["coordinates"]:
    if (c["arch"], c["compiler"], c["config"]) == (sys.argv[2], "gcc", "TREE05:NR_CPUS=" + sys.argv[3]):
        print([x["path"] for x in c["objects"] if x["path"].endswith("rcutree.o")][0])' "$build/sweep.json.in" $a $nr)
			db=$(size "$o" | awk 'NR == 2 { print $2 + $3 }')
			[ "$db" -ge "$prev" ] || { echo "# $a NR_CPUS=$nr: data+bss $db < $prev"; return 1; }
			prev=$db
		done
		echo "# $a/gcc Tree RCU rcutree.o data+bss at NR_CPUS=4096: $prev bytes"
	done
}
check "Tree RCU's data+bss grow with NR_CPUS (binutils size)" curve_ok

done_testing
