#!/bin/sh
# Build the analyzer's oracle fixtures from fixtures/src/*.c for every architecture and compiler.
# usage: fixtures.sh OUTDIR
# Layout: OUTDIR/<arch>/<cc>/{kernel-O2.o,kernel-Os-sections.o,kernel-g.o,extra-O2.o,
#         lib.a,thin.a,prog (ET_EXEC),libfix.so (ET_DYN)}; OUTDIR/commands.txt records every command.
# 32/64-bit and both endians: i386 arm armeb mips powerpc riscv32 (32), x86_64 arm64 riscv64
# powerpc64 mips64 (64); mips, armeb, powerpc(64) are big-endian.
set -eu
BW_CCACHE=${BW_CCACHE:-}
here=$(cd "$(dirname "$0")" && pwd)
out=$1
src=$here/fixtures/src
mkdir -p "$out"
log=$out/commands.txt
: >"$log"

# "arch cc compiler-command" per line. Cross gcc for the matrix architectures; clang for all.
targets() {
	cat <<LIST
x86_64 gcc gcc
i386 gcc i686-linux-gnu-gcc
arm gcc arm-linux-gnueabi-gcc
arm64 gcc aarch64-linux-gnu-gcc
riscv64 gcc riscv64-linux-gnu-gcc
powerpc gcc powerpc-linux-gnu-gcc
mips gcc mips-linux-gnu-gcc
x86_64 clang clang --target=x86_64-linux-gnu -fuse-ld=lld
i386 clang clang --target=i386-linux-gnu -fuse-ld=lld
arm clang clang --target=arm-linux-gnueabi -fuse-ld=lld
armeb clang clang --target=armeb-linux-gnueabi
arm64 clang clang --target=aarch64-linux-gnu -fuse-ld=lld
riscv64 clang clang --target=riscv64-linux-gnu -fuse-ld=lld
riscv32 clang clang --target=riscv32-linux-gnu -fuse-ld=lld
powerpc clang clang --target=powerpc-linux-gnu -fuse-ld=lld
powerpc64 clang clang --target=powerpc64-linux-gnu -fuse-ld=lld
mips clang clang --target=mips-linux-gnu -fuse-ld=lld
mips64 clang clang --target=mips64-linux-gnuabi64 -fuse-ld=lld
LIST
}

run() {
	echo "$*" >>"$log"
	"$@"
}

# compile CC ARGS...: run, through the ccache command make exports as BW_CCACHE (none if empty).
compile() {
	echo "$*" >>"$log"
	$BW_CCACHE "$@"
}

targets | while read -r arch cc cmd; do
	set -- $cmd
	if ! command -v "$1" >/dev/null 2>&1; then
		echo "fixtures.sh: $1 is not installed (see .ci/packages)" >&2
		exit 1
	fi
	d=$out/$arch/$cc
	mkdir -p "$d"
	base="$cmd -ffreestanding -w"
	compile $base -fno-pic -O2 -c "$src/kernel.c" -o "$d/kernel-O2.o"
	compile $base -fno-pic -Os -ffunction-sections -fdata-sections -c "$src/kernel.c" -o "$d/kernel-Os-sections.o"
	compile $base -fno-pic -O2 -g -gz=zlib -c "$src/kernel.c" -o "$d/kernel-g.o"
	compile $base -fno-pic -O2 -c "$src/extra.c" -o "$d/extra-O2.o"
	compile $base -fPIC -O2 -c "$src/kernel.c" -o "$d/kernel-pic.o"
	rm -f "$d/lib.a" "$d/thin.a"
	run ar rc "$d/lib.a" "$d/kernel-O2.o" "$d/extra-O2.o" "$d/kernel-Os-sections.o"
	run ar rcT "$d/thin.a" "$d/kernel-O2.o" "$d/extra-O2.o"
	# Linked images; helpers such as __aeabi_read_tp stay unresolved on purpose.
	# lld has no big-endian ARM emulation: armeb stays objects and archives only.
	[ "$arch" = armeb ] && continue
	run $cmd -static -nostdlib -Wl,-e,rcu_sched_qs -Wl,--unresolved-symbols=ignore-all \
		-o "$d/prog" "$d/kernel-O2.o" "$d/extra-O2.o"
	run $cmd -shared -nostdlib -Wl,--unresolved-symbols=ignore-all -o "$d/libfix.so" "$d/kernel-pic.o"
done
