# SPDX-License-Identifier: GPL-2.0
"""LAYOUT: what the footprint report says, as sections of tables built from the views' rows.

Every project gets the totals per coordinate, every object and the directory rollup
(overview.py); a project that declares a comparison table in bloatwatch.toml also gets that
table regenerated beside its published figures, and the table per coordinate and
configuration.  text.py and html.py render the same Tables.
"""
import itertools
from dataclasses import dataclass
from typing import Callable

from . import article, overview, releases, stackpage, treemap
from .data import date
from ..render.cells import Bytes, Delta, Ratio, Strong, Text, blank
from .output import slug
from .model import article_key, variant_name
from ..render.table import Column, Table

ARTICLE_COLUMNS = (("Implementation", "l"), ("text", "r"), ("data", "r"), ("bss", "r"),
                   ("total", "r"), ("filename", "l"))


@dataclass
class Section:
    anchor: str
    title: str
    build: Callable      # (Data) -> [Table | str]


def group_anchor(g):
    return "g-" + slug("%s-%s-%s" % (g.arch, g.compiler, g.key.slug()))


def where(g):
    return "%s/%s %s" % (g.arch, g.compiler, g.key.label())


def scenarios(g):
    return sorted({b.scenario for bs in g.builds.values() for b in bs})


def variant_label(g, b):
    if len(g.builds[b.variant]) == 1:
        return variant_name(b.variant)
    what = g.distinct(b.variant).get(b.scenario)
    return "%s (%s%s)" % (variant_name(b.variant), b.scenario, ": " + what if what else "")


def totals(g):
    """{variant name: total bytes} of a group (the first build of each variant)."""
    return {variant_name(v): g.first(v).total for v in g.variants()}


def closing(spec, g):
    config = next(iter(g.builds.values()))[0].config
    # A row whose declared CONFIG values (`requires`) the group lacks is not a missing
    # build: the table's `why` says so instead.
    expected, why = spec.expected(config)
    text = " ".join([article.closing(spec, totals(g), expected, where(g))] + why)
    several = [g.first(v).scenario for v in g.variants() if len(g.builds[v]) > 1]
    if several:
        text += " Where a variant has several builds here, the sentence uses the first (%s)." \
            % ", ".join(several)
    return text


def article_table(spec, g, coord_href=None):
    """The article's table for one group: rows per object, a total row per variant."""
    t = Table("%s (scenarios %s)" % (where(g), ", ".join(scenarios(g))),
              [Column(n, a) for n, a in ARTICLE_COLUMNS], anchor=group_anchor(g))
    for v in g.variants():
        for b in g.builds[v]:
            name = variant_label(g, b)
            for i, o in enumerate(b.objects):
                t.add([Strong(name) if i == 0 else blank(), Bytes(o.text), Bytes(o.data),
                       Bytes(o.bss), Bytes(o.total), Text(o.object)])
            t.add([blank(), blank(), blank(), blank(), Bytes(b.total), Strong(name + " Total")],
                  kind="total")
    t.notes.append(closing(spec, g))
    return t


def beside_table(spec, g, commit_label):
    """Our figures for one group beside the article's published ones, row for row."""
    ours, theirs = "Bloatwatch", spec.reference
    cols = [Column("Implementation"), Column("filename")]
    cols += [Column(n, "r", ours) for n in ("text", "data", "bss", "total")]
    cols += [Column(n, "r", theirs) for n in ("text", "data", "bss", "total")]
    cols += [Column("delta", "r"), Column("ratio", "r")]
    t = Table("%s at %s beside the article's %s table" % (where(g), commit_label, spec.table.title),
              cols, anchor="article")
    by_name = {variant_name(v): v for v in g.variants()}
    for name in list(spec.names) + [n for n in by_name if n not in spec.names]:
        b = g.first(by_name[name]) if name in by_name else None
        row = spec.row(name)
        pub = row.published if row else ()
        objs = b.objects if b else []
        for i, (o, p) in enumerate(itertools.zip_longest(objs, pub)):
            mine = [Bytes(o.text), Bytes(o.data), Bytes(o.bss), Bytes(o.total)] if o else \
                [Text("-")] * 4
            art = [Bytes(x) for x in p[1:]] + [Bytes(sum(p[1:]))] if p else [blank()] * 4
            ptot = sum(p[1:]) if p else None
            t.add([Strong(name) if i == 0 else blank(), Text(o.object if o else p[0])] + mine + art
                  + [Delta(o.total - ptot) if o and p else blank(),
                     Ratio.of(o.total if o else None, ptot)])
        ptot = spec.published_total(name) if pub else None
        mine_total = b.total if b else None
        t.add([blank(), Strong(name + " Total"), blank(), blank(), blank(),
               Bytes(mine_total) if b else Text("-"), blank(), blank(), blank(), Bytes(ptot),
               Delta(mine_total - ptot) if b and pub else blank(), Ratio.of(mine_total, ptot)],
              kind="total")
    t.notes.append("delta = ours - article; ratio = ours / article; - = not recorded. " + spec.note)
    return t


def compiler_version(data, arch, compiler):
    for r in data.build_records:
        if r["arch"] == arch and r["compiler"] == compiler:
            return r["compiler_version"]
    return ""


def article_section(data):
    s, key = data.spec, data.article_key
    g = data.group(s.arch, s.compiler, key)
    label = data.head["label"]
    # Recorded releases first: the article's rows beside the same rows in Linux releases.
    items = [t for t in [releases.table(data, totals(g) if g else {}, "%s/%s" % (s.arch, s.compiler))]
             if t is not None]
    if g is None:
        have = sorted({"%s/%s" % (b.arch, b.compiler) for b in data.builds if b.key == key})
        items.append("No %s/%s build with %s is recorded at %s, so the article's table cannot "
                     "be regenerated for it yet.%s" % (
                         s.arch, s.compiler, key.label(), label,
                         " This configuration is recorded for: %s." % ", ".join(have) if have else ""))
    else:
        items.append(beside_table(s, g, label))
        cv = compiler_version(data, g.arch, g.compiler)
        items.append("Bloatwatch, %s at %s%s: %s" % (where(g), label,
                                                     " (%s)" % cv if cv else "", closing(s, g)))
        # The stack each row costs, beside its size: what `size` does not show.
        if s.stack and any(data.frames_of(o) is not None for v in g.variants() for o in g.first(v).objects):
            items.append(stackpage.rows_table(
                data, s.stack, [g], "Each row's size beside the stack of %s (%s)"
                % (", ".join(s.stack), where(g))))
    items.append("%s, the same sentence computed from its figures: %s"
                 % (s.reference, article.published_closing(s)))
    items.append('The article\'s own words: "%s"' % s.quote)
    return items


def overview_table(data, href=None):
    """Variant totals at the article's configuration, one row per arch and compiler."""
    s, key = data.spec, data.article_key
    names = list(s.names) + [n for n in (variant_name(v) for v in data.variants()) if n not in s.names]
    subject, short = s.subject, s.subject.split()[0]
    cols = [Column("arch"), Column("compiler")] + [Column(n, "r") for n in names]
    cols += [Column("%s vs %s" % (short, n.split()[0]), "r") for n in names if n != subject]
    t = Table("Totals of each row's objects at %s" % key.label(), cols)
    t.notes.append("Objects of each row: %s." % "; ".join(
        "%s = %s" % (r.name, " + ".join(r.objects)) for r in s.rows))
    for arch, cc in data.table_coordinates():
        g = data.group(arch, cc, key)
        tot = totals(g) if g else {}
        link = href(arch, cc) if href else None
        row = [Text(arch, href=link), Text(cc, href=link)]
        row += [Bytes(tot.get(n)) if n in tot else Text("-") for n in names]
        row += [Ratio.of(tot.get(n), tot.get(subject)) if subject in tot and n in tot else Text("-")
                for n in names if n != subject]
        t.add(row)
    present = {n for g in data.groups if g.key == key for n in totals(g)}
    missing = [n for n in s.names if n not in present]
    if missing:
        t.notes.append("%s: no build at this configuration is recorded at %s (shown as -)."
                       % (" and ".join(missing), data.head["label"]))
    t.notes.append("%s vs X = X's total / %s's total: how many times smaller %s is."
                   % (short, short, subject))
    return t


def overview_section(data):
    return [overview_table(data)]


def coordinates_section(data):
    items = []
    for g in data.groups:
        items.append(article_table(data.spec, g))
    return items


def objects_section(data):
    items = [overview.totals(data), overview.objects(data)]
    items += [t for _, t in overview.rollups(data)]
    return items


def builds_section(data):
    return [overview.builds(data)]


def layout(s):
    """The report's sections: the Spec s's declared table's first (when there is one), then
    what every project gets."""
    out = []
    if s.table is not None:
        out += [
            Section("article", "The %s table, regenerated: %s/%s %s beside the %s"
                    % (s.table.title or s.table.name, s.arch, s.compiler, article_key(s).label(),
                       s.reference or "published figures"), article_section),
            Section("overview", "Every architecture and compiler at the table's configuration",
                    overview_section),
            Section("coordinates", "Every architecture, compiler and configuration",
                    coordinates_section),
        ]
    return out + [
        Section("objects", "Every recorded object", objects_section),
        Section("where", "Where the bytes go", treemap.text_section),
        Section("builds", "Every build", builds_section),
    ]


def header(data):
    h = data.head
    n_ok = len(data.ok)
    nb = len({o.build for o in data.objects})
    return ("Commit %s (%s UTC) \"%s\"; %d objects in %d build%s; history: %d recorded commits "
            "(%d built, %d failed)." % (h["label"], date(h["commit_date"]), h["subject"],
                                        len(data.objects), nb, "" if nb == 1 else "s",
                                        len(data.commits), n_ok, len(data.commits) - n_ok))
