#!/bin/sh
# Checks of the built matrix (TAP): layout, build records, incrementality, symbols, irq
# instructions, #CHECK# enforcement and Tiny's size budget.
#
#   check.sh BUILD_DIR MAKE COORD...
set -u
build=$1 make=$2
shift 2
n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $*"; }
check() { desc=$1; shift; if "$@"; then ok "$desc"; else not_ok "$desc"; fi; }

echo "TAP version 13"

# 1. Every coordinate has its config, autoconf.h, objects and records; records agree with config.
layout_ok() {
	for coord in "$@"; do
		d="$build/$coord"
		for f in config autoconf.h rcupdate.o rcupdate.o.cmd; do
			[ -s "$d/$f" ] || { echo "# missing $d/$f"; return 1; }
		done
		for cmd in "$d"/*.o.cmd; do
			for key in cmd compiler_version source object variant arch compiler scenario; do
				grep -q "^$key := ." "$cmd" || { echo "# $cmd: no $key"; return 1; }
			done
			[ "$(sed -n 's/^object := //p' "$cmd")" = "${cmd%.cmd}" ] || { echo "# $cmd: object"; return 1; }
			sed 's/=/ := /' "$d/config" | while read -r line; do
				grep -qxF "$line" "$cmd" || { echo "# $cmd: lacks '$line'"; exit 1; }
			done || return 1
		done
	done
}
check "layout and build records of $# coordinates" layout_ok "$@"

# 2. Incremental: with nothing changed, make has no command to run for the objects.
incremental_ok() {
	out=$($make --no-print-directory -n objects 2>&1)
	if printf '%s\n' "$out" | grep -q 'cc.sh\|resolve.sh'; then
		printf '%s\n' "$out" | head -n 5 | sed 's/^/# /'
		return 1
	fi
}
check "a second make objects does no work" incremental_ok

# 3. Undefined symbols are kernel services only: nothing from libc/libgcc, no simulator hooks.
# matrix/KSERVICES: one extended regex per line for the symbols a kernel object may leave undefined
allowed="^($(grep -v '^[[:space:]]*#' matrix/KSERVICES | grep -v '^[[:space:]]*$' | paste -sd '|' -))$"
symbols_ok() {
	bad=$(for coord in "$@"; do nm -u "$build/$coord"/*.o | awk 'NF == 2 { print $2 }'; done |
		sort -u | grep -Ev "$allowed")
	[ -z "$bad" ] || { echo "# unexpected undefined symbols: $bad"; return 1; }
}
check "undefined symbols are kernel services only" symbols_ok "$@"

# 4. local_irq_save/restore are the architecture's own instructions.
irq_insn_ok() {
	for coord in "$@"; do
		obj="$build/$coord/rcutiny.o"
		[ -f "$obj" ] || continue
		case $coord in
		x86_64/*|i386/*) want='cli' ;;
		arm64/*) want='msr.*daifset' ;;
		arm/*) want='cpsid' ;;
		riscv64/*) want='csrrc.*sstatus|csrc.*sstatus' ;;
		powerpc/*) want='mtmsr' ;;
		mips/*) want='[[:space:]]di[[:space:]]' ;;
		*) continue ;;
		esac
		llvm-objdump -d "$obj" | grep -Eqi "$want" || { echo "# $obj: no '$want'"; return 1; }
	done
}
check "interrupt masking compiles to each architecture's instructions" irq_insn_ok "$@"

# 5. A #CHECK# that does not hold fails the resolution with a message naming the file.
check_enforced() {
	tmp=$(mktemp)
	printf 'CONFIG_TINY_RCU=y\n#CHECK#CONFIG_NO_HZ=y\n' > "$tmp"
	msg=$(sh matrix/resolve.sh "$tmp" - 2>&1 >/dev/null)
	rc=$?
	rm -f "$tmp"
	[ "$rc" -ne 0 ] && printf '%s\n' "$msg" | grep -q "$tmp:2: #CHECK# CONFIG_NO_HZ=y failed"
}
check "#CHECK# lines are enforced" check_enforced

# 6. Size budget: Tiny RCU on i386/gcc, TINY02, at or below the article's 929 bytes.
budget_ok() {
	d="$build/i386/gcc/TINY02"
	[ -f "$d/rcutiny.o" ] || { echo "# SKIP-like: $d not built (no i386 gcc)"; return 0; }
	total=$(size "$d/rcupdate.o" "$d/rcutiny.o" | awk 'NR > 1 { t += $4 } END { print t }')
	echo "# i386/gcc/TINY02 Tiny RCU total: $total bytes (article 929, goal 816)"
	[ "$total" -le 929 ]
}
check "Tiny RCU i386/gcc/TINY02 within the article's 929 bytes" budget_ok

echo "1..$n"
echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
