#!/bin/bash
# make kernel-report: Linux 6.1 and 6.12 kernels per arch recorded as releases, one report of them.
#
# usage: reports/kernel.sh ARCH...     (make kernel-report KERNEL_ARCHS="x86_64 i386 ...")
#        KERNEL_CONFIGS="tiny smp" (default) or one of them: the configurations built per arch
#        KERNEL_VMLINUX_ARCHS="x86_64" (default): the arches whose builds link vmlinux; the others
#        stop at kernel/rcu/ (own cache entries). "all": every arch; "": none.
#        KERNEL_REPORT_DIR: the release trees, database, stamps and report (default $BW_CACHE/kernel/report)
#
# Per release and ARCH, tests/kernel/linux.sh builds (or finds cached) tinyconfig (Tiny RCU)
# and tinyconfig + SMP (Tree RCU), DWARF4, kernel/rcu/ and (KERNEL_VMLINUX_ARCHS) vmlinux.
# Where tinyconfig is SMP already (arm64: Kconfig forces it), the smp build would be the same
# configuration and is not made. A release tree under $K/report/vSERIES holds those output
# folders (symlinks) and the bloatwatch.toml declaring them, so one `bloatwatch record --label`
# records every build of the release; this checkout's HEAD (the matrix, the article's table)
# goes into the same database, and `bloatwatch report` renders it (docs/kernel-report.md).
# Stamps in $K/report/.state skip every step whose inputs did not change: a second run builds,
# records and renders nothing.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
BW_CACHE=${BLOATWATCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bloatwatch}
R=${KERNEL_REPORT_DIR:-$BW_CACHE/kernel/report}   # the kernels stay in $BW_CACHE/kernel
DB=$R/kernels.db
OUT=${KERNEL_REPORT_OUT:-$R/out}
STATE=$R/.state
BW=("${PYTHON:-/usr/bin/python3}" "$root/bin/bloatwatch" --db "$DB")
# Release dates: where each release sits in the history.
declare -A DATE=([6.1]=2022-12-11 [6.12]=2024-11-17)

say() { echo "kernel-report: $*" >&2; }
[ $# -gt 0 ] || { sed -n '4s/^# //p' "$0" >&2; exit 2; }
cd "$root"
# The kernel builds are makes of their own, not jobs of the make that runs this script.
unset MAKEFLAGS MFLAGS MAKELEVEL
mkdir -p "$STATE"
t0=$SECONDS
# What a refusal depends on: the build scripts and the Debian source packages.
recipe=$(cat tests/kernel/linux.sh tests/kernel/kbuild.sh |
	{ sha256sum; dpkg-query -W linux-source-6.1 linux-source-6.12 2>/dev/null || true; } | paste -sd' ')
vmlinux_archs=${KERNEL_VMLINUX_ARCHS-x86_64}
[ "$vmlinux_archs" = all ] && vmlinux_archs="$*"

# release SERIES ARCH...: the release tree of SERIES with one output folder per arch and config.
release() {
	local series=$1 arch cfg out rc l first='' tree=$R/v$1 toml refused only_rcu image tiny
	shift
	rm -f "$tree"/out-*   # arches of an earlier run that this one does not ask for
	toml=$(mktemp)
	for arch in "$@"; do
		only_rcu=1 image='' tiny=''   # image: the glob beside kernel/rcu/*.o
		[[ " $vmlinux_archs " = *" $arch "* ]] && only_rcu='' image=', "vmlinux"'
		for cfg in ${KERNEL_CONFIGS:-tiny smp}; do
			if [ "$cfg" = smp ] && [ -n "$tiny" ] && grep -qx CONFIG_SMP=y "$tiny/.config"; then
				say "$series $arch smp: skipped (tinyconfig is SMP already: $tiny)"
				continue
			fi
			rc=0
			# A refusal is remembered (until the build scripts change): Kconfig says it in a minute
			# that a warm run should not spend again.
			refused=$STATE/refused-$series-$arch-$cfg
			if [ -f "$refused" ] && [ "$(cat "$refused")" = "$recipe" ]; then
				say "$series $arch $cfg: skipped (Kconfig refused it before: $refused)"
				continue
			fi
			out=$(JOBS=${JOBS:-2} nice "$root/tests/kernel/linux.sh" kernel "$series" "$arch" "$cfg" \
				${only_rcu:+rcu}) || rc=$?
			if [ "$rc" = 3 ]; then   # Kconfig cannot turn SMP on here: the arch has no such build
				say "$series $arch $cfg: skipped (Kconfig refused the configuration)"
				echo "$recipe" >"$refused"
				continue
			fi
			[ "$rc" = 0 ] || exit "$rc"
			[ "$cfg" = tiny ] && tiny=$out
			mkdir -p "$tree"
			ln -sfn "$out" "$tree/out-$arch-$cfg"
			first=${first:-$out}
			printf '[[objects]]\nkbuild = "out-%s-%s"\nglob = ["kernel/rcu/*.o"%s]\ncoordinate = { config = "%s" }\n\n' \
				"$arch" "$cfg" "$image" \
				"$([ "$cfg" = tiny ] && echo tinyconfig || echo tinyconfig+SMP)" >>"$toml"
		done
	done
	if [ -z "$first" ]; then
		say "v$series: no build to record"
		rm -f "$toml"
		return 0
	fi
	# Record when the declared builds (their cached folders) or the analyzer changed.
	{ cat "$toml"; for l in "$tree"/out-*; do readlink "$l"; done; sha256sum "$root/bin/bloatwatch-analyze"; } \
		>"$toml.state"
	if [ -f "$DB" ] && cmp -s "$toml.state" "$STATE/v$series"; then
		rm -f "$toml" "$toml.state"
		return 0
	fi
	mv "$toml" "$tree/bloatwatch.toml"
	local src ver
	src=$(sed -n 's/^SRC=//p' "$first/bloatwatch.env")
	ver=$(sed -n 's/^\(VERSION\|PATCHLEVEL\|SUBLEVEL\) = //p' "$src/Makefile" | paste -sd.)
	"${BW[@]}" -C "$tree" record --label "v$series" --date "${DATE[$series]}" \
		--subject "Linux $ver (Debian linux-source-$series)"
	mv "$toml.state" "$STATE/v$series"
}

for series in 6.1 6.12; do
	release "$series" "$@"
done

# This checkout's HEAD: the article's own table (make objects analysis ran before).
"${BW[@]}" stamp head "$STATE/head"
if [ ! -e "$STATE/recorded" ] || [ "$STATE/head" -nt "$STATE/recorded" ] ||
	[ "$root/build/matrix.json" -nt "$STATE/recorded" ]; then
	(cd "$root" && "${BW[@]}" record)
	"${BW[@]}" stamp head "$STATE/head"   # now recorded: its status in the stamp changed
	touch "$STATE/recorded"
fi

# Render when the database or the report's code changed.
"${BW[@]}" stamp db "$STATE/dbstate"
if [ ! -e "$OUT/index.html" ] || [ "$STATE/dbstate" -nt "$OUT/index.html" ] ||
	[ -n "$(find "$root/bloatwatch" "$root/bloatwatch.toml" -newer "$OUT/index.html" -type f -print -quit)" ]; then
	(cd "$root" && "${BW[@]}" report --out "$OUT" -q)
fi
say "done in $((SECONDS - t0)) s"
echo "kernel-report: text  $OUT/footprint.txt"
echo "kernel-report: html  file://$OUT/index.html"
