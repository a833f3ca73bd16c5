#!/bin/bash
# Check that the kernel fixtures of linux.sh are what they claim (TAP); builds what is not cached.
# usage: t0001-fixtures.sh [ARCH...]   (default: x86_64 i386 arm arm64 riscv64 powerpc mips)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
L=$here/linux.sh
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
skip() { n=$((n + 1)); echo "ok $n - # SKIP $*"; }
# is DESCRIPTION COMMAND...: one test point from a command's success.
is() { local d=$1; shift; if "$@"; then ok "$d"; else not_ok "$d"; fi; }

# fixture VAR ARGS...: run linux.sh ARGS into VAR; 1 (with a skip or failure reported) when unusable.
fixture() {
	local var=$1 out rc=0
	shift
	out=$("$L" "$@" 2>"$tmp/err") || rc=$?
	if [ "$rc" = 77 ]; then
		skip "linux.sh $*: $(tail -n 1 "$tmp/err")"
		return 1
	elif [ "$rc" != 0 ] || [ ! -d "$out" ]; then
		not_ok "linux.sh $*: exit $rc: $(tail -n 1 "$tmp/err")"
		return 1
	fi
	printf -v "$var" %s "$out"
}

# dwarf_version FILE: the DWARF version of the first compilation unit (empty without one).
dwarf_version() {
	readelf --debug-dump=info --dwarf-depth=1 "$1" 2>/dev/null | awk '/^ *Version:/ { print $2; exit }'
}

# config_has DIR LINE...: every LINE is a line of DIR/.config (`# CONFIG_X is not set` for n).
config_has() {
	local dir=$1 l
	shift
	for l in "$@"; do grep -qxF "$l" "$dir/.config" || { echo "# $dir/.config lacks: $l"; return 1; }; done
}

# cmd_record O OBJ: Kbuild's .OBJ.cmd in the form this tree writes (cmd_ before Linux 6.2,
# savedcmd_ after), with its source_ and deps_ lines.
cmd_record() {
	local o=$1 obj=$2 form=cmd_ src
	src=$(sed -n 's/^SRC=//p' "$o/bloatwatch.env")
	grep -q "savedcmd_" "$src/scripts/Kbuild.include" && form=savedcmd_
	local rec=$o/$(dirname "$obj")/.$(basename "$obj").cmd
	grep -q "^$form$obj := " "$rec" && grep -q "^source_$obj := " "$rec" && grep -q "^deps_$obj := " "$rec"
}

# size_of FILE SYMBOL: nm's size of SYMBOL in FILE (decimal).
size_of() { printf '%d\n' "0x$(nm -S "$1" | awk -v s="$2" '$4 == s { print $2; exit }')"; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if fixture src src; then
	is "src is Linux 6.1 ($src)" grep -qx 'PATCHLEVEL = 1' "$src/Makefile"
	is "src is pristine (no .config, no include/config)" test ! -e "$src/.config" -a ! -e "$src/include/config"
fi

arches=("$@")
[ ${#arches[@]} -gt 0 ] || arches=(x86_64 i386 arm arm64 riscv64 powerpc mips)
for arch in "${arches[@]}"; do
	fixture o rcu "$arch" || continue
	is "rcu $arch: .config has DWARF4 debug info" config_has "$o" CONFIG_DEBUG_INFO=y \
		CONFIG_DEBUG_INFO_DWARF4=y '# CONFIG_DEBUG_INFO_REDUCED is not set'
	case $arch in
	x86_64|arm64|riscv64) is "rcu $arch: 64-bit" config_has "$o" CONFIG_64BIT=y ;;
	*) is "rcu $arch: 32-bit" test -z "$(grep -x CONFIG_64BIT=y "$o/.config")" ;;
	esac
	# tinyconfig leaves SMP off where the arch allows it (arm64 forces it on): Tiny RCU, else Tree.
	if grep -qx CONFIG_SMP=y "$o/.config"; then flavor=tree; else flavor=tiny; fi
	is "rcu $arch: ${flavor^} RCU (tinyconfig, SMP $([ $flavor = tiny ] && echo off || echo on))" config_has "$o" "CONFIG_${flavor^^}_RCU=y"
	is "rcu $arch: built-in.a is a thin archive" test "$(head -c 7 "$o/kernel/rcu/built-in.a")" = '!<thin>'
	# Thin archive members are stored relative to the archive (ar t prints them relative to cwd).
	members=$(cd "$o/kernel/rcu" && ar t built-in.a | sed 's|^|kernel/rcu/|')
	is "rcu $arch: built-in.a holds $flavor.o and update.o" \
		test "$(grep -cx -e "kernel/rcu/$flavor.o" -e kernel/rcu/update.o <<<"$members")" = 2
	for obj in $members; do
		is "rcu $arch: $obj is there with DWARF 4" test "$(dwarf_version "$o/$obj")" = 4
		is "rcu $arch: $obj has its Kbuild .cmd record" cmd_record "$o" "$obj"
	done
done

if fixture base vmlinux x86_64 base && fixture change vmlinux x86_64 change; then
	is "vmlinux x86_64 base: vmlinux with DWARF 4" test "$(dwarf_version "$base/vmlinux")" = 4
	is "vmlinux x86_64 base and change: same .config" cmp -s "$base/.config" "$change/.config"
	is "vmlinux x86_64 change: rcu_ctrlblk grows by one long (nm)" \
		test "$(size_of "$base/vmlinux" rcu_ctrlblk)" -eq 32 -a "$(size_of "$change/vmlinux" rcu_ctrlblk)" -eq 40
	is "vmlinux x86_64 change: call_rcu grows (nm)" \
		test "$(size_of "$change/vmlinux" call_rcu)" -gt "$(size_of "$base/vmlinux" call_rcu)"
	# The build log lists what the build made: from base's objects, only the patched file and the
	# link (an objtool rebuilt at another path would have remade every object).
	built=$(sed -n '/^built [0-9]* objects and [0-9]* programs$/,$s/^  //p' "$(dirname "$change")/bloatwatch-build.log" | paste -sd' ')
	is "vmlinux x86_64 change: incremental from base (made: $built)" test "$built" = "kernel/rcu/tiny.o vmlinux vmlinux.o"
	if command -v pahole >/dev/null; then
		is "vmlinux x86_64 change: struct rcu_ctrlblk 32 -> 40 bytes, 4 -> 5 members (pahole)" test \
			"$(pahole -C rcu_ctrlblk "$base/vmlinux" | grep -o 'size: [0-9]*, cachelines: [0-9]*, members: [0-9]*')|$(pahole -C rcu_ctrlblk "$change/vmlinux" | grep -o 'size: [0-9]*, cachelines: [0-9]*, members: [0-9]*')" \
			= "size: 32, cachelines: 1, members: 4|size: 40, cachelines: 1, members: 5"
	else
		skip "pahole not installed (Debian package dwarves)"
	fi
fi

if fixture repo history; then
	export GIT_CONFIG_GLOBAL=/dev/null
	is "history: 5 commits" test "$(git -C "$repo" rev-list --count HEAD)" = 5
	is "history: work tree clean" test -z "$(git -C "$repo" status --porcelain --untracked-files=no)"
	root=$(git -C "$repo" rev-list --max-parents=0 HEAD)
	is "history: first commit has an executable bloatwatch-build.sh" \
		test "$(git -C "$repo" ls-tree "$root" bloatwatch-build.sh | cut -c1-6)" = 100755
	is "history: later commits change only kernel/rcu/" \
		test -z "$(git -C "$repo" diff --name-only "$root" HEAD | grep -v '^kernel/rcu/')"
fi

# config-flip: SMP=y turns Tiny RCU into Tree RCU; NR_CPUS cannot move without SMP (exit 3).
if fixture flip config-flip x86_64 rcu SMP=y; then
	is "config-flip x86_64 SMP=y: Tree RCU, tree.o built with DWARF 4" \
		test "$(dwarf_version "$flip/kernel/rcu/tree.o")" = 4 -a -n "$(grep -x CONFIG_TREE_RCU=y "$flip/.config")"
	again=$("$L" config-flip x86_64 rcu CONFIG_SMP=y 2>/dev/null)
	is "config-flip: the same flip gives the same dir" test "$again" = "$flip"
	rc=0
	"$L" config-flip x86_64 rcu NR_CPUS=64 >/dev/null 2>&1 || rc=$?
	is "config-flip x86_64 NR_CPUS=64 without SMP: refused with exit 3" test "$rc" = 3
fi

# kernel (the kernel report's builds, docs/kernel-report.md): arm's tinyconfig alone is a no-MMU
# ARMv7-M kernel without SMP; both arm builds take MMU + ARMv7-A, so Tiny and Tree RCU share one
# platform and smp keeps SMP=y.
if [[ " ${arches[*]} " = *" arm "* ]] && fixture arm_tiny kernel 6.1 arm tiny rcu &&
	fixture arm_smp kernel 6.1 arm smp rcu; then
	is "kernel 6.1 arm tiny: Tiny RCU on MMU + ARMv7-A" config_has "$arm_tiny" CONFIG_TINY_RCU=y \
		CONFIG_MMU=y CONFIG_ARCH_MULTI_V7=y '# CONFIG_SMP is not set'
	is "kernel 6.1 arm smp: Tree RCU on MMU + ARMv7-A" config_has "$arm_smp" CONFIG_TREE_RCU=y \
		CONFIG_MMU=y CONFIG_ARCH_MULTI_V7=y CONFIG_SMP=y
fi

echo "1..$n"
echo "kernel fixtures: $((n - failed)) passed, $failed failed"
[ "$failed" = 0 ]
