#!/bin/sh
# The struct layouts and their text on Linux 6.1 builds (tests/kernel/linux.sh): a tinyconfig
# vmlinux and the kernel/rcu objects of x86_64, i386, arm, arm64 and riscv64, every struct
# block against pahole 1.24 (textdiff.py: documented classes counted) and every number
# (oracle.py; --reorganize on the objects, the CLI's JSON too), and where each is declared
# (declfile.py: pahole -I).
# usage: t3400-kernel.sh DRIVER ANALYZER
set -u
here=$(cd "$(dirname "$0")" && pwd)
linux=$here/../../kernel/linux.sh
driver=$1 cli=$2
objs="" vm="" why=""
if vm=$(bash "$linux" vmlinux x86_64 base 2>/dev/null); then
	vm=$vm/vmlinux
else
	why="vmlinux x86_64: exit $?"
	vm=""
fi
for a in x86_64 i386 arm arm64 riscv64; do
	if d=$(bash "$linux" rcu $a 2>/dev/null); then
		objs="$objs $(ls "$d"/kernel/rcu/*.o | tr '\n' ' ')"
	else
		why="$why${why:+; }rcu $a: exit $?"
	fi
done
if [ -n "$why" ]; then
	echo "1..1"
	echo "ok 1 - # SKIP kernel fixtures unavailable (tests/kernel/linux.sh $why)"
	exit 0
fi
rc=0
# -j: the units of vmlinux read on threads give the same text and JSON.
"$cli" structs "$vm" >"${TMPDIR:-/tmp}/bw-j1.$$"
"$cli" structs -j 2 "$vm" >"${TMPDIR:-/tmp}/bw-j2.$$"
"$cli" all "$vm" >"${TMPDIR:-/tmp}/bw-all1.$$"
"$cli" all -j 3 "$vm" >"${TMPDIR:-/tmp}/bw-all3.$$"
if cmp -s "${TMPDIR:-/tmp}/bw-j1.$$" "${TMPDIR:-/tmp}/bw-j2.$$" &&
   cmp -s "${TMPDIR:-/tmp}/bw-all1.$$" "${TMPDIR:-/tmp}/bw-all3.$$"; then
	echo "ok - vmlinux: structs -j 2 and all -j 3 print what one job prints"
else
	echo "not ok - vmlinux: -j output differs from one job's"
	rc=1
fi
rm -f "${TMPDIR:-/tmp}"/bw-j1.$$ "${TMPDIR:-/tmp}"/bw-j2.$$ "${TMPDIR:-/tmp}"/bw-all1.$$ "${TMPDIR:-/tmp}"/bw-all3.$$
/usr/bin/python3 "$here/textdiff.py" "$driver" $vm $objs || rc=1
/usr/bin/python3 "$here/oracle.py" "$driver" --cli "$cli" $vm || rc=1
/usr/bin/python3 "$here/declfile.py" "$cli" $vm $objs || rc=1
/usr/bin/python3 "$here/oracle.py" "$driver" --reorganize --cli "$cli" $objs || rc=1
exit $rc
