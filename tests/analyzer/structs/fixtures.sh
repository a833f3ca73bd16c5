#!/bin/sh
# Build the struct-layout fixtures: every source in src/ for each arch x compiler x DWARF x -O.
# usage: fixtures.sh OUTDIR   (objects land in OUTDIR/<arch>-<cc>-<dwarf>-<opt>-<src>.o)
# Compiles go through the ccache command make exports as BW_CCACHE (none if empty).
set -eu
BW_CCACHE=${BW_CCACHE:-}
here=$(cd "$(dirname "$0")" && pwd)
out=$1
mkdir -p "$out"

# "name compiler-command" per line; every compiler is in .ci/packages.
compilers() {
	cat <<LIST
x86_64-gcc gcc
i386-gcc gcc -m32
arm64-gcc aarch64-linux-gnu-gcc
arm-gcc arm-linux-gnueabi-gcc
riscv64-gcc riscv64-linux-gnu-gcc
powerpc-gcc powerpc-linux-gnu-gcc
mips-gcc mips-linux-gnu-gcc
x86_64-clang clang --target=x86_64-linux-gnu
i386-clang clang --target=i386-linux-gnu
arm64-clang clang --target=aarch64-linux-gnu
arm-clang clang --target=arm-linux-gnueabi
riscv64-clang clang --target=riscv64-linux-gnu
powerpc-clang clang --target=powerpc-linux-gnu
mips-clang clang --target=mips-linux-gnu
mipsel-gcc mips-linux-gnu-gcc -EL
mips64-gcc mips-linux-gnu-gcc -mabi=64
mipsel-clang clang --target=mipsel-linux-gnu
mips64-clang clang --target=mips64-linux-gnuabi64
mips64el-clang clang --target=mips64el-linux-gnuabi64
armeb-clang clang --target=armeb-linux-gnueabi
powerpc64-clang clang --target=powerpc64-linux-gnu
powerpc64le-clang clang --target=powerpc64le-linux-gnu
riscv32-clang clang --target=riscv32-linux-gnu
s390x-clang clang --target=s390x-linux-gnu
LIST
}

jobs=$(mktemp)
trap 'rm -f "$jobs"' EXIT
compilers | while read -r name cc; do
	set -- $cc
	if ! command -v "$1" >/dev/null 2>&1; then
		# fewer fixtures would pass the oracles with less checked: a missing compiler fails
		echo "fixtures.sh: $1 is not installed (make deps installs .ci/packages)" >&2
		exit 1
	fi
	for src in "$here"/src/*.c; do
		base=$(basename "$src" .c)
		for dw in 4 5; do
			for opt in O0 Os; do
				echo "$BW_CCACHE $cc -ffreestanding -g -gdwarf-$dw -$opt -c $src -o $out/$name-dwarf$dw-$opt-$base.o"
			done
		done
	done
done >"$jobs"
# Extra encodings: DWARF 3 member locations as expressions, compressed sections, type units.
for src in "$here"/src/*.c; do
	base=$(basename "$src" .c)
	echo "$BW_CCACHE gcc -ffreestanding -g -gdwarf-3 -gstrict-dwarf -O0 -c $src -o $out/x86_64-gcc-dwarf3-O0-$base.o"
	echo "$BW_CCACHE gcc -ffreestanding -g -gdwarf-2 -gstrict-dwarf -O0 -c $src -o $out/x86_64-gcc-dwarf2-O0-$base.o"
	echo "$BW_CCACHE gcc -ffreestanding -g -gz=zlib -O2 -c $src -o $out/x86_64-gcc-zlib-O2-$base.o"
	echo "$BW_CCACHE clang -ffreestanding -g -gz=zlib -O2 -c $src -o $out/x86_64-clang-zlib-O2-$base.o"
	echo "$BW_CCACHE gcc -ffreestanding -g -gdwarf-4 -fdebug-types-section -O0 -c $src -o $out/x86_64-gcc-typeunits-O0-$base.o"
done >>"$jobs"
xargs -P 2 -I CMD sh -c 'CMD' <"$jobs"
# Linked images: a shared object (ET_DYN) and a relocatable link of several units (ld -r).
gcc -shared -o "$out/x86_64-gcc-linked.so" "$out"/x86_64-gcc-dwarf5-O0-*.o
ld -r -o "$out/x86_64-clang-ldr-dwarf4.o" "$out"/x86_64-clang-dwarf4-Os-*.o
