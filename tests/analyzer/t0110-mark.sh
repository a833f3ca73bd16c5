#!/bin/sh
# --mark: one run over many files gives each file the stdout, stderr and exit status of its own run.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/each.sh"
cd "$WORK" || exit 1

# Fixtures (objects, archives, linked images of every arch and compiler) and bad files between
# them: every fourth fixture, every sixteenth in the sanitized suite (BW_EACH=mark), whose
# processes cost ~66 ms each before they read anything.
step=4
[ "${BW_EACH:-}" != mark ] || step=16
rm -rf bad && mkdir -p bad/dir || exit 1
echo 'not an object' >bad/text.o
head -c 1000 "$FIX/x86_64/gcc/kernel-O2.o" >bad/cut.o
fixture_files | awk -v k=$step '(NR - 1) % k == 0 { print } NR == 3 { print "bad/text.o"; print "bad/missing.o" }
	END { print "bad/cut.o"; print "bad/dir" }' >mark.list
files=$(wc -l <mark.list)

# each MODE-OPTIONS: one process per file against one --mark run, every output compared.
each() {
	BW_EACH= bw_each alone mark.list "$@"
	rm -rf marked && mkdir marked || exit 1
	if ! _bw_marked marked mark.list "$@"; then
		not_ok "$* --mark on $files files: $_e_why"
	elif diff -r alone marked >mark.diff; then
		ok "$* --mark = $* on each file alone: stdout, stderr and status of $files files"
	else
		not_ok "$* --mark differs from $* on each file alone"
		head -20 mark.diff | sed 's/^/# /'
	fi
}
each size -A
each symbols
each symbols --no-demangle
each configs
each all

# A bad file among good ones: its own error line naming it and status 1, the files after it
# still printed, the run's exit status 1.
good=$FIX/arm/gcc/kernel-O2.o
"$BW" size --mark "$good" bad/text.o "$good" >mark.out 2>mark.err
rc=$?
printf '@end 0\nbloatwatch-analyze: bad/text.o: file format not recognized\n@end 1\n@end 0\n' >want.err
if [ $rc -eq 1 ] && cmp -s want.err mark.err && [ "$(grep -c "$good\$" mark.out)" -eq 2 ] &&
	[ "$(grep '^@end' mark.out | tr '\n' ' ')" = '@end 0 @end 1 @end 0 ' ]; then
	ok "a bad file among others: its own error naming it, status 1, the next file still read, exit 1"
else
	not_ok "a bad file among others (exit $rc)"
	sed 's/^/# /' mark.out mark.err
fi
"$BW" diff --mark "$good" "$good" >mark.out 2>mark.err
rc=$?
echo 'bloatwatch-analyze diff: --mark runs each operand alone: not for OLD NEW' >want.err
[ $rc -eq 2 ] && cmp -s want.err mark.err && [ ! -s mark.out ] &&
	ok "diff --mark: a usage error (it compares two operands), exit 2" ||
	not_ok "diff --mark: exit $rc, $(cat mark.err)"
done_testing
