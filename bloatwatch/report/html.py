# SPDX-License-Identifier: GPL-2.0
"""The HTML site: Jinja2 templates (autoescape on) fed with Tables and plain values.

Every page links relatively (works from file:// and any static host), loads only files
of the site (style.css, plots/*.svg) and needs no script.  Names from binaries reach the
templates as plain strings, so Jinja escapes them in text and attributes; file names and
anchors come from output.slug().
"""
import collections
import os

import jinja2

from . import STATIC, TEMPLATES, configpage, diffs, history, layout, model, plots, structs, tables
from ..compare import tables as compare_tables
from .data import date
from .model import article_key, spec, variant_name
from .output import slug

SUBDIRS = ("coord", "structs", "diff", "plots")


def env():
    e = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                           undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                           keep_trailing_newline=True)
    e.filters["date"] = date
    return e


# ---- URLs (relative to the site root; pages in subfolders prefix "../") --------------------

def coord_url(arch, compiler):
    return "coord/%s.html" % slug("%s-%s" % (arch, compiler))


def struct_url(variant):
    return "structs/%s.html" % slug(variant)


def diff_url(commit):
    return "diff/%s.html" % slug(commit["label"])


class Site:
    def __init__(self, tree, data, sections, noise):
        self.tree, self.data, self.sections, self.noise = tree, data, sections, noise
        self.env = env()
        self.series = history.build_series(data, noise)
        self.movers = history.movers(self.series)
        self.diffs = {}
        for c in data.ok:
            prev = data.prev.get(c["commit_id"])
            if prev is not None:
                self.diffs[c["commit_id"]] = diffs.compute(data, prev, c)
        self.struct_variants = sorted({r["variant"] for r in data.structs}, key=model.variant_sort)

    # ---- rendering helpers --------------------------------------------------------------

    def render(self, rel, template, **ctx):
        depth = rel.count("/")
        root = "../" * depth
        base = dict(root=root, head=self.data.head, db=os.path.basename(self.data.where) or self.data.where,
                    nav_variants=[(variant_name(v), root + struct_url(v)) for v in self.struct_variants],
                    variant_name=variant_name, coord_url=lambda a, c: root + coord_url(a, c),
                    diff_url=lambda c: root + diff_url(c), has_diff=lambda c: c["commit_id"] in self.diffs,
                    commits=len(self.data.commits))
        base.update(ctx)
        self.tree.write(rel, self.env.get_template(template).render(**base))
        return rel

    # ---- plots --------------------------------------------------------------------------

    def plot_footprint(self):
        """Stacked bars at the article's configuration, a panel per compiler; [(rel, caption)]."""
        panels = []
        for cc in sorted({c for _, c in self.data.coordinates()}):
            sums = {}
            for g in self.data.groups:
                if g.compiler == cc and g.key == article_key():
                    for v in g.variants():
                        sums[(g.arch, v)] = g.first(v).sums()
            if sums:
                panels.append((cc, sums))
        if not panels:
            return []
        variants = sorted({v for _, sums in panels for _, v in sums}, key=model.variant_sort)
        arches = sorted({a for _, sums in panels for a, _ in sums})
        rel = plots.footprint_bars(
            self.tree, "plots/footprint.svg",
            "text / data / bss per variant at %s (commit %s)" % (article_key().label(), self.data.head["label"]),
            arches, variants, panels)
        return [(rel, "rcupdate.o plus each variant's object at %s, stacked by section class "
                      "(size(1)'s text, data and bss)." % article_key().label())]

    def plot_history(self):
        """One plot per variant (a panel per compiler, a line per arch); [(variant, rel, caption)]."""
        commits = self.data.commits
        index = {c["commit_id"]: i for i, c in enumerate(commits)}
        by = collections.defaultdict(lambda: collections.defaultdict(list))
        for s in self.series:
            by[s.variant][s.compiler].append(s)
        out = []
        for variant in sorted(by, key=model.variant_sort):
            panels = []
            for cc in sorted(by[variant]):
                ss = sorted(by[variant][cc], key=lambda s: s.arch)
                panels.append((cc, [(s.arch, [(index[p.commit["commit_id"]], p.total, p.marked,
                                               p.delta, p.commit) for p in s.points]) for s in ss]))
            objs = "rcupdate.o + %s" % self._own_object(variant)
            scen = sorted({s.scenario for cc in by[variant] for s in by[variant][cc]})
            rel = plots.history_lines(
                self.tree, "plots/history-%s.svg" % slug(variant),
                "%s across commits (scenario %s)" % (variant_name(variant), ", ".join(scen)),
                "bytes (%s)" % objs, commits, panels, lambda c: "../" + diff_url(c))
            out.append((variant, rel, "%s: total of %s per architecture and compiler; circled "
                                      "points moved by more than the noise floor (in the SVG "
                                      "itself they link to their diff; see also the list)."
                        % (variant_name(variant), objs)))
        return out

    def _own_object(self, variant):
        for b in self.data.builds:
            if b.variant == variant:
                for o in b.objects:
                    if o.variant == variant:
                        return o.object
        return "the variant's object"

    # ---- pages --------------------------------------------------------------------------

    def write(self):
        data = self.data
        footprint_plots = self.plot_footprint()
        history_plots = self.plot_history()
        for arch, cc in data.coordinates():
            self.page_coord(arch, cc)
        for v in self.struct_variants:
            self.page_structs(v)
        for cid, d in self.diffs.items():
            self.page_diff(d)
        configpage.write(self)
        self.page_history(history_plots)
        self.tree.write("style.css", open(os.path.join(STATIC, "style.css"), encoding="utf-8").read())
        self.tree.prune(SUBDIRS)
        overview = layout.overview_table(data, href=coord_url)
        rel = self.render("index.html", "index.html.j2", title="RCU memory footprint",
                          header=layout.header(data), article=self.sections[0],
                          overview=overview, footprint_plots=footprint_plots,
                          history_plots=history_plots, movers=self.movers[-20:][::-1],
                          coords=data.coordinates(), variants=self.struct_variants,
                          noise=self.noise, missing=self._missing())
        index = self.tree.path(rel)
        os.utime(index)     # the make target: newer than its inputs even when unchanged
        return index

    def _missing(self):
        have = set(self.data.variants())
        have = {variant_name(v) for v in have}
        return [n for n in spec().names if n not in have]

    def page_coord(self, arch, cc):
        data = self.data
        groups = [g for g in data.groups if (g.arch, g.compiler) == (arch, cc)]
        secs, syms = self._by_coord()
        objects = []
        for b in data.builds:
            if (b.arch, b.compiler) != (arch, cc):
                continue
            for o in b.objects:
                objects.append(dict(build=b, obj=o, sections=tables.sections(secs[o.coord]),
                                    symbols=tables.symbols(syms[o.coord]),
                                    anchor="o-" + slug("%s-%s" % (b.scenario, o.object))))
        self.render(coord_url(arch, cc), "coord.html.j2", title="%s/%s" % (arch, cc),
                    arch=arch, compiler=cc, tables=[(layout.article_table(g), g) for g in groups],
                    objects=objects)

    def _by_coord(self):
        """Sections and symbols of the head commit indexed by coordinate (computed once)."""
        if not hasattr(self, "_coord_index"):
            secs, syms = collections.defaultdict(list), collections.defaultdict(list)
            for r in self.data.sections:
                secs[(r["arch"], r["compiler"], r["scenario"], r["variant"], r["object"])].append(r)
            for r in self.data.symbols:
                syms[(r["arch"], r["compiler"], r["scenario"], r["variant"], r["object"])].append(r)
            self._coord_index = (secs, syms)
        return self._coord_index

    def page_structs(self, variant):
        data = self.data
        rows = [r for r in data.structs if r["variant"] == variant]
        bits = {}
        for b in data.builds:
            for o in b.objects:
                bits[o.coord] = o.bits
        by_layout = collections.defaultdict(list)
        for r in rows:
            by_layout[r["layout_id"]].append(r)
        members = data.members_of(list(by_layout))
        # Layouts equal in geometry (compilers spell some types differently, e.g. `long int`
        # and `long`) are drawn once, with every build that has them.
        by_shape = collections.OrderedDict()
        for lid in sorted(by_layout):
            r0 = by_layout[lid][0]
            shape = (r0["struct"], r0["kind"], r0["size"], r0["holes"], r0["padding"], r0["reorg_size"],
                     tuple((m["member"], m["byte_offset"], m["size"], m["bit_size"], m["bit_offset"],
                            m["reorg_seq"]) for m in members[lid]))
            by_shape.setdefault(shape, []).append(lid)
        structs_ = collections.defaultdict(list)
        for lids in by_shape.values():
            lid = lids[0]
            rs = [r for l in lids for r in by_layout[l]]
            r0 = rs[0]
            coords = sorted({(r["arch"], r["compiler"], r["scenario"], r["object"]) for r in rs})
            arches = sorted({c[0] for c in coords})
            wbits = {bits.get((r["arch"], r["compiler"], r["scenario"], r["variant"], r["object"]), 0)
                     for r in rs}
            wbits = max(wbits) if wbits else 0
            mem = structs.members_of(members[lid])
            structs_[(r0["struct"], r0["kind"])].append(dict(
                row=r0, members=tables.members(members[lid]), drawing=structs.rows(r0["size"], mem),
                reorg=_reorganized(r0, members[lid], mem, wbits, arches),
                where=_where(coords), bits=wbits, ncoords=len(coords),
                anchor="s-" + slug("%s-%s-%d" % (r0["kind"], r0["struct"], lid))))
        summary = tables.structs_summary("Every struct and union in %s objects at %s"
                                         % (variant_name(variant), data.head["label"]), structs_)
        items = [dict(name=name, kind=kind, layouts=ls) for (name, kind), ls in sorted(structs_.items())]
        self.render(struct_url(variant), "structs.html.j2", title="Struct layouts: %s" % variant_name(variant),
                    variant=variant, summary=summary, structs=items, row_bytes=structs.ROW_BYTES,
                    cacheline=structs.CACHELINE)

    def page_diff(self, d):
        label = diffs.coord_label
        self.render(diff_url(d.head), "diff.html.j2", title="Diff %s" % d.head["label"], d=d,
                    objects=compare_tables.objects_table(
                        d.objects, label, "Objects that differ (%d of %d compared)"
                        % (len(d.objects), d.compared)),
                    structs_table=compare_tables.structs_table(d.structs, label,
                                                               "Struct layouts that changed"),
                    config_table=compare_tables.config_table(d.config), coord_label=label)

    def page_history(self, history_plots):
        data = self.data
        t = tables.commits(data, self.diffs, self.movers, diff_url)
        movers = tables.movers(self.movers, self.diffs, diff_url)
        self.render("history.html", "history.html.j2", title="History", commits_table=t,
                    movers_table=movers, history_plots=history_plots, noise=self.noise)


def _reorganized(row, rows, mem, bits, arches):
    """The tighter order a layout's page shows, or None.

    The analyzer's (pahole's --reorganize) order, size and saving as recorded; it is drawn
    only when laying the members out in that order comes to pahole's size (pahole also keeps
    forced alignments the database does not hold).  A layout recorded without its order
    (before schema version 4) gets the report's own estimate, labelled as such."""
    index = structs.stored_order(rows)
    if index is not None:
        if not row["reorg_saving"]:
            return None
        ordered = [mem[i] for i in index]
        placed = structs.place(row["size"], mem, ordered, bits, arches)
        fits = placed is not None and placed[1] == row["reorg_size"]
        return dict(source="analyzer", order=[structs.label(m) for m in ordered],
                    size=row["reorg_size"], saving=row["reorg_saving"],
                    placed_size=placed[1] if placed else None,
                    drawing=structs.rows(placed[1], placed[0]) if fits else None)
    guess = structs.reorganize(row["kind"], row["size"], mem, bits, arches)
    if guess is None:
        return None
    return dict(source="estimate", order=[structs.label(m) for m in guess[1]],
                size=guess[2], saving=row["size"] - guess[2], placed_size=None,
                drawing=structs.rows(guess[2], guess[1]))


def _where(coords):
    """'i386/gcc, arm/gcc; scenarios TINY01, TINY02' for a list of (arch, cc, scenario, object)."""
    pairs = sorted({"%s/%s" % (a, c) for a, c, _, _ in coords})
    scen = sorted({s for _, _, s, _ in coords})
    return "%s; scenarios %s" % (", ".join(pairs), ", ".join(scen))


def write(tree, data, sections, noise):
    return Site(tree, data, sections, noise).write()
