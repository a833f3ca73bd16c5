#!/bin/sh
# The generated makefile when matrix/gen.py failed: no rules, and the error for whoever needs them.
#
#   gen-failed.sh PREFIX ERRFILE > BUILD/<prefix>.gen.mk
#
# Make must still parse (on a fresh machine `make deps` has to run before Python and the
# compilers exist); the objects become one target that prints the error and fails. The data
# files and $(BUILD)/matrix.env are prerequisites of the generated file, so fixing the cause
# regenerates it.
prefix=$1 err=$2
lower=$(echo "$prefix" | tr 'A-Z' 'a-z')
msg=$(grep -v '^[[:space:]]*$' "$err" | head -n 3 | tr '\n' ' ' | sed 's/ *$//; s/\$/$$/g')
[ -n "$msg" ] || msg="matrix/gen.py failed without a message"
echo "# matrix/gen.py failed; this file stands in for its rules (matrix/gen-failed.sh)"
echo "${prefix}_GEN_ERROR := $msg"
echo "${prefix}_COORDS :="
echo "${prefix}_OBJS := ${lower}-gen-error"
echo "${prefix}_MISSING :="
echo "${prefix}_EXCLUDED :="
