# SPDX-License-Identifier: GPL-2.0
"""A small make project with a history (tests/makeproject.py), as a new user meets Bloatwatch:
`bloatwatch init && bloatwatch track ... && bloatwatch report`."""
import glob
import os
import subprocess

from conftest import bw, git
from tests import makeproject


def test_init_track_report_on_a_make_project(tmp_path, analyzer):
    repo = str(tmp_path / "proj")
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main")
    shas = makeproject.make(repo, [16, 64, 256])
    subprocess.run(["make", "-s"], cwd=repo, check=True)
    r = bw("init", cwd=repo)
    assert "guessed: Makefile: make" in r.stdout and "build/app" in r.stdout
    r = bw("track", "HEAD", cwd=repo)
    assert "%d commits: %d recorded, 0 failed to build" % (len(shas), len(shas)) in r.stdout
    out = str(tmp_path / "site")
    bw("report", "--out", out, cwd=repo)
    text = open(os.path.join(out, "footprint.txt")).read()
    for obj in ("build/app", "build/main.o", "build/helper.o"):
        assert obj in text, obj
    assert "RCU" not in text
    pages = "\n".join(open(p).read() for p in glob.glob(os.path.join(out, "**", "*.html"),
                                                        recursive=True))
    assert "RCU" not in pages        # no variant this project does not declare
    # The diff pages name the symbols that moved: each commit's new helper_N.
    for n in (16, 64, 256):
        assert "helper_%d" % n in pages, n
