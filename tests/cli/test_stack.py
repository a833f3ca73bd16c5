# SPDX-License-Identifier: GPL-2.0
"""The stack in the report of a small make project (tests/makeproject.py) whose history grows
one function's local array: the stack pages, the marked move naming that function, and the
diff page's frames, each figure checked against gcc's own -fstack-usage .su files."""
import glob
import os
import subprocess

import pytest

from conftest import bw, git
from tests import makeproject
from tests.htmltables import read_page

FRAMES = [200, 200, 200, 600]     # helper_frame's array at init and each commit


def su_frames(folder):
    """{(object relative to folder, function): bytes} of the static .su lines below folder."""
    out = {}
    for su in glob.glob(os.path.join(folder, "build", "*.su")):
        obj = os.path.relpath(su[:-3] + ".o", folder)
        for line in open(su):
            where, nbytes, kind = line.rstrip("\n").split("\t")
            assert kind == "static", line
            out[(obj, where.rsplit(":", 1)[1])] = int(nbytes)
    return out


@pytest.fixture(scope="module")
def project(tmp_path_factory, analyzer):
    top = tmp_path_factory.mktemp("stack")
    repo = str(top / "proj")
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main")
    shas = makeproject.make(repo, [8, 16, 16], frames=FRAMES)
    su = {}
    for sha in shas:       # each commit built on its own, for its .su files
        dest = str(top / sha[:12])
        subprocess.run(["git", "clone", "-q", repo, dest], check=True)
        git(dest, "checkout", "-q", sha)
        subprocess.run(["make", "-s"], cwd=dest, check=True)
        su[sha] = su_frames(dest)
    subprocess.run(["make", "-s"], cwd=repo, check=True)
    bw("init", cwd=repo)
    r = bw("track", "HEAD", cwd=repo)
    assert "4 commits: 4 recorded, 0 failed to build" in r.stdout
    site = str(top / "site")
    bw("report", "--out", site, cwd=repo)
    return shas, su, site


def table(site, rel, anchor):
    t = read_page(os.path.join(site, rel)).tables[anchor]
    head = t["rows"][0]
    return [dict(zip(head, r)) for r in t["rows"][1:]]


def test_stack_page_per_coordinate_lists_every_function_with_gccs_frame(project):
    shas, su, site = project
    head = su[shas[-1]]
    rows = table(site, "stack/x86_64--.html", "stack-functions")
    objs = {(r["object"], r["function"]): r for r in rows if r["object"].endswith(".o")}
    assert {k: int(r["frame"]) for k, r in objs.items()} == head
    assert all(r["kind"] == "static" and r["stack"] == r["frame"] for r in objs.values())
    # Deepest first: helper_frame (the 600-byte array) leads, in the program as in its object.
    assert [r["function"] for r in rows[:2]] == ["helper_frame", "helper_frame"]
    assert int(rows[0]["stack"]) == head[("build/helper.o", "helper_frame")]
    # The linked program's own crt functions without CFI are unknown, never 0.
    unknown = [r for r in rows if r["kind"] == "unknown"]
    assert unknown and all(r["frame"] == "?" and r["object"] == "build/app" for r in unknown)
    summary = table(site, "stack.html", "stack-coords")
    assert [(r["arch/compiler"], r["deepest function"], r["stack"]) for r in summary] == \
        [("x86_64/-", "helper_frame", str(head[("build/helper.o", "helper_frame")]))]
    assert int(summary[0]["functions"]) == len(rows)


def test_the_commit_that_grows_a_frame_is_a_marked_stack_move_naming_the_function(project):
    shas, su, site = project
    moves = table(site, "history.html", "stack-moves")
    old, new = (su[s][("build/helper.o", "helper_frame")] for s in shas[2:])
    largest = [r for r in moves if r["series"] == "max"]
    assert [(r["commit"], r["function"], r["before"], r["after"], r["delta"]) for r in largest] == \
        [(shas[3][:12], "helper_frame", str(old), str(new), "%+d" % (new - old))]
    # The sum series moves at the same commit only (both helper.o and the program hold the
    # function): the commits that changed the helper's table are below the noise floor.
    assert {r["commit"] for r in moves} == {shas[3][:12]}
    assert {r["function"] for r in moves} == {"helper_frame"}


def test_diff_page_lists_the_frames_that_changed(project):
    shas, su, site = project
    rows = table(site, "diff/%s.html" % shas[3][:12], "stack-diff")
    want = []
    for obj in ("build/app", "build/helper.o"):
        a, b = (su[s][("build/helper.o", "helper_frame")] for s in shas[2:])
        want.append(("x86_64/-/-/" + obj, "helper_frame", str(a), str(b), "%+d" % (b - a)))
    assert [(r["object"], r["function"], r["frame before"], r["frame after"], r["delta"])
            for r in rows] == want
    # A commit that renames a function lists it gone and come, with gcc's frame.
    rows = table(site, "diff/%s.html" % shas[1][:12], "stack-diff")
    got = {(r["object"], r["function"]): (r["frame before"], r["frame after"]) for r in rows}
    assert got[("x86_64/-/-/build/helper.o", "helper_4")] == (
        str(su[shas[0]][("build/helper.o", "helper_4")]), "-")
    assert got[("x86_64/-/-/build/helper.o", "helper_8")] == (
        "-", str(su[shas[1]][("build/helper.o", "helper_8")]))
