#!/bin/sh
# docs/gen/article-table.sh: the article's table as `make report` writes it (the head of
# reports/out/footprint.txt), from this checkout's i386/gcc objects recorded into a scratch
# database under HEAD (never -dirty, so line wrapping does not depend on the tree); the commit
# id is written COMMIT so the block does not go stale with every commit.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin/bloatwatch --db "$tmp/bw.db" record --rev HEAD build/i386/gcc/*/*.o >/dev/null 2>"$tmp/err" || {
	cat "$tmp/err" >&2; exit 1; }
bin/bloatwatch --db "$tmp/bw.db" report --out "$tmp/out" --text-only -q
# The first section of the report: between the 2nd and 3rd title (a title is framed by two
# lines of '='), blank lines at both ends dropped.
awk '/^=+$/ { n++; next } n == 4 { print } n > 4 { exit }' "$tmp/out/footprint.txt" |
	sed -E 's/ at [0-9a-f]{12}(-dirty)?/ at COMMIT/g' |
	sed -e '/./,$!d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'
