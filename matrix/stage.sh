#!/bin/sh
# Print one progress line for a stage of a long run: "NAME: TEXT (S.s s)".
#
#   stage.sh NAME T0 TEXT...     T0: the stage's start, seconds since the epoch (date +%s.%N)
#
# Shared by the make stages (packages, matrix, analysis, sweep) and any script that wants the
# same format; stdout, one line, nothing else.
name=$1 t0=$2
shift 2
awk -v name="$name" -v t0="$t0" -v now="$(date +%s.%N)" -v text="$*" \
	'BEGIN { printf "%s: %s (%.1f s)\n", name, text, now - t0 }'
