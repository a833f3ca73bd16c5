# tests/analyzer/lib.sh: TAP helpers shared by the t*.sh analyzer tests (sourced, not run).
# Environment: BW (the analyzer binary), FIX (fixtures dir), WORK (scratch dir), TOP (repo root).
: "${WORK:?run the analyzer tests through make test-analyzer (BW, FIX, WORK, TOP)}"
n=0
failed=0

ok() {
	n=$((n + 1))
	echo "ok $n - $*"
}

not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $*"
}

skip() {
	n=$((n + 1))
	echo "ok $n - # SKIP $*"
}

# check DESCRIPTION EXPECTED-FILE ACTUAL-FILE: pass when identical, else show the diff.
check() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	else
		not_ok "$1"
		diff -u "$2" "$3" | head -20 | sed 's/^/# /'
	fi
}

done_testing() {
	[ $((oracle_computed + oracle_reused)) -eq 0 ] ||
		echo "# oracle outputs: $oracle_computed computed here, $oracle_reused reused (computed earlier or by the twin suite)"
	echo "1..$n"
	[ "$failed" -eq 0 ]
}

# Inputs shared by the oracle tests, one path per line. FIX names the fixtures' snapshot (the
# end of this file).
fixture_files() {
	find "$FIX" -type f ! -name '*.txt' ! -name '.*' | sort
}

# Objects of the build matrix, as its manifest build/matrix.json lists them (empty until
# `make objects` wrote it).
matrix_objects() {
	[ -f "$TOP/build/matrix.json" ] || return 0
	/usr/bin/python3 -c 'import json, sys
for c in json.load(open(sys.argv[1]))["coordinates"]:
    for o in c["objects"]:
        print(sys.argv[2] + "/" + o["path"])' "$TOP/build/matrix.json" "$TOP" | sort
}

system_files() {
	grep -v '^#' "$TOP/tests/analyzer/system-files.txt" | while read -r f; do
		[ -f "$f" ] && echo "$f"
	done
}

# Files of LIST that binutils reads without their architecture (objdump -f: UNKNOWN!): a
# single-target binutils reads foreign objects as generic ELF, and its nm then lists what the
# target's rules hide (riscv64's .L local labels). binutils-multiarch knows every matrix arch.
unknown_arch() {	# unknown_arch LIST
	oracle -i "$1" -t objdump xargs -r objdump -f || return 1
	awk '/:     file format /{f=$0; sub(/:     file format .*/, "", f)}
		/^architecture: UNKNOWN!/{print f}' "$oracle_out"
}

# symtab_split LIST YES NO: the files of LIST with a .symtab (readelf -SW lists one; archives
# always) go to YES, the others to NO. One readelf for the list: the /dev/null beside each
# batch keeps readelf's "File:" headers when xargs passes it a single file.
symtab_split() {
	oracle -i "$1" -t readelf xargs readelf -SW /dev/null || return 1
	awk -v yes="$2" -v no="$3" '
		FNR == NR { if (/^File: /) f = substr($0, 7); else if (/\] \.symtab /) has[f] = 1; next }
		{ print > ((/\.a$/ || ($0 in has)) ? yes : no) }' "$oracle_out" "$1"
}

# A copy of the matrix objects (same relative paths under a snapshot directory of the store):
# both tools then read the same bytes even while another make rebuilds the tree, and the
# oracles' outputs on them are computed once, for both suites and for every clone of the tree.
matrix_snapshot() {
	matrix_objects >"$WORK/tree.list"
	[ -s "$WORK/tree.list" ] || return 0
	snapshot "$TOP" "$WORK/tree.list" && cat "$oracle_dir/list"
}

# snapshot ROOT LIST: the files of LIST (paths under ROOT) copied to the same relative paths
# under $oracle_dir/files, a store entry keyed by their contents; $oracle_dir/list names them.
snapshot() {
	{
		echo "$_oracle_base"
		echo "snapshot of:"
		sed "s|^$1/||" "$2" | (cd "$1" && _oracle_ids)
	} >"$WORK/snap.key"
	_o_kind=snap
	if ! _oracle_entry "$WORK/snap.key" _snapshot_copy "$1" "$2" || [ ! -f "$oracle_dir/key" ]; then
		echo "not ok - snapshot: could not copy the files of $2 into $ORACLE/snap" >&2
		return 1
	fi
}

_snapshot_copy() {	# builder of snapshot
	mkdir "$oracle_tmp/files" &&
		sed "s|^$1/||" "$2" | (cd "$1" && xargs -r -d '\n' cp --parents -t "$oracle_tmp/files") &&
		sed "s|^$1/|$oracle_final/files/|" "$2" >"$oracle_tmp/list"
}

# The kernel's own scripts/bloat-o-meter (Linux 6.1, from tests/kernel/linux.sh src) in $BOM, and
# $BOM_UP: that script with the current upstream's letter tables (the one change since 6.1: weak
# symbols w W v V counted), for --upstream. Return 1 with the reason in $bom_why when unavailable.
bom_scripts() {
	[ -n "${BOM:-}" ] && return 0
	src=$(bash "$TOP/tests/kernel/linux.sh" src 2>"$WORK/linux-src.log")
	rc=$?
	if [ $rc -ne 0 ] || [ ! -f "$src/scripts/bloat-o-meter" ]; then
		bom_why="no Linux 6.1 tree (tests/kernel/linux.sh src: exit $rc, $(tail -n 1 "$WORK/linux-src.log"))"
		return 1
	fi
	BOM=$src/scripts/bloat-o-meter
	# Made once for both suites, so that the outputs of the runs of it are shared too.
	oracle sed -e 's/print_result("Function", "tT")/print_result("Function", "tTwW")/' \
	    -e 's/print_result("Data", "dDbB")/print_result("Data", "dDbBvV")/' \
	    -e 's/print_result("Data", "dDbBrR")/print_result("Data", "dDbBrRvV")/' \
	    -e 's/print_result("Function", "tTdDbBrR")/print_result("Function", "tTdDbBrRvVwW")/' \
	    "$BOM"
	BOM_UP=$oracle_out
	if [ "$(grep -c 'print_result("[A-Za-z ]*", "[a-zA-Z]*")' "$BOM_UP")" != 6 ] ||
	   [ "$(grep -c 'wW\|vV' "$BOM_UP")" != 5 ]; then
		bom_why="the 6.1 script's print_result() lines are not the expected ones"
		BOM=
		return 1
	fi
	echo "# oracle: $BOM (the kernel's script, Linux 6.1); --upstream: the same with the current letter tables"
	export BOM BOM_UP
}

# bom_check DESCRIPTION SCRIPT-OPTIONS OLD NEW: our diff --exact against the 6.1 script and,
# with --upstream, against the upstream tables, byte for byte.
bom_check() {
	desc=$1 opts=$2
	ours=$(echo " $opts" | sed 's/ -d/ --data/; s/ -t/ --text/')
	oracle -t nm /usr/bin/python3 "$BOM" $opts "$3" "$4"
	"$BW" diff --exact $ours "$3" "$4" >bom.actual 2>bom.err
	check "$desc${opts:+ ($opts)}" "$oracle_out" bom.actual
	oracle -t nm /usr/bin/python3 "$BOM_UP" $opts "$3" "$4"
	"$BW" diff --exact --upstream $ours "$3" "$4" >bom.actual 2>bom.err
	check "$desc${opts:+ ($opts)}, --upstream" "$oracle_out" bom.actual
}

# fixture KIND ARGS...: a Linux 6.1 build from tests/kernel/linux.sh (CONTRACTS.md contract 3),
# its directory in $dir; else a visible SKIP with the reason and a non-zero return.
fixture() {
	dir=$(bash "$TOP/tests/kernel/linux.sh" "$@" 2>"$WORK/linux.log")
	rc=$?
	[ $rc -eq 0 ] && return 0
	skip "linux.sh $*: exit $rc ($(tail -n 1 "$WORK/linux.log"))"
	return 1
}

# ---- Oracle outputs, computed once for both suites ----
# An oracle's output does not depend on the analyzer under test, so test-analyzer and
# test-analyzer-san share it: the first suite to need one computes it into $ORACLE/out/<key>
# under an flock while the other waits, then reads it; later runs reuse it while nothing it
# depends on has changed. The key (sha256) holds the command line; the tools (the command and
# each -t TOOL as found on PATH); every input (each argument or -i LIST line that names a file,
# -d files, the members of a thin archive); the working directory when an input path is
# relative; the environment that steers the tools (locale, PATH, HOME, PYTHON*, LD_*,
# GNUTARGET, POSIXLY_CORRECT, TZ); dpkg's status file and ld.so.cache (any package or library
# change); lib.sh and, when the command is a shell function, the test script. A file in the
# checkout ($TOP) counts by its content and its path under the checkout, a snapshot's file by
# its path (see _oracle_ids), any other file (the kernel fixtures, system files) by its path,
# type, size, inode, device, mtime and ctime to the nanosecond. The checkout's path is written
# @TOP@ in the key, so that another clone of the same tree finds the same entries: the store
# lives outside the checkout ($BW_CACHE/oracle, the Makefile's AN_ORACLE). An output that
# names the checkout it was made in is kept for that checkout only. An output is kept unless
# the command was killed (status 128 or more). Entries unused for a day (snapshots: an hour)
# are removed. The analyzer side is never cached.
ORACLE=${ORACLE:-$WORK/oracle}
oracle_computed=0 oracle_reused=0
_oracle_stat='%n|%F|%s|%i|%d|%.9Y|%.9Z'
_oracle_lib=$(cd "$(dirname "$0")" && pwd)/lib.sh
_oracle_script=$(cd "$(dirname "$0")" && pwd)/${0##*/}
_oracle_base=$(
	echo "bloatwatch analyzer oracle v2"
	stat -L -c "$_oracle_stat" /var/lib/dpkg/status /etc/ld.so.cache 2>&1
	echo "lib.sh $(sha256sum <"$_oracle_lib")"
)
# The checkout in sed patterns, and the suffix of the entries kept for it alone.
_oracle_top=$(printf '%s\n' "$TOP" | sed 's/[][\\.*^$|]/\\&/g')
_oracle_mine=$(printf '%s\n' "$TOP" | sha256sum | cut -c1-16)
mkdir -p "$ORACLE/out" "$ORACLE/snap" || exit 1
for _o_kind in "out 1440" "snap 60"; do
	find "$ORACLE/${_o_kind% *}" -maxdepth 1 \( -name '*.lock' -mmin +"${_o_kind#* }" -o -name '*.tmp.*' -mmin +60 \) |
		while IFS= read -r _o_f; do rm -rf "${_o_f%.lock}" "${_o_f%.lock}".top-* "$_o_f"; done
done
# tests/analyzer/structs/batch.py's pahole outputs, touched when read.
[ ! -d "$ORACLE/structs" ] || find "$ORACLE/structs" -maxdepth 1 -type f -mmin +1440 -delete

# oracle [-i LIST] [-t TOOL]... [-d FILE]... CMD ARG...: CMD's standard output in the file
# $oracle_out (stdin: LIST, one input file per line, else /dev/null; stderr in
# $oracle_dir/err), its exit status in $oracle_rc. A shell function as CMD may leave files in
# $oracle_tmp: they are in $oracle_dir afterwards.
oracle() {
	_oracle out "$@"
}

# oracle_each -i LIST [-t TOOL]... [-d FILE]... CMD ARG...: CMD ARG... FILE for each FILE of
# LIST, one process each; the standard output of the Nth in the file $oracle_out/N.
oracle_each() {
	_oracle each "$@"
}

_oracle() {
	_o_mode=$1 _o_list='' _o_tools='' _o_deps=''
	shift
	while :; do
		case $1 in
		-i) _o_list=$2 ;;
		-t) _o_tools="$_o_tools $2" ;;
		-d) _o_deps="$_o_deps $2" ;;
		*) break ;;
		esac
		shift 2
	done
	# Until it succeeds, the output is a file that does not exist: a check against it fails.
	oracle_dir=$WORK/.oracle-failed oracle_out=$WORK/.oracle-failed oracle_rc=''
	_o_kf=$WORK/.oracle-key.$$
	_oracle_key "$_o_kf" "$@" || return 1
	_o_kind=out
	if [ -n "$_o_uncached" ]; then
		# A directory among the inputs: its stat does not tell its contents apart.
		oracle_dir=$WORK/.oracle-uncached oracle_tmp=$WORK/.oracle-uncached oracle_final=$WORK/.oracle-uncached
		rm -rf "$oracle_dir" && mkdir -p "$oracle_dir" && "_oracle_$_o_mode" "$@"
		oracle_computed=$((oracle_computed + 1))
	else
		_oracle_entry "$_o_kf" "_oracle_$_o_mode" "$@" || { oracle_dir=$WORK/.oracle-failed; return 1; }
	fi
	if [ "$_o_mode" = out ]; then
		oracle_out=$oracle_dir/out
		read -r oracle_rc <"$oracle_dir/rc"
	else
		oracle_out=$oracle_dir
	fi
}

_oracle_out() {	# builder: the command's output and status
	if [ -n "$_o_list" ]; then "$@" <"$_o_list"; else "$@" </dev/null; fi >"$oracle_tmp/out" 2>"$oracle_tmp/err"
	_o_rc=$?
	echo $_o_rc >"$oracle_tmp/rc"
	return $((_o_rc >= 128))
}

_oracle_each() {	# builder: one run per listed file
	_o_i=0
	while IFS= read -r _o_f; do
		_o_i=$((_o_i + 1))
		"$@" "$_o_f" </dev/null >"$oracle_tmp/$_o_i" 2>/dev/null
		[ $? -lt 128 ] || return 1
	done <"$_o_list"
}

# _oracle_key KEYFILE CMD ARG...: write the key text of this run (see above); $_o_uncached is
# set when an input is a directory.
_oracle_key() {
	_o_kf=$1 _o_uncached=''
	shift
	{
		echo "$_oracle_base"
		env | grep -E '^(LC_[A-Z_]*|LANG|LANGUAGE|PATH|HOME|PYTHON[A-Z_]*|LD_[A-Z_]*|GNUTARGET|POSIXLY_CORRECT|TZ)=' | sort
		echo "mode $_o_mode"
		# One line per argument, its newlines as \001, its length counted with @TOP@ in it.
		printf '%s\0' "$@" | tr '\n\0' '\001\n' | sed "s|$_oracle_top|@TOP@|g" |
			awk '{ printf "arg %d:%s\n", length($0), $0 }'
		[ -z "$_o_list" ] || { echo "list"; cat "$_o_list"; }
	} >"$_o_kf" || return 1
	{
		_o_w=$(command -v "$1")
		case $_o_w in
		*/*) echo "$_o_w" ;;
		*) echo "$_oracle_script" ;;	# a shell function: the test script defines it
		esac
		for _o_w in $_o_tools; do
			_o_w=$(command -v "$_o_w") && echo "$_o_w"
		done
		for _o_w in $_o_deps; do
			echo "$_o_w"
		done
		shift
		for _o_w in "$@"; do
			if [ -d "$_o_w" ]; then
				_o_uncached=1
			elif [ -e "$_o_w" ]; then
				echo "$_o_w"
			fi
		done
		[ -z "$_o_list" ] || cat "$_o_list"
	} >"$_o_kf.in"
	grep -q '^[^/]' "$_o_kf.in" && echo "cwd $(pwd)" >>"$_o_kf"
	# A thin archive's members are read from their own files (ar t names them from here).
	grep '\.a$' "$_o_kf.in" | while IFS= read -r _o_w; do
		IFS= read -r _o_m <"$_o_w" 2>/dev/null && [ "$_o_m" = '!<thin>' ] && ar t "$_o_w"
	done >"$_o_kf.thin"
	_oracle_ids <"$_o_kf.in" >>"$_o_kf"
	[ ! -s "$_o_kf.thin" ] || { echo "thin archive members"; _oracle_ids <"$_o_kf.thin"; } >>"$_o_kf"
	sed -i "s|$_oracle_top|@TOP@|g" "$_o_kf"
}

# _oracle_ids: for each path on stdin (relative ones from here), what tells its content apart:
# sha256 for a file in the checkout; the path alone for a snapshot's file (the snapshot is
# named by its files' contents and never written after, so a pruned one made again keeps its
# outputs); stat for any other (its inode and times are the same for every clone that reads it).
_oracle_ids() {
	awk -v top="$TOP/" -v snap="$ORACLE/snap/" -v here="$(pwd)/" '{
		p = /^\// ? $0 : here $0
		print (index(p, top) == 1 ? "T" : index(p, snap) == 1 ? "P" : "S") $0 }' >"$WORK/.oracle-ids.$$"
	sed -n 's/^S//p' "$WORK/.oracle-ids.$$" | xargs -r -d '\n' stat -L -c "$_oracle_stat" 2>&1
	sed -n 's/^P/snapshot /p' "$WORK/.oracle-ids.$$"
	sed -n 's/^T//p' "$WORK/.oracle-ids.$$" | xargs -r -d '\n' sha256sum 2>&1
	rm -f "$WORK/.oracle-ids.$$"
}

# _oracle_entry KEYFILE BUILDER ARG...: the entry of that key in $oracle_dir ($ORACLE/$_o_kind/
# <sha256>), made by BUILDER ARG... into $oracle_tmp (named $oracle_final once done) unless it
# exists; under the entry's flock, so that a twin suite waits for it instead of computing it too.
# An output that names this checkout's path (nm and size print the files they read) is kept
# as <sha256>.top-<checkout> instead, for this checkout alone: the same key in another clone
# computes its own. A snapshot is a copy of files keyed by their contents, shared whatever
# they contain.
_oracle_entry() {
	_o_sum=$(sha256sum <"$1") || return 1
	_o_entry=$ORACLE/$_o_kind/${_o_sum%% *}
	_oracle_found && { : >"$_o_entry.lock"; return 0; }	# in use: not idle
	_o_key=$1
	shift
	{
		flock -w 1800 9 || return 1
		_oracle_found && return 0
		oracle_tmp=$_o_entry.tmp.$$ oracle_final=$_o_entry
		rm -rf "$oracle_tmp" && mkdir -p "$oracle_tmp" || return 1
		oracle_computed=$((oracle_computed + 1))
		if ! "$@"; then
			oracle_dir=$oracle_tmp	# killed: this run reads it, none keeps it
			return 0
		fi
		cp "$_o_key" "$oracle_tmp/key" || return 1
		if [ "$_o_kind" = out ] && grep -rqF -e "$TOP" "$oracle_tmp"; then
			oracle_dir=$_o_entry.top-$_oracle_mine
			echo "top $TOP" >>"$oracle_tmp/key"
		fi
		rm -rf "$oracle_dir" && mv "$oracle_tmp" "$oracle_dir"
	} 9>"$_o_entry.lock"
}

_oracle_found() {	# $oracle_dir: the entry of $_o_entry for any checkout, else for this one; when
			# neither exists (status 1), $_o_entry, where _oracle_entry makes it
	for oracle_dir in "$_o_entry" "$_o_entry.top-$_oracle_mine"; do
		if [ -f "$oracle_dir/key" ]; then
			oracle_reused=$((oracle_reused + 1))
			return 0
		fi
	done
	oracle_dir=$_o_entry
	return 1
}

# The fixtures as the oracles read them: a snapshot in the store (see snapshot), so that their
# outputs name the same paths in every clone of the tree.
fixture_files >"$WORK/.fixtures.list"
if [ -s "$WORK/.fixtures.list" ]; then
	snapshot "$FIX" "$WORK/.fixtures.list" || exit 1
	FIX=$oracle_dir/files
	oracle_computed=0 oracle_reused=0
fi
