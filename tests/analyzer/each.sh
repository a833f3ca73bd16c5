# tests/analyzer/each.sh: bw_each, the analyzer run on each file of a list as if alone (sourced after lib.sh).
# Apart from lib.sh, whose text is part of every oracle output's key: nothing here changes
# what an oracle prints.

# bw_each [-t SECS] OUT LIST ARG...: what `"$BW" ARG... FILE` prints for each FILE of LIST run
# alone: the Nth file's stdout in OUT/N, its stderr in OUT/N.err, its exit status in OUT/N.rc
# (-t: a run killed after SECS a file, status 124, as timeout(1) says a hang). With
# BW_EACH=mark (the sanitized suite, where a process costs ~66 ms, mostly the leak check at
# exit) one `--mark` run reads them all and is split at its "@end STATUS" lines
# (t0110-mark.sh checks that this gives each file's own bytes and status); a run that does
# not end as it should (a crash, a sanitizer's exit status, marks missing or out of place)
# is said on a "#" line and redone one process per file, whose outputs count.
bw_each() {
	_e_t=
	[ "$1" != -t ] || { _e_t=$2; shift 2; }
	_e_out=$1 _e_list=$2
	shift 2
	rm -rf "$_e_out" && mkdir -p "$_e_out" || return 1
	if [ "${BW_EACH:-}" = mark ]; then
		_bw_marked "$_e_out" "$_e_list" "$@" && return 0
		echo "# $* --mark on the $(wc -l <"$_e_list") files of $_e_list: $_e_why; each runs on its own"
		rm -rf "$_e_out" && mkdir -p "$_e_out" || return 1
	fi
	_e_i=0
	while IFS= read -r _e_f; do
		_e_i=$((_e_i + 1))
		${_e_t:+timeout $_e_t} "$BW" "$@" "$_e_f" </dev/null >"$_e_out/$_e_i" 2>"$_e_out/$_e_i.err"
		echo $? >"$_e_out/$_e_i.rc"
	done <"$_e_list"
}

_bw_marked() {	# _bw_marked OUT LIST ARG...: bw_each's one run; else 1, the reason in $_e_why
	_e_out=$1 _e_list=$2 _e_n=0
	shift 2
	set -- "$@" --mark
	while IFS= read -r _e_f; do
		set -- "$@" "$_e_f"
		_e_n=$((_e_n + 1))
	done <"$_e_list"
	${_e_t:+timeout $((_e_t * _e_n))} "$BW" "$@" </dev/null >"$_e_out.marked" 2>"$_e_out.marked-err"
	_e_rc=$?
	_e_why=$(awk -v d="$_e_out" -v n=$_e_n -v rc=$_e_rc '
		{ k = FILENAME == ARGV[1] ? 1 : 2; i = marks[k] + 1; f = d "/" i (k == 2 ? ".err" : "") }
		/^@end [0-9]+$/ {
			if (i > n) { bad = "more marks than files"; exit }
			if (!((k, i) in seen))
				printf "" >f
			close(f)
			st[k, i] = $2
			marks[k]++
			next
		}
		i > n { bad = "output after the last mark"; exit }
		{ print >f; seen[k, i] = 1 }
		END {
			if (bad == "" && (marks[1] != n || marks[2] != n))
				bad = sprintf("%d marks on stdout and %d on stderr", marks[1], marks[2])
			top = 0
			for (i = 1; bad == "" && i <= n; i++) {
				if (st[1, i] != st[2, i])
					bad = "file " i ": status " st[1, i] " on stdout, " st[2, i] " on stderr"
				top = st[1, i] > top ? st[1, i] : top
				print st[1, i] >(d "/" i ".rc")
				close(d "/" i ".rc")
			}
			if (bad == "" && rc != top)
				bad = "exit status " rc ", the highest of the files being " top
			print bad
		}' "$_e_out.marked" "$_e_out.marked-err")
	rm -f "$_e_out.marked" "$_e_out.marked-err"
	[ -z "$_e_why" ]
}
