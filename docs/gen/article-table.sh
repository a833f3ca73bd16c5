#!/bin/sh
# docs/gen/article-table.sh: the article's table as `make report` writes it (the head of
# reports/out/footprint.txt), from this checkout's i386/gcc objects recorded into a scratch
# database; the commit id is written COMMIT so the block does not go stale with every commit.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin/bloatwatch --db "$tmp/bw.db" record build/i386/gcc/*/*.o >/dev/null 2>"$tmp/err" || {
	cat "$tmp/err" >&2; exit 1; }
bin/bloatwatch --db "$tmp/bw.db" report --out "$tmp/out" --text-only -q
# The first table and its closing sentences: up to the second table's title line.
awk 'NR > 1 && /^[a-z0-9_]+\/[a-z]+ / { exit } { print }' "$tmp/out/footprint.txt" |
	sed -E 's/ at [0-9a-f]{12}(-dirty)?/ at COMMIT/g'
