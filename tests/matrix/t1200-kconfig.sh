#!/bin/sh
# Kconfig resolution (TAP): refused requests and failing #CHECK# lines name file and line; every
# #CHECK# can fail; autoconf.h and CONFIG_64BIT agree with the .config and the objects.
#
#   t1200-kconfig.sh BUILD_DIR MAKE        (the matrix part after make objects)
set -u
build=$1 make=$2
py=${PYTHON:-/usr/bin/python3}
tmp=$build/tests/kconfig
rm -rf "$tmp" && mkdir -p "$tmp"
. "$(dirname "$0")/lib.sh"

echo "TAP version 13"

# refuses FRAGMENT-TEXT EXPECTED-MESSAGE [resolve.sh options]: resolution fails with exactly that line
refuses() {
	printf "$1" > "$tmp/frag"
	want=$(printf '%s' "$2" | sed "s|@|$tmp/frag|")
	shift 2
	got=$(sh matrix/resolve.sh "$@" "$tmp/frag" - 2>&1 >/dev/null)
	rc=$?
	[ "$rc" -ne 0 ] && [ "$got" = "$want" ] || { echo "# exit $rc, message: $got"; echo "# wanted: $want"; return 1; }
}

check "Tiny RCU with SMP is refused at the fragment's line" refuses \
	'# Tiny on SMP\nCONFIG_SMP=y\nCONFIG_TINY_RCU=y\n' \
	'@:3: CONFIG_TINY_RCU=y requested, Kconfig resolved n (TINY_RCU depends on !SMP)'
check "a #CHECK# that Kconfig's resolution breaks fails at its line" refuses \
	'CONFIG_TREE_RCU=y\nCONFIG_SMP=y\n#CHECK#CONFIG_NR_CPUS=1\n' \
	'@:3: #CHECK# CONFIG_NR_CPUS=1 failed: Kconfig resolved 4'
check "NR_CPUS beyond its range is refused" refuses 'CONFIG_SMP=y\nCONFIG_NR_CPUS=8192\n' \
	'@:2: CONFIG_NR_CPUS=8192 requested, Kconfig resolved 4 (out of range 2..4096)'
check "NR_CPUS cannot be set without SMP" refuses 'CONFIG_NR_CPUS=4\n' \
	'@:1: CONFIG_NR_CPUS=4 requested, Kconfig resolved 1 (NR_CPUS can be set only if SMP)'
check "HOTPLUG_CPU depends on SMP" refuses 'CONFIG_CLASSIC_RCU=y\nCONFIG_HOTPLUG_CPU=y\n' \
	'@:2: CONFIG_HOTPLUG_CPU=y requested, Kconfig resolved n (HOTPLUG_CPU depends on SMP)'
check "RCU_FANOUT 64 is refused on a 32-bit architecture" refuses \
	'CONFIG_TREE_RCU=y\nCONFIG_RCU_FANOUT=64\n' \
	'@:2: CONFIG_RCU_FANOUT=64 requested, Kconfig resolved 32 (out of range 2..32)' --arch arm
check "an option Kconfig does not define is refused" refuses 'CONFIG_RCU_FANOUT_LEAF=16\n' \
	'@:1: CONFIG_RCU_FANOUT_LEAF is not an option of Kconfig'
check "a malformed line is refused" refuses 'CONFIG_SMP = y\n' '@:1: not a CONFIG_X=value line: CONFIG_SMP = y'

fanout_defaults() {
	printf 'CONFIG_TREE_RCU=y\n' > "$tmp/tree"
	a=$(sh matrix/resolve.sh --arch arm64 "$tmp/tree" - | grep '^CONFIG_RCU_FANOUT=')
	b=$(sh matrix/resolve.sh --arch i386 "$tmp/tree" - | grep '^CONFIG_RCU_FANOUT=')
	[ "$a" = CONFIG_RCU_FANOUT=64 ] && [ "$b" = CONFIG_RCU_FANOUT=32 ] || { echo "# arm64 $a, i386 $b"; return 1; }
}
check "RCU_FANOUT defaults to 64 on 64-bit and 32 on 32-bit architectures" fanout_defaults

# Every #CHECK# of the scenarios checks something Kconfig derives (no line restates an assignment
# of its own file), and each one fails when its value is changed (resolved on every arch).
checks_can_fail() {
	PYTHONPATH=matrix $py - "$tmp" <<'EOF'
import glob, os, sys
import gen, resolve
tmp, bad, count = sys.argv[1], 0, 0
for arch in [a["name"] for a in gen.arches()]:
    r = resolve.Resolver(arch)
    for path in sorted(glob.glob("matrix/scenarios/*")):
        lines = open(path).read().splitlines()
        own = {l for l in lines if l.startswith("CONFIG_")}
        r.resolve([resolve.COMMON, path])
        for i, line in enumerate(lines):
            if not line.startswith("#CHECK#"):
                continue
            if line[7:] in own:
                print("# %s:%d restates its own line" % (path, i + 1)); bad += 1
            name, value = line[7:].split("=", 1)
            flipped = {"y": "n", "n": "y"}.get(value, "n")
            mutant = os.path.join(tmp, os.path.basename(path))
            with open(mutant, "w") as f:
                f.write("\n".join(lines[:i] + ["#CHECK#%s=%s" % (name, flipped)] + lines[i + 1:]) + "\n")
            count += 1
            try:
                r.resolve([resolve.COMMON, mutant])
                print("# %s:%d still passes as %s=%s (ARCH=%s)" % (path, i + 1, name, flipped, arch)); bad += 1
            except resolve.ResolveError as e:
                if not str(e).startswith("%s:%d: #CHECK# " % (resolve.rel(mutant), i + 1)):
                    print("# %s" % e); bad += 1
    r.close()
print("# %d #CHECK# lines changed and refused" % count)
sys.exit(1 if bad or not count else 0)
EOF
}
check "every #CHECK# line checks a derived value and fails when it does not hold" checks_can_fail

# autoconf.h is the .config as #defines (y -> 1, numbers as they are, n and unset absent), and
# CONFIG_64BIT (Kconfig's list of 64-bit ARCHES) is the ELF class of every object built with it.
autoconf_ok() {
	$py - "$build" <<'EOF'
import glob, os, sys
build, bad, dirs, objs = sys.argv[1], 0, 0, 0
for conf in glob.glob(build + "/**/config", recursive=True):
    d = os.path.dirname(conf)
    if not os.path.isfile(d + "/autoconf.h") or d.startswith(build + "/tests"):
        continue
    dirs += 1
    want = set()
    for line in open(conf):
        line = line.strip()
        if line.startswith("CONFIG_") and "=" in line:
            k, v = line.split("=", 1)
            want.add("#define %s %s" % (k, 1 if v == "y" else v))
    got = {l.strip() for l in open(d + "/autoconf.h") if l.startswith("#define")}
    if not want or got != want:
        print("# %s: autoconf.h is not its config" % d); bad += 1
    wide = "#define CONFIG_64BIT 1" in want
    for obj in glob.glob(d + "/*.o"):
        objs += 1
        with open(obj, "rb") as f:
            head = f.read(5)
        if head[:4] != b"\x7fELF" or head[4] != (2 if wide else 1):
            print("# %s: ELF class %d, config says %s-bit" % (obj, head[4], 64 if wide else 32)); bad += 1
print("# %d configurations, %d objects" % (dirs, objs))
sys.exit(1 if bad or not dirs else 0)
EOF
}
check "autoconf.h holds exactly the resolved .config; CONFIG_64BIT is each object's ELF class" autoconf_ok

# make menuconfig SCENARIO=... works for a person: driven here through a pseudo-terminal
# (script(1)), quitting at once; the minimal fragment it writes is the scenario's choices.
# -Onone: under make test's -Otarget, menuconfig's output would go to a file, not the terminal.
menuconfig_ok() {
	rm -rf "$build/menuconfig/i386/TINY02"
	out=$( (sleep 3; printf Q; sleep 2; printf Q) | TERM=xterm timeout 120 \
		script -qec "$make --no-print-directory -Onone menuconfig SCENARIO=TINY02 ARCH=i386" /dev/null 2>&1)
	printf '%s\n' "$out" | grep -q 'as a scenario fragment' ||
		{ printf '%s\n' "$out" | tail -n 3 | sed 's/^/# /'; return 1; }
	[ "$(cat "$build/menuconfig/i386/TINY02/fragment")" = "$(printf 'CONFIG_NO_HZ=y\nCONFIG_TINY_RCU=y')" ]
}
if command -v script >/dev/null 2>&1; then
	check "make menuconfig SCENARIO=TINY02 opens and saves the minimal fragment" menuconfig_ok
else
	n=$((n + 1)); echo "ok $n - make menuconfig # SKIP script(1) is not installed (bsdutils)"
fi

done_testing
