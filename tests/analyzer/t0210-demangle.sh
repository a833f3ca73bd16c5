#!/bin/sh
# symbols: C++ and Rust names as nm -C prints them (templates, lambdas, anonymous namespaces,
# Rust legacy and v0), sizes and order as nm's; --no-demangle and the JSON's "name" stay raw.
. "$(dirname "$0")/lib.sh"
cd "$WORK" || exit 1
src=$TOP/tests/analyzer/demangle
out=$WORK/demangle
rm -rf "$out" && mkdir -p "$out"
: >objs.list
for cxx in g++ clang++; do
	if ! command -v $cxx >/dev/null 2>&1; then
		skip "$cxx is not installed (.ci/packages)"
		continue
	fi
	$cxx -O2 -g -c "$src/names.cc" -o "$out/names-$cxx.o" && echo "$out/names-$cxx.o" >>objs.list
done
# rustc is no Debian package of .ci/packages: its objects are checked when one is on PATH.
if command -v rustc >/dev/null 2>&1; then
	rustc --crate-type=lib --emit=obj -C opt-level=1 -o "$out/names-rs-legacy.o" "$src/names.rs" &&
		echo "$out/names-rs-legacy.o" >>objs.list
	rustc --crate-type=lib --emit=obj -C opt-level=1 -C symbol-mangling-version=v0 \
		-o "$out/names-rs-v0.o" "$src/names.rs" && echo "$out/names-rs-v0.o" >>objs.list
else
	skip "rustc is not on PATH: no Rust object (legacy and v0 names)"
fi
while read -r f; do
	name=${f##*/}
	nm -C -S --size-sort "$f" >expected.out
	"$BW" symbols "$f" >actual.out 2>&1
	check "symbols $name = nm -C -S --size-sort" expected.out actual.out
	nm -S --size-sort "$f" >expected.out
	"$BW" symbols --no-demangle "$f" >actual.out 2>&1
	check "symbols --no-demangle $name = nm -S --size-sort" expected.out actual.out
	nm -C -S --size-sort "$f" >demangled.out
	"$BW" symbols --json "$f" >sym.json
	# JSON: each raw name with nm -C's spelling of it (null when nm -C leaves it as it is).
	/usr/bin/python3 - expected.out demangled.out sym.json <<'PY' &&
import json, sys
raw = [l.split(None, 3)[3] for l in open(sys.argv[1]).read().splitlines()]
dem = [l.split(None, 3)[3] for l in open(sys.argv[2]).read().splitlines()]
want = {r: (d if d != r else None) for r, d in zip(raw, dem)}
syms = json.load(open(sys.argv[3]))["files"][0]["symbols"]
assert sorted(s["name"] for s in syms) == sorted(raw)
bad = [(s["name"], s["demangled"], want[s["name"]]) for s in syms if s["demangled"] != want[s["name"]]]
assert not bad, bad[:5]
assert any(s["demangled"] for s in syms), "no mangled name in the object"
PY
	ok "symbols --json $name: raw names, and nm -C's as demangled" ||
		not_ok "symbols --json $name: raw names, and nm -C's as demangled"
done <objs.list
# diff: the script's rows (--no-demangle) with each name as c++filt spells it, same order.
if [ "$(grep -c 'names-.*++' objs.list)" -eq 2 ]; then
	old=$(grep 'names-g++' objs.list) new=$(grep 'names-clang++' objs.list)
	"$BW" diff --no-demangle "$old" "$new" >raw.out
	"$BW" diff "$old" "$new" >actual.out
	/usr/bin/python3 - raw.out >expected.out <<'PY'
import subprocess, sys
lines = open(sys.argv[1]).read().splitlines()
rows = [i for i, l in enumerate(lines) if len(l.split()) >= 4 and l.split()[-1][0] in "+-"
        and not l.startswith(("add/remove", "Total"))]
names = [lines[i].rsplit(None, 3)[0] for i in rows]
shown = subprocess.run(["c++filt"], input="\n".join(names) + "\n", stdout=subprocess.PIPE,
                       text=True, check=True).stdout.splitlines()
for i, name in zip(rows, shown):
    lines[i] = "%-40s %7s %7s %7s" % ((name,) + tuple(lines[i].rsplit(None, 3)[1:]))
print("\n".join(lines))
PY
	check "diff g++ vs clang++ objects: the script's rows, names as c++filt spells them" expected.out actual.out
else
	skip "diff of C++ names: g++ and clang++ are both needed"
fi
# The C++ object has what the test is for.
f=$(head -n 1 objs.list)
if [ -n "$f" ]; then
	"$BW" symbols "$f" >cxx.out
	missing=
	for want in '(anonymous namespace)::hidden(int)' '(anonymous namespace)::hidden_table' \
		'int shapes::twice<int>(int)' 'shapes::Box<char, 3ul>::area() const' \
		'vtable for shapes::Box<long, 9ul>' 'shapes::Shape::made' 'plain_c_name' \
		'long apply<use_all(int)::{lambda(int)#1}>(use_all(int)::{lambda(int)#1}, long)'; do
		grep -qF " $want" cxx.out || missing="$missing [$want]"
	done
	[ -z "$missing" ] && ok "the C++ object has templates, lambdas, an anonymous namespace, a vtable, C names" ||
		not_ok "missing in ${f##*/}:$missing"
fi
done_testing
