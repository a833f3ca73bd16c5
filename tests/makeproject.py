# SPDX-License-Identifier: GPL-2.0
"""A small C project built by a Makefile, with a history: objects in build/, one program,
a helper whose table grows commit after commit (tests/db and tests/cli use it)."""
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


def helper(n):
    """helper.c with a table of n ints (bss 4n) and a function named after n."""
    return ("static int table[%d];\nint helper(int x) { table[x %% %d] = x; return table[0]; }\n"
            "int helper_%d(void) { return %d; }\n" % (n, n, n, n))


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


def make(repo, sizes):
    """The project in repo (a git repository): `init` with a table of 4, then one commit per
    size; the shas, oldest first."""
    shas = [commit(repo, {"Makefile": MAKEFILE, "src/main.c": MAIN, "src/helper.c": helper(4),
                          ".gitignore": "build/\nbloatwatch.db\n"}, "init", 0)]
    for i, n in enumerate(sizes, 1):
        shas.append(commit(repo, {"src/helper.c": helper(n)}, "helper: %d entries" % n, i))
    return shas
