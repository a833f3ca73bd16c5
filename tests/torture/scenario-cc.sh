#!/bin/sh
# Compile one harness source for one scenario from the scenario's folder (ccache shares alike ones).
#
# usage: scenario-cc.sh DIR SRC OBJ CC [FLAGS...]
#   DIR  the scenario's folder ($(BUILD)/torture/<scenario>, holding autoconf.h)
#   SRC, OBJ, and -I<folder> in FLAGS: relative to the checkout, as make names them
#
# Each scenario's objects were compiled with `-include DIR/autoconf.h`, and the preprocessor
# writes that path into its output, so ccache (which hashes that output) missed in every
# scenario, even where the source reads none of the options that differ: about 4 compiles in
# 10 were of a preprocessed text compiled before. From DIR the path is `autoconf.h` for all of
# them and the text the same wherever the options a source reads are the same. Paths given to
# the compiler are relative to DIR (the checkout's folder is not hashed either); the
# dependency file make reads is rewritten to name files from the checkout, with OBJ as its
# target (a ccache hit restores the file written for another scenario's object). The script
# makes OBJ's folder and rewrites the dependency file in place: a process costs milliseconds
# on a loaded machine, and a fresh clone's `make test` runs this for about 1,700 objects.
set -eu
dir=$1 src=$2 obj=$3
shift 3
[ -d "${obj%/*}" ] || mkdir -p "${obj%/*}"
case $dir in /*|*..*)   # a BUILD outside the checkout: compiled where it is, without the sharing
	exec "$@" -include "$dir/autoconf.h" -MMD -MP -c "$src" -o "$obj" ;;
esac
# up: DIR's way back to the checkout (`../../..`), and as a sed pattern; no process per compile.
up=.. up_re='\.\.' d=${dir%/}
while case $d in */*) true ;; *) false ;; esac; do
	d=${d#*/} up=$up/.. up_re=$up_re/'\.\.'
done
for a in "$@"; do
	shift
	case $a in
	-I/*) set -- "$@" "$a" ;;
	-I*) set -- "$@" "-I$up/${a#-I}" ;;
	*) set -- "$@" "$a" ;;
	esac
done
# From here on in DIR (no subshell: nothing after the compile needs the checkout's folder).
dep=$up/${obj%.o}.d
cd "$dir"
# A failed compile leaves no dependency file naming files from DIR for make to read.
"$@" -include autoconf.h -MMD -MP -MF "$dep" -c "$up/$src" -o "$up/$obj" || { rm -f "$dep"; exit 1; }
# Target: this OBJ; files named from DIR (`../../../include/x.h`, `autoconf.h`) as from the checkout.
sed -i -e "1s|^[^:]*:|$obj:|" -e "s|$up_re/||g" -e "s#\\(^\\| \\)autoconf\\.h#\\1$dir/autoconf.h#g" \
	"$dep"
