# SPDX-License-Identifier: GPL-2.0
"""A small make project with a history (tests/makeproject.py), as a new user meets Bloatwatch:
`bloatwatch init && bloatwatch track ... && bloatwatch report`; the pages checked against
size, pahole and the kernel's own scripts/bloat-o-meter."""
import glob
import os
import re
import shutil
import sqlite3
import subprocess

import pytest

import pages
from bloatwatch.report.output import slug
from conftest import bw, git, linux, size_of
from tests import makeproject
from tests.reports import cdp, treemapdrive as tm

# A struct with two 7-byte holes (on a 64-bit host): the struct pages' waste figures.
STATE = ("struct state { char flag; long count; char mode; int *next; };\n"
         "struct state app_state = { 1, 2, 3, 0 };\n")
# A subject as long as the kernel's longest: one line in the history table, whole on hover.
LONG_SUBJECT = ("state: a struct with holes, two of seven bytes each on a 64-bit host, so that "
                "the struct pages have waste to report and the history table a long subject")


@pytest.fixture(scope="module")
def project(tmp_path_factory, analyzer):
    top = tmp_path_factory.mktemp("synthetic")
    repo = str(top / "proj")
    os.makedirs(repo)
    git(repo, "init", "-q", "-b", "main")
    shas = makeproject.make(repo, [16, 64, 256])
    shas.append(makeproject.commit(repo, {"src/state.c": STATE}, LONG_SUBJECT, 9))
    subprocess.run(["make", "-s"], cwd=repo, check=True)
    r = bw("init", cwd=repo)
    assert "guessed: Makefile: make" in r.stdout and "build/app" in r.stdout
    r = bw("track", "HEAD", cwd=repo)
    assert "%d commits: %d recorded, 0 failed to build" % (len(shas), len(shas)) in r.stdout
    site = str(top / "site")
    bw("report", "--out", site, cwd=repo)
    return repo, shas, site


def build_at(repo, sha, dest):
    """The project's objects at a commit, built in a clone of its own (the objects track
    built are gone with its worktree): the folder holding build/."""
    subprocess.run(["git", "clone", "-q", repo, dest], check=True)
    git(dest, "checkout", "-q", sha)
    subprocess.run(["make", "-s"], cwd=dest, check=True)
    return dest


def test_every_object_on_every_page_that_lists_objects(project):
    repo, shas, site = project
    objs = ("build/app", "build/main.o", "build/helper.o", "build/state.o")
    text = open(os.path.join(site, "footprint.txt")).read()
    html = pages.html_pages(site)
    for obj in objs:
        assert obj in text, obj
        for page in ["index.html"] + [p for p in html if p.startswith("coord/")]:
            assert obj in pages.text_of(html[page]), (page, obj)
        assert any(p.startswith("obj/") and obj in pages.text_of(html[p]) for p in html), obj
    assert "RCU" not in text and pages.undeclared(text) == []
    for rel, page in html.items():       # no row this project does not declare
        assert "RCU" not in page and pages.undeclared(page) == [], rel


def test_rollup_sums_to_the_objects_size(project):
    repo, shas, site = project
    text = open(os.path.join(site, "footprint.txt")).read()
    build = re.search(r"By folder: (\S+)", text).group(1)
    rows = pages.rollup_rows(text, build)
    want = pages.size_total([os.path.join(repo, "build", f) for f in
                             ("app", "main.o", "helper.o", "state.o")])
    assert rows["(all objects)"][:4] == (4,) + want
    assert rows["build/"] == rows["(all objects)"]
    assert rows["(all objects)"][4] == sum(want)


def test_diff_pages_list_the_symbols_bloat_o_meter_lists(project, tmp_path):
    repo, shas, site = project
    script = os.path.join(linux("src"), "scripts", "bloat-o-meter")
    built = {}      # each commit built once: a pair's new side is the next pair's old side
    for sha in shas:
        built[sha] = build_at(repo, sha, str(tmp_path / sha[:12]))
    pages.prefetch(script, [(os.path.join(built[a], o), os.path.join(built[b], o))
                            for a, b in zip(shas, shas[1:]) for o in ("build/helper.o", "build/app")],
                   str(tmp_path))
    for old, new in zip(shas, shas[1:]):
        a, b = built[old], built[new]
        page = open(os.path.join(site, "diff", new[:12] + ".html")).read()
        assert "0 compared" not in page
        blocks = pages.bom_blocks(page)
        for obj in ("build/helper.o", "build/app"):
            want = pages.bloat_o_meter(script, os.path.join(a, obj), os.path.join(b, obj))
            if want[0].startswith("add/remove: 0/0 grow/shrink: 0/0"):
                continue
            # Objects whose symbols moved alike share one block, whose Total line is its
            # first object's (build/app's).
            assert want[:-1] in [b[:-1] for b in blocks], (new[:12], obj, want, blocks)
            if obj == "build/app":
                assert want in blocks, (new[:12], obj, want, blocks)
    # Each helper commit's diff names its new helper_N and the one it replaced.
    for n, sha in zip((16, 64, 256), shas[1:4]):
        page = pages.text_of(open(os.path.join(site, "diff", sha[:12] + ".html")).read())
        assert "helper_%d" % n in page


def test_struct_pages_sort_by_waste_with_pahole_figures(project):
    repo, shas, site = project
    out = subprocess.run(["pahole", "-C", "state", os.path.join(repo, "build", "state.o")],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    holes = re.search(r"sum members: (\d+), holes: (\d+), sum holes: (\d+)", out)
    size = re.search(r"/\* size: (\d+),", out)
    index = pages.text_of(open(os.path.join(site, "structs.html")).read())
    # struct state: waste = hole bytes (no tail padding), holes, size as pahole says.
    row = re.search(r"struct state build/state\.o (\d+) (\d+) (\d+) (\d+) (\d+)", index)
    assert row, index[:2000]
    assert row.groups()[:3] == (holes.group(3), holes.group(3), holes.group(2))
    assert row.group(5) == size.group(1)
    page = open(os.path.join(site, "structs", slug("build/state.o") + ".html")).read()
    assert 'class="seg hole' in page and "struct state" in page


def test_long_subject_is_one_line_with_its_text_on_hover(project):
    repo, shas, site = project
    page = open(os.path.join(site, "history.html")).read()
    cells = re.findall(r'<td class="l clip" title="([^"]*)">([^<]*)</td>', page)
    assert (LONG_SUBJECT, LONG_SUBJECT) in cells, cells
    css = open(os.path.join(site, "style.css")).read()
    rule = re.search(r"td\.clip \{([^}]*)\}", css).group(1)
    for decl in ("white-space: nowrap", "overflow: hidden", "text-overflow: ellipsis", "max-width"):
        assert decl in rule, rule


def test_coordinate_moves_without_a_table_match_size(project, tmp_path):
    """No [[table]] here: the history still plots each coordinate's total and lists every
    commit that moved it above the noise floor, by the figures size(1) gives its objects."""
    repo, shas, site = project
    totals = []
    for sha in shas:
        top = build_at(repo, sha, str(tmp_path / sha[:12]))
        objs = sorted(glob.glob(os.path.join(top, "build", "*.o")) + [os.path.join(top, "build", "app")])
        totals.append(sum(sum(r[:3]) for o in objs for r in size_of(o)))
    page = open(os.path.join(site, "history.html")).read()
    moves = re.findall(r"(\w+) \(all objects\) \S+ \S+ - (\d+) (\d+) ([+-]\d+)",
                       pages.text_of(page.split("Moves above the noise floor", 1)[1]))
    want = []
    for (old, new), sha in zip(zip(totals, totals[1:]), shas[1:]):
        if abs(new - old) > max(8, old * 0.5 / 100):
            want.append((sha, str(old), str(new), "%+d" % (new - old)))
    assert want, totals             # the helper commits grow the object well above the floor
    got = [(next(s for s in shas if s.startswith(m[0])),) + m[1:] for m in moves]
    assert got == want[::-1], (moves, want)     # newest first
    svg = open(os.path.join(site, "plots", "history-coordinates.svg")).read()
    for sha, *_ in want:            # each marked point links to its diff page
        assert "diff/%s.html" % sha[:12] in svg, sha
    assert "plots/history-coordinates.svg" in page


def test_report_defaults_to_reports_out_in_the_current_directory(project, tmp_path):
    repo, shas, site = project
    r = bw("--db", os.path.join(repo, "bloatwatch.db"), "report", "--text-only", cwd=str(tmp_path))
    text = open(tmp_path / "reports" / "out" / "footprint.txt").read()
    assert "report: text" in r.stdout and "build/state.o" in text, r.stdout


def size_a(path, section):
    """binutils `size -A`: one section's size in an object."""
    out = subprocess.run(["size", "-A", path], stdout=subprocess.PIPE, text=True,
                         check=True).stdout
    return int(re.search(r"^%s\s+(\d+)" % re.escape(section), out, re.M).group(1))


def test_treemap_zooms_into_a_folder_with_size_figures(project):
    """Chromium on the overview: a click into build/ shows size(1)'s sums of its four objects,
    into build/app and its .text what size and size -A print; the diff of the first helper
    commit shows helper.o's table growing by 4 x 12 bytes."""
    repo, shas, site = project
    assert os.access(cdp.CHROMIUM, os.X_OK), "Debian's chromium is required (make deps installs it)"
    browser = cdp.Browser()
    try:
        assert browser.load("file://" + os.path.join(site, "index.html")) == []
        build = os.path.join(repo, "build")
        objs = [os.path.join(build, f) for f in ("app", "main.o", "helper.o", "state.o")]
        want = pages.size_total(objs)
        f = tm.click_box(browser, "build/")
        assert (f["text"], f["data"], f["bss"], f["total"]) == tuple(
            str(x) for x in want + (sum(want),))
        assert {b["name"] for b in tm.boxes(browser)} == {"build/app", "build/main.o",
                                                          "build/helper.o", "build/state.o"}
        f = tm.click_box(browser, "build/app")
        app = pages.size_total(objs[:1])
        assert (f["text"], f["data"], f["bss"]) == tuple(str(x) for x in app)
        f = tm.click_box(browser, ".text")
        assert f["total"] == str(size_a(objs[0], ".text"))
        assert "main" in [b["name"] for b in tm.boxes(browser)]
        assert browser.errors() == []

        diff = os.path.join(site, "diff", shas[1][:12] + ".html")
        assert browser.load("file://" + diff) == []
        tm.click_box(browser, "build/")
        f = tm.click_box(browser, "build/helper.o")
        moved = {b["name"]: b["cls"] for b in tm.boxes(browser)}
        assert "table" in moved and "tm-grow" in moved["table"], moved
        assert "helper_16" in moved and "helper_4" in moved and "tm-shrink" in moved["helper_4"]
        tip = browser.evaluate("""(function () {
          var b = Array.from(document.querySelectorAll('.tm-d1')).find(function (b) {
            return b.bwNode.n === 'table'; });
          return b.bwNode.s; })()""")
        assert tip == 4 * (16 - 4)          # helper.c's table: 4 ints, then 16
        assert browser.errors() == []
    finally:
        browser.close()


def nav(page):
    return re.findall(r'<nav>(.*?)</nav>', page, re.S)[0]


def test_menu_offers_only_pages_with_data(project, tmp_path):
    """No CONFIG in this project: no CONFIG page, nor menu entry; the overview says why.
    Without DWARF (layouts deleted from a copy of its database) the struct pages go too, and a
    report written over the earlier one removes them."""
    repo, shas, site = project
    index = open(os.path.join(site, "index.html")).read()
    assert "CONFIG" not in nav(index) and "Structs" in nav(index)
    for page in ("config.html", "config-values.html"):
        assert not os.path.exists(os.path.join(site, page)), page
    text = pages.text_of(index)
    assert "CONFIG values: no build recorded CONFIG values" in text
    assert "CONFIG options: no source names a CONFIG_ option" in text

    db, out = str(tmp_path / "nodwarf.db"), str(tmp_path / "site")
    shutil.copy(os.path.join(repo, "bloatwatch.db"), db)
    shutil.copytree(site, out)
    con = sqlite3.connect(db)
    con.execute("DELETE FROM analysis_layouts")
    con.commit()
    con.close()
    bw("--db", db, "report", "--out", out, cwd=repo)
    index = open(os.path.join(out, "index.html")).read()
    assert "Structs" not in nav(index) and not os.path.exists(os.path.join(out, "structs.html"))
    assert not os.listdir(os.path.join(out, "structs"))
    assert "Structs: no struct or union layout is recorded: no DWARF in these objects (build " \
           "with -g to see struct layouts)" in pages.text_of(index)
    for rel, page in pages.html_pages(out).items():
        assert "structs.html" not in page, rel


def test_the_compiler_is_named_from_the_objects(project):
    """No manifest or record names the compiler: .comment and DW_AT_producer do, as `gcc
    --version` prints it, with the Makefile's flags on the object page."""
    repo, shas, site = project
    gcc = subprocess.run(["gcc", "--version"], stdout=subprocess.PIPE, text=True,
                         check=True).stdout.splitlines()[0]
    html = pages.html_pages(site)
    assert any(p.startswith("coord/") and "x86_64/gcc" in pages.text_of(html[p]) for p in html)
    page = next(pages.text_of(html[p]) for p in html
                if p.startswith("obj/") and "build/helper.o at" in pages.text_of(html[p]))
    assert "Compiler: %s." % gcc in page, page[:2000]
    flags = re.search(r"GNU C\S* [0-9.]+ (.*?) \(1 unit\)", page)
    assert flags and {"-O2", "-g"} <= set(flags.group(1).split()), page[:2000]
