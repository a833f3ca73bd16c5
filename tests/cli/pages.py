# SPDX-License-Identifier: GPL-2.0
"""Reading a rendered report for the tests: its pages as text, a diff page's bloat-o-meter
blocks, a rollup table of footprint.txt, and the kernel's own scripts/bloat-o-meter."""
import glob
import hashlib
import html
import os
import re
import subprocess

from tests.db import oracle as bom_oracle

# Names a report may only print when the project declares them (this repository's table).
UNDECLARED = ("Tiny RCU", "Classic RCU", "Hierarchical RCU", "rcupdate.o", "rcutiny.o",
              "rcuclassic.o", "rcutree.o", "Bloatwatch table", "Article (2009)")


def undeclared(text):
    """The UNDECLARED names in a text, each as a whole name (srcutiny.o is not rcutiny.o)."""
    return [n for n in UNDECLARED if re.search(r"(?<![\w/])%s(?!\w)" % re.escape(n), text)]


def html_pages(site):
    """{relative path: raw html} of every page."""
    return {os.path.relpath(p, site): open(p, encoding="utf-8").read()
            for p in glob.glob(os.path.join(site, "**", "*.html"), recursive=True)}


def text_of(page):
    """A page's text: tags dropped, entities decoded, whitespace folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def bom_blocks(page):
    """The bloat-o-meter blocks of a diff page, each as its list of lines."""
    return [html.unescape(b).strip("\n").splitlines()
            for b in re.findall(r"<pre>(.*?)</pre>", page, re.S)]


# The script reads nothing but `nm --size-sort` of its two files: a pair with the same bytes
# gives the same output, and the configcost and config page tests compare the same cached
# builds. {(script, digest of old, digest of new): output}, for this test session only.
_BOM = {}


def prefetch(script, pairs, tmp):
    """Run scripts/bloat-o-meter OLD NEW for every (old, new) pair not run yet, all in one
    Python process over binutils nm's listings (tests/db/oracle.py: the unmodified script, nm
    run once for all files) instead of a Python and two nm processes per pair."""
    todo = {}
    for old, new in pairs:
        key = (script, _digest(old), _digest(new))
        if key not in _BOM:
            todo.setdefault(key, (old, new))
    if todo:
        outs = bom_oracle.Oracle(script, tmp).run([("default", a, b) for a, b in todo.values()])
        _BOM.update(zip(todo, outs))


def _digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).digest()


def bloat_o_meter_text(script, old, new):
    """The kernel's scripts/bloat-o-meter OLD NEW: its output (run once per pair of contents)."""
    key = (script, _digest(old), _digest(new))
    if key not in _BOM:
        _BOM[key] = subprocess.run(["/usr/bin/python3", script, old, new], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, check=True).stdout
    return _BOM[key]


def bloat_o_meter(script, old, new):
    """The kernel's scripts/bloat-o-meter OLD NEW: its output lines."""
    return bloat_o_meter_text(script, old, new).strip("\n").splitlines()


def rollup_rows(text, build):
    """{folder or object: (objects, text, data, bss, total)} of footprint.txt's rollup of one
    build ('By folder: x86_64/gcc/tinyconfig')."""
    block = text.split("By folder: %s\n" % build, 1)[1].split("\n\n", 1)[0]
    out = {}
    for line in block.splitlines()[2:]:
        cells = line.split()
        name = " ".join(cells[:-5])
        out[name] = tuple(int(c) for c in cells[-5:])
    return out


def size_total(paths):
    """binutils size's text + data + bss summed over files."""
    r = subprocess.run(["size"] + list(paths), stdout=subprocess.PIPE, text=True, check=True)
    rows = [l.split() for l in r.stdout.splitlines()[1:]]
    return tuple(sum(int(x[i]) for x in rows) for i in range(3))
