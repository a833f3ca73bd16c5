#!/bin/bash
# Build a Linux tree out of tree the Bloatwatch way: tinyconfig + DWARF4 debug info, then kernel/rcu/.
#
# usage: kbuild.sh [-s SRC] [-o O] [-a ARCH] [-c FILE] [-f OPT=VAL]... [-n] [TARGET...]
#   -s SRC    kernel source tree (default: the current directory)
#   -o O      output (O=) directory (default: SRC/bloatwatch-out)
#   -a ARCH   x86_64 (default), i386, arm, arm64, riscv64, powerpc, mips
#   -c FILE   start from this .config instead of tinyconfig + DWARF4
#   -f O=V    then set option O (CONFIG_ prefix optional) to y, n, m, a number or a "string"
#   -n        configure only (write O/.config), build nothing
#   TARGET    make targets (default: kernel/rcu/)
# Exit: 0 built; 1 build failed; 2 usage; 3 Kconfig did not keep a -f value (dependencies);
#       77 a tool is missing (the message names the Debian package).
# linux.sh commits this file as bloatwatch-build.sh at the root of its history repository,
# so it stays self-contained: run it at the root of any commit there.
set -euo pipefail

kb_die() { echo "kbuild: $2" >&2; exit "$1"; }

# kb_arch ARCH: set KARCH (the kernel's ARCH=), CROSS (CROSS_COMPILE), PKG (its Debian package)
# and BITS (the word size the .config must show).
kb_arch() {
	case $1 in
	x86_64)  KARCH=x86_64  CROSS=                   PKG=gcc                   BITS=64 ;;
	i386)    KARCH=i386    CROSS=i686-linux-gnu-    PKG=gcc-i686-linux-gnu    BITS=32 ;;
	arm)     KARCH=arm     CROSS=arm-linux-gnueabi- PKG=gcc-arm-linux-gnueabi BITS=32 ;;
	arm64)   KARCH=arm64   CROSS=aarch64-linux-gnu- PKG=gcc-aarch64-linux-gnu BITS=64 ;;
	riscv64) KARCH=riscv   CROSS=riscv64-linux-gnu- PKG=gcc-riscv64-linux-gnu BITS=64 ;;
	powerpc) KARCH=powerpc CROSS=powerpc-linux-gnu- PKG=gcc-powerpc-linux-gnu BITS=32 ;;
	mips)    KARCH=mips    CROSS=mips-linux-gnu-    PKG=gcc-mips-linux-gnu    BITS=32 ;;
	*) kb_die 2 "unknown ARCH '$1' (x86_64 i386 arm arm64 riscv64 powerpc mips)" ;;
	esac
}

# kb_tools: exit 77 naming the Debian package of the first missing build tool.
kb_tools() {
	local t
	for t in make:make gcc:gcc flex:flex bison:bison bc:bc "${CROSS}gcc:$PKG" "${CROSS}ld:$PKG"; do
		command -v "${t%%:*}" >/dev/null 2>&1 || kb_die 77 "missing ${t%%:*}: install Debian package ${t#*:}"
	done
	# objtool (x86) and the kernel's host tools include libelf.
	[ -e /usr/include/libelf.h ] || kb_die 77 "missing libelf.h: install Debian package libelf-dev"
}

# kb_make ARGS...: make in the source tree for the O= directory, quiet and reproducible.
kb_make() {
	make -C "$SRC" O="$O" ARCH="$KARCH" ${CROSS:+CROSS_COMPILE=$CROSS} -j"$JOBS" -s "$@"
}

# kb_want NAME VALUE: does .config give CONFIG_NAME that value (n = not set)?
kb_want() {
	if [ "$2" = n ]; then
		! grep -q "^CONFIG_$1=" "$O/.config"
	else
		grep -qxF "CONFIG_$1=$2" "$O/.config"
	fi
}

# kb_configure: write O/.config (tinyconfig + DWARF4, or -c FILE) plus the -f flips, then check it.
kb_configure() {
	local f name val
	if [ -n "$BASE" ]; then
		cp "$BASE" "$O/.config"
	else
		kb_make tinyconfig
		# In 6.1 the "Debug information" choice depends on DEBUG_KERNEL.
		"$SRC/scripts/config" --file "$O/.config" -e DEBUG_KERNEL -d DEBUG_INFO_NONE \
			-e DEBUG_INFO_DWARF4 -e DEBUG_INFO
	fi
	for f in "${FLIPS[@]}"; do
		name=${f%%=*} val=${f#*=}
		case $val in
		y) "$SRC/scripts/config" --file "$O/.config" --enable "$name" ;;
		n) "$SRC/scripts/config" --file "$O/.config" --disable "$name" ;;
		m) "$SRC/scripts/config" --file "$O/.config" --module "$name" ;;
		\"*\") "$SRC/scripts/config" --file "$O/.config" --set-str "$name" "${val:1:${#val}-2}" ;;
		*) "$SRC/scripts/config" --file "$O/.config" --set-val "$name" "$val" ;;
		esac
	done
	kb_make olddefconfig
	# Fail loudly when Kconfig dropped what the fixture promises.
	kb_want DEBUG_INFO y && kb_want DEBUG_INFO_DWARF4 y && kb_want DEBUG_INFO_REDUCED n &&
		kb_want DEBUG_INFO_SPLIT n ||
		kb_die 1 "$O/.config: DWARF4 debug info is not on (DEBUG_INFO, DEBUG_INFO_DWARF4)"
	if [ "$BITS" = 64 ]; then kb_want 64BIT y; else kb_want 64BIT n; fi ||
		kb_die 1 "$O/.config: not a $BITS-bit configuration for $ARCH"
	for f in "${FLIPS[@]}"; do
		name=${f%%=*} val=${f#*=}
		kb_want "$name" "$val" || kb_die 3 "$O/.config: Kconfig did not keep CONFIG_$name=$val (now:\
 $(grep -E "^(# )?CONFIG_$name[= ]" "$O/.config" || echo absent))"
	done
}

main() {
	SRC=. O= ARCH=x86_64 BASE= FLIPS=() CONFIG_ONLY=
	local opt
	while getopts s:o:a:c:f:n opt; do
		case $opt in
		s) SRC=$OPTARG ;;
		o) O=$OPTARG ;;
		a) ARCH=$OPTARG ;;
		c) BASE=$(realpath "$OPTARG") || kb_die 2 "no config file $OPTARG" ;;
		f) [[ $OPTARG =~ ^(CONFIG_)?([A-Za-z0-9_]+)=(.+)$ ]] || kb_die 2 "-f wants OPTION=VALUE, not '$OPTARG'"
		   FLIPS+=("${BASH_REMATCH[2]}=${BASH_REMATCH[3]}") ;;
		n) CONFIG_ONLY=1 ;;
		*) sed -n '4,15s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -gt 0 ] || set -- kernel/rcu/
	kb_arch "$ARCH"
	kb_tools
	[ -f "$SRC/Makefile" ] && [ -x "$SRC/scripts/config" ] || kb_die 2 "$SRC is not a Linux source tree"
	SRC=$(cd "$SRC" && pwd)
	O=${O:-$SRC/bloatwatch-out}
	mkdir -p "$O"
	O=$(cd "$O" && pwd)
	JOBS=${JOBS:-$(nproc)}
	# Reproducible objects: the same tree builds the same bytes (init/version.o included).
	export KBUILD_BUILD_TIMESTAMP='Sun Jan  1 00:00:00 UTC 2023' KBUILD_BUILD_USER=bloatwatch \
		KBUILD_BUILD_HOST=bloatwatch KBUILD_BUILD_VERSION=1 LC_ALL=C
	# ccache through its compiler links, so the .cmd records name the plain compiler.
	if [ -d /usr/lib/ccache ] && [ -z "${KB_NO_CCACHE:-}" ]; then
		PATH=/usr/lib/ccache:$PATH
	fi
	kb_configure
	[ -n "$CONFIG_ONLY" ] || kb_make "$@"
}

# Sourced (by linux.sh, for kb_arch and kb_tools) or run.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	main "$@"
fi
