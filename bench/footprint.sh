#!/bin/sh
# Print the RCU footprint of every built matrix coordinate: shared rcupdate.o + each variant's object.
#
#   footprint.sh BUILD_DIR COORD...      (COORD = arch/compiler/scenario, from `make matrix-list`)
#
# Sizes are binutils size(1) Berkeley figures (text, data, bss). Rows are grouped by variant
# (the folder of the source each object's build record names); the total is rcupdate.o plus
# the variant's objects, the way the article's table adds them. Ends with the article's reference figures.
set -eu
build=$1
shift
size_of() { size "$1" | awk 'NR == 2 { print $1, $2, $3, $4 }'; }
totals=""	# "arch cc NN variant total" per row, for the side-by-side table
printf '%-8s %-6s %-9s %-8s %-22s %-26s %6s\n' arch cc scenario variant \
	"rcupdate.o t/d/b=sum" "variant object t/d/b=sum" total
for coord in "$@"; do
	dir="$build/$coord"
	arch=${coord%%/*}; rest=${coord#*/}; cc=${rest%%/*}; scen=${rest#*/}
	[ -f "$dir/rcupdate.o" ] || { echo "footprint.sh: $dir/rcupdate.o: not built (run make objects)" >&2; exit 1; }
	set -- $(size_of "$dir/rcupdate.o")
	ct=$1 cd=$2 cb=$3 csum=$4
	for cmd in "$dir"/*.o.cmd; do
		variant=$(sed -n 's|^source := \([^/]*\)/.*|\1|p' "$cmd")	# the source's folder
		[ "$variant" = common ] && continue
		obj=${cmd%.cmd}
		set -- $(size_of "$obj")
		printf '%-8s %-6s %-9s %-8s %-22s %-26s %6d\n' "$arch" "$cc" "$scen" "$variant" \
			"$ct/$cd/$cb=$csum" "$(basename "$obj") $1/$2/$3=$4" $((csum + $4))
		totals="$totals$arch $cc $(printf '%s' "$scen" | sed 's/^[A-Z]*//') $variant $((csum + $4))
"
	done
done
# Side by side: the variants' totals at the same coordinate, scenario numbers lined up
# (NN 01-04 are UP !P/!NZ, !P/NZ, P/!NZ, P/NZ for every variant; 05-08 SMP 4 CPUs, 09-12
# SMP 4096 CPUs in the same order, where the variant has them).
echo
printf '%s' "$totals" | awk '
	{ key = $1 " " $2 " " $3; if (!(key in seen)) { seen[key] = 1; keys[++n] = key }
	  tot[key, $4] = $5; if (!($4 in vseen)) { vseen[$4] = 1; vars[++nv] = $4 } }
	END {
		if (!n) exit
		printf "Side by side, total bytes (rcupdate.o + variant object):\n%-8s %-6s %-3s", "arch", "cc", "NN"
		for (v = 1; v <= nv; v++) printf " %9s", vars[v]
		printf "\n"
		for (i = 1; i <= n; i++) {
			split(keys[i], k, " ")
			printf "%-8s %-6s %-3s", k[1], k[2], k[3]
			for (v = 1; v <= nv; v++)
				printf " %9s", ((keys[i], vars[v]) in tot) ? tot[keys[i], vars[v]] : "-"
			printf "\n"
		}
	}'
echo
echo "Reference: the article's Tiny RCU (2009) totals 929 bytes (rcupdate.o 294/12/24 + rcutiny.o"
echo "563/36/0); today's Linux Tiny RCU (tiny.o + update.o, no rcu_bh, no dynticks) is 816 on i386"
echo "with gcc 12. Classic RCU 1824, hierarchical RCU 3167 in the same table."
