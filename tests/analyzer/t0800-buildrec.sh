#!/bin/sh
# Build records: Bloatwatch's <obj>.cmd and Kbuild's .<obj>.cmd (cmd_ and savedcmd_ forms, with
# source_ and deps_), precedence, either format under either name, thin archive members, clear
# one-line errors; and structs on an object without DWARF says so.
. "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1
py=/usr/bin/python3
rm -rf kb && mkdir -p kb/kernel/rcu && cd kb || exit 1
obj=$FIX/x86_64/gcc/kernel-g.o
cp "$obj" kernel/rcu/tiny.o
cp "$obj" kernel/rcu/tree.o

# A Kbuild record as Linux 6.1 writes it (cmd_), and one as later kernels do (savedcmd_).
kbuild() {	# kbuild PREFIX OBJ
	cat <<REC
$1_$2 := gcc -Wp,-MMD,kernel/rcu/.x.o.d -nostdinc -I./include -D__KERNEL__ -O2 -c -o $2 ${2%.o}.c

source_$2 := ${2%.o}.c

deps_$2 := \\
  include/linux/compiler-version.h \\
    \$(wildcard include/config/CC_VERSION_TEXT) \\
  include/linux/kconfig.h \\
    \$(wildcard include/config/CPU_BIG_ENDIAN) \\
    \$(wildcard include/config/PREEMPT_RCU) \\
  include/linux/rcupdate.h \\
    \$(wildcard include/config/PREEMPT_RCU) \\

$2: \$(deps_$2)

\$(deps_$2):
REC
}
kbuild cmd kernel/rcu/tiny.o >kernel/rcu/.tiny.o.cmd
kbuild savedcmd kernel/rcu/tree.o >kernel/rcu/.tree.o.cmd
"$BW" size --json kernel/rcu/tiny.o kernel/rcu/tree.o >kb.json 2>kb.err
$py - kb.json <<'PY' && ok "Kbuild .cmd (cmd_ and savedcmd_): command, source, object, compiler, CONFIG deps in \"build\"" || not_ok "Kbuild .cmd records"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["errors"] == [], d["errors"]
for f, name in zip(d["files"], ("tiny", "tree")):
    b = f["build"]
    assert list(b) == ["format", "record", "cmd", "source", "object", "compiler", "config", "config_deps"], list(b)
    assert b["format"] == "kbuild" and b["record"] == "kernel/rcu/.%s.o.cmd" % name, b
    assert b["object"] == "kernel/rcu/%s.o" % name and b["source"] == "kernel/rcu/%s.c" % name, b
    assert b["cmd"].startswith("gcc -Wp,-MMD") and b["cmd"].endswith("-c -o kernel/rcu/%s.o kernel/rcu/%s.c" % (name, name)), b["cmd"]
    assert b["compiler"] == "gcc" and b["config"] == {}, b
    assert b["config_deps"] == ["CONFIG_CC_VERSION_TEXT", "CONFIG_CPU_BIG_ENDIAN", "CONFIG_PREEMPT_RCU"], b["config_deps"]
PY

# Bloatwatch's record beside it wins; a Kbuild-format file under Bloatwatch's name is read as Kbuild.
printf 'cmd := cc -c tiny.c\nsource := tiny.c\narch := x86_64\nCONFIG_SMP := n\n' >kernel/rcu/tiny.o.cmd
kbuild savedcmd kernel/rcu/tree.o >kernel/rcu/tree.o.cmd
rm kernel/rcu/.tree.o.cmd
"$BW" size --json kernel/rcu/tiny.o kernel/rcu/tree.o >prec.json 2>prec.err
$py - prec.json <<'PY' && ok "<obj>.cmd wins over .<obj>.cmd; a Kbuild file named <obj>.cmd is read as Kbuild" || not_ok "record precedence"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["errors"] == [], d["errors"]
a, b = d["files"][0]["build"], d["files"][1]["build"]
assert a["format"] == "bloatwatch" and a["record"] == "kernel/rcu/tiny.o.cmd" and a["config"] == {"CONFIG_SMP": "n"}, a
assert b["format"] == "kbuild" and b["record"] == "kernel/rcu/tree.o.cmd" and b["object"] == "kernel/rcu/tree.o", b
PY
"$BW" configs kernel/rcu/tree.o >cfg.out
printf '\nkernel/rcu/tree.o:\nCONFIG_CC_VERSION_TEXT\nCONFIG_CPU_BIG_ENDIAN\nCONFIG_PREEMPT_RCU\n' >cfg.want
check "configs on a Kbuild object lists the CONFIG options it depends on" cfg.want cfg.out

# Thin archives (built-in.a) keep their members on disk: each member's record is read.
rm -f kernel/rcu/tiny.o.cmd kernel/rcu/tree.o.cmd
kbuild savedcmd kernel/rcu/tree.o >kernel/rcu/.tree.o.cmd
(cd kernel/rcu && ar rcT built-in.a tiny.o tree.o)
"$BW" size --json kernel/rcu/built-in.a >thin.json 2>thin.err
$py - thin.json <<'PY' && ok "thin archive members carry their own Kbuild records" || not_ok "thin archive records"
import json, sys
d = json.load(open(sys.argv[1]))
assert [f["member"] for f in d["files"]] == ["kernel/rcu/tiny.o", "kernel/rcu/tree.o"], d["files"]
assert [f["build"]["record"] for f in d["files"]] == ["kernel/rcu/.tiny.o.cmd", "kernel/rcu/.tree.o.cmd"]
PY

# Malformed records: one line naming the file and the line, exit status 1, JSON still valid.
bad() {	# bad DESCRIPTION WANT-MESSAGE  (rec.in becomes kernel/rcu/.tiny.o.cmd)
	cp rec.in kernel/rcu/.tiny.o.cmd
	"$BW" all kernel/rcu/tiny.o >bad.json 2>bad.err
	rc=$?
	echo "bloatwatch-analyze: kernel/rcu/.tiny.o.cmd: $2" >bad.want
	if [ $rc -eq 1 ] && cmp -s bad.want bad.err && $py -c 'import json,sys; json.load(open(sys.argv[1]))' bad.json; then
		ok "$1"
	else
		not_ok "$1 (exit $rc)"
		diff -u bad.want bad.err | sed 's/^/# /'
	fi
}
printf 'savedcmd_kernel/rcu/tiny.o := gcc -c tiny.c\nthis is not Kbuild\n' >rec.in
bad "a stray line in a Kbuild record" "line 2: not a Kbuild .cmd line (a variable, a make rule or a continuation)"
printf 'savedcmd_kernel/rcu/tiny.o := gcc -c tiny.c\ndeps_kernel/rcu/tiny.o := \\\n  a.h \\\n' >rec.in
bad "a deps_ list cut short" "line 3: a continued line ends the file"
printf 'cmd_a.o := gcc -c a.c\ncmd_b.o := gcc -c b.c\n' >rec.in
bad "two objects in one record" "line 2: not a Kbuild .cmd line (a variable, a make rule or a continuation)"
printf 'cmd := gcc\nno separator here\n' >rec.in
bad "a Bloatwatch record with a bad line" "line 2: not a 'key := value' line"

# structs on an object without DWARF: a note on stderr, "dwarf": "none" in the JSON, exit 0.
cp "$FIX/riscv64/gcc/prog" nodwarf
"$BW" structs nodwarf >nd.out 2>nd.err
rc=$?
echo "bloatwatch-analyze: nodwarf: note: no DWARF debug information: no struct layouts (built without -g?)" >nd.want
[ $rc -eq 0 ] && [ ! -s nd.out ] && cmp -s nd.want nd.err && ok "structs without DWARF: a note on stderr, exit 0" ||
	{ not_ok "structs without DWARF (exit $rc)"; diff -u nd.want nd.err | sed 's/^/# /'; }
"$BW" all nodwarf "$obj" >nd.json 2>/dev/null
$py - nd.json <<'PY' && ok "JSON says where the layouts come from: \"dwarf\": none / image" || not_ok "dwarf field"
import json, sys
d = json.load(open(sys.argv[1]))
assert [f["dwarf"] for f in d["files"]] == ["none", "image"] and d["files"][0]["structs"] == [] and d["errors"] == []
PY
done_testing
