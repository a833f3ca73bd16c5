#!/bin/sh
# Build real binaries with DWARF for the pahole oracle: the analyzer's own C compiled by gcc and
# clang with DWARF 4 and 5, linked as PIE executables (ET_DYN) and as one ld -r object (ET_REL).
# usage: LIBS="the analyzer's link libraries (make's AN_LIBS)" real.sh OUTDIR
set -eu
BW_CCACHE=${BW_CCACHE:-}   # the ccache command make exports (none if empty): for the compiles
LIBS=${LIBS:?set LIBS to the link libraries of the analyzer (make: AN_LIBS)}
top=$(cd "$(dirname "$0")/../../.." && pwd)
out=$1
mkdir -p "$out"
srcs="$top/tests/analyzer/structs/driver.c $top/analyzer/lib/*.c"
for cc in gcc clang; do
	for dw in 4 5; do
		tmp=$(mktemp -d)
		for s in $srcs; do
			$BW_CCACHE $cc -std=gnu11 -O2 -g -gdwarf-$dw -I"$top/analyzer/lib" -c "$s" -o "$tmp/$(basename "$s" .c).o"
		done
		$cc -o "$out/analyzer-$cc-dwarf$dw" "$tmp"/*.o $LIBS
		ld -r -o "$out/analyzer-$cc-dwarf$dw-ldr.o" "$tmp"/*.o
		rm -rf "$tmp"
	done
done
# -m32 ET_DYN with DWARF 5 (host gcc, no libc needed for a shared object of freestanding code).
gcc -m32 -shared -nostdlib -ffreestanding -g -O2 -o "$out/fixtures-i386-gcc.so" \
	"$top"/tests/analyzer/structs/src/*.c
