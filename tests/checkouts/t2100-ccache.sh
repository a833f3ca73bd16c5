#!/bin/sh
# Builds in two other checkouts (TAP): the second is all ccache hits, and the objects and build
# records are byte-identical in all three places (no checkout path in either).
#
#   t2100-ccache.sh BUILD_DIR MAKE        (after make objects; two arch/compiler pairs are rebuilt)
set -u
build=$1 make=$2
pairs="x86_64/gcc arm/clang"
tmp=$(cd "$build" && pwd)/tests/ccache
. "$(dirname "$0")/../matrix/lib.sh"
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

echo "TAP version 13"
if ! command -v ccache >/dev/null 2>&1; then
	skip "a build in another checkout is all ccache hits" "ccache is not installed (make deps)"
	skip "objects and records are identical across checkouts" "ccache is not installed (make deps)"
	echo "1..$n"
	exit 0
fi

# Every pair of the matrix but $pairs is excluded, to keep the rebuild small.
exclude=$(grep -v '^[[:space:]]*#' matrix/ARCHES | grep -v '^[[:space:]]*$' | cut -d'|' -f1 | tr -d ' ' |
	while read -r a; do for c in $(grep -v '^[[:space:]]*#' matrix/COMPILERS); do echo "$a/$c"; done; done |
	grep -vxF "$(printf '%s\n' $pairs)" | tr '\n' ' ')
rm -rf "$tmp"
for copy in a b; do
	mkdir -p "$tmp/$copy"
	git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$tmp/$copy" 2>/dev/null
	$make --no-print-directory -C "$tmp/$copy" objects MATRIX_EXCLUDE="$exclude" > "$tmp/$copy.log" 2>&1 ||
		{ sed 's/^/# /' "$tmp/$copy.log" | tail -n 5; }
done

hits_ok() {
	got=$(sh matrix/ccache-stats.sh "$tmp/b/build/ccache-stats.log")
	echo "# second checkout: $got"
	objs=$(cd "$tmp/b" && find build -name '*.o' -path 'build/*/*/*/*.o' | wc -l)
	[ "$objs" -eq 120 ] && [ "$got" = "120 compiled (120 ccache hits, 0 misses)" ]
}
check "a build in another checkout is all ccache hits" hits_ok

same_ok() {
	for pair in $pairs; do
		for f in $(cd "$tmp/b" && find "build/$pair" -name '*.o' -o -name '*.o.cmd'); do
			cmp -s "$tmp/a/$f" "$tmp/b/$f" && cmp -s "$tmp/b/$f" "$f" || { echo "# $f differs"; return 1; }
		done
	done
}
check "objects and records are identical across checkouts" same_ok
rm -rf "$tmp"

done_testing
