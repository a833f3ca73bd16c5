#!/bin/sh
# Tree RCU geometry at build time: pairs needing a fourth level (or a fanout wider than a mask) are refused.
#
#   t4200-tree-refuse.sh HOST_CC OUTDIR
#
# Two gates, each tested where it acts. Kconfig's ranges (NR_CPUS 2..4096, RCU_FANOUT
# 2..BITS_PER_LONG) refuse a value out of range while the configuration is resolved, with one
# line naming the fragment's line. A pair inside the ranges that needs a fourth level
# (NR_CPUS > FANOUT^3) resolves, and compiling tree/rcutree.c as a kernel object
# (freestanding, no simulator) must fail with rcutree.h's #error naming the limit; that
# header's own fanout guard must also hold for a configuration that skipped Kconfig. Pairs
# at the limit must build. TAP output.
set -u
cc=$1 out=$2
here=$(dirname "$0")
inc=$($cc -print-file-name=include)
n=0 failed=0
mkdir -p "$out"
echo "TAP version 13"

# resolve NR FANOUT: the configuration through Kconfig, its messages in $out/TT<nr>x<f>.log
resolve() {
	sh "$here/tree-config.sh" "TT$1x$2" "$out/TT$1x$2" > "$out/TT$1x$2.log" 2>&1
}

# compile NAME: rcutree.c against $out/NAME/autoconf.h, the compiler's messages in $out/NAME.log
compile() {
	$cc -std=gnu11 -ffreestanding -nostdinc -isystem "$inc" -Iinclude -Os -Wall -Wextra -Werror \
		-include "$out/$1/autoconf.h" -c tree/rcutree.c -o "$out/$1/rcutree.o" > "$out/$1.log" 2>&1
}

try() {	# NR FANOUT: resolve and compile
	resolve "$1" "$2" && compile "TT$1x$2"
}

kconfig_refused() {	# NR FANOUT OPTION VALUE RANGE: Kconfig must refuse OPTION=VALUE, out of RANGE
	n=$((n + 1))
	log=$out/TT$1x$2.log
	rm -rf "$out/TT$1x$2"
	if resolve "$1" "$2"; then
		echo "not ok $n - NR_CPUS=$1 RCU_FANOUT=$2 resolved, but $3=$4 is out of Kconfig's range $5"
		failed=$((failed + 1))
	elif [ "$(wc -l < "$log")" -eq 1 ] &&
	     grep -q "^$out/TT$1x$2/fragment:[0-9]*: $3=$4 requested, .*(out of range $5)\$" "$log"; then
		echo "ok $n - NR_CPUS=$1 RCU_FANOUT=$2 refused by Kconfig: $(cat "$log")"
	else
		echo "not ok $n - NR_CPUS=$1 RCU_FANOUT=$2: Kconfig failed without the one expected line:"
		sed 's/^/    # /' "$log" | head -n 5
		failed=$((failed + 1))
	fi
	[ ! -e "$out/TT$1x$2/autoconf.h" ] || {
		echo "not ok $n - refused, yet $out/TT$1x$2/autoconf.h was written"
		failed=$((failed + 1))
	}
}

# header_refused NR FANOUT: a configuration that bypassed Kconfig (autoconf.h of NR x 4 with
# the fanout edited in) must still stop at rcutree.h's guard
header_refused() {
	n=$((n + 1))
	name=TT$1x$2-bypass
	if ! resolve "$1" 4; then
		echo "not ok $n - NR_CPUS=$1 RCU_FANOUT=4 does not resolve"
		failed=$((failed + 1))
		return
	fi
	rm -rf "$out/$name" && mkdir -p "$out/$name"
	sed "s/^#define CONFIG_RCU_FANOUT 4\$/#define CONFIG_RCU_FANOUT $2/" "$out/TT$1x4/autoconf.h" \
		> "$out/$name/autoconf.h"
	if ! grep -q "^#define CONFIG_RCU_FANOUT $2\$" "$out/$name/autoconf.h"; then
		echo "not ok $n - could not edit RCU_FANOUT into $out/$name/autoconf.h"
		failed=$((failed + 1))
	elif compile "$name"; then
		echo "not ok $n - RCU_FANOUT=$2 (Kconfig bypassed) built past rcutree.h's guard"
		failed=$((failed + 1))
	elif grep -q "#error.*CONFIG_RCU_FANOUT must be between 2 and BITS_PER_LONG" "$out/$name.log"; then
		echo "ok $n - NR_CPUS=$1 RCU_FANOUT=$2 with Kconfig bypassed refused by rcutree.h's guard"
	else
		echo "not ok $n - RCU_FANOUT=$2 (Kconfig bypassed) failed without the guard's #error:"
		sed 's/^/    # /' "$out/$name.log" | head -n 5
		failed=$((failed + 1))
	fi
}

refused() {	# NR FANOUT MESSAGE-REGEX: resolves, and the compiler refuses it
	n=$((n + 1))
	if ! resolve "$1" "$2"; then
		echo "not ok $n - NR_CPUS=$1 RCU_FANOUT=$2 is within Kconfig's ranges but did not resolve:"
		sed 's/^/    # /' "$out/TT$1x$2.log" | head -n 5
		failed=$((failed + 1))
	elif compile "TT$1x$2"; then
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
bits=$(getconf LONG_BIT)
# Pairs of the torture set {1,2,4,16,64,256} x {2,4,16,64} beyond FANOUT^3: the compiler.
refused 16 2 "$limit"
refused 64 2 "$limit"
refused 256 2 "$limit"
refused 256 4 "$limit"
# Just past the limit, fanouts that are not powers of two among them.
refused 9 2 "$limit"
refused 28 3 "$limit"
refused 126 5 "$limit"
refused 3376 15 "$limit"
# Out of Kconfig's ranges: refused before any compiler runs (16^3 is NR_CPUS' maximum).
kconfig_refused 4097 16 CONFIG_NR_CPUS 4097 2..4096
kconfig_refused 4 $((bits + 1)) CONFIG_RCU_FANOUT $((bits + 1)) "2..$bits"
kconfig_refused 4 1 CONFIG_RCU_FANOUT 1 "2..$bits"
# rcutree.h's guard behind Kconfig's range.
header_refused 4 $((bits + 1))
header_refused 4 1
# At the limit: three levels.
builds 8 2 3
builds 27 3 3
builds 125 5 3
builds 64 4 3
builds 3375 15 3
builds 4096 16 3

echo "1..$n"
echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
