#!/bin/sh
# docs/gen/tiny-image.sh: link arm Tiny RCU (TINY02's rcutiny.o + rcupdate.o) into an image,
# as firmware would hold it, and run `bloatwatch-analyze MODE` on it (docs/analyzer.md).
# Kernel services stay unresolved; the image only has to be a real ET_EXEC with segments.
# usage: docs/gen/tiny-image.sh MODE
set -eu
mode=$1
dir=build/docs
mkdir -p "$dir"
img=$dir/tiny-arm.elf
arm-linux-gnueabi-ld -o "$img.tmp" -e 0 --unresolved-symbols=ignore-all --build-id=none \
	build/arm/gcc/TINY02/rcupdate.o build/arm/gcc/TINY02/rcutiny.o
mv "$img.tmp" "$img"
exec bin/bloatwatch-analyze "$mode" "$img"
