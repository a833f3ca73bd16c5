# SPDX-License-Identifier: GPL-2.0
"""A tiny synthetic C project in a git repository, built by a shell script, for track and bisect.

Each commit's build writes build/x86_64/gcc/S1/<name>.o plus the .cmd build record the matrix
writes (docs/matrix.md), so the real analyzer and recorder see what they see on the matrix.
"""
BUILD_SH = r"""#!/bin/sh
# Build every src/*.c into build/x86_64/gcc/S1/ with a build record next to each object.
set -e
out=build/x86_64/gcc/S1
mkdir -p $out
for f in src/*.c; do
	o=$out/$(basename "$f" .c).o
	cmd="gcc -O2 -g -c $f -o $o"
	$cmd
	{
		echo "# bloatwatch build record v1"
		echo "cmd := $cmd"
		echo "compiler_version := $(gcc --version | head -n 1)"
		echo "source := $f"
		echo "object := $o"
		echo "variant := demo"
		echo "arch := x86_64"
		echo "compiler := gcc"
		echo "scenario := S1"
		echo "CONFIG_DEMO := y"
	} > "$o.cmd"
done
"""

TOML = """build = "sh build.sh"
sources = ["src/*.c"]
build_timeout = 120

[[objects]]
root = "build/*/*/*"
glob = "*.o"

[keys.variant]     # the build records' `variant :=` is a coordinate key
"""


def source(size, extra=""):
    return ("/* demo object */\n#ifdef CONFIG_DEMO\n#endif\nchar table[%d];\n"
            "int grow(int x) { return table[x] + x; }\n%s" % (size, extra))


def make(repo, sizes, broken=(), jump_at=None, jump=4096):
    """Commits with a src/a.c whose bss is sizes[i]; `broken` indexes fail to compile.

    Returns the shas, oldest first.  jump_at plants a size jump of `jump` bytes."""
    shas = [repo.commit({"build.sh": BUILD_SH, "bloatwatch.toml": TOML,
                         "src/b.c": "int b_value = 3;\n", "src/a.c": source(8)}, "init")]
    for i, size in enumerate(sizes):
        if jump_at is not None and i >= jump_at:
            size += jump
        text = source(size) if i not in broken else "this does not compile;\n"
        shas.append(repo.commit({"src/a.c": text}, "step %d" % i))
    return shas
