# SPDX-License-Identifier: GPL-2.0
"""The overview's tables, for any project: totals per coordinate, every object, the directory
rollup, the builds of one arch and compiler, CONFIG values per build.

Tables as data (render.table): footprint.txt/.md print them with render.text, the HTML pages
draw the same Tables with the templates' table macro."""
import collections

from . import model
from ..render.cells import Bytes, Strong, Text
from ..render.table import Column, Table

SIZE_COLUMNS = [Column("text", "r"), Column("data", "r"), Column("bss", "r"), Column("total", "r")]


def sized(t):
    return [Bytes(x) for x in t]


def totals(data, href=None):
    """One row per arch and compiler of the head commit: builds, objects, text/data/bss."""
    t = Table("Totals per architecture and compiler (every recorded object)",
              [Column("arch"), Column("compiler"), Column("builds", "r"), Column("objects", "r")]
              + SIZE_COLUMNS)
    per = collections.defaultdict(list)
    for o in data.objects:
        per[(o.arch, o.compiler)].append(o)
    for (arch, cc), objs in sorted(per.items()):
        link = href(arch, cc) if href else None
        t.add([Text(arch, href=link), Text(cc, href=link), Bytes(len({o.build for o in objs})),
               Bytes(len(objs))] + sized(model.sums(objs)))
    if len(per) > 1:
        t.notes.append("A total adds up every object recorded for that architecture and compiler "
                       "(all its builds); compare architectures build by build on their pages.")
    return t


def builds(data, arch=None, compiler=None, href=None):
    """One row per build coordinate (config label, extra keys): objects and sizes."""
    per = collections.defaultdict(list)
    for o in data.objects:
        if arch is None or (o.arch, o.compiler) == (arch, compiler):
            per[o.build].append(o)
    t = Table("Builds", [Column("build"), Column("objects", "r")] + SIZE_COLUMNS)
    for b, objs in sorted(per.items()):
        t.add([Text(model.build_name(b), href=href(b) if href else None), Bytes(len(objs))]
              + sized(model.sums(objs)))
    return t


def objects(data, href=None, title="Every recorded object, largest first"):
    """One row per object name: how many builds have it, its smallest and largest total and
    the figures of its largest build."""
    per = collections.defaultdict(list)
    for o in data.objects:
        per[o.object].append(o)
    t = Table(title, [Column("object"), Column("builds", "r"), Column("smallest", "r"),
                      Column("largest", "r"), Column("largest in")] + SIZE_COLUMNS[:3])
    for name, objs in sorted(per.items(), key=lambda x: (-max(o.total for o in x[1]), x[0])):
        big = max(objs, key=lambda o: (o.total, model.build_name(o.build)))
        t.add([Text(name, href=href(name) if href else None), Bytes(len(objs)),
               Bytes(min(o.total for o in objs)), Bytes(big.total),
               Text(model.build_name(big.coord[:4]))] + sized((big.text, big.data, big.bss)))
    return t


def build_objects(objs, href=None, title=""):
    """Every object of one build, largest first; when some carry sections the final link
    discards, those bytes and the image's beside size's figures."""
    split = any(sum(o.discarded) for o in objs)
    extra = [Column("discarded", "r"), Column("image", "r")] if split else []
    t = Table(title, [Column("object")] + SIZE_COLUMNS + extra + [Column("path")])
    for o in sorted(objs, key=lambda o: (-o.total, o.object)):
        t.add([Text(o.name, href=href(o.object) if href else None)] + sized(
            (o.text, o.data, o.bss, o.total))
            + (sized((sum(o.discarded), o.image)) if split else []) + [Text(o.path)])
    dropped = sum(sum(o.discarded) for o in objs)
    t.add([Strong("total")] + sized(model.sums(objs))
          + (sized((dropped, sum(o.image for o in objs))) if split else []) + [Text("")],
          kind="total")
    if split:
        t.notes.append(DISCARDED_NOTE)
    return t


DISCARDED_NOTE = ("text, data, bss and total are size(1)'s; discarded is what of them lies in "
                  "sections the final link drops (.discard.*, .modinfo, .export_symbol ...: "
                  "Kbuild's list for a Kbuild tree, plus bloatwatch.toml's [image] discard), "
                  "image the total less it.")


def rollup(objs, title, href=None):
    """The folder tree of objects' paths: a row per folder (indented by depth) and per object,
    each folder the sum of everything below it; the first row is the total."""
    root = model.rollup(objs)
    t = Table(title, [Column("folder or object"), Column("objects", "r")] + SIZE_COLUMNS)
    for f in model.walk(root):
        pad = "\u00a0\u00a0" * f.depth
        t.add([Strong(pad + (f.name or "(all objects)")), Bytes(f.objects)]
              + sized((f.text, f.data, f.bss, f.total)), kind="total" if not f.name else "data")
        for o in sorted(f.leaves, key=lambda o: (-o.total, o.object)):
            name = o.object.rsplit("/", 1)[-1]
            t.add([Text(pad + "\u00a0\u00a0" + name, href=href(o.object) if href else None),
                   Bytes(1)] + sized((o.text, o.data, o.bss, o.total)))
    t.notes.append("Each folder adds up the objects below it; the first row is the total of "
                   "every object.")
    return t


def rollups(data, href=None):
    """A rollup per arch, compiler and config label whose objects' names have folders."""
    per = collections.defaultdict(list)
    for o in data.objects:
        per[o.build].append(o)
    out = []
    for b, objs in sorted(per.items()):
        if model.has_folders(objs):
            out.append((b, rollup(objs, "By folder: %s" % model.build_name(b), href)))
    return out


def config_values(rows, builds_):
    """CONFIG values per build: a row per option, a column per build; options whose values
    differ between the builds first."""
    per = collections.defaultdict(dict)
    for r in rows:
        per[(r["arch"], r["compiler"], r["label"], r["keys"] or "")][r["config"]] = r["value"]
    cols = [b for b in builds_ if b in per]
    t = Table("", [Column("option")] + [Column(model.build_name(b)) for b in cols])
    options = sorted({k for b in cols for k in per[b]})
    varied = [k for k in options if len({per[b].get(k) for b in cols}) > 1]
    for k in varied + [k for k in options if k not in varied]:
        t.add([Strong(k) if k in varied else Text(k)]
              + [Text(per[b].get(k, "-")) for b in cols])
    if varied and len(cols) > 1:
        t.notes.append("The %d options whose values differ between these builds come first, in "
                       "bold." % len(varied))
    return t
