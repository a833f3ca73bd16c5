# SPDX-License-Identifier: GPL-2.0
"""The treemaps in headless Chromium: the overview's and a diff page's render without console
errors, load only the site's own scripts, zoom on a click, and show the fixture's figures (the
article's i386/gcc sizes plus the fixture's documented moves); footprint.txt has the same tree
as a table."""
import json
import os
import re

import pytest

import fixture
import htmlcheck
import treemapdrive as tm
from conftest import url


def scripts(site, rel):
    page = htmlcheck.parse(os.path.join(site.out, rel))
    return [a.get("src") for t, a in page.tags if t == "script"]


def test_overview_treemap_zooms_to_the_recorded_figures(browser, fx):
    assert scripts(fx, "index.html")[:2] == ["js/d3-hierarchy.min.js", "js/treemap.js"]
    assert browser.load(url(fx, "index.html")) == []
    # The largest build is shown first: the SMP Tree scenario on x86_64 with clang.
    assert tm.figures(browser)["name"] == "x86_64/clang/TREE05"
    # i386/gcc TINY02 is the article's configuration: rcupdate.o 294/12/24 and rcutiny.o
    # 563/36/0, rcutiny.o grown by 24 bytes of text at the fixture's second commit.
    f = tm.pick_build(browser, "i386/gcc/TINY02")
    assert (f["total"], f["text"], f["data"], f["bss"]) == ("953", "881", "48", "24")
    objects = {b["name"] for b in tm.boxes(browser)}
    assert objects == {"rcupdate.o (variant=common)", "rcutiny.o (variant=tiny)"}
    f = tm.click_box(browser, "rcutiny.o (variant=tiny)")
    assert (f["total"], f["code"], f["rodata"], f["data"], f["bss"]) == ("623", "587", "0", "36", "0")
    assert "rcutiny.o (variant=tiny)" in tm.crumbs(browser)
    sections = {b["name"]: b for b in tm.boxes(browser)}
    assert set(sections) == {".text", ".data"}          # an empty .bss has no area
    assert "tm-text" in sections[".text"]["inner"][0][1]   # symbols coloured by their class
    f = tm.click_box(browser, ".text")
    assert f == {"name": ".text", "total": "587"}
    symbols = [b["name"] for b in tm.boxes(browser)]
    assert symbols[0] == "tiny_process_callbacks" and "call_tiny" in symbols
    # rcutiny.o's text is 563 + 24 bytes, its functions half, a quarter, an eighth and the rest.
    assert tm.hover(browser, "call_tiny") == ["call_tiny (symbol, code)", "146 bytes",
                                              "24.9% of .text"]
    assert browser.errors() == []


def test_every_build_has_a_data_script_and_the_selector_names_it(fx):
    page = fx.read("index.html")
    srcs = re.findall(r'data-src="([^"]+)"', page)
    assert len(srcs) == len({(o["build"]["arch"], o["build"]["compiler"], o["build"]["scenario"])
                             for o in fixture.matrix(4)})
    for src in srcs:
        assert os.path.isfile(os.path.join(fx.out, src)), src


def test_diff_treemap_shows_the_symbols_that_moved(browser, fx):
    growth = fx.commits[1]["sha"][:12]
    assert browser.load(url(fx, "diff/%s.html" % growth)) == []
    f = tm.figures(browser)
    page = fx.read("diff/%s.html" % growth)
    delta = re.search(r"total (\d+) &rarr; (\d+) \(([-+]\d+) bytes\)", page)
    # Tiny's object grew in each of its 24 builds (24 bytes, scaled per arch and compiler).
    assert f["name"] == "every build" and f["down"] == "-0" and f["net"] == delta.group(3)
    builds = tm.boxes(browser)
    assert len(builds) == 24 and all("TINY" in b["name"] for b in builds)
    f = tm.click_box(browser, "i386/gcc/TINY02")
    assert (f["up"], f["net"]) == ("+24", "+24")       # the fixture's unscaled coordinate
    tm.click_box(browser, "rcutiny.o (variant=tiny)")
    moved = {b["name"]: b["cls"] for b in tm.boxes(browser)}
    assert set(moved) == {"tiny_process_callbacks", "call_tiny", "tiny_check_callbacks",
                          "tiny_qsctr_inc.isra"}
    assert all("tm-grow" in c for c in moved.values())
    assert browser.errors() == []


def test_a_diff_without_a_byte_moved_has_no_treemap(fx):
    docs_only = fx.read("diff/%s.html" % fx.commits[4]["sha"][:12])
    assert 'class="treemap"' not in docs_only and "<script" not in docs_only


def test_hostile_names_are_text_in_the_treemaps(browser, hostile):
    assert browser.load(url(hostile, "index.html")) == []
    assert browser.evaluate("document.scripts.length") == 3
    tm.pick_build(browser, "i386/gcc/TINY02")
    name = [b["name"] for b in tm.boxes(browser) if b["name"].startswith(fixture.HOSTILE_OBJECT)]
    assert name, tm.boxes(browser)
    tm.click_box(browser, name[0])
    tm.click_box(browser, fixture.HOSTILE_SECTION)
    assert fixture.HOSTILE_SYMBOL in [b["name"] for b in tm.boxes(browser)]
    assert browser.evaluate("document.scripts.length") == 4   # the picked build's data only
    assert browser.errors() == []
    for rel in hostile.files(".js"):
        if rel.startswith("treemap/"):
            text = hostile.read(rel)
            assert text.startswith("bwTreemap.load(") and text.endswith(");\n")
            json.loads(text[len("bwTreemap.load("):-3])     # data, nothing else


def test_text_report_has_the_same_tree(fx):
    text = fx.read("footprint.txt")
    block = text.split("Where the bytes go: x86_64/clang/TREE05 (", 1)[1].split("\n\n", 1)[0]
    head, rows = block.split("\n", 1)
    total = int(head.split(" bytes", 1)[0])
    lines = rows.splitlines()[2:]
    assert lines[0].split()[-2:] == [str(total), "100.0%"]
    # The objects' rows add up to the build's total, as size(1) counts it.
    objects = [l for l in lines if re.match(r"^\s{2}\S", l) and "(" in l and ".o" in l]
    assert sum(int(l.split()[-2]) for l in objects) == total
    md = fx.read("footprint.md")
    assert "Where the bytes go: x86\\_64/clang/TREE05" in md      # Markdown escapes _


def test_without_d3_hierarchy_the_report_says_what_to_install(monkeypatch, tmp_path):
    from bloatwatch.errors import BwError
    from bloatwatch.report import treemap
    monkeypatch.setattr(treemap, "D3_HIERARCHY", (str(tmp_path / "missing.js"),))
    with pytest.raises(BwError, match=r"d3-hierarchy not found \(looked for .*missing\.js\): "
                                      r"install Debian's node-d3-hierarchy"):
        treemap.d3_source()
