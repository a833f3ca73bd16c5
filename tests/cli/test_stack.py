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


def worst(su, obj, fn):
    """A function's worst-case stack from gcc's .su frames and tests/makeproject.py's calls:
    helper_outer calls helper_frame and helper, the other functions of helper.o call none;
    main.o's main calls helper in another object (not computed there: its frame)."""
    f = su[(obj, fn)]
    if fn == "helper_outer":
        f += max(su[(obj, "helper_frame")], su[(obj, "helper")])
    return f


def test_stack_page_per_coordinate_lists_every_function_with_gccs_frame(project):
    shas, su, site = project
    head = su[shas[-1]]
    rows = table(site, "stack/x86_64-gcc.html", "stack-functions")
    objs = {(r["object"], r["function"]): r for r in rows if r["object"].endswith(".o")}
    assert {k: int(r["frame"]) for k, r in objs.items()} == head
    assert {k: int(r["stack"]) for k, r in objs.items() if r["kind"] == "static"} == \
        {k: worst(head, *k) for k in head}
    # Deepest first after the unbounded: helper_outer (through helper_frame's 600-byte array)
    # leads, in the program as in its object.
    bounded = [r for r in rows if r["stack"] != "unbounded"]
    assert [r["function"] for r in bounded[:2]] == ["helper_outer", "helper_outer"]
    assert int(bounded[0]["stack"]) == worst(head, "build/helper.o", "helper_outer")
    assert bounded[0]["chain (worst case) or why unbounded"] == "helper_outer -> helper_frame"
    # The linked program's own crt functions without CFI are unknown, never 0.
    unknown = [r for r in rows if r["kind"] == "unknown"]
    assert unknown and all(r["frame"] == "?" and r["object"] == "build/app" for r in unknown)
    summary = table(site, "stack.html", "stack-coords")
    assert [(r["arch/compiler"], r["functions"], r["unknown"], r["unbounded"]) for r in summary] == \
        [("x86_64/gcc", str(len(rows)), str(len(unknown)),
          str(sum(r["stack"] == "unbounded" for r in rows)))]


def test_the_commit_that_grows_a_frame_is_a_marked_stack_move_naming_the_function(project):
    shas, su, site = project
    moves = table(site, "history.html", "stack-moves")
    old, new = (worst(su[s], "build/helper.o", "helper_outer") for s in shas[2:])
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
        for fn in ("helper_frame", "helper_outer"):
            a, b = (su[s][("build/helper.o", fn)] for s in shas[2:])
            wa, wb = (worst(su[s], "build/helper.o", fn) for s in shas[2:])
            want.append(("x86_64/gcc/-/" + obj, fn, str(a), str(b), "%+d" % (b - a) if b - a else "0",
                         str(wa), str(wb), "%+d" % (wb - wa)))
    assert [(r["object"], r["function"], r["frame before"], r["frame after"], r["delta"],
             r["worst before"], r["worst after"], r["worst delta"]) for r in rows] == want
    # A commit that renames a function lists it gone and come, with gcc's frame.
    rows = table(site, "diff/%s.html" % shas[1][:12], "stack-diff")
    got = {(r["object"], r["function"]): (r["frame before"], r["frame after"]) for r in rows}
    assert got[("x86_64/gcc/-/build/helper.o", "helper_4")] == (
        str(su[shas[0]][("build/helper.o", "helper_4")]), "-")
    assert got[("x86_64/gcc/-/build/helper.o", "helper_8")] == (
        "-", str(su[shas[1]][("build/helper.o", "helper_8")]))
