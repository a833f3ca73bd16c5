#!/bin/sh
# Tree RCU geometry at build time: pairs needing a fourth level (or a fanout wider than a mask) are refused.
#
#   t0100-tree-refuse.sh HOST_CC OUTDIR
#
# Compiles tree/rcutree.c as a kernel object (freestanding, no simulator) for each pair:
# those with NR_CPUS > FANOUT^3 must fail with rcutree.h's #error naming the limit; those
# at the limit must build. TAP output.
set -u
cc=$1 out=$2
here=$(dirname "$0")
inc=$($cc -print-file-name=include)
n=0 failed=0
mkdir -p "$out"
echo "TAP version 13"

# try NR FANOUT: compile, leave the compiler's messages in $out/TT<nr>x<f>.log
try() {
	name=TT$1x$2
	sh "$here/tree-config.sh" "$name" "$out/$name" >/dev/null &&
	$cc -std=gnu11 -ffreestanding -nostdinc -isystem "$inc" -Iinclude -Os -Wall -Wextra -Werror \
		-include "$out/$name/autoconf.h" -c tree/rcutree.c -o "$out/$name/rcutree.o" \
		> "$out/$name.log" 2>&1
}

refused() {	# NR FANOUT MESSAGE-REGEX
	n=$((n + 1))
	if try "$1" "$2"; then
		echo "not ok $n - NR_CPUS=$1 RCU_FANOUT=$2 built, but needs more levels than Tree RCU has"
		failed=$((failed + 1))
	elif grep -q "#error.*$3" "$out/TT$1x$2.log"; then
		echo "ok $n - NR_CPUS=$1 RCU_FANOUT=$2 refused: $(grep -o "$3[^\"]*" "$out/TT$1x$2.log" | head -n 1)"
	else
		echo "not ok $n - NR_CPUS=$1 RCU_FANOUT=$2 failed without the expected #error:"
		sed 's/^/    # /' "$out/TT$1x$2.log" | head -n 5
		failed=$((failed + 1))
	fi
}

builds() {	# NR FANOUT LEVELS
	n=$((n + 1))
	if try "$1" "$2"; then
		echo "ok $n - NR_CPUS=$1 RCU_FANOUT=$2 builds ($3 levels)"
	else
		echo "not ok $n - NR_CPUS=$1 RCU_FANOUT=$2 should build ($3 levels):"
		sed 's/^/    # /' "$out/TT$1x$2.log" | head -n 5
		failed=$((failed + 1))
	fi
}

limit="CONFIG_RCU_FANOUT insufficient for CONFIG_NR_CPUS"
# Pairs of the torture set {1,2,4,16,64,256} x {2,4,16,64} beyond FANOUT^3.
refused 16 2 "$limit"
refused 64 2 "$limit"
refused 256 2 "$limit"
refused 256 4 "$limit"
# Just past the limit.
refused 9 2 "$limit"
refused 4097 16 "$limit"
# A fanout wider than an unsigned long mask.
refused 4 $(($(getconf LONG_BIT) + 1)) "CONFIG_RCU_FANOUT must be between 2 and BITS_PER_LONG"
refused 4 1 "CONFIG_RCU_FANOUT must be between 2 and BITS_PER_LONG"
# At the limit: three levels.
builds 8 2 3
builds 64 4 3
builds 4096 16 3

echo "1..$n"
echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
