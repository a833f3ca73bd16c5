#!/bin/sh
# The built matrix (TAP): layout, build records, incrementality, symbols, irq instructions, Tiny's budget.
#
#   t1100-built.sh BUILD_DIR MAKE        (after make objects; coordinates come from the manifest)
set -u
build=$1 make=$2
manifest=$build/matrix.json
py=${PYTHON:-/usr/bin/python3}
. "$(dirname "$0")/lib.sh"
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

echo "TAP version 13"
[ -s "$manifest" ] || { echo "Bail out! $manifest missing: run make objects"; exit 1; }
# "arch/compiler/config" per coordinate, and the excluded arch/compiler pairs.
coords=$($py -c 'import json, sys
for c in json.load(open(sys.argv[1]))["coordinates"]:
    print("%s/%s/%s" % (c["arch"], c["compiler"], c["config"]))' "$manifest")
excluded=$($py -c 'import json, sys
for e in json.load(open(sys.argv[1]))["excluded"]: print("%s/%s" % (e["arch"], e["compiler"]))' "$manifest")
is_excluded() { printf '%s\n' "$excluded" | grep -qx "$1"; }

# 1. Every coordinate has its config, autoconf.h, objects and records (how each was built: the
#    coordinate is the manifest's alone; t1300 compares both with the config).
layout_ok() {
	$py - "$build" <<'EOF'
import json, os, sys
build, bad = sys.argv[1], []
coords = json.load(open(build + "/matrix.json"))["coordinates"]
for c in coords:
    d = "%s/%s/%s/%s" % (build, c["arch"], c["compiler"], c["config"])
    for f in ("config", "autoconf.h", "rcupdate.o", "rcupdate.o.cmd"):
        if not os.path.isfile(d + "/" + f) or not os.path.getsize(d + "/" + f):
            bad.append("missing %s/%s" % (d, f))
    for o in c["objects"]:
        if o["keys"] != {"variant": o["source"].split("/")[0]}:
            bad.append("%s: variant is not the source folder" % o["path"])
        cmd = o["record"]
        lines = open(cmd).read().splitlines()
        rec = dict(l.split(" := ", 1) for l in lines if " := " in l)
        # The record says how it was built; the coordinate is the manifest's alone.
        keys = sorted(k for k in rec if not k.startswith("CONFIG_"))
        if keys != ["cmd", "compiler_version", "object", "source"] or rec["source"] != o["source"]:
            bad.append("%s: keys %s, not cmd, compiler_version, source, object, CONFIG_" % (cmd, keys))
        if rec.get("object") != cmd[:-4] or cmd[:-4] != o["path"]:
            bad.append(cmd + ": object")
for b in bad[:5]:
    print("# " + b)
sys.exit(1 if bad or not coords else 0)
EOF
}
check "layout and build records of $(printf '%s\n' "$coords" | wc -l) coordinates" layout_ok

# 2. Incremental: with nothing changed, make has no command to run for the objects.
check "a second make objects does no work" idle "$make" objects 'cc.sh\|resolve.py\|gen.py objects'

# A deleted object (and its record) is rebuilt, and nothing else is.
rebuild_ok() {
	obj=$build/$(printf '%s\n' $coords | head -n 1)/rcupdate.o
	cp "$obj" "$obj.keep"
	rm -f "$obj" "$obj.cmd"
	# analysis too: the suites after this one expect every analysis up to date
	out=$($make --no-print-directory objects analysis 2>&1)
	printf '%s\n' "$out" | grep '^matrix: ' | sed 's/^/# /'
	newer=$(for c in $coords; do find "$build/$c" -name '*.o' -newer "$obj.keep"; done)
	cmp -s "$obj" "$obj.keep" && [ -s "$obj.cmd" ] && [ "$newer" = "$obj" ]
	rc=$?
	rm -f "$obj.keep"
	return $rc
}
check "make objects rebuilds a deleted object, and only it" rebuild_ok

# 3. Undefined symbols are kernel services only: nothing from libc/libgcc, no simulator hooks.
# matrix/KSERVICES: one extended regex per line for the symbols a kernel object may leave undefined
allowed="^($(grep -v '^[[:space:]]*#' matrix/KSERVICES | grep -v '^[[:space:]]*$' | paste -sd '|' -))$"
symbols_ok() {
	# one nm for every object (a start of binutils-multiarch's nm costs more than reading one)
	bad=$(for coord in $coords; do printf '%s\n' "$build/$coord"/*.o; done | xargs nm -u |
		awk 'NF == 2 { print $2 }' | sort -u | grep -Ev "$allowed")
	[ -z "$bad" ] || { echo "# unexpected undefined symbols: $bad"; return 1; }
}
check "undefined symbols are kernel services only" symbols_ok

# 4. local_irq_save/restore are the architecture's own instructions, in every arch/compiler's
# Tiny objects (a pair without one fails: nothing to check is not a pass).
irq_insn_ok() {
	for pair in $(printf '%s\n' $coords | cut -d/ -f1-2 | sort -u); do
		case $pair in
		x86_64/*|i386/*) want='cli' ;;
		arm64/*) want='msr.*daifset' ;;
		arm/*) want='cpsid' ;;
		riscv64/*) want='csrrc.*sstatus|csrc.*sstatus' ;;
		powerpc/*) want='mtmsr' ;;
		mips/*) want='[[:space:]]di[[:space:]]' ;;
		*) echo "# $pair: no irq-masking instruction known for this architecture"; return 1 ;;
		esac
		set -- "$build/$pair"/*/rcutiny.o
		[ -f "$1" ] || { echo "# $pair: no rcutiny.o to check"; return 1; }
		# one disassembly per pair; each line is prefixed with its object's name
		found=$(llvm-objdump -d "$@" | awk '/:[ \t]+file format / { f = $1; sub(/:$/, "", f); next }
			{ print f "\t" $0 }' | grep -Ei "$want" | cut -f1 | sort -u)
		for obj do
			printf '%s\n' "$found" | grep -qxF "$obj" || { echo "# $obj: no '$want'"; return 1; }
		done
	done
}
check "interrupt masking compiles to each architecture's instructions" irq_insn_ok

# 5. Size budget: Tiny RCU on i386/gcc, TINY02, at or below the article's 929 bytes.
budget_ok() {
	d="$build/i386/gcc/TINY02"
	[ -f "$d/rcutiny.o" ] || { echo "# $d/rcutiny.o not built"; return 1; }
	total=$(size "$d/rcupdate.o" "$d/rcutiny.o" | awk 'NR > 1 { t += $4 } END { print t }')
	echo "# i386/gcc/TINY02 Tiny RCU total: $total bytes (article 929, goal 816)"
	[ "$total" -le 929 ]
}
if is_excluded i386/gcc; then
	skip "Tiny RCU i386/gcc/TINY02 within the article's 929 bytes" "i386/gcc is excluded (MATRIX_EXCLUDE)"
else
	check "Tiny RCU i386/gcc/TINY02 within the article's 929 bytes" budget_ok
fi

done_testing
