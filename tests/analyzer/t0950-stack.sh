#!/bin/sh
# stack: every static frame GCC's -fstack-usage writes in .su equals the stack extractor's frame
# (largest CFA offset of the FDE), per arch; dynamic frames are never static; no CFI: unknown;
# the .su beside the object read with its qualifiers, and one that does not parse named.
. "$(dirname "$0")/lib.sh"
src="$TOP/tests/analyzer/stack/frames.c"
cd "$WORK" || exit 1

# compare CC NAME [FLAGS]: compile the fixture, then each .su line against the extractor's.
compare() {
	cc=$1 name=$2
	shift 2
	if ! command -v "$cc" >/dev/null 2>&1; then
		skip "stack = .su on $name: $cc is not installed"
		return
	fi
	if ! "$cc" -Os -g -fstack-usage "$@" -c "$src" -o "$name.o" 2>"$name.err"; then
		not_ok "stack = .su on $name: $cc does not compile the fixture"
		sed 's/^/# /' "$name.err"
		return
	fi
	"$BW" stack "$name.o" >"$name.out" 2>&1 || { not_ok "stack $name.o failed"; sed 's/^/# /' "$name.out"; return; }
	# .su: "file:line:col:function<TAB>bytes<TAB>qualifier"; ours: "  bytes kind su worst
	# function -> callee...". .su names a clone without its number (callee_saves.constprop.0).
	res=$(awk 'FNR == NR { if (NF >= 5) { f = $5; sub(/\.[0-9]+$/, "", f); fr[$5] = fr[f] = $1; kind[$5] = kind[f] = $2 } next }
		{ split($1, a, ":"); fn = a[4]; n++
		  if ($3 == "static" ? kind[fn] == "static" && fr[fn] == $2 : kind[fn] == "fp") eq++
		  else print "# " fn ": .su " $2 " " $3 ", stack " fr[fn] " " kind[fn] }
		END { print n + 0, eq + 0 }' "$name.out" FS='\t' "$name.su")
	echo "$res" | grep '^#'
	res=$(echo "$res" | grep -v '^#')
	set -- $res
	if [ "$1" -gt 5 ] && [ "$1" -eq "$2" ]; then
		ok "stack = .su on $name: $2 of $1 functions equal (dynamic ones not static)"
	else
		not_ok "stack = .su on $name: $2 of $1 functions equal"
	fi
}

compare gcc x86_64
compare gcc x86_64-function-sections -ffunction-sections
compare aarch64-linux-gnu-gcc aarch64

# Without CFI every function is unknown, never 0.
gcc -Os -fno-asynchronous-unwind-tables -c "$src" -o nocfi.o
"$BW" stack nocfi.o >nocfi.out
if [ "$(grep -c ' unknown ' nocfi.out)" -eq "$(nm nocfi.o | grep -ci ' t ')" ] && ! grep -q ' static ' nocfi.out; then
	ok "stack without CFI: all $(grep -c ' unknown ' nocfi.out) functions unknown"
else
	not_ok "stack without CFI"
	sed 's/^/# /' nocfi.out
fi

"$BW" stack --json x86_64.o nocfi.o >stack.json
"$BW" stack x86_64.o nocfi.o >stack.txt
/usr/bin/python3 - stack.json stack.txt <<'PY' && ok "stack --json: the text's frames, .su, worst cases and chains" || not_ok "stack --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["mode"] == "stack" and d["errors"] == [] and len(d["files"]) == 2
text = [l.split() for l in open(sys.argv[2]) if not l.endswith(":\n")]
js = []
for f in d["files"]:
    for x in f["stack"]:
        su = "%d/%s" % (x["su"]["bytes"], x["su"]["qualifier"]) if x["su"] else "-"
        row = ["?" if x["frame"] is None else str(x["frame"]), x["kind"], su,
               "unbounded" if x["worst"] is None else str(x["worst"])]
        row += " -> ".join(x["chain"]).split()
        assert (x["worst"] is None) == (x["unbounded"] is not None) and x["chain"][0] == x["function"]
        js.append(row + ("[%s]" % x["unbounded"]).split() if x["unbounded"] else row)
assert js == text, (js, text)
PY
# .su qualifiers: dynamic is never a number; dynamic,bounded is an upper bound; clang's lines
# have no column. Then a .su that does not parse: the file and the line named, exit 1.
cp x86_64.o q.o
printf 'frames.c:9:leaf\t64\tdynamic,bounded\nframes.c:62:5:recursive\t80\tstatic\n' >q.su
"$BW" stack --json q.o >q.json
/usr/bin/python3 - q.json stack.json <<'PY' && ok "stack .su: dynamic,bounded is an upper bound, dynamic never a number" || not_ok "stack .su qualifiers"
import json, sys
q = {x["function"]: x for x in json.load(open(sys.argv[1]))["files"][0]["stack"]}
assert q["leaf"]["su"] == {"bytes": 64, "qualifier": "dynamic,bounded"} and q["leaf"]["worst"] == 64, q["leaf"]
assert q["medium"]["su"] is None and q["recursive"]["su"]["bytes"] == 80
s = {x["function"]: x for x in json.load(open(sys.argv[2]))["files"][0]["stack"]}
for f in ("with_alloca", "with_vla"):
    assert s[f]["su"]["qualifier"] == "dynamic" and s[f]["worst"] is None, s[f]
    assert s[f]["unbounded"] == "dynamic frame: " + f, s[f]
PY
cp x86_64.o bad.o
printf 'frames.c:9:5:leaf\t8\tstatic\nframes.c:14:5:small 32 static\n' >bad.su
if "$BW" stack bad.o >bad.out 2>bad.err; then
	not_ok "stack: a .su that does not parse is an error"
elif grep -q 'bad.su: line 2: no tab' bad.err && [ "$(wc -l <bad.err)" -eq 1 ]; then
	ok "stack: a .su that does not parse: $(cat bad.err)"
else
	not_ok "stack: a .su that does not parse"
	sed 's/^/# /' bad.err
fi
printf 'frames.c:9:5:leaf\t8\tmaybe\n' >bad.su
"$BW" stack bad.o 2>bad.err >/dev/null
grep -q 'bad.su: line 1: the qualifier is not static, dynamic or dynamic,bounded' bad.err &&
	ok "stack: an unknown .su qualifier is named" || not_ok "stack: unknown .su qualifier: $(cat bad.err)"
done_testing
