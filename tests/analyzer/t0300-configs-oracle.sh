#!/bin/sh
# configs: byte-identical to the seed extractconfig.sh (tests/analyzer/extractconfig.sh) on the
# project's sources and on crafted files; --all is the script's set plus the tokens it drops.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/each.sh"
cd "$TOP" || exit 1
oracle=tests/analyzer/extractconfig.sh
q=tests/analyzer/configs

same() {	# same DESCRIPTION FILES...
	desc=$1
	shift
	oracle $tools sh "$oracle" "$@"
	"$BW" configs "$@" >"$WORK/actual.out" 2>/dev/null
	check "$desc" "$oracle_out" "$WORK/actual.out"
}
# What the script runs.
tools="-t grep -t sed -t tr -t sort"

srcs=$(git ls-files '*.c' '*.h' | grep -v '^tests/analyzer/configs/' | tr '\n' ' ')
same "project sources, all in one call ($(echo $srcs | wc -w) files)" $srcs
printf '%s\n' $srcs >"$WORK/srcs.list"
oracle_each -i "$WORK/srcs.list" $tools sh "$oracle"
bw_each "$WORK/each" "$WORK/srcs.list" configs
i=0
for f in $srcs; do
	i=$((i + 1))
	cmp -s "$oracle_out/$i" "$WORK/each/$i" || { not_ok "configs $f"; diff -u "$oracle_out/$i" "$WORK/each/$i" | head -10 | sed 's/^/# /'; }
done
ok "project sources one at a time"
same "quirks file alone (no grep file-name prefix)" $q/quirks.c
same "quirks with other files (grep prefixes FILE:)" $q/quirks.c $q/crlf.c $q/start-only.h
same "a CONFIG_ directory name leaks in through grep's prefix on matching lines only" \
	$q/crlf.c $q/CONFIG_IN_DIRNAME/plain.c $q/CONFIG_IN_DIRNAME/uses.c
same "token only at line start: nothing" $q/start-only.h
same "missing files are skipped" $q/quirks.c $q/does-not-exist.c
"$BW" configs $q/quirks.c $q/does-not-exist.c >/dev/null 2>"$WORK/err.out"
[ $? -eq 1 ] && grep -qx "bloatwatch-analyze: $q/does-not-exist.c: No such file" "$WORK/err.out" &&
	ok "a missing file is a one-line error and exit 1" || not_ok "a missing file is a one-line error and exit 1"

# --all: a superset with exactly the dropped tokens added.
"$BW" configs --all $q/quirks.c >"$WORK/all.out"
"$BW" configs $q/quirks.c >"$WORK/script.out"
comm -13 "$WORK/script.out" "$WORK/all.out" >"$WORK/added.out"
cat >"$WORK/added.expect" <<'LIST'
CONFIG_AFTER_COLON
CONFIG_AT_LINE_START
CONFIG_FOOCONFIG_BAR
CONFIG_GLUED_TO_COLON
LIST
check "--all adds the line-start, after-colon and whole glued tokens" "$WORK/added.expect" "$WORK/added.out"
[ -z "$(comm -23 "$WORK/script.out" "$WORK/all.out")" ] && ok "--all keeps every name the script reports" ||
	not_ok "--all keeps every name the script reports"

# An object's build record: CONFIG values as recorded in OBJ.cmd.
obj=$(find build -mindepth 4 -maxdepth 4 -name '*.o' | grep -v '^build/analyzer' | head -1)
if [ -n "$obj" ] && [ -f "$obj.cmd" ]; then
	grep '^CONFIG_' "$obj.cmd" | sed 's/ *:= */=/' >"$WORK/rec.expect"
	"$BW" configs "$obj" | sed '1,2d' >"$WORK/rec.out"
	check "configs OBJ prints the build record's CONFIG values ($obj)" "$WORK/rec.expect" "$WORK/rec.out"
else
	mkdir -p "$WORK/rec"
	cp "$FIX/x86_64/gcc/kernel-O2.o" "$WORK/rec/k.o"
	printf '# bloatwatch build record v1\ncmd := cc -c k.c\nCONFIG_SMP := n\nCONFIG_NR_CPUS := 1\n' >"$WORK/rec/k.o.cmd"
	printf '\n%s:\nCONFIG_SMP=n\nCONFIG_NR_CPUS=1\n' "$WORK/rec/k.o" >"$WORK/rec.expect"
	"$BW" configs "$WORK/rec/k.o" >"$WORK/rec.out"
	check "configs OBJ prints the build record's CONFIG values (matrix not built: crafted record)" "$WORK/rec.expect" "$WORK/rec.out"
fi
done_testing
