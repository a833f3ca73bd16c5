# SPDX-License-Identifier: GPL-2.0
"""A small make project with a history, as a new user meets Bloatwatch:
`bloatwatch init && bloatwatch track ... && bloatwatch report`."""
import glob
import os
import subprocess

from conftest import bw, git

MAKEFILE = """CFLAGS = -O2 -g
SRCS = $(wildcard src/*.c)
OBJS = $(patsubst src/%.c,build/%.o,$(SRCS))
all: build/app
build/%.o: src/%.c
\t@mkdir -p build
\t$(CC) $(CFLAGS) -c $< -o $@
build/app: $(OBJS)
\t$(CC) -o $@ $(OBJS)
"""


def helper(n):
    return ("static int table[%d];\nint helper(int x) { table[x & %d] = x; return table[0]; }\n"
            "int helper_%d(void) { return %d; }\n" % (n, n - 1, n, n))


def commit(repo, files, message):
    for name, text in files.items():
        path = os.path.join(repo, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


def test_init_track_report_on_a_make_project(tmp_path, analyzer):
    repo = str(tmp_path / "proj")
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main")
    shas = [commit(repo, {"Makefile": MAKEFILE, ".gitignore": "build/\nbloatwatch.db\n",
                          "src/main.c": "int helper(int);\nint main(void) { return helper(1); }\n",
                          "src/helper.c": helper(4)}, "init")]
    for n in (16, 64, 256):
        shas.append(commit(repo, {"src/helper.c": helper(n)}, "helper: %d entries" % n))
    subprocess.run(["make", "-s"], cwd=repo, check=True)
    r = bw("init", cwd=repo)
    assert "guessed: Makefile: make" in r.stdout and "build/app" in r.stdout
    r = bw("track", "HEAD", cwd=repo)
    assert "4 commits: 4 recorded, 0 failed to build" in r.stdout
    out = str(tmp_path / "site")
    bw("report", "--out", out, cwd=repo)
    text = open(os.path.join(out, "footprint.txt")).read()
    for obj in ("build/app", "build/main.o", "build/helper.o"):
        assert obj in text, obj
    assert "RCU" not in text
    pages = "\n".join(open(p).read() for p in glob.glob(os.path.join(out, "**", "*.html"),
                                                        recursive=True))
    assert "RCU" not in pages        # no variant this project does not declare
    # The last commit's diff page names the symbols that moved: the new helper and the table.
    assert "helper_256" in pages and "helper_64" in pages
