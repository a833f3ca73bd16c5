#!/bin/sh
# Compile one kernel object of the matrix (through ccache when given) and write its build record.
#
#   [MATRIX_CCACHE=ccache] [BW_SAME=OBJ] BW_CC_VERSION=LINE cc.sh OBJ SRC ARCH COMPILER SCENARIO VARIANT COMPILER-COMMAND...
#
# BW_SAME: an object of another coordinate that this command would give byte for byte (the
# sweep's base's, when the flip changes no option the source and its headers read): copied, with
# its dependency file, instead of compiled; the record is written as for a compile.
# Run from the repository root. The debug prefix map makes DW_AT_comp_dir "." so that an object
# does not depend on where the checkout is; the record (<obj>.cmd, docs/matrix.md) writes the
# command as a shell command run from the root, with that directory as a literal $PWD.
set -eu
obj=$1 src=$2 arch=$3 compiler=$4 scen=$5 variant=$6
shift 6
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
	echo "# bloatwatch build record v1"
	echo "cmd := $recorded"
	echo "compiler_version := ${BW_CC_VERSION:?}"
	echo "source := $src"
	echo "object := $obj"
	echo "variant := $variant"
	echo "arch := $arch"
	echo "compiler := $compiler"
	echo "scenario := $scen"
	# The coordinate's options, read in the shell (a sed process per object cost more).
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*) echo "${line%%=*} := ${line#*=}" ;;
		"# CONFIG_"*" is not set") line=${line#"# "} && echo "${line%% *} := n" ;;
		esac
	done <"$dir/config"
} > "$obj.cmd.tmp"
mv "$obj.cmd.tmp" "$obj.cmd"
