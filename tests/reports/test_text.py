# SPDX-License-Identifier: GPL-2.0
"""footprint.txt / footprint.md: the article's table, the computed closing note, what is missing."""
import os
import re

from conftest import generate
import fixture
from bloatwatch import project
from bloatwatch.report import article, model, spec
from bloatwatch.report.model import Build, ConfigKey, Obj


def article_rows(text):
    """{(implementation, filename): [our text, data, bss, total]} of the beside-the-article table."""
    block = text.split("beside the article's Memory Footprint table", 1)[1].split("\n\n", 1)[0]
    rows, impl = {}, None
    for line in block.splitlines()[4:]:
        cells = re.split(r"\s{2,}", line.strip())
        if line[:1] != " ":
            impl = cells[0]
            cells = cells[1:]
        rows[(impl, cells[0])] = cells[1:]
    return rows


def test_beside_table_has_our_figures_and_the_articles(fx):
    text = fx.read("footprint.txt")
    rows = article_rows(text)
    # Our i386/gcc figures at the article's configuration (fixture: the article's own numbers,
    # Tiny grown by 24 bytes at commit 2, Classic trimmed by 4 at commit 4), then the article's.
    assert rows[("Tiny RCU", "rcutiny.o")] == ["587", "36", "0", "623", "563", "36", "0", "599", "+24", "1.04x"]
    assert rows[("Tiny RCU", "rcupdate.o")][:8] == ["294", "12", "24", "330", "294", "12", "24", "330"]
    assert rows[("Tiny RCU", "Tiny RCU Total")] == ["953", "929", "+24", "1.03x"]
    assert rows[("Classic RCU", "rcuclassic.o")][:4] == ["1233", "64", "124", "1421"]
    assert rows[("Hierarchical RCU", "Hierarchical RCU Total")] == ["3167", "3167", "0", "1.00x"]


def test_closing_note_is_computed_from_the_figures(fx):
    text = " ".join(fx.read("footprint.txt").split())
    assert ("Tiny RCU is about 1.9 times smaller than Classic RCU (867 bytes saved), and about "
            "3.3 times smaller than Hierarchical RCU (2214 bytes saved).") in text
    # The same sentence builder applied to the article's published figures.
    assert ("Article (2009), the same sentence computed from its figures: Tiny RCU is about 2.0 "
            "times smaller than Classic RCU (895 bytes saved), and about 3.4 times smaller than "
            "Hierarchical RCU (2238 bytes saved).") in text


def test_published_figures_come_from_bloatwatch_toml(tmp_path):
    """The article's figures are the toml's: declare other ones and the sentence follows."""
    toml = tmp_path / "bloatwatch.toml"
    toml.write_text(open(os.path.join(fixture.ROOT, "bloatwatch.toml")).read()
                    .replace("published_total = 929", "published_total = 1824"))
    assert ("Tiny RCU is the same size as Classic RCU (1824 bytes), and about 1.7 times "
            "smaller than Hierarchical RCU (1343 bytes saved).") == \
        article.published_closing(spec.load(project.load(str(toml))))


def test_every_coordinate_has_its_table(fx):
    text = fx.read("footprint.txt")
    for arch in fixture.ARCHES:
        for cc in fixture.COMPILERS:
            for label in ("!SMP, NR_CPUS=1, !PREEMPT, !NO_HZ", "!SMP, NR_CPUS=1, PREEMPT, NO_HZ",
                          "SMP, NR_CPUS=8, !PREEMPT, NO_HZ"):
                assert "%s/%s %s (scenarios" % (arch, cc, label) in text
    # The SMP group holds only Tree: it says so instead of inventing rows.
    smp = text.split("i386/gcc SMP, NR_CPUS=8, !PREEMPT, NO_HZ (scenarios TREE05)", 1)[1]
    smp = " ".join(smp.split("\n\n\n", 1)[0].split())
    assert "Tiny RCU  " not in smp.split("Hierarchical RCU Total")[0]   # no Tiny row
    assert ("Hierarchical RCU totals 4283 bytes. Classic RCU has no recorded build "
            "for i386/gcc SMP, NR_CPUS=8, !PREEMPT, NO_HZ, so it is not compared. Tiny RCU is "
            "uniprocessor-only, so it has no SMP build to compare.") in smp


def test_missing_variants_are_reported_not_invented(tmp_path):
    db = str(tmp_path / "tiny.db")
    fixture.build(db, variants=("tiny",))
    out = str(tmp_path / "out")
    generate(db, out, html=False)
    text = open(os.path.join(out, "footprint.txt")).read()
    rows = article_rows(text)
    assert rows[("Classic RCU", "rcuclassic.o")][:4] == ["-", "-", "-", "-"]
    assert rows[("Classic RCU", "rcuclassic.o")][4:8] == ["1237", "64", "124", "1425"]
    assert rows[("Classic RCU", "Classic RCU Total")] == ["-", "1824"]
    flat = " ".join(text.split())
    assert ("Tiny RCU totals 953 bytes. Classic RCU and Hierarchical RCU have no recorded build "
            "for i386/gcc !SMP, NR_CPUS=1, !PREEMPT, NO_HZ, so they are not compared.") in flat
    assert "1820" not in text and "3167 " not in text.split("Article (2009)")[0].split("Tiny RCU")[-1]


def test_markdown_tables_are_well_formed(fx):
    md = fx.read("footprint.md")
    assert ("| Implementation | filename | Bloatwatch text | Bloatwatch data | Bloatwatch bss | Bloatwatch total "
            "| Article (2009) text |") in md
    table = None
    for line in md.splitlines():
        if line.startswith("|"):
            n = len(re.findall(r"(?<!\\)\|", line))
            table = n if table is None else table
            assert n == table, line
        else:
            table = None
    assert "**953**" in md


def test_phrasing_when_tiny_is_larger_or_equal():
    s = spec.load()
    assert article.closing(s, {"Tiny RCU": 1000, "Classic RCU": 500}, ("Classic RCU", "Tiny RCU")) == \
        "Tiny RCU is about 2.0 times larger than Classic RCU (500 bytes more)."
    assert article.closing(s, {"Tiny RCU": 700, "Classic RCU": 700}, ("Classic RCU", "Tiny RCU")) == \
        "Tiny RCU is the same size as Classic RCU (700 bytes)."
    assert article.closing(s, {}, ("Tiny RCU",), "x") == "No variant has a recorded build for x."


def _obj(scen, variant, obj, total):
    return Obj("i386", "gcc", scen, '{"variant": "%s"}' % variant, obj, "p/" + obj,
               hash((scen, obj)) & 0xffff, total, 0, 0, total)


def test_variants_are_grouped_by_recorded_config_not_scenario_names():
    up = {"CONFIG_SMP": "n", "CONFIG_NR_CPUS": "1", "CONFIG_PREEMPT": "n", "CONFIG_NO_HZ": "y"}
    objs = [_obj("ZZZ", "common", "rcupdate.o", 300), _obj("ZZZ", "tiny", "rcutiny.o", 600),
            _obj("AAA", "common", "rcupdate.o", 400), _obj("AAA", "classic", "rcuclassic.o", 1400),
            _obj("BBB", "common", "rcupdate.o", 400), _obj("BBB", "classic", "rcuclassic.o", 1500)]
    configs = {("i386", "gcc", "ZZZ"): up, ("i386", "gcc", "AAA"): up,
               ("i386", "gcc", "BBB"): dict(up, CONFIG_PREEMPT="y")}
    s = spec.load()
    groups = model.groups(model.builds(objs, configs, s), s)
    article_group = model.find_group(groups, "i386", "gcc", model.article_key(s))
    assert sorted(article_group.builds) == ["Classic RCU", "Tiny RCU"]
    assert article_group.first("Classic RCU").scenario == "AAA" and article_group.first("Tiny RCU").total == 900
    assert ConfigKey.of(configs[("i386", "gcc", "BBB")], s.group_by).label() == \
        "!SMP, NR_CPUS=1, PREEMPT, NO_HZ"
    assert isinstance(article_group.first("Tiny RCU"), Build)


def test_objects_without_build_records_are_counted_and_compared(tmp_path):
    """A tree recorded without any build record: every object is in the header and the diff
    page pairs them by path (the pages for matrix builds have nothing to show)."""
    from bloatwatch.db import ingest
    from bloatwatch.db.store import Store
    from bloatwatch.record.coordinate import decide_all
    db = str(tmp_path / "plain.db")
    store = Store(db, create=True)
    try:
        for i in range(2):
            files = []
            for name, grow in (("kernel/rcu/tiny.o", 0), ("lib/bloat.o", 8 * i)):
                e = fixture.entry("x86_64", "gcc", "-", "tiny", name, "x.c", (100 + grow, 8, 0), 0,
                                  False, 64)
                e.update(file=name, build=None, machine="EM_X86_64")
                files.append(e)
            commit = {"sha": ("%02x" % (i + 1)) * 20, "dirty": False, "parents": "",
                      "author": "T", "author_date": 1700000000 + i, "commit_date": 1700000000 + i,
                      "subject": "step %d" % i, "status": "ok", "error": ""}
            ingest.record(store, commit, ingest.prepare(decide_all(files, "plain"), [], "plain"))
    finally:
        store.close()
    out = str(tmp_path / "out")
    generate(db, out)
    text = " ".join(open(os.path.join(out, "footprint.txt")).read().split())
    assert "2 objects in 1 build;" in text
    page = open(os.path.join(out, "diff", "020202020202.html")).read()
    assert "Objects: 2 compared, 1 differ" in page and "lib/bloat.o" in page
