#!/bin/sh
# Compile one kernel object of the matrix and write its build record (<obj>.cmd) beside it.
#
#   cc.sh OBJ SRC ARCH COMPILER SCENARIO VARIANT COMPILER-COMMAND...
#
# The record format is matrix/README.md's: the exact command as run, the compiler's
# version line, the coordinate, and every CONFIG_ of the resolved configuration.
set -eu
obj=$1 src=$2 arch=$3 compiler=$4 scen=$5 variant=$6
shift 6
dir=$(dirname "$obj")
dep=${obj%.o}.d
set -- "$@" -include "$dir/autoconf.h" -MMD -MP -MF "$dep" -c "$src" -o "$obj"
if ! "$@"; then
	rm -f "$obj" "$obj.cmd"
	exit 1
fi
version=$("$1" --version | head -n 1)
{
	echo "# bloatwatch build record v1"
	echo "cmd := $*"
	echo "compiler_version := $version"
	echo "source := $src"
	echo "object := $obj"
	echo "variant := $variant"
	echo "arch := $arch"
	echo "compiler := $compiler"
	echo "scenario := $scen"
	sed 's/=/ := /' "$dir/config"
} > "$obj.cmd.tmp"
mv "$obj.cmd.tmp" "$obj.cmd"
