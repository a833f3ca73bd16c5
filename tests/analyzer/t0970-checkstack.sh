#!/bin/sh
# stack frames against the kernel's own scripts/checkstack.pl (Linux 6.1) on the kernel/rcu
# objects of x86_64, i386 and arm64: every function equal, or differing by a class that
# tests/analyzer/stack/checkstack_cmp.py names and measures from the disassembly.
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$WORK" || exit 1

src=$(bash "$TOP/tests/kernel/linux.sh" src 2>linux-src.log)
rc=$?
if [ $rc -ne 0 ] || [ ! -f "$src/scripts/checkstack.pl" ]; then
	skip "stack = checkstack.pl: no Linux 6.1 tree (tests/kernel/linux.sh src: exit $rc, $(tail -n 1 linux-src.log))"
	done_testing
	exit
fi
echo "# oracle: $src/scripts/checkstack.pl (the kernel's script, Linux 6.1), min-stack 0"

# checkstack ARCH OBJDUMP OBJ...: the kernel's way (objdump -d | checkstack.pl ARCH) with a
# minimum of 0, so that it lists every function above 0 bytes, not only those above 100; the
# disassembly it read kept beside its output (dis).
checkstack() {
	arch=$1 od=$2
	shift 2
	"$od" -d "$@" >"$oracle_tmp/dis" && perl "$src/scripts/checkstack.pl" "$arch" 0 <"$oracle_tmp/dis"
}

for arch in x86_64 i386 arm64; do
	fixture rcu $arch || continue
	cross=$(sed -n 's/^CROSS_COMPILE=//p' "$dir/bloatwatch.env")
	set -- "$dir"/kernel/rcu/*.o
	if ! "$BW" stack --json "$@" >cs-$arch.json 2>cs-$arch.err; then
		not_ok "stack on the $arch kernel/rcu objects failed"
		sed 's/^/# /' cs-$arch.err | head -5
		continue
	fi
	oracle -t "${cross}objdump" -t perl -d "$src/scripts/checkstack.pl" checkstack $arch "${cross}objdump" "$@"
	if [ "$oracle_rc" != 0 ]; then
		not_ok "$arch: ${cross}objdump -d | checkstack.pl $arch 0 failed"
		sed 's/^/# /' "$oracle_dir/err" | head -5
		continue
	fi
	/usr/bin/python3 "$here/stack/checkstack_cmp.py" $arch cs-$arch.json "$oracle_out" "$oracle_dir/dis" >cs-$arch.cmp
	rc=$?
	grep '^#' cs-$arch.cmp | head -20
	set -- $(grep -v '^#' cs-$arch.cmp)
	cmp_desc="stack = checkstack.pl on the $arch kernel/rcu objects: ${1:-?} functions, ${2:-?} equal"
	shift 2
	[ $# -eq 0 ] || cmp_desc="$cmp_desc, differing by class: $*"
	if [ $rc -eq 0 ]; then ok "$cmp_desc"; else not_ok "$cmp_desc"; fi
done
done_testing
