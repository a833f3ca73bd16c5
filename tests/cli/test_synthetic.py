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
COUNTER = "int helper(int);\nint counter = 1;\nint main(void) { return helper(counter); }\n"
LONG_SUBJECT = ("state: a struct with holes, two of seven bytes each on a 64-bit host, so that "
                "the struct pages have waste to report and the history table a long subject")


@pytest.fixture(scope="module")
def project(tmp_path_factory, analyzer):
    top = tmp_path_factory.mktemp("synthetic")
    repo = str(top / "proj")
    shas = makeproject.make(repo, [16, 64, 256])
    shas.append(makeproject.commit(repo, {"src/state.c": STATE}, LONG_SUBJECT, 9))
    # A move under the default noise floor (a 4-byte counter), then one that moves back.
    shas.append(makeproject.commit(repo, {"src/main.c": COUNTER}, "main: a counter", 10))
    shas.append(makeproject.commit(repo, {"src/helper.c": makeproject.helper(1024)},
                                   "helper: 1024 entries", 11))
    shas.append(makeproject.commit(repo, {"src/helper.c": makeproject.helper(256)},
                                   "helper: back to 256 entries", 12))
    subprocess.run(["make", "-s"], cwd=repo, check=True)
    r = bw("init", cwd=repo)
    assert "guessed: Makefile: make" in r.stdout and "build/app" in r.stdout
    r = bw("track", "HEAD", cwd=repo)
    assert "%d commits: %d recorded, 0 failed to build" % (len(shas), len(shas)) in r.stdout
    site = str(top / "site")
    bw("report", "--out", site, cwd=repo)
    return repo, shas, site


@pytest.fixture(scope="module")
def built(project, tmp_path_factory):
    """{sha: the folder holding build/} of every commit of the project, each built once."""
    repo, shas, site = project
    top = tmp_path_factory.mktemp("built")
    return {sha: build_at(repo, sha, str(top / sha[:12])) for sha in shas}


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


def test_diff_pages_list_the_symbols_bloat_o_meter_lists(project, built, tmp_path):
    repo, shas, site = project
    script = os.path.join(linux("src"), "scripts", "bloat-o-meter")
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


OBJECTS = ("build/app", "build/helper.o", "build/main.o", "build/state.o")


def sizes_per_commit(built, shas):
    """[{series: (text, data, bss, total)}] per commit from binutils size of the objects
    rebuilt at that commit: each object by its name, the coordinate's total as None."""
    out = []
    for sha in shas:
        per = {}
        for obj in OBJECTS:
            path = os.path.join(built[sha], obj)
            if os.path.exists(path):
                t, d, b = [sum(r[i] for r in size_of(path)) for i in range(3)]
                per[obj] = (t, d, b, t + d + b)
        per[None] = tuple(sum(v[i] for v in per.values()) for i in range(4))
        out.append(per)
    return out


def expected_moves(built, shas, noise):
    """[(sha, series, what, before, after, delta)] newest first, as the history's rule says:
    the total, text, data or bss of a series moved by more than max(bytes, pct % of before)."""
    per = sizes_per_commit(built, shas)
    want = []
    for (old, new), sha in zip(zip(per, per[1:]), shas[1:]):
        for key in [None] + sorted(k for k in new if k):
            if key not in old:
                continue
            a, b = old[key], new[key]
            if any(abs(y - x) > max(noise[0], abs(x) * noise[1] / 100.0) for x, y in zip(a, b)):
                want.append((sha, "coordinate" if key is None else "object",
                             key or "(all objects)", a[3], b[3], b[3] - a[3]))
    want.sort(key=lambda m: (-shas.index(m[0]), m[1] != "coordinate", -abs(m[5]), m[2]))
    return want


def moves_table(page, title="Moves above the noise floor"):
    """The rows of a page's moves table, each a list of cell texts."""
    block = page.split(title, 1)[1].split("</table>", 1)[0]
    rows = [[pages.text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", block, re.S)]
    return [r for r in rows if r]


def bom_rows(script, old, new):
    """(delta, name) rows of the kernel's scripts/bloat-o-meter OLD NEW."""
    out = []
    for line in pages.bloat_o_meter(script, old, new)[2:-1]:
        name, _, _, delta = line.rsplit(None, 3)
        out.append((int(delta), name))
    return out


def test_moves_match_size_and_name_bloat_o_meters_top_symbol(project, built, tmp_path):
    """No [[table]] here: every move of a coordinate's total or of an object above the noise
    floor is listed (newest first) with the figures size(1) gives the objects rebuilt per
    commit, and an object's move names the symbol bloat-o-meter's largest row names; the
    series that moves back (1024 entries, then 256 again) lists both moves; the plots link
    each marked commit to its diff page."""
    repo, shas, site = project
    want = expected_moves(built, shas, (8, 0.5))
    page = open(os.path.join(site, "history.html")).read()
    rows = moves_table(page)
    got = [(next(s for s in shas if s.startswith(r[0])), r[1], r[2], int(r[4]), int(r[5]),
            int(r[6])) for r in rows]
    assert got == want, (got, want)
    up, back = shas[-2], shas[-1]
    helper = [m for m in got if m[2] == "build/helper.o"]
    assert helper[0][0] == back and helper[1][0] == up and helper[0][5] == -helper[1][5] < 0
    assert all(m[0] != shas[-3] for m in got)     # the 4-byte counter: under the floor
    script = os.path.join(linux("src"), "scripts", "bloat-o-meter")
    pages.prefetch(script, [(os.path.join(built[a], o), os.path.join(built[b], o))
                            for a, b in zip(shas, shas[1:]) for o in OBJECTS[:3]], str(tmp_path))
    for r, m in zip(rows, got):
        if m[1] != "object":
            continue
        sha = m[0]
        old = built[shas[shas.index(sha) - 1]]
        bom = bom_rows(script, os.path.join(old, m[2]), os.path.join(built[sha], m[2]))
        top = max(abs(d) for d, _ in bom)
        first = [w for w in r[8].split(", ") if not w.startswith("(outside")][0].rsplit(None, 1)
        assert (int(first[1]), first[0]) in bom and abs(int(first[1])) == top, (r, bom)
    svg = open(os.path.join(site, "plots", "history-coordinates.svg")).read()
    for sha in {m[0] for m in want if m[1] == "coordinate"}:
        assert "diff/%s.html" % sha[:12] in svg, sha
    assert "plots/history-coordinates.svg" in page and "plots/history-objects.svg" in page
    # Each object page plots its builds and lists its own moves.
    obj = open(os.path.join(site, "obj", slug("build/helper.o") + ".html")).read()
    assert [(r[0], r[6]) for r in moves_table(obj, "Moves of build/helper.o")] == \
        [(m[0][:12], "%+d" % m[5]) for m in helper]
    assert re.search(r'src="\.\./plots/obj-[^"]+\.svg"', obj)
    assert re.search(r'src="\.\./plots/sym-[^"]+\.svg"', obj)
    coord = [p for p in glob.glob(os.path.join(site, "coord", "*.html"))]
    assert coord and all("plots/coord-" in open(p).read() for p in coord)


def moves_cli(repo, *args):
    r = bw("history", "--moves", *args, cwd=repo)
    return r.stdout


def test_history_moves_on_the_command_line_and_the_toml_floor(project, built, tmp_path):
    """`bloatwatch history --moves`: the page's list as text, CSV and JSON; bloatwatch.toml's
    [history] floor of 0 bytes marks every change (the 4-byte counter too), the default does
    not."""
    import csv
    import io
    import json
    repo, shas, site = project
    got = json.loads(moves_cli(repo, "--json"))
    assert got["noise"] == {"bytes": 8, "pct": 0.5}
    want = expected_moves(built, shas, (8, 0.5))
    assert [(m["commit"], m["series"], m["what"], m["before"], m["after"], m["delta"])
            for m in got["moves"]] == want
    rows = list(csv.DictReader(io.StringIO(moves_cli(repo, "--csv"))))
    assert [(r["commit"], r["series"], r["what"], int(r["delta"])) for r in rows] == \
        [(m[0], m[1], m[2], m[5]) for m in want]
    assert rows[0]["top symbols"].startswith(got["moves"][0]["symbols"][0]["symbol"])
    for m in got["moves"]:      # the symbols and what they leave out add up to the move
        if not m["more_symbols"]:
            assert sum(x["delta"] for x in m["symbols"]) == m["delta"], m
    text = moves_cli(repo).splitlines()
    assert text[0].split()[:3] == ["commit", "series", "what"] and len(text) == len(want) + 1
    assert text[1].split()[:2] == [want[0][0][:12], want[0][1]] and want[0][2] in text[1]
    one = json.loads(moves_cli(repo, "--json", "--object", "helper.o", "--range",
                               "%s..%s" % (shas[-2], shas[-1])))["moves"]
    assert [(m["what"], m["delta"]) for m in one] == [
        ("build/helper.o", next(m[5] for m in want if m[2] == "build/helper.o"))]

    toml = str(tmp_path / "floor0.toml")
    with open(os.path.join(repo, "bloatwatch.toml")) as f, open(toml, "w") as g:
        g.write(f.read() + "\n[history]\nnoise_bytes = 0\nnoise_pct = 0\n")
    zero = json.loads(moves_cli(repo, "--config", toml, "--json"))
    assert zero["noise"] == {"bytes": 0, "pct": 0}
    every = expected_moves(built, shas, (0, 0))
    assert [(m["commit"], m["series"], m["what"], m["delta"]) for m in zero["moves"]] == \
        [(m[0], m[1], m[2], m[5]) for m in every]
    counter = [m for m in zero["moves"] if m["commit"] == shas[-3]]
    assert {m["what"] for m in counter} >= {"build/main.o", "(all objects)"}
    assert any(s["symbol"] == "counter" for m in counter for s in m["symbols"]), counter
    # The command line's floor wins over the file's; bad input is one line.
    assert json.loads(moves_cli(repo, "--config", toml, "--json", "--noise-bytes", "8",
                                "--noise-pct", "0.5"))["moves"] == got["moves"]
    r = bw("history", "--moves", "total", cwd=repo, check=None)
    assert r.returncode != 0 and "takes no metric" in r.stderr
    bad = str(tmp_path / "bad.toml")
    with open(bad, "w") as g:
        g.write("[history]\nnoise_bytes = -1\n")
    r = bw("--config", bad, "history", "--moves", cwd=repo, check=None)
    assert r.returncode != 0 and "bad.toml" in r.stderr and "noise_bytes" in r.stderr


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
