#!/bin/sh
# --json in every mode: valid, deterministic, the envelope of docs/analyzer-json.md, numbers equal to the text
# modes (and so to size and nm), build records copied, hostile symbol names escaped.
. "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1
py=/usr/bin/python3

objs="$FIX/x86_64/gcc/kernel-O2.o $FIX/mips/clang/kernel-O2.o $FIX/arm/gcc/lib.a $FIX/riscv64/gcc/prog $FIX/powerpc/gcc/libfix.so"
for mode in size symbols structs all; do
	"$BW" $mode --json $objs >a.json 2>a.err
	"$BW" $mode --json $objs >b.json 2>/dev/null
	cmp -s a.json b.json && ok "$mode --json: byte-identical on a second run" || not_ok "$mode --json: deterministic"
	$py - a.json "$mode" <<'PY' && ok "$mode --json: envelope and FILE entries" || not_ok "$mode --json: envelope"
import json, re, subprocess, sys
d = json.load(open(sys.argv[1]))
mode = sys.argv[2]
assert list(d)[:4] == ["schema", "version", "mode", "files"] and list(d)[-1] == "errors", list(d)
assert d["schema"] == "bloatwatch-analyze" and d["version"] == 1 and d["mode"] == mode and d["errors"] == []
assert len(d["files"]) == 7, len(d["files"])          # lib.a has three members
keys = ["file", "member", "format", "class", "endian", "machine", "type", "text", "data", "bss", "dec", "sections", "comment", "build"]
for f in d["files"]:
    assert list(f)[:len(keys)] == keys, list(f)
    if not f["member"]:   # .comment's strings, each once, as readelf -p prints them
        out = subprocess.run(["readelf", "-p", ".comment", f["file"]], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout
        want = []
        for l in out.splitlines():
            m = re.match(r"^\s*\[\s*[0-9a-f]+\]\s+(.*)$", l)
            if m and m.group(1) not in want:
                want.append(m.group(1))
        assert f["comment"] == want, (f["file"], f["comment"], want)
    assert f["dec"] == f["text"] + f["data"] + f["bss"]
    for s in f["sections"]:
        assert s["class"] in ("text", "data", "bss", "other")
    assert sum(s["size"] for s in f["sections"] if s["class"] == "text") == f["text"]
    if mode in ("symbols", "all"):
        assert set(f["rollup"]) == {"func", "data", "rodata", "bss", "other"}
        sizes = [s["size"] for s in f["symbols"]]
        assert sizes == sorted(sizes, reverse=True)
    if mode in ("structs", "all"):
        assert isinstance(f["structs"], list)
    if mode == "all":
        assert isinstance(f["stack"], list) and f["stack"][0]["kind"] in ("static", "fp", "unknown"), f["file"]
members = [f["member"] for f in d["files"] if f["member"]]
assert members == ["kernel-O2.o", "extra-O2.o", "kernel-Os-sections.o"], members
assert d["files"][1]["endian"] == "big" and d["files"][1]["format"] == "elf32-tradbigmips"
assert d["files"][0]["format"] == "elf64-x86-64" and d["files"][5]["type"] == "EXEC" and d["files"][6]["type"] == "DYN"
PY
done

# JSON numbers = text numbers (which the oracle tests tie to size and nm).
"$BW" all $objs >all.json
"$BW" size $objs >size.txt
"$BW" symbols --no-demangle $objs >nm.txt
$py - all.json size.txt nm.txt <<'PY' && ok "all: sizes and symbols equal the size and symbols text output" || not_ok "all vs text"
import json, sys
d = json.load(open(sys.argv[1]))
rows = [l.split("\t") for l in open(sys.argv[2]).read().splitlines()[1:]]
for f, r in zip(d["files"], rows):
    assert [f["text"], f["data"], f["bss"], f["dec"]] == [int(x) for x in r[:4]], (f["file"], r)
nm = set()
for l in open(sys.argv[3]).read().splitlines():
    p = l.split(" ")
    if len(p) == 4:
        nm.add((p[3], int(p[1], 16), p[2]))
js = {(s["name"], s["size"], s["type"]) for f in d["files"] for s in f["symbols"]}
assert js == nm, (len(js), len(nm), list(js ^ nm)[:5])
PY
"$BW" stack --json $objs >stack.json
$py - all.json stack.json <<'PY' && ok "all: stack equals mode stack's FRAME entries" || not_ok "all vs stack"
import json, sys
a, s = (json.load(open(p)) for p in sys.argv[1:])
assert [f["stack"] for f in a["files"]] == [f["stack"] for f in s["files"]]
assert sum(len(f["stack"]) for f in a["files"]) > 20
PY
# ... also where the CFI is a REL target's .debug_frame, which opening the DWARF relocates in
# place: mode all reads the stack before that (analyzer/cmd/table.c's order).
printf 'int f(int x) { volatile char b[40]; b[x] = 1; return b[0]; }\nint g(int x) { return f(x) + 1; }\n' >rel.c
if clang --target=armv7a-linux-gnueabi -Os -g -fno-unwind-tables -fno-asynchronous-unwind-tables \
	-c rel.c -o rel.o 2>/dev/null; then
	"$BW" all --json rel.o >rel-all.json
	"$BW" stack --json rel.o >rel-stack.json
	$py - rel-all.json rel-stack.json <<'PY' && ok "all: stack of an arm .debug_frame (REL) object equals mode stack's" || not_ok "all vs stack on REL .debug_frame"
import json, sys
a, s = (json.load(open(p))["files"][0]["stack"] for p in sys.argv[1:])
assert a == s and a[0]["function"] == "f" and a[0]["frame"] >= 40 and a[0]["kind"] == "static", (a, s)
PY
else
	skip "all vs stack on an arm .debug_frame object: clang cannot build for armv7a"
fi

# Build records: FILE.cmd becomes "build".
mkdir -p rec
cp "$FIX/x86_64/gcc/kernel-O2.o" rec/tiny.o
cat >rec/tiny.o.cmd <<'REC'
# bloatwatch build record v1
cmd := gcc -c -O2 tinyrcu/tiny.c -o rec/tiny.o
compiler_version := gcc (Debian 12.2.0-14) 12.2.0
source := tinyrcu/tiny.c
object := rec/tiny.o
variant := tiny
arch := x86_64
compiler := gcc
scenario := TINY01
CONFIG_SMP := n
CONFIG_NR_CPUS := 1
REC
"$BW" size --json rec/tiny.o >rec.json
$py - rec.json <<'PY' && ok "build record copied into \"build\", CONFIG values in \"config\"" || not_ok "build record"
import json, sys
b = json.load(open(sys.argv[1]))["files"][0]["build"]
assert list(b) == ["format", "record", "cmd", "compiler_version", "source", "object", "variant", "arch", "compiler", "scenario", "config"], list(b)
assert b["format"] == "bloatwatch" and b["record"] == "rec/tiny.o.cmd"
assert b["config"] == {"CONFIG_SMP": "n", "CONFIG_NR_CPUS": "1"} and b["scenario"] == "TINY01"
PY

# Hostile symbol names: quote, backslash, control bytes, invalid UTF-8 - valid JSON all the same.
$py - "$FIX/x86_64/gcc/kernel-O2.o" weird.o <<'PY'
import sys
b = bytearray(open(sys.argv[1], "rb").read())
i = b.index(b"\0rcu_banner\0") + 1
b[i:i + 10] = b'r"\\\x01\xff\n\t\xc3\xa9\x7f'
open(sys.argv[2], "wb").write(bytes(b))
PY
"$BW" symbols --json weird.o >weird.json
$py - weird.json <<'PY' && ok "symbol name with quote, backslash, controls and bad UTF-8 escaped" || not_ok "escaping"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
names = [s["name"] for s in d["files"][0]["symbols"]]
assert 'r"\\\x01\xff\n\t\xe9\x7f' in names, names
PY

# configs and diff envelopes.
"$BW" configs --json "$TOP/tests/analyzer/configs/quirks.c" "$TOP/tests/analyzer/configs/crlf.c" >cfg.json
"$BW" configs "$TOP/tests/analyzer/configs/quirks.c" "$TOP/tests/analyzer/configs/crlf.c" >cfg.txt
$py - cfg.json cfg.txt <<'PY' && ok "configs --json: per-file lists and a union equal to the text output" || not_ok "configs --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["mode"] == "configs" and len(d["files"]) == 2
assert d["union"] == open(sys.argv[2]).read().split(), d["union"]
assert set(d["union"]) == set(d["files"][0]["configs"]) | set(d["files"][1]["configs"])
PY
done_testing
