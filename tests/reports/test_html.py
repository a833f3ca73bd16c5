# SPDX-License-Identifier: GPL-2.0
"""The HTML site: every link and plot exists, nothing external, deterministic output."""
import filecmp
import os
import re
import sqlite3

import htmlcheck
from bloatwatch.report import output
from conftest import generate


def pages(site):
    return list(site.files(".html"))


def test_every_link_and_image_resolves(fx):
    ids = {}    # each page's ids, parsed once: fragment links name a few large pages many times

    def ids_of(path):
        if path not in ids:
            ids[path] = htmlcheck.parse(path).ids
        return ids[path]

    checked = 0
    for rel in pages(fx):
        page = htmlcheck.parse(os.path.join(fx.out, rel))
        ids[os.path.join(fx.out, rel)] = page.ids
        for tag, attr, url in htmlcheck.links(page):
            got = htmlcheck.resolve(fx.out, rel, url)
            if got is None:
                assert tag == "link" and url == "data:,", (rel, url)   # the empty favicon
                continue
            target, frag = got
            assert os.path.isfile(target), "%s: %s=%r does not exist" % (rel, attr, url)
            if frag:
                assert frag in ids_of(target), "%s: #%s not in %s" % (rel, frag, target)
            checked += 1
    assert checked > 100


def test_pages_the_issue_asks_for_exist_and_are_linked(fx):
    index = fx.read("index.html")
    for page in ("history.html", "config.html", "structs.html", "config-values.html",
                 "obj/rcutiny.o.html", "obj/rcupdate.o.html", "coord/i386-gcc.html",
                 "footprint.txt", "footprint.md"):
        assert os.path.isfile(os.path.join(fx.out, page)), page
        assert 'href="%s"' % page in index, page
    # The struct pages, one per object name, are linked from the struct index.
    structs = fx.read("structs.html")
    for obj in ("rcutiny.o", "rcuclassic.o", "rcutree.o", "rcupdate.o"):
        assert os.path.isfile(os.path.join(fx.out, "structs", obj + ".html")), obj
        assert 'href="structs/%s.html"' % obj in structs, obj
    # One diff page per commit that has a previous commit that built; none for the first or
    # the failed one.
    labels = [c["sha"][:12] for c in fx.commits]
    diffs = sorted(os.listdir(os.path.join(fx.out, "diff")))
    assert diffs == ["%s.html" % labels[i] for i in (1, 3, 4)]


def test_plots_are_svg_with_title_labels_and_legend(fx):
    index = htmlcheck.parse(os.path.join(fx.out, "index.html"))
    imgs = [a["src"] for t, a in index.tags if t == "img"]
    assert "plots/footprint.svg" in imgs
    assert {"plots/history-tiny-rcu.svg", "plots/history-classic-rcu.svg",
            "plots/history-hierarchical-rcu.svg"} <= set(imgs)
    config = htmlcheck.parse(os.path.join(fx.out, "config.html"))
    imgs += [a["src"] for t, a in config.tags if t == "img"]
    for src in imgs:
        root = htmlcheck.svg(os.path.join(fx.out, src))
        assert root.tag == htmlcheck.SVG + "svg"
        assert float(root.attrib["width"].rstrip("pt")) > 100
        text = " ".join(t.text or "" for t in root.iter(htmlcheck.SVG + "text"))
        assert "bytes" in text, src                   # a y axis label with the unit
        # an axis label or legend title naming what the bars or lines are
        assert "architecture" in text or "option" in text or "size(1) class" in text, src
        meta = open(os.path.join(fx.out, src)).read()
        assert "<dc:date>" not in meta and "matplotlib.org" not in meta


def test_history_marks_the_move_above_the_noise_floor_and_links_its_diff(fx):
    tiny_growth = fx.commits[1]["sha"][:12]
    root = htmlcheck.svg(os.path.join(fx.out, "plots/history-tiny-rcu.svg"))
    urls = set(htmlcheck.svg_links(root))
    assert urls == {"../diff/%s.html" % tiny_growth}
    assert os.path.isfile(os.path.join(fx.out, "diff", tiny_growth + ".html"))
    # Classic's -4 bytes is under the 8-byte floor: on the line, not circled.
    assert not set(htmlcheck.svg_links(htmlcheck.svg(os.path.join(fx.out, "plots/history-classic-rcu.svg"))))
    history = fx.read("history.html")
    assert 'href="diff/%s.html"' % tiny_growth in history
    assert history.count("i386") >= 2


def test_diff_page_lists_objects_symbols_in_bloat_o_meter_grammar_and_structs(fx):
    page = fx.read("diff/%s.html" % fx.commits[3]["sha"][:12])
    assert "add/remove: 0/0 grow/shrink: 0/3 up/down: 0/-4 (-4)" in page
    assert "Total: Before=1548, After=1544, chg -0.26%" in page    # i386/clang/CLASSIC02's figures
    assert "i386/gcc/CLASSIC02/rcuclassic.o" in page
    assert "struct rcu_data" in page and "dynticks_snap" in page
    assert "failed to build: %s" % fx.commits[2]["sha"][:12] in page


def test_struct_page_draws_holes_padding_and_the_reorganized_order(fx):
    page = fx.read("structs/rcutree.o.html")
    assert 'class="seg hole' in page and 'class="seg pad' in page
    # The analyzer's order and saving (the fixture's reorganized.order), drawn at its size.
    block = page.split("Reorganized by the analyzer (pahole --reorganize): 24 bytes (saves 16)</h4>", 1)[1]
    block = block.split("</div>\n</div>", 1)[0]
    assert block.startswith('\n<p class="order">Order: nxtlist, curlist, dynticks_snap, '
                            'passed_quiesc, qs_pending</p>')
    assert "gives pahole's size" in block and 'aria-label="reorganized layout of struct rcu_data"' in block
    assert "the report's estimate" not in page and "Not drawn" not in page
    big = fx.read("structs/rcuclassic.o.html")
    assert "64-bit" in big and "32-bit" in big


def test_structs_are_told_apart_by_layout_not_by_name(fx):
    """The fixture's Classic has its own rcu_ctrlblk (cpumask and all) while Tiny and Tree
    share another layout of that name: Classic's is in rcuclassic.o alone, Tiny's is not, and
    both names carry their sizes so that the two can be told apart.  Likewise rcu_data, which
    Tree's head commit grew by a member: Classic and Tiny share the old layout."""
    index = fx.read("structs.html")

    def group(obj):
        """(only in obj, also in others) of obj's section of the index, as text."""
        sec = [s for s in index.split('<section id="o-')[1:] if ">%s</a>:" % obj in s][0]
        sec = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", sec.split("</section>", 1)[0]))
        own, _, shared = sec.partition("also in other objects")
        return own, shared

    # 64-bit: 2 * 8 + 72; 32-bit: 2 * 4 + 72.  Tiny's: 4 words.
    classic, tiny = "struct rcu_ctrlblk (80/88 bytes)", "struct rcu_ctrlblk (16/32 bytes)"
    own, shared = group("rcuclassic.o")
    assert classic in own and "rcu_ctrlblk" not in shared, own
    assert "struct rcu_data" in shared and "rcu_data" not in own
    own, shared = group("rcutiny.o")
    assert "rcu_ctrlblk" not in own and tiny in shared, (own, shared)
    page = fx.read("structs/rcuclassic.o.html")
    assert "<h2>%s</h2>" % classic in page and "<h2>struct rcu_data (16/32 bytes)</h2>" in page
    own, shared = group("rcutree.o")
    assert "struct rcu_data (20/40 bytes)" in own and "rcu_data" not in shared


def test_struct_page_without_a_stored_order_says_the_order_is_its_own(fx, tmp_path):
    """A database recorded before schema version 4 has no order: the page falls back to its
    own estimate and says so; the analyzer's size and saving are still the recorded ones."""
    db = str(tmp_path / "old.db")
    src, con = sqlite3.connect(fx.db), sqlite3.connect(db)
    src.backup(con)
    src.close()
    con.execute("UPDATE members SET reorg_seq = NULL")
    con.commit()
    con.close()
    out = str(tmp_path / "out")
    generate(db, out)
    with open(os.path.join(out, "structs", "rcutree.o.html"), encoding="utf-8") as f:
        page = f.read()
    assert "Reorganized by the analyzer" not in page
    assert "Reorganized, the report's estimate: 24 bytes (saves 16)" in page
    assert "Not the analyzer's order: this layout was recorded before the database kept it" in page
    assert "The analyzer (pahole's reorganize algorithm) gets it to 24 bytes, saving 16." in page


def test_config_page_without_a_sweep_says_how_to_get_one(fx):
    # The fixture records scenarios, no CONFIG sweep (test_configpage.py checks a real one).
    page = fx.read("config.html")
    assert "No CONFIG sweep is recorded at this commit" in page and "make sweep" in page
    assert ">HOTPLUG_CPU<" in page       # the usage table lists every option the sources use
    assert "not measured" not in page


def test_output_is_deterministic_and_a_rerun_changes_nothing(fx, tmp_path):
    again = str(tmp_path / "again")
    generate(fx.db, again)
    # The manifest is the run's bookkeeping (mtimes of what it wrote), not a page.
    cmp = filecmp.dircmp(fx.out, again, ignore=[output.MANIFEST])

    def same(c):
        assert not c.left_only and not c.right_only and not c.diff_files, (c.left, c.diff_files)
        for sub in c.subdirs.values():
            same(sub)
    same(cmp)


def test_the_menu_offers_every_page_this_repository_has_data_for(fx):
    # The fixture is this repository's kind of project: struct layouts, CONFIG values per
    # build and the CONFIG options its sources use, so no page is left out.
    nav = htmlcheck.parse(os.path.join(fx.out, "obj/rcutiny.o.html"))
    titles = [a["href"] for t, a in nav.tags if t == "a"]
    for page in ("structs.html", "config-values.html", "config.html"):
        assert "../" + page in titles, page
    assert " no build recorded CONFIG" not in fx.read("index.html")
