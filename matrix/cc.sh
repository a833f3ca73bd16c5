#!/bin/sh
# Compile one kernel object of the matrix (through ccache when given) and write its build record.
#
#   [MATRIX_CCACHE=ccache] [BW_SAME=OBJ] BW_CC_VERSION=LINE cc.sh OBJ SRC COMPILER-COMMAND...
#
# BW_SAME: an object of another coordinate that this command would give byte for byte (the
# sweep's base's, when the flip changes no option the source and its headers read): copied, with
# its dependency file, instead of compiled; the record is written as for a compile.
# Run from the repository root. The debug prefix map makes DW_AT_comp_dir "." so that an object
# does not depend on where the checkout is; the record (<obj>.cmd, docs/matrix.md) writes the
# command as a shell command run from the root, with that directory as a literal $PWD. The record
# says how the object was built (command, compiler, CONFIG); where it sits (arch, compiler,
# config label, variant) is the manifest's (build/matrix.json), said once there.
set -eu
obj=$1 src=$2
shift 2
dir=${obj%/*}
map="-fdebug-prefix-map=$PWD=."
set -- "$@" "$map" -include "$dir/autoconf.h" -MMD -MP -MF "${obj%.o}.d" -c "$src" -o "$obj"
all=$*
recorded="${all%%"$map"*}-fdebug-prefix-map=\$PWD=.${all#*"$map"}"
if [ -n "${BW_SAME:-}" ]; then
	cp "$BW_SAME" "$obj"
	sed -e "1s|^[^:]*:|$obj:|" -e "s|${BW_SAME%/*}/autoconf\.h|$dir/autoconf.h|g" "${BW_SAME%.o}.d" >"${obj%.o}.d"
elif ! ${MATRIX_CCACHE:+"$MATRIX_CCACHE"} "$@"; then
	rm -f "$obj" "$obj.cmd"
	exit 1
fi
{
	printf '# bloatwatch build record v1\ncmd := %s\ncompiler_version := %s\nsource := %s\nobject := %s\n' \
		"$recorded" "${BW_CC_VERSION:?}" "$src" "$obj"
	# The coordinate's options, read in the shell (a sed process per object cost more).
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*) echo "${line%%=*} := ${line#*=}" ;;
		"# CONFIG_"*" is not set") line=${line#"# "} && echo "${line%% *} := n" ;;
		esac
	done <"$dir/config"
} > "$obj.cmd.tmp"
mv "$obj.cmd.tmp" "$obj.cmd"
