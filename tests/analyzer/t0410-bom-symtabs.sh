#!/bin/sh
# diff --exact against the kernel's scripts/bloat-o-meter on generated symbol tables: every nm
# letter gas makes, the names getsizes() rewrites or skips, ties; objects, archives (plain and
# thin, pooled as nm lists them) and a module (ld -r with .modinfo), 64- and 32-bit.
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd "$WORK" || exit 1
if ! bom_scripts; then
	skip "bloat-o-meter on generated symbol tables: $bom_why"
	done_testing
	exit
fi
# The tables, made once for both suites (shared like the oracle outputs): for each seed and
# width, st<seed>-<width>/: objects, archives (plain and thin) and modules of both sides.
tables() (	# tables SYMTABS.PY: builds into $oracle_tmp
	cd "$oracle_tmp" || exit 1
	for seed in 1 2 3; do
		for m in 64 32; do
			d=st$seed-$m
			/usr/bin/python3 "$1" $seed "$d" || exit 1
			for f in "$d"/*.s; do
				as --$m "$f" -o "${f%.s}.o" || exit 1
			done
			for side in old new; do
				(cd "$d" && ar rcs $side.a $side-a.o $side-b.o && ar rcT $side-thin.a $side-a.o $side-b.o &&
					ld -m $([ $m = 64 ] && echo elf_x86_64 || echo elf_i386) -r -o $side.ko $side-a.o $side-b.o $side-mod.o) ||
					exit 1
			done
		done
	done
)
oracle -t as -t ar -t ld tables "$here/symtabs.py" && [ "$oracle_rc" -eq 0 ] || exit 1
t=$oracle_dir
for seed in 1 2 3; do
	for m in 64 32; do
		d=$t/st$seed-$m
		for opts in "" "-c" "-d" "-t"; do
			bom_check "seed $seed, ${m}-bit: objects" "$opts" "$d/old-a.o" "$d/new-a.o"
		done
		bom_check "seed $seed, ${m}-bit: archives" "" "$d/old.a" "$d/new.a"
		bom_check "seed $seed, ${m}-bit: thin archives" "-c" "$d/old-thin.a" "$d/new-thin.a"
		bom_check "seed $seed, ${m}-bit: modules" "" "$d/old.ko" "$d/new.ko"
		bom_check "seed $seed, ${m}-bit: modules" "-c" "$d/old.ko" "$d/new.ko"
	done
done
# The tables do see every letter: each letter of the symbol tables appears in nm's output.
oracle nm --size-sort "$t/st1-64/old.ko" "$t/st1-64/new.ko" "$t/st2-64/old.ko" "$t/st3-64/new.ko"
letters=$(awk 'NF == 3 { print $2 }' "$oracle_out" | sort -u | tr -d '\n')
[ "$letters" = "BCDENRTVWbdinprtu" ] && ok "generated tables hold every letter gas makes ($letters)" ||
	not_ok "letters seen: $letters"
done_testing
