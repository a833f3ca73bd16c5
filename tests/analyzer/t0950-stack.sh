#!/bin/sh
# stack: every static frame GCC's -fstack-usage writes in .su equals the stack extractor's frame
# (largest CFA offset of the FDE), per arch; dynamic frames are never static; no CFI: unknown.
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
	# .su: "file:line:col:function<TAB>bytes<TAB>qualifier"; ours: "  bytes kind function".
	# .su names a clone without its symbol's number (callee_saves.constprop.0).
	res=$(awk 'FNR == NR { if (NF == 3) { f = $3; sub(/\.[0-9]+$/, "", f); fr[$3] = fr[f] = $1; kind[$3] = kind[f] = $2 } next }
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
/usr/bin/python3 - stack.json stack.txt <<'PY' && ok "stack --json: the text's frames and kinds" || not_ok "stack --json"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["mode"] == "stack" and d["errors"] == [] and len(d["files"]) == 2
text = [l.split() for l in open(sys.argv[2]) if not l.endswith(":\n")]
js = [["?" if x["frame"] is None else str(x["frame"]), x["kind"], x["function"]]
      for f in d["files"] for x in f["stack"]]
assert js == text, (js, text)
PY
done_testing
