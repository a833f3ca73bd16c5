#!/bin/sh
# diff --exact against the kernel's scripts/bloat-o-meter on Linux 6.1 builds (tests/kernel/linux.sh):
# two tinyconfig vmlinux (one change apart) with their vmlinux.o and built-in.a, and the
# kernel/rcu objects and built-in.a of x86_64, i386, arm, arm64 and riscv64.
. "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1
if ! bom_scripts; then
	skip "bloat-o-meter on Linux 6.1 builds: $bom_why"
	done_testing
	exit
fi
if fixture vmlinux x86_64 base && base=$dir && fixture vmlinux x86_64 change; then
	change=$dir
	for opts in "" "-c" "-d" "-t"; do
		bom_check "vmlinux, base -> change" "$opts" "$base/vmlinux" "$change/vmlinux"
	done
	bom_check "vmlinux.o, base -> change" "" "$base/vmlinux.o" "$change/vmlinux.o"
	bom_check "built-in.a (thin, nested), base -> change" "-c" "$base/built-in.a" "$change/built-in.a"
	bom_check "kernel/rcu/built-in.a, base -> change" "" "$base/kernel/rcu/built-in.a" "$change/kernel/rcu/built-in.a"
	bom_check "vmlinux against vmlinux.o" "" "$base/vmlinux.o" "$base/vmlinux"
fi
prev=
for arch in x86_64 i386 arm arm64 riscv64; do
	fixture rcu $arch || continue
	r=$dir/kernel/rcu
	for opts in "" "-c"; do
		bom_check "$arch kernel/rcu: tiny.o -> srcutiny.o" "$opts" "$r/tiny.o" "$r/srcutiny.o"
		bom_check "$arch kernel/rcu: update.o -> tiny.o" "$opts" "$r/update.o" "$r/tiny.o"
	done
	bom_check "$arch kernel/rcu: sync.o -> built-in.a" "-d" "$r/sync.o" "$r/built-in.a"
	[ -n "$prev" ] && bom_check "kernel/rcu/built-in.a: $prev -> $arch" "" "$prev_r/built-in.a" "$r/built-in.a"
	prev=$arch prev_r=$r
done
done_testing
