# SPDX-License-Identifier: GPL-2.0
"""The declared table's rows in recorded Linux releases: columns beside the article's figures.

A release (`record --label`, docs/cli.md) of a Kbuild tree holds one build per arch and config
(docs/kernel-report.md). A table row that names a `release` object (kernel/rcu/tiny.o) takes,
per release and arch, the first build holding that object: the sum of its `release_objects`
(kernel/rcu/*.o) and, as a row of its own, its `release_image` (vmlinux). Each figure is given
twice: `size` bytes (size(1)'s total) and image bytes (less the sections Kbuild's link
discards, discards.KBUILD: the release trees are Kbuild trees whatever the report's project).
"""
import collections
import fnmatch

from . import article
from .. import discards
from ..render.cells import Bytes, Strong, Text, blank
from ..render.table import Column, Table


def figures(data):
    """[(release label, arch, {row name: (image, size, build label, [objects])},
    {row name: (image, size) of the release_image})] for every recorded release, in history
    order; [] when the table declares no release rows."""
    t = data.spec.table
    rows = [r for r in data.spec.rows if r.release]
    if t is None or not rows:
        return []
    drops = discards.Discards(discards.KBUILD)
    out = []
    for c in data.commits:
        if c["kind"] != "release" or c["status"] != "ok":
            continue
        builds = collections.defaultdict(dict)     # (arch, label) -> {object: footprint row}
        for r in data.history.footprint(c["commit_id"], drops):
            builds[(r["arch"], r["label"])][r["object"]] = r
        for arch in sorted({a for a, _ in builds}):
            rcu, image = {}, {}
            for row in rows:
                label = next((lb for a, lb in sorted(builds) if a == arch
                              and row.release in builds[(a, lb)]), None)
                if label is None:
                    continue
                objs = builds[(arch, label)]
                mine = sorted(o for o in objs if any(fnmatch.fnmatch(o, g) for g in t.release_objects))
                rcu[row.name] = (sum(objs[o]["image"] for o in mine),
                                 sum(objs[o]["total"] for o in mine), label, mine)
                if t.release_image in objs:
                    v = objs[t.release_image]
                    image[row.name] = (v["image"], v["total"])
            if rcu:
                out.append((c["label"], arch, rcu, image))
    return out


def sentences(spec, label, arch, rcu):
    """The article's closing sentence for one release and arch, in image and in size bytes."""
    where = "%s %s" % (label, arch)
    names = list(rcu)
    return ["%s, %s bytes: %s" % (where, kind, article.closing(
        spec, {n: v[i] for n, v in rcu.items()}, names, where)) for i, kind in ((0, "image"), (1, "size"))]


def table(data, ours, ours_where):
    """The article's rows: the published totals, ours ({row name: total}, at ours_where), then
    image and size bytes per release and arch; None without recorded release figures."""
    # One arch's releases side by side (history order kept by the stable sort), so that a
    # row's change from one release to the next reads across two adjacent column groups.
    figs = sorted(figures(data), key=lambda f: f[1])
    if not figs:
        return None
    s = data.spec
    cols = [Column("Implementation"), Column(s.reference or "published", "r", "2009"),
            Column("Bloatwatch " + ours_where, "r", "2009")]
    for label, arch, _, _ in figs:
        group = "Linux %s %s" % (label.lstrip("v"), arch)
        cols += [Column("image", "r", group), Column("size", "r", group)]
    t = Table("%s: 2009 beside Linux %s" % (s.table.title or s.table.name, ", ".join(
        dict.fromkeys(f[0].lstrip("v") for f in figs))), cols, anchor="releases")

    def pair(v):
        return [Bytes(v[0]), Bytes(v[1])] if v else [Text("-"), Text("-")]
    for name in s.names:
        pub = s.published_total(name) if s.row(name) and s.row(name).published else None
        t.add([Strong(name), Bytes(pub) if pub is not None else Text("-"),
               Bytes(ours[name]) if name in ours else Text("-")]
              + [c for _, _, rcu, _ in figs for c in pair(rcu.get(name))])
    for name in (r.name for r in s.rows if r.release and any(r.name in f[3] for f in figs)):
        t.add([Text("%s (%s kernel)" % (s.table.release_image, name)), blank(), blank()]
              + [c for _, _, _, image in figs for c in pair(image.get(name))], kind="total")
    used = collections.defaultdict(list)     # (row, build, objects) -> [release and arch]
    for label, arch, rcu, _ in figs:
        for n, v in rcu.items():
            used[(n, v[2], " + ".join(o.rsplit("/", 1)[-1] for o in v[3]))].append(
                "%s %s" % (label, arch))
    t.notes.append("Each Linux column: the build of that release and arch holding the row's "
                   "object (%s); its %s objects summed, and the %s linked in that build. size = "
                   "size(1)'s text + data + bss; image = less the sections the final link "
                   "discards (Kbuild's list: .discard.*, .export_symbol, .modinfo ...). "
                   "- = no such build." % ("; ".join("%s: %s" % (r.name, r.release) for r in s.rows
                                                     if r.release),
                                           ", ".join(s.table.release_objects), s.table.release_image))
    t.notes.append("Objects summed: %s." % "; ".join(
        "%s in %s (%s): %s" % (n, build, ", ".join(w), objs)
        for (n, build, objs), w in sorted(used.items())))
    for label, arch, rcu, _ in figs:
        t.notes += sentences(s, label, arch, rcu)
    return t
