# SPDX-License-Identifier: GPL-2.0
"""The report on real Linux 6.1 Kbuild trees (tinyconfig kernel/rcu/, x86_64 and i386): a first
commit records both, a second one the x86_64 tree rebuilt with CONFIG_PRINTK=y
(linux.sh config-flip). Pages checked against size, pahole and the kernel's own
scripts/bloat-o-meter."""
import os
import re
import subprocess

import pytest

import pages
from conftest import bw, git, linux, scratch_repo
from test_kbuild import kernel_objects

FLIP = "CONFIG_PRINTK=y"


@pytest.fixture(scope="module")
def kernel_site(tmp_path_factory, rcu_x86_64, rcu_i386, analyzer):
    flip = linux("config-flip", "x86_64", "rcu", FLIP)
    top = tmp_path_factory.mktemp("kreport")
    repo = scratch_repo(top / "tree", links={"x86_64": rcu_x86_64, "i386": rcu_i386})
    bw("init", "--label", "tinyconfig", cwd=repo)
    git(repo, "add", "bloatwatch.toml")
    git(repo, "commit", "-q", "-m", "bloatwatch.toml")
    bw("record", cwd=repo)
    os.remove(os.path.join(repo, "x86_64"))
    os.symlink(flip, os.path.join(repo, "x86_64"))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "x86_64: " + FLIP)
    bw("record", cwd=repo)
    site = str(top / "site")
    bw("report", "--out", site, cwd=repo)
    shas = git(repo, "rev-list", "--reverse", "HEAD").split()
    return dict(repo=repo, site=site, shas=shas, flip=flip, base=rcu_x86_64, i386=rcu_i386)


def test_every_object_on_every_page_that_lists_objects(kernel_site):
    site = kernel_site["site"]
    text = open(os.path.join(site, "footprint.txt")).read()
    html = pages.html_pages(site)
    index = pages.text_of(html["index.html"])
    for arch, out in (("x86_64", kernel_site["flip"]), ("i386", kernel_site["i386"])):
        coord = pages.text_of(html["coord/%s-gcc.html" % arch])
        objs = kernel_objects(out)
        assert len(objs) >= 4
        for obj in objs:
            assert obj in text and obj in index and obj.rsplit("/", 1)[1] in coord, (arch, obj)
            assert any(p.startswith("obj/") and ("%s at " % obj) in pages.text_of(html[p])
                       for p in html), obj
    assert pages.undeclared(text) == []
    for rel, page in html.items():
        assert pages.undeclared(page) == [], rel


def test_rollup_sums_to_the_objects_size(kernel_site):
    text = open(os.path.join(kernel_site["site"], "footprint.txt")).read()
    for arch, out in (("x86_64", kernel_site["flip"]), ("i386", kernel_site["i386"])):
        objs = kernel_objects(out)
        want = pages.size_total([os.path.join(out, o) for o in objs])
        rows = pages.rollup_rows(text, "%s/gcc/tinyconfig" % arch)
        assert rows["(all objects)"] == (len(objs),) + want + (sum(want),), arch
        assert rows["kernel/"] == rows["kernel/rcu/"] == rows["(all objects)"], arch


def test_diff_page_lists_the_symbols_bloat_o_meter_lists(kernel_site, tmp_path):
    script = os.path.join(linux("src"), "scripts", "bloat-o-meter")
    base, flip = kernel_site["base"], kernel_site["flip"]
    raw = open(os.path.join(kernel_site["site"], "diff",
                            kernel_site["shas"][-1][:12] + ".html")).read()
    page = pages.text_of(raw)
    blocks = [b[:-1] for b in pages.bom_blocks(raw)]
    assert "0 compared" not in page
    both = sorted(set(kernel_objects(base)) & set(kernel_objects(flip)))
    moved = 0
    pages.prefetch(script, [(os.path.join(base, o), os.path.join(flip, o)) for o in both], tmp_path)
    for obj in both:
        want = pages.bloat_o_meter(script, os.path.join(base, obj), os.path.join(flip, obj))
        if want[0].startswith("add/remove: 0/0 grow/shrink: 0/0"):
            continue
        moved += 1
        assert want[:-1] in blocks, (obj, want, blocks)
    assert moved, "the flip moves some kernel/rcu symbols"
    # The CONFIG finding is the flip itself; i386 did not change.
    assert re.search(r"CONFIG_PRINTK n y", page), page[:3000]
    differ = page.split("Objects that differ")[1].split("Symbols")[0]
    assert "i386/gcc/tinyconfig/kernel/rcu" not in differ


def test_struct_index_finds_an_objects_own_structs(kernel_site):
    """tiny.o's own control block is the first of its own structs, not buried among the
    hundreds its headers bring; its figures are pahole's."""
    site = kernel_site["site"]
    index = pages.text_of(open(os.path.join(site, "structs.html")).read())
    own = index.split("Only in kernel/rcu/tiny.o", 1)[1].split("also in other objects", 1)[0]
    assert "struct rcu_ctrlblk kernel/rcu/tiny.o" in own
    row = re.search(r"struct rcu_ctrlblk kernel/rcu/tiny\.o (\d+) (\d+) (\d+) (\d+) (\d+)", own)
    out = subprocess.run(["pahole", "-C", "rcu_ctrlblk",
                          os.path.join(kernel_site["flip"], "kernel/rcu/tiny.o")],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    size = re.search(r"/\* size: (\d+),", out).group(1)
    sizes = {row.group(5)}
    out32 = subprocess.run(["pahole", "-C", "rcu_ctrlblk",
                            os.path.join(kernel_site["i386"], "kernel/rcu/tiny.o")],
                           stdout=subprocess.PIPE, text=True, check=True).stdout
    assert sizes <= {size, re.search(r"/\* size: (\d+),", out32).group(1)}


def test_config_values_per_build(kernel_site):
    page = pages.text_of(open(os.path.join(kernel_site["site"], "config-values.html")).read())
    assert "x86_64/gcc/tinyconfig" in page and "i386/gcc/tinyconfig" in page
    assert "CONFIG_TINY_RCU y y" in page
    assert re.search(r"CONFIG_64BIT (- y|y -)", page), "an option that differs, shown first"
