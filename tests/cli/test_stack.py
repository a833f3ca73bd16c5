# SPDX-License-Identifier: GPL-2.0
"""The stack in the report of a small make project (tests/makeproject.py) whose history grows
one function's local array, called from another object (main.o's main -> helper.o's
helper_outer -> helper_frame): the stack pages, the marked move naming that function, the diff
page's frames and worst cases and a stack budget, each figure checked against gcc's own
-fstack-usage .su files and its -fcallgraph-info=su .ci call graphs of the same build."""
import glob
import os
import subprocess
import sys

import pytest

from conftest import bw, git
from tests import makeproject
from tests.bwrun import ROOT
from tests.htmltables import read_page

sys.path.insert(0, os.path.join(ROOT, "tests", "analyzer", "stack"))
import ci_oracle  # noqa: E402  (the .ci reader of the analyzer's own tests)

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


def ci_worst(folder):
    """{function: (worst case, unbounded class)} from gcc's .ci graphs below folder's build/,
    solved across the objects (tests/analyzer/stack/ci_oracle.py)."""
    frames, edges, _ = ci_oracle.read_ci(sorted(glob.glob(os.path.join(folder, "build", "*.ci"))))
    return {k[1]: v for k, v in ci_oracle.solve(frames, edges).items() if k in frames}


@pytest.fixture(scope="module")
def project(tmp_path_factory, analyzer):
    top = tmp_path_factory.mktemp("stack")
    repo = str(top / "proj")
    shas = makeproject.make(repo, [8, 16, 16], frames=FRAMES, main=makeproject.MAIN_OUTER)
    su, ci = {}, {}
    for sha in shas:       # each commit built on its own, for its .su and .ci files
        dest = str(top / sha[:12])
        subprocess.run(["git", "clone", "-q", repo, dest], check=True)
        git(dest, "checkout", "-q", sha)
        subprocess.run(["make", "-s"], cwd=dest, check=True)
        su[sha] = su_frames(dest)
        ci[sha] = ci_worst(dest)
    subprocess.run(["make", "-s"], cwd=repo, check=True)
    bw("init", cwd=repo)
    r = bw("track", "HEAD", cwd=repo)
    assert "4 commits: 4 recorded, 0 failed to build" in r.stdout
    site = str(top / "site")
    bw("report", "--out", site, cwd=repo)
    return shas, su, site, ci, repo


def table(site, rel, anchor):
    t = read_page(os.path.join(site, rel)).tables[anchor]
    head = t["rows"][0]
    return [dict(zip(head, r)) for r in t["rows"][1:]]


def worst(su, obj, fn):
    """A function's worst-case stack from gcc's .su frames and tests/makeproject.py's calls:
    helper_outer calls helper_frame and helper, the other functions of helper.o call none;
    main.o's main calls helper_outer in the other object (its build's call graph has it)."""
    f = su[(obj, fn)]
    if fn == "helper_outer":
        f += max(su[(obj, "helper_frame")], su[(obj, "helper")])
    if fn == "main":
        f += worst(su, "build/helper.o", "helper_outer")
    return f


def test_gccs_call_graph_gives_the_same_worst_cases(project):
    """The model above is what gcc's own .ci graphs of each commit's build say."""
    shas, su, _, ci, _ = project
    for sha in shas:
        assert {fn: ci[sha][fn] for _, fn in su[sha]} == \
            {fn: (worst(su[sha], obj, fn), None) for obj, fn in su[sha]}, sha


def test_stack_page_per_coordinate_lists_every_function_with_gccs_frame(project):
    shas, su, site, ci, _ = project
    head = su[shas[-1]]
    rows = table(site, "stack/x86_64-gcc.html", "stack-functions")
    objs = {(r["object"], r["function"]): r for r in rows if r["object"].endswith(".o")}
    assert {k: int(r["frame"]) for k, r in objs.items()} == head
    assert {k: int(r["stack"]) for k, r in objs.items() if r["kind"] == "static"} == \
        {k: worst(head, *k) for k in head}
    assert {k: int(r["stack"]) for k, r in objs.items()} == {k: ci[shas[-1]][k[1]][0] for k in head}
    # Deepest first after the unbounded: main, through helper_outer in the other object and
    # helper_frame's 600-byte array, in the program as in its object: the chain whole.
    bounded = [r for r in rows if r["stack"] != "unbounded"]
    assert [(r["function"], r["object"]) for r in bounded[:2]] == \
        [("main", "build/app"), ("main", "build/main.o")]
    assert {int(r["stack"]) for r in bounded[:2]} == {worst(head, "build/main.o", "main")}
    assert {r["chain (worst case) or why unbounded"] for r in bounded[:2]} == \
        {"main -> helper_outer -> helper_frame"}
    # The linked program's own crt functions without CFI are unknown, never 0.
    unknown = [r for r in rows if r["kind"] == "unknown"]
    assert unknown and all(r["frame"] == "?" and r["object"] == "build/app" for r in unknown)
    summary = table(site, "stack.html", "stack-coords")
    assert [(r["arch/compiler"], r["functions"], r["unknown"], r["unbounded"]) for r in summary] == \
        [("x86_64/gcc", str(len(rows)), str(len(unknown)),
          str(sum(r["stack"] == "unbounded" for r in rows)))]


def test_the_commit_that_grows_a_frame_is_a_marked_stack_move_naming_the_function(project):
    shas, su, site, ci, _ = project
    moves = table(site, "history.html", "stack-moves")
    old, new = (worst(su[s], "build/main.o", "main") for s in shas[2:])
    assert (old, new) == tuple(ci[s]["main"][0] for s in shas[2:])
    largest = [r for r in moves if r["series"] == "max"]
    assert [(r["commit"], r["function"], r["before"], r["after"], r["delta"]) for r in largest] == \
        [(shas[3][:12], "helper_frame", str(old), str(new), "%+d" % (new - old))]
    # The move is main's worst case, through the other object, named by the frame that grew.
    fa, fb = (su[s][("build/helper.o", "helper_frame")] for s in shas[2:])
    assert largest[0]["what moved"] == (
        "build/app: main worst case %+d: via helper_outer, in its chain helper_frame frame "
        "%+d (%d -> %d)" % (new - old, fb - fa, fa, fb))
    # The sum series moves at the same commit only (both helper.o and the program hold the
    # function): the commits that changed the helper's table are below the noise floor.
    assert {r["commit"] for r in moves} == {shas[3][:12]}
    assert {r["function"] for r in moves} == {"helper_frame"}


def test_diff_page_lists_the_frames_that_changed(project):
    """main.o's bytes are the same at both commits: its main is listed because its worst case
    in the build moved, through helper.o."""
    shas, su, site, ci, _ = project
    rows = table(site, "diff/%s.html" % shas[3][:12], "stack-diff")
    want = []
    for obj, fns in (("build/app", ("helper_frame", "helper_outer", "main")),
                     ("build/helper.o", ("helper_frame", "helper_outer")),
                     ("build/main.o", ("main",))):
        for fn in fns:
            home = "build/main.o" if fn == "main" else "build/helper.o"
            a, b = (su[s][(home, fn)] for s in shas[2:])
            wa, wb = (ci[s][fn][0] for s in shas[2:])
            want.append(("x86_64/gcc/-/" + obj, fn, str(a), str(b), "%+d" % (b - a) if b - a else "0",
                         str(wa), str(wb), "%+d" % (wb - wa)))
    assert [(r["object"], r["function"], r["frame before"], r["frame after"], r["delta"],
             r["worst before"], r["worst after"], r["worst delta"]) for r in rows] == want
    fa, fb = (su[s][("build/helper.o", "helper_frame")] for s in shas[2:])
    wa, wb = (ci[s]["main"][0] for s in shas[2:])
    main = [r for r in rows if r["object"] == "x86_64/gcc/-/build/main.o"][0]
    assert main["chain after"] == "main -> helper_outer -> helper_frame"
    assert main["what moved"] == ("main worst case %+d: via helper_outer, in its chain "
                                  "helper_frame frame %+d (%d -> %d)" % (wb - wa, fb - fa, fa, fb))
    # A commit that renames a function lists it gone and come, with gcc's frame.
    rows = table(site, "diff/%s.html" % shas[1][:12], "stack-diff")
    got = {(r["object"], r["function"]): (r["frame before"], r["frame after"]) for r in rows}
    assert got[("x86_64/gcc/-/build/helper.o", "helper_4")] == (
        str(su[shas[0]][("build/helper.o", "helper_4")]), "-")
    assert got[("x86_64/gcc/-/build/helper.o", "helper_8")] == (
        "-", str(su[shas[1]][("build/helper.o", "helper_8")]))


def test_stack_budget_fails_with_the_chain_across_objects(project, tmp_path):
    """A budget on main.o's main holds its worst case in the build (gcc's .ci answer), prints
    the whole chain, and against the baseline the frame in helper.o that grew."""
    shas, su, _, ci, repo = project
    wa, wb = (ci[s]["main"][0] for s in shas[2:])
    fa, fb = (su[s][("build/helper.o", "helper_frame")] for s in shas[2:])
    budget = tmp_path / "stack.toml"
    budget.write_text('[[budget]]\nobject = "build/main.o"\nmetric = "stack:main"\nmax = %d\n'
                      'growth_bytes = 0\n' % (wb - 1))
    r = bw("check", "--budget", str(budget), "--rev", shas[3], "--baseline", shas[2], cwd=repo,
           check=1)
    assert "x86_64/gcc/-/build/main.o: %d -> %d: grew %+d > 0 bytes; 1 function over max %d" % (
        wa, wb, wb - wa, wb - 1) in r.stdout, r.stdout
    assert "  main: worst case %d > max %d via main -> helper_outer -> helper_frame\n" % (
        wb, wb - 1) in r.stdout, r.stdout
    assert "  main worst case %+d: via helper_outer, in its chain helper_frame frame %+d " \
        "(%d -> %d)\n" % (wb - wa, fb - fa, fa, fb) in r.stdout, r.stdout
