#!/bin/sh
# segments and compileunits on Linux 6.1 builds (tests/kernel/linux.sh): vmlinux's program
# headers, section mapping and flash/RAM against readelf -lW; compile units of vmlinux and of
# the kernel/rcu objects of x86_64, i386, arm, arm64 and riscv64 against pyelftools.
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$WORK" || exit 1
py=/usr/bin/python3
have_pyelftools=1
elftools=$($py -c 'import elftools; print(elftools.__file__)' 2>/dev/null) || have_pyelftools=

# cu_check DESCRIPTION FILE...: compileunits of FILE... against pyelftools.
cu_check() {
	desc=$1
	shift
	if [ -z "$have_pyelftools" ]; then
		skip "$desc: python3-pyelftools not installed (.ci/packages)"
		return
	fi
	if ! "$BW" compileunits --json "$@" >k-cu.json 2>k-cu.err; then
		not_ok "$desc: the analyzer failed"
		head -5 k-cu.err | sed 's/^/# /'
		return
	fi
	# pyelftools' side once for both suites; the comparison each time.
	oracle -d "$elftools" $py "$here/cunits_oracle.py" want "$@"
	$py "$here/cunits_oracle.py" check k-cu.json "$oracle_out" >k-cu.out
	rc=$?
	if [ $rc -eq 0 ] && grep -q '^# 0 compile units' k-cu.out; then
		skip "$desc: pyelftools cannot check them ($(tail -n 1 k-cu.out | sed 's/.*; left out, //'))"
	elif [ $rc -eq 0 ]; then
		ok "$desc = pyelftools: $(tail -n 1 k-cu.out | sed 's/# //')"
	else
		not_ok "$desc"
		head -10 k-cu.out "$oracle_dir/err" | sed 's/^/# /'
	fi
}

if fixture vmlinux x86_64 base; then
	v=$dir/vmlinux
	"$BW" segments --json "$v" >k-seg.json 2>k-seg.err &&
		$py "$here/segments_oracle.py" k-seg.json >k-seg.out &&
		ok "vmlinux: segments and section mapping = readelf -lW, flash/RAM = its PT_LOAD sizes" ||
		{ not_ok "vmlinux segments"; head -10 k-seg.out k-seg.err | sed 's/^/# /'; }
	# Code and static data of the compile units fall in the image's text and data.
	"$BW" all "$v" >k-all.json 2>k-all.err &&
		$py - k-all.json <<'PY' && ok "vmlinux: compile units' text <= text, their data/rodata/bss <= the sections'" ||
import json, sys
f = json.load(open(sys.argv[1]))["files"][0]
m, units = f["memory"], f["compileunits"]
assert len(units) > 100, len(units)
assert 0 < sum(u["text"] for u in units) <= m["text"], m
for k in ("data", "rodata", "bss"):
    got = sum(u[k] for u in units)
    assert 0 < got <= m[k], (k, got, m)
assert all(u["data"] + u["rodata"] + u["bss"] <= u["vars"] for u in units)
PY
		{ not_ok "vmlinux: compile units within the image's memory"; head -5 k-all.err | sed 's/^/# /'; }
	cu_check "vmlinux: compileunits" "$v"
fi
for arch in x86_64 i386 arm arm64 riscv64; do
	fixture rcu $arch || continue
	cu_check "$arch kernel/rcu objects: compileunits" "$dir"/kernel/rcu/*.o
done
done_testing
