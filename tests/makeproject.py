# SPDX-License-Identifier: GPL-2.0
"""A small C project built by a Makefile, with a history: objects in build/, one program,
a helper whose table grows commit after commit, and optionally a function whose local array
(its stack frame) changes (tests/db and tests/cli use it)."""
import os

from tests.bwrun import git

MAKEFILE = """# A small C project: objects in build/, one program.
CFLAGS = -O2 -g
SRCS = $(wildcard src/*.c)
OBJS = $(patsubst src/%.c,build/%.o,$(SRCS))
all: build/app
build/%.o: src/%.c
\t@mkdir -p build
\t$(CC) $(CFLAGS) -c $< -o $@
build/app: $(OBJS)
\t$(CC) -o $@ $(OBJS)
"""
MAIN = "int helper(int);\nint main(void) { return helper(1); }\n"
# main() calling helper_outer() in helper.o, after a frame of its own: its worst case's chain
# crosses objects (main -> helper_outer -> helper_frame), as only the build's call graph sees.
MAIN_OUTER = ("int helper_outer(int);\n"
              "int main(int argc, char **argv)\n"
              "{ volatile char b[40]; b[argc % 40] = argc; return helper_outer(argc) + b[1]; }\n")


def helper(n, frame=None):
    """helper.c with a table of n ints (bss 4n) and a function named after n; with `frame`,
    also helper_frame(), whose volatile local array of that many bytes is its stack frame
    (plus what the compiler adds), and a caller of it, helper_outer()."""
    text = ("static int table[%d];\nint helper(int x) { table[x %% %d] = x; return table[0]; }\n"
            "int helper_%d(void) { return %d; }\n" % (n, n, n, n))
    if frame:
        text += ("__attribute__((noinline)) int helper_frame(int x)\n"
                 "{ volatile char buf[%d]; buf[x %% %d] = x; return buf[0] + buf[x %% 7]; }\n"
                 "int helper_outer(int x) { return helper_frame(x) + helper(x); }\n"
                 % (frame, frame))
    return text


def commit(repo, files, message, n):
    """Write files, commit them with a date n minutes into 2024; the sha."""
    for name, text in files.items():
        path = os.path.join(repo, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    git(repo, "add", "-A")
    stamp = "%d +0000" % (1704067200 + n * 60)
    git(repo, "commit", "-q", "-m", message, env={"GIT_AUTHOR_DATE": stamp,
                                                  "GIT_COMMITTER_DATE": stamp})
    return git(repo, "rev-parse", "HEAD")


def make(repo, sizes, frames=None, main=MAIN):
    """The project in repo (a git repository): `init` with a table of 4, then one commit per
    size; the shas, oldest first.  With `frames` (one per size, and one for init first),
    helper_frame()'s local array has that many bytes at each commit and gcc writes its
    -fstack-usage .su files and -fcallgraph-info=su .ci graphs beside the objects.  main: the
    source of main.c (MAIN_OUTER: a call chain across objects). A repo folder that does not
    exist yet is made a new repository (branch main)."""
    if not os.path.isdir(repo):
        os.makedirs(repo)
        git(repo, "init", "-q", "-b", "main")
    frames = frames or [None] * (len(sizes) + 1)
    makefile = MAKEFILE.replace("-O2 -g", "-O2 -g -fstack-usage -fcallgraph-info=su") \
        if frames[0] else MAKEFILE
    shas = [commit(repo, {"Makefile": makefile, "src/main.c": main, "src/helper.c": helper(4, frames[0]),
                          ".gitignore": "build/\nbloatwatch.db\n"}, "init", 0)]
    for i, n in enumerate(sizes, 1):
        what = "helper: %d entries" % n
        if frames[i] != frames[i - 1]:
            what += ", helper_frame's array %d bytes" % frames[i]
        shas.append(commit(repo, {"src/helper.c": helper(n, frames[i])}, what, i))
    return shas
