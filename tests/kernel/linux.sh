#!/bin/bash
# Kernel fixtures: a real Linux 6.1 tree (Debian's linux-source-6.1) and O= builds of it, cached.
#
#   linux.sh src                               pristine unpacked tree (read-only by convention)
#   linux.sh rcu ARCH                          O= dir: tinyconfig + DWARF4, kernel/rcu/ built
#   linux.sh vmlinux ARCH [base|change]        O= dir with a linked vmlinux; change = + history commit 1
#   linux.sh history                           git repo: the tree + 4 commits that move kernel/rcu sizes
#   linux.sh config-flip ARCH BASE OPT=VAL...  O= dir: BASE's .config + flips, olddefconfig, kernel/rcu/
#   linux.sh arches                            the ARCH values whose cross compiler is installed
#
# Each prints one absolute path on stdout; progress goes to stderr, a build's full log to
# bloatwatch-build.log in its directory. ARCH: x86_64 i386 arm arm64 riscv64 powerpc mips.
# BASE: `rcu` (the .config of `rcu ARCH`) or a .config file. OPT=VAL: see kbuild.sh -f.
# Exit: 0 ok; 1 build failed (log tail shown); 2 usage; 3 Kconfig did not keep a flip;
#       77 a Debian package is missing (callers report a skip).
#
# Cache: $BW_CACHE/kernel/<fixture>-<key>/, the key hashing all that determines the result (source
# package version, compiler, kbuild.sh, the patches, the recipe functions below), so a changed
# recipe builds anew and an unchanged one is reused at once. Builders serialize on an flock per
# fixture; a dir counts only once its .bw-complete marker exists and is never written after that;
# an unmarked one (killed build) is wiped and built again. O= dirs also hold bloatwatch.env (SRC,
# ARCH, CROSS_COMPILE) to re-run make there: make -C $SRC O=$dir ARCH=$ARCH CROSS_COMPILE=...
# The history repo's commits carry bloatwatch-build.sh (= kbuild.sh): at the root of any of its
# commits, `./bloatwatch-build.sh [-a ARCH]` builds kernel/rcu/ into ./bloatwatch-out.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/kbuild.sh"
BW_CACHE=${BLOATWATCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bloatwatch}
K=$BW_CACHE/kernel
TARBALL=${BW_LINUX_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
ARCHES="x86_64 i386 arm arm64 riscv64 powerpc mips"
export CCACHE_DIR=${CCACHE_DIR:-$BW_CACHE/ccache}

say() { echo "kernel: $*" >&2; }
die() { echo "linux.sh: $2" >&2; exit "$1"; }
usage() { sed -n '4,9s/^# \{0,1\}//p' "$0" >&2; exit 2; }
need() { command -v "$1" >/dev/null 2>&1 || die 77 "missing $1: install Debian package $2"; }

# key TEXT...: a short hash naming one cache entry.
key() { printf '%s\n' "$@" | sha256sum | cut -c1-12; }

# lock NAME: hold $K/.locks/NAME until this script exits.
lock() {
	local fd
	mkdir -p "$K/.locks"
	exec {fd}>"$K/.locks/$1"
	if ! flock -n "$fd"; then
		say "$1: waiting for another build of it"
		flock "$fd"
	fi
}

# fixture NAME RECIPE ARGS...: set OUT=$K/NAME, made by `RECIPE $OUT ARGS...` unless complete.
fixture() {
	local name=$1 recipe=$2 rc=0 t0=$SECONDS
	shift 2
	OUT=$K/$name
	[ -e "$OUT/.bw-complete" ] && return 0
	lock "$name"
	[ -e "$OUT/.bw-complete" ] && return 0
	rm -rf "$OUT"
	mkdir -p "$OUT"
	say "$name: building (log: $OUT/bloatwatch-build.log)"
	("$recipe" "$OUT" "$@") >"$OUT/bloatwatch-build.log" 2>&1 </dev/null || rc=$?
	if [ "$rc" != 0 ]; then
		tail -n 25 "$OUT/bloatwatch-build.log" | sed 's/^/  | /' >&2
		die "$rc" "$name: build failed after $((SECONDS - t0)) s: $(tail -n 1 "$OUT/bloatwatch-build.log")"
	fi
	echo "built $(date -u +%FT%TZ) in $((SECONDS - t0)) s" >"$OUT/.bw-complete"
	say "$name: done in $((SECONDS - t0)) s"
}

# toolchain: what identifies the compiler and linker of the current CROSS.
toolchain() { "${CROSS}gcc" --version | head -n 1; "${CROSS}ld" --version | head -n 1; }

# ---- src: the pristine tree, unpacked once and published by rename (so never half there)
fx_src() {
	[ -r "$TARBALL" ] || die 77 "missing $TARBALL: install Debian package linux-source-6.1"
	local ver
	if [ -z "${BW_LINUX_TARBALL:-}" ] && ver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null); then :
	else ver=$(stat -c %s-%Y "$TARBALL"); fi
	SRCDIR=$K/src-$ver
	[ -d "$SRCDIR" ] && return 0
	need xz xz-utils
	lock "src-$ver"
	[ -d "$SRCDIR" ] && return 0
	local t0=$SECONDS
	say "src-$ver: unpacking $TARBALL"
	rm -rf "$SRCDIR.tmp"
	mkdir -p "$SRCDIR.tmp"
	tar -xJf "$TARBALL" -C "$SRCDIR.tmp" --strip-components=1 ||
		die 1 "src-$ver: cannot unpack $TARBALL"
	mv "$SRCDIR.tmp" "$SRCDIR"
	say "src-$ver: done in $((SECONDS - t0)) s"
}

# ---- change: the pristine tree plus the history's first commit (patches/history/0001-*): struct
# rcu_ctrlblk gains `long qlen` (32 -> 40 bytes on 64-bit), counted in call_rcu() and
# rcu_process_callbacks(); so in vmlinux rcu_ctrlblk, call_rcu and rcu_process_callbacks grow.
# A hard-link farm of the pristine tree (cheap) whose patched files are private copies.
fx_change_src() {
	local patch name f
	patch=$(echo "$here"/patches/history/0001-*.patch)
	fx_src
	name=$(basename "$SRCDIR")-change-$(key "$(cat "$patch")")
	CHSRC=$K/$name
	[ -d "$CHSRC" ] && return 0
	need patch patch
	lock "$name"
	[ -d "$CHSRC" ] && return 0
	rm -rf "$CHSRC.tmp"
	cp -al "$SRCDIR" "$CHSRC.tmp"
	for f in $(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$patch"); do
		cp "$CHSRC.tmp/$f" "$CHSRC.tmp/$f.bw" && mv "$CHSRC.tmp/$f.bw" "$CHSRC.tmp/$f"
	done
	patch -s -p1 -d "$CHSRC.tmp" <"$patch" >&2 || die 1 "$name: $patch does not apply"
	mv "$CHSRC.tmp" "$CHSRC"
}

# build_o DIR SRC ARCH KBUILD-ARGS...: an O= build by kbuild.sh, with the facts to re-run it.
build_o() {
	local dir=$1 src=$2 arch=$3
	shift 3
	kb_arch "$arch"
	printf 'SRC=%s\nARCH=%s\nKARCH=%s\nCROSS_COMPILE=%s\n' "$src" "$arch" "$KARCH" "$CROSS" \
		>"$dir/bloatwatch.env"
	"$here/kbuild.sh" -s "$src" -o "$dir" -a "$arch" "$@"
}

# recipe ARCH: the text that determines an O= build of ARCH besides its own inputs.
recipe() { cat "$here/kbuild.sh"; declare -f build_o; toolchain; echo "$SRCDIR"; }

# ---- rcu ARCH
fx_rcu() {
	kb_arch "$1"
	kb_tools
	fx_src
	fixture "rcu-$1-$(key rcu "$1" "$(recipe)")" build_o "$SRCDIR" "$1" kernel/rcu/
}

# ---- vmlinux ARCH base|change
fx_vmlinux() {
	kb_arch "$1"
	kb_tools
	fx_src
	case $2 in
	base) fixture "vmlinux-$1-base-$(key vmlinux "$1" "$(recipe)")" build_o "$SRCDIR" "$1" vmlinux ;;
	change)
		fx_change_src
		fixture "vmlinux-$1-change-$(key vmlinux "$1" "$CHSRC" "$(recipe)")" build_o "$CHSRC" "$1" vmlinux ;;
	*) usage ;;
	esac
}

# ---- config-flip ARCH BASE OPT=VAL...: the flips resolve (olddefconfig) in a scratch O dir per
# arch; the build dir is keyed by the resulting .config, and a memo maps the request to it so
# a repeated call does not run Kconfig again.
fx_flip() {
	local arch=$1 base=$2 basecfg memo scratch cfg rc=0 f args=()
	shift 2
	[ $# -gt 0 ] || usage
	for f in "$@"; do
		[[ $f =~ ^(CONFIG_)?[A-Za-z0-9_]+=.+$ ]] || die 2 "config-flip: '$f' is not OPTION=VALUE"
		args+=(-f "$f")
	done
	kb_arch "$arch"
	kb_tools
	case $base in
	rcu) fx_rcu "$arch"; basecfg=$OUT/.config ;;
	*) [ -f "$base" ] || die 2 "config-flip: BASE is 'rcu' or a .config file, not '$base'"
	   basecfg=$(realpath "$base") ;;
	esac
	fx_src
	mkdir -p "$K/.flips"
	memo=$K/.flips/$(key "$arch" "$(sha256sum <"$basecfg")" "$@" "$(recipe)")
	if [ -f "$memo" ] && [ -e "$K/$(cat "$memo")/.bw-complete" ]; then
		OUT=$K/$(cat "$memo")
		return 0
	fi
	scratch=kconfig-$arch-$(key "$arch" "$(recipe)")
	lock "$scratch"
	scratch=$K/$scratch
	mkdir -p "$scratch"
	"$here/kbuild.sh" -s "$SRCDIR" -o "$scratch" -a "$arch" -c "$basecfg" -n "${args[@]}" \
		>"$scratch/bloatwatch-build.log" 2>&1 </dev/null || rc=$?
	if [ "$rc" != 0 ]; then
		tail -n 5 "$scratch/bloatwatch-build.log" | sed 's/^/  | /' >&2
		die "$rc" "config-flip $arch: $(tail -n 1 "$scratch/bloatwatch-build.log")"
	fi
	cfg=$memo.config
	cp "$scratch/.config" "$cfg"
	fixture "flip-$arch-$(key "$(sha256sum <"$cfg")" "$arch" "$(recipe)")" build_o "$SRCDIR" "$arch" -c "$cfg"
	basename "$OUT" >"$memo.tmp" && mv "$memo.tmp" "$memo"
}

# ---- history: a git repo of the tree. Commit 1 is the pristine tree plus bloatwatch-build.sh;
# then patches/history/*.patch (mails with author, date and subject) by `git am`. Names and dates
# are fixed, so the same inputs give the same commit ids.
build_history() {
	local dir=$1 repo=$1/linux p
	export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 TZ=UTC
	export GIT_AUTHOR_NAME="Bloatwatch Fixtures" GIT_AUTHOR_EMAIL=fixtures@bloatwatch.invalid
	export GIT_COMMITTER_NAME="Bloatwatch Fixtures" GIT_COMMITTER_EMAIL=fixtures@bloatwatch.invalid
	export GIT_AUTHOR_DATE="2023-01-02T00:00:00Z" GIT_COMMITTER_DATE="2023-01-02T00:00:00Z"
	cp -a "$SRCDIR" "$repo"
	cp "$here/kbuild.sh" "$repo/bloatwatch-build.sh"
	chmod 755 "$repo/bloatwatch-build.sh"
	git -C "$repo" init -q -b master
	git -C "$repo" config gc.auto 0
	git -C "$repo" add -A -f
	git -C "$repo" commit -q -m "Linux $(make -s -C "$repo" kernelversion) from Debian linux-source-6.1 $(basename "$SRCDIR" | sed 's/^src-//')" \
		-m "Plus bloatwatch-build.sh: run it at the root to build kernel/rcu/ (tinyconfig + DWARF4) into bloatwatch-out/."
	for p in "$here"/patches/history/*.patch; do
		git -C "$repo" am -q --committer-date-is-author-date "$p"
	done
	git -C "$repo" repack -a -d -q --window=0
	git -C "$repo" log --format='%h %ad %s' --date=short
}

fx_history() {
	need git git
	fx_src
	fixture "history-$(key "$SRCDIR" "$(cat "$here/kbuild.sh" "$here"/patches/history/*.patch)" \
		"$(declare -f build_history)")" build_history
	OUT=$OUT/linux
}

main() {
	[ $# -gt 0 ] || usage
	local what=$1
	shift
	case $what in
	src) [ $# = 0 ] || usage; fx_src; OUT=$SRCDIR ;;
	rcu) [ $# = 1 ] || usage; fx_rcu "$1" ;;
	vmlinux) [ $# = 1 ] || [ $# = 2 ] || usage; fx_vmlinux "$1" "${2:-base}" ;;
	history) [ $# = 0 ] || usage; fx_history ;;
	config-flip) [ $# -ge 3 ] || usage; fx_flip "$@" ;;
	arches)
		for a in $ARCHES; do
			kb_arch "$a"
			command -v "${CROSS}gcc" >/dev/null 2>&1 && echo "$a"
		done
		return 0 ;;
	-h|--help|help) sed -n '2,27s/^# \{0,1\}//p' "$0"; return 0 ;;
	*) usage ;;
	esac
	echo "$OUT"
}

main "$@"
