#!/bin/bash
# Kernel fixtures: real Linux trees (Debian's linux-source-6.1, -6.12) and O= builds of them, cached.
#
#   linux.sh src                               pristine unpacked tree (read-only by convention)
#   linux.sh rcu ARCH                          O= dir: tinyconfig + DWARF4, kernel/rcu/ built
#   linux.sh vmlinux ARCH [base|change]        O= dir with a linked vmlinux; change = + history commit 1
#   linux.sh history                           git repo: the tree + 4 commits that move kernel/rcu sizes
#   linux.sh config-flip ARCH BASE OPT=VAL...  O= dir: BASE's .config + flips, olddefconfig, kernel/rcu/
#   linux.sh kernel SERIES ARCH tiny|smp [rcu] O= dir: Linux SERIES (6.1, 6.12) tinyconfig + DWARF4
#                                              (+ SMP=y for smp; arm: + MMU, ARMv7-A), vmlinux
#                                              linked (rcu: kernel/rcu/ only)
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
# ARCH, KARCH, CROSS_COMPILE) to re-run make there: make -C $SRC O=$dir ARCH=$KARCH CROSS_COMPILE=..
# rcu and config-flip dirs build from the shared pristine tree (absolute paths in their .cmd
# files); a vmlinux dir is <fixture>/bloatwatch-out inside a hard-link copy of the tree, as in the
# history repo (srctree `..` in the .cmd files), built at $K/.work/vmlinux-ARCH (its own flock;
# a killed build's leftovers there are wiped by the next) and then moved into <fixture>.
# Hard-link copies share the pristine tree's files: write one by replacing it, never in place.
# The history repo's commits carry bloatwatch-build.sh (= kbuild.sh): at the root of any of its
# commits, `./bloatwatch-build.sh [-a ARCH]` builds kernel/rcu/ into ./bloatwatch-out.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/kbuild.sh"
BW_CACHE=${BLOATWATCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bloatwatch}
K=$BW_CACHE/kernel
SERIES=6.1   # the release series of fx_src; `kernel` sets it
ARCHES="x86_64 i386 arm arm64 riscv64 powerpc mips"
export CCACHE_DIR=${CCACHE_DIR:-$BW_CACHE/ccache}
# On a miss ccache compiles once and takes the headers from the compiler's -MMD output instead
# of running the preprocessor first (10-15% of a cold kernel build); a hit is looked up as in
# direct mode. Kbuild's -MMD lists no system headers: only the host tools include any, and a
# changed libc header does not change a key (the compiler's does).
export CCACHE_DEPEND=${CCACHE_DEPEND:-1}

say() { echo "kernel: $*" >&2; }
die() { echo "linux.sh: $2" >&2; exit "$1"; }
usage() { sed -n '4,12s/^# \{0,1\}//p' "$0" >&2; exit 2; }
need() { command -v "$1" >/dev/null 2>&1 || die 77 "missing $1: install Debian package $2"; }

# key TEXT...: a short hash naming one cache entry.
key() { printf '%s\n' "$@" | sha256sum | cut -c1-12; }

# lock NAME: hold $K/.locks/NAME until this script exits (or `exec {LOCK_FD}>&-`).
lock() {
	mkdir -p "$K/.locks"
	exec {LOCK_FD}>"$K/.locks/$1"
	if ! flock -n "$LOCK_FD"; then
		say "$1: waiting for another build of it"
		flock "$LOCK_FD"
	fi
}

# fixture NAME RECIPE ARGS...: set OUT=$K/NAME, made by `RECIPE $OUT ARGS...` unless complete.
fixture() {
	local name=$1 recipe=$2 rc=0 t0
	shift 2
	OUT=$K/$name
	[ -e "$OUT/.bw-complete" ] && return 0
	lock "$name"
	[ -e "$OUT/.bw-complete" ] && return 0
	t0=$SECONDS
	rm -rf "$OUT"
	mkdir -p "$OUT"
	say "$name: building (log: $OUT/bloatwatch-build.log)"
	# In the background so that `set -e` holds inside the recipe (an `||` would switch it off).
	("$recipe" "$OUT" "$@") >"$OUT/bloatwatch-build.log" 2>&1 </dev/null &
	wait $! || rc=$?
	if [ "$rc" != 0 ]; then
		# A missing package (77) or a refused flip (3) is said in one line; a failure shows the log.
		[ "$rc" = 77 ] || [ "$rc" = 3 ] || tail -n 25 "$OUT/bloatwatch-build.log" | sed 's/^/  | /' >&2
		die "$rc" "$name: build failed after $((SECONDS - t0)) s: $(tail -n 1 "$OUT/bloatwatch-build.log")"
	fi
	echo "built $(date -u +%FT%TZ) in $((SECONDS - t0)) s" >"$OUT/.bw-complete"
	say "$name: done in $((SECONDS - t0)) s"
}

# toolchain: what identifies the compiler and linker of the current CROSS.
toolchain() { "${CROSS}gcc" --version | head -n 1; "${CROSS}ld" --version | head -n 1; }

# ---- src: the pristine tree of $SERIES, unpacked once and published by rename (so never half
# there). BW_LINUX_TARBALL replaces 6.1's tarball (tests); other series are Debian's only.
fx_src() {
	local ver pkg=linux-source-$SERIES tarball=/usr/src/linux-source-$SERIES.tar.xz
	[ "$SERIES" = 6.1 ] && [ -n "${BW_LINUX_TARBALL:-}" ] && tarball=$BW_LINUX_TARBALL
	[ -r "$tarball" ] || die 77 "missing $tarball: install Debian package $pkg"
	if [ "$tarball" = "/usr/src/$pkg.tar.xz" ] && ver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null); then :
	else ver=$(stat -c %s-%Y "$tarball"); fi
	SRCDIR=$K/src-$ver
	[ -d "$SRCDIR" ] && return 0
	need xz xz-utils
	lock "src-$ver"
	[ -d "$SRCDIR" ] && return 0
	local t0=$SECONDS
	say "src-$ver: unpacking $tarball"
	rm -rf "$SRCDIR.tmp"
	mkdir -p "$SRCDIR.tmp"
	# xz on all cores: Debian's tarball is compressed in blocks, which decompress in parallel.
	xz -dc -T0 "$tarball" | tar -x -C "$SRCDIR.tmp" --strip-components=1 ||
		die 1 "src-$ver: cannot unpack $tarball"
	mv "$SRCDIR.tmp" "$SRCDIR"
	say "src-$ver: done in $((SECONDS - t0)) s"
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

# recipe: what determines an O= build for the current CROSS besides its own arguments.
recipe() { cat "$here/kbuild.sh"; declare -f build_o; toolchain; echo "$SRCDIR"; }

# ---- rcu ARCH
fx_rcu() {
	kb_arch "$1"
	kb_tools
	fx_src
	fixture "rcu-$1-$(key rcu "$1" "$(recipe)")" build_o "$SRCDIR" "$1" kernel/rcu/
}

# ---- kernel SERIES ARCH tiny|smp: a release's kernel as the kernel report reads it (make
# kernel-report, reports/kernel.sh): kernel/rcu/ and the linked vmlinux, from the shared pristine
# tree. tiny is tinyconfig (Tiny RCU where the arch lets SMP off), smp adds SMP=y (Tree RCU);
# `rcu` stops at kernel/rcu/ (a few minutes instead of a whole kernel; its own fixture).
fx_kernel() {
	local series=$1 arch=$2 cfg=$3 target=vmlinux flips=() base=()
	case $series in 6.1|6.12) ;; *) die 2 "kernel: SERIES is 6.1 or 6.12, not '$series'" ;; esac
	# arm's tinyconfig is a no-MMU ARMv7-M kernel, which has no SMP: both of arm's builds take
	# the MMU and the ARMv7-A (Cortex-A) platforms, so that tiny and smp differ by SMP alone.
	# (In the key only where set: the other arches' cache entries stay what they were.)
	[ "$arch" = arm ] && base=(-f MMU=y -f ARCH_MULTI_V7=y)
	case $cfg in tiny) flips=(${base[@]+"${base[@]}"}) ;; smp) flips=(${base[@]+"${base[@]}"} -f SMP=y) ;; *) usage ;; esac
	case ${4:-} in '') ;; rcu) target=kernel/rcu/ cfg=$cfg-rcu ;; *) usage ;; esac
	SERIES=$series
	# The host tools (objtool, fixdep ...) compile alike in every build of a tree: a ccache hit
	# from another O= dir serves (DW_AT_comp_dir then names that dir), as for vmlinux below.
	export CCACHE_NOHASHDIR=1
	kb_arch "$arch"
	kb_tools
	fx_src
	fixture "kernel-$series-$arch-$cfg-$(key kernel "$series" "$arch" "$cfg" "$(recipe)" \
		${base[@]+"${base[@]}"})" build_o "$SRCDIR" "$arch" ${flips[@]+"${flips[@]}"} "$target"
}

# ---- vmlinux ARCH base|change: each built in a hard-link copy of the pristine tree (cheap; a
# patched file becomes a private copy, so the pristine tree is never touched) with O= inside it,
# so Kbuild writes srctree-relative paths (`..`) and compile commands do not name the tree's path.
# Both build at one fixed work path per arch, $K/.work/vmlinux-ARCH (under its own flock), and
# are then moved (renamed) into their fixture dir: objtool's build records absolute paths, and
# every x86 object depends on objtool, so only at base's path can `change`, starting from a
# cp -a of base's O dir (mtimes kept; O files are rewritten, so never hard-linked), rebuild just
# what the change touches (kernel/rcu/tiny.o and the link). Absolute paths in the results
# (objtool's records, DW_AT_comp_dir) name the work path; re-running make in a fixture dir
# rebuilds from objtool on. CCACHE_NOHASHDIR: a cache entry made at another path (another $K)
# serves too (the commands are the same); DW_AT_comp_dir then names where it was made.
# The change is the history's first commit (patches/history/0001-*): struct rcu_ctrlblk gains
# `long qlen` (32 -> 40 bytes on 64-bit), counted in call_rcu() and rcu_process_callbacks(), so in
# vmlinux rcu_ctrlblk, call_rcu and rcu_process_callbacks grow.
build_vmlinux() {
	local dir=$1 arch=$2 base=$3 patch=$4 f work=$K/.work/vmlinux-$2
	lock "vmlinux-$arch.work"
	rm -rf "$work"   # what a killed build left
	mkdir -p "$work"
	cp -al "$SRCDIR/." "$work/"
	if [ -n "$patch" ]; then
		for f in $(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$patch"); do
			cp "$work/$f" "$work/$f.bw" && mv "$work/$f.bw" "$work/$f"
		done
		patch -s -p1 -d "$work" <"$patch"
	fi
	if [ -n "$base" ]; then cp -a "$base" "$work/bloatwatch-out"; else mkdir "$work/bloatwatch-out"; fi
	touch "$dir/.bw-start"
	build_o "$work/bloatwatch-out" "$work" "$arch" vmlinux
	# What this build made (for change: kernel/rcu/ and the link, not objtool and all after it).
	find "$work/bloatwatch-out" -newer "$dir/.bw-start" -type f \( -name '*.o' -o -perm -u+x \) \
		-printf '%P\n' | sort >"$dir/.bw-built"
	echo "built $(grep -c '\.o$' "$dir/.bw-built") objects and $(grep -vc '\.o$' "$dir/.bw-built") programs"
	[ "$(wc -l <"$dir/.bw-built")" -gt 100 ] || sed 's/^/  /' "$dir/.bw-built"
	rm "$dir/.bw-start" "$dir/.bw-built"
	find "$work" -mindepth 1 -maxdepth 1 -exec mv -t "$dir" {} +
	rmdir "$work"
	sed -i "s|^SRC=.*|SRC=$dir|" "$dir/bloatwatch-out/bloatwatch.env"
}

fx_vmlinux() {
	local base patch
	export CCACHE_NOHASHDIR=1
	kb_arch "$1"
	kb_tools
	fx_src
	case $2 in
	base) fixture "vmlinux-$1-base-$(key vmlinux "$1" "$(recipe)" "$(declare -f build_vmlinux)")" \
		build_vmlinux "$1" "" "" ;;
	change)
		need patch patch
		fx_vmlinux "$1" base
		base=$OUT
		patch=$(echo "$here"/patches/history/0001-*.patch)
		fixture "vmlinux-$1-change-$(key vmlinux "$1" "$(cat "$patch")" "$base" "$(recipe)" \
			"$(declare -f build_vmlinux)")" build_vmlinux "$1" "$base" "$patch" ;;
	*) usage ;;
	esac
	OUT=$OUT/bloatwatch-out
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
	memo=$K/.flips/$(key "$arch" "$(sha256sum <"$basecfg")" "$@" "$(recipe)" "$(declare -f fx_flip)")
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
		[ "$rc" = 77 ] || [ "$rc" = 3 ] || tail -n 25 "$scratch/bloatwatch-build.log" | sed 's/^/  | /' >&2
		die "$rc" "config-flip $arch $base $*: $(tail -n 1 "$scratch/bloatwatch-build.log")"
	fi
	cfg=$memo.config
	cp "$scratch/.config" "$cfg.$$" && mv "$cfg.$$" "$cfg"
	exec {LOCK_FD}>&-   # the scratch dir is free again for other flips of this arch
	fixture "flip-$arch-$(key "$(sha256sum <"$cfg")" "$arch" "$(recipe)")" build_o "$SRCDIR" "$arch" -c "$cfg"
	basename "$OUT" >"$memo.$$" && mv "$memo.$$" "$memo"
}

# ---- history: a git repo of the tree. Commit 1 is the pristine tree plus bloatwatch-build.sh;
# then patches/history/*.patch (mails with author, date and subject) by `git am`. Names and dates
# are fixed, so the same inputs give the same commit ids. The work tree is a hard-link copy of
# the pristine tree (git writes a file by replacing it, so `git am` gives the patched files
# their own inodes; core.trustctime off: another hard-link copy of the tree changes the ctime
# of the shared inodes, which would make `git status` hash the whole tree again). The blobs go
# straight into one pack at zlib level 1 (core.bigFileThreshold=1: every file is streamed
# there), compressed once, instead of as loose objects compressed again by a repack.
build_history() {
	local dir=$1 repo=$1/linux p version
	version=$(sed -n 's/^\(VERSION\|PATCHLEVEL\|SUBLEVEL\) = //p' "$SRCDIR/Makefile" | paste -sd.)
	export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 TZ=UTC
	export GIT_AUTHOR_NAME="Bloatwatch Fixtures" GIT_AUTHOR_EMAIL=fixtures@bloatwatch.invalid
	export GIT_COMMITTER_NAME="Bloatwatch Fixtures" GIT_COMMITTER_EMAIL=fixtures@bloatwatch.invalid
	export GIT_AUTHOR_DATE="2023-01-02T00:00:00Z" GIT_COMMITTER_DATE="2023-01-02T00:00:00Z"
	mkdir "$repo"
	cp -al "$SRCDIR/." "$repo/"   # the tree's contents, even when SRCDIR is a symlink
	cp "$here/kbuild.sh" "$repo/bloatwatch-build.sh"
	chmod 755 "$repo/bloatwatch-build.sh"
	git -C "$repo" init -q -b master
	git -C "$repo" config gc.auto 0
	git -C "$repo" config core.trustctime false
	git -C "$repo" -c core.bigFileThreshold=1 -c pack.compression=1 add -A -f
	git -C "$repo" commit -q -m "Linux $version from Debian linux-source-6.1 ${SRCDIR##*/src-}" \
		-m "Plus bloatwatch-build.sh: run it at the root to build kernel/rcu/ (tinyconfig + DWARF4) into bloatwatch-out/."
	for p in "$here"/patches/history/*.patch; do
		git -C "$repo" am -q --committer-date-is-author-date "$p"
	done
	# One pack: the blobs' pack is reused as it is; the trees and commits join it.
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
	kernel) [ $# = 3 ] || [ $# = 4 ] || usage; fx_kernel "$@" ;;
	arches)
		for a in $ARCHES; do
			kb_arch "$a"
			command -v "${CROSS}gcc" >/dev/null 2>&1 && echo "$a"
		done
		return 0 ;;
	-h|--help|help) sed -n '2,/^set /{/^#/s/^# \{0,1\}//p}' "$0"; return 0 ;;
	*) usage ;;
	esac
	echo "$OUT"
}

main "$@"
