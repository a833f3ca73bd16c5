#!/bin/sh
# Print one progress line for a stage of a long run: "NAME: TEXT (S.s s)".
#
#   stage.sh NAME T0 TEXT...     T0: the stage's start, seconds since the epoch (date +%s.%N)
#
# Shared by the make stages (packages, matrix, analysis, sweep) and any script that wants the
# same format; stdout, one line, nothing else. The arithmetic is the shell's (in milliseconds):
# an awk per line cost a process at every no-op `make report`.
name=$1 t0=$2
shift 2
# ms SECONDS[.FRACTION]: ms=milliseconds ("1$f - 1000" keeps a fraction's leading zeros decimal)
ms() {
	s=${1%%.*} f=${1#*.}
	[ "$f" = "$1" ] && f=
	f=${f}000
	f=${f%"${f#???}"}
	ms=$((s * 1000 + 1$f - 1000))
}
ms "$t0" && start=$ms && ms "$(date +%s.%N)"
d=$((ms - start + 50))
printf '%s: %s (%d.%d s)\n' "$name" "$*" $((d / 1000)) $((d % 1000 / 100))
