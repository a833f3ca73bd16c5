# SPDX-License-Identifier: GPL-2.0
"""The HTML site: Jinja2 templates (autoescape on) fed with Tables and plain values.

Every page links relatively (works from file:// and any static host) and loads only files
of the site (style.css, plots/*.svg, and for the treemaps js/*.js and treemap/*.js); only the
treemaps need a script, and every figure they draw is in a table too.  Names from binaries
reach the templates as plain strings, so Jinja escapes them in text and attributes (the
treemaps' data scripts are JSON, drawn as text); file names and anchors come from
output.slug().
"""
import collections
import importlib
import os

import jinja2
from markupsafe import Markup, escape

from . import STATIC, TEMPLATES, configcost, diffs, folderpage, history, layout, model, overview, \
    plots, stackpage, structpage, structs, tables, treemap, workers
from ..compare import tables as compare_tables
from ..render.cells import Bytes, Clip, Text
from ..render.table import Column, Table
from .data import date
from .model import variant_name
from .output import name_slug, slug

# An object with up to PANELS builds gets a panel per build; lines of one panel; panels of the
# history page's largest builds/folders and objects.
PANELS, LINES, LARGEST = 6, 8, 6
# Moves listed on the history page (all of them: `bloatwatch history --moves`).
MOVES = 300

SUBDIRS = ("coord", "obj", "structs", "stack", "diff", "plots", "js", "folders", treemap.DATA)

# The site's pages, in the navigation bar's order: (title in the bar, file, writer, empty). A
# writer is a function of the Site, or the name of a module of this package whose write(site)
# writes the page; empty(site) is None when the project has what the page shows, else the one
# line that says why it has not (the page is then neither written nor in the bar). A new page
# is one line here. Pages under coord/, obj/, structs/ and diff/ are linked from these.
PAGES = [
    ("Overview", "index.html", lambda site: site.page_index(), None),
    ("History", "history.html", lambda site: site.page_history(), None),
    ("Structs", "structs.html", lambda site: site.page_struct_index(),
     lambda site: None if site.data.structs else
     "no struct or union layout is recorded: no DWARF in these objects (build with -g to see "
     "struct layouts), or they define none"),
    ("Stack", "stack.html", lambda site: site.page_stack(), stackpage.absent),
    ("CONFIG values", "config-values.html", lambda site: site.page_config_values(),
     lambda site: None if site.data.config_rows else
     "no build recorded CONFIG values (a Kbuild .config, a build manifest or a build record "
     "gives them)"),
    ("Kernel folders", "folders.html", "folderpage", folderpage.absent),
    ("CONFIG options", "config.html", "configpage",
     lambda site: None if site.data.usage or site.config_flips() or site.sweep_pending else
     "no source names a CONFIG_ option and no CONFIG sweep is recorded (`bloatwatch "
     "configcost` on a Kbuild tree records one)"),
]


def env():
    e = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                           undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                           keep_trailing_newline=True)
    e.filters["date"] = date
    e.globals["table_rows"] = table_rows
    return e


def table_rows(t):
    """A Table's body rows as the table macro writes them, a <tr> line each: a Jinja loop
    per cell was most of the time of a page with a table of a thousand rows. Every value is
    escaped as the templates' autoescape would."""
    aligns = [c.align for c in t.columns]
    lines = []
    for row in t.rows:
        tds = []
        for align, c in zip(aligns, row.cells):
            text = escape(c.text())
            if c.href:
                text = '<a href="%s">%s</a>' % (escape(c.href), text)
            tds.append('<td class="%s %s"%s>%s</td>' % (
                escape(align), escape(c.css), ' title="%s"' % escape(c.title) if c.title else "",
                text))
        lines.append('<tr class="%s">%s</tr>' % (escape(row.kind), "".join(tds)))
    return Markup("\n".join(lines))


# ---- URLs (relative to the site root; pages in subfolders prefix "../") --------------------

def coord_url(arch, compiler):
    return "coord/%s.html" % slug("%s-%s" % (arch, compiler))


def object_url(name):
    return "obj/%s.html" % slug(name)


def diff_url(commit):
    return "diff/%s.html" % slug(commit["label"])


class NoDatabase:
    """The database as a report worker sees it: not there."""

    def __getattr__(self, name):
        def asked(*_):      # named (Data._cached names the reader of what it holds), not called
            raise RuntimeError("a report worker asked the database for %s: read it in "
                               "Site.read_objects, before the workers fork" % name)
        return asked


def writer(fn):
    if isinstance(fn, str):
        return importlib.import_module("." + fn, __package__).write
    return fn


class Site:
    def __init__(self, tree, data, sections, noise, sweep_pending=False):
        self.tree, self.data, self.sections, self.noise = tree, data, sections, noise
        self.sweep_pending = sweep_pending     # config.html: the sweep is still being built
        self.env = env()
        self.series = history.build_series(data, noise)
        self.movers = history.movers(self.series)
        self.commit_index = {c["commit_id"]: i for i, c in enumerate(data.commits)}
        self.by_object = history.by_object(data)
        self.object_series = collections.defaultdict(list)
        for s in self.series:
            if s.kind == "object":
                self.object_series[s.object].append(s)
        self.stack_series = stackpage.build_series(data, noise)
        self.object_names = sorted({o.object for o in data.objects})
        self.struct_objects = sorted({r["object"] for r in data.structs})
        self.struct_layouts = {n: structpage.layouts(data, n) for n in self.struct_objects}
        self.struct_ident = structpage.identities(self.struct_layouts)
        self.struct_labels = structpage.labels(self.struct_layouts, self.struct_ident)
        self._flips = None
        self.diffs = diffs.Diffs(data)
        # What every page of the site shares (the bar, the database's name, how symbols read)
        # and what each diff is made from: a diff whose inputs did not change since the
        # previous run is not computed again, its page and causes are kept.
        self.absent = {}
        for title, rel, _, empty in PAGES:
            why = empty(self) if empty else None
            if why:
                self.absent[rel] = (title, why)
        self.site_key = [sorted(self.absent), os.path.basename(data.where) or data.where,
                         data.history.demangle]
        self.diff_keys = {cid: tree.key("diff", self.site_key, self.diffs.inputs(cid))
                          for cid in data.prev}
        self.commits_digest = []    # [digest of the commit rows up to each commit]
        for c in data.commits:
            self.commits_digest.append(tree.key(self.commits_digest[-1:], c))
        self.causes = {id(p): self.cause(c, s, p) for c, s, p in self.movers}

    def cause(self, c, s, p):
        """history.causes of a move, kept with its diff's inputs between runs."""
        ident = [s.kind, s.name, s.arch, s.compiler, s.build, s.coord, s.row_objects, p.delta]
        top, more = self.tree.value(self.tree.key("causes", self.diff_keys[c["commit_id"]], ident),
                                    lambda: history.causes(self.diffs.get(c["commit_id"]).result,
                                                           s, p))
        return [tuple(t) for t in top], more

    def diff_summary(self, cid):
        """(objects that differ, delta of the total) of a commit's diff; None without one."""
        if cid not in self.diffs:
            return None

        def summary():
            d = self.diffs.get(cid)
            return [len(d.objects), d.total_new - d.total_old]
        return self.tree.value(self.tree.key("summary", self.diff_keys[cid]), summary)

    def config_flips(self):
        """The head commit's CONFIG sweep (configcost.flips), read once."""
        if self._flips is None:
            self._flips = configcost.flips(self.data.history, self.data.head["commit_id"])
        return self._flips

    # ---- rendering helpers --------------------------------------------------------------

    def render(self, rel, template, **ctx):
        depth = rel.count("/")
        root = "../" * depth
        base = dict(root=root, head=self.data.head, db=os.path.basename(self.data.where) or self.data.where,
                    nav=[(title, root + f) for title, f, _, _ in PAGES
                         if title and f not in self.absent],
                    absent=self.absent,
                    variant_name=variant_name, coord_url=lambda a, c: root + coord_url(a, c),
                    object_url=lambda n: root + object_url(n),
                    diff_url=lambda c: root + diff_url(c), has_diff=lambda c: c["commit_id"] in self.diffs,
                    commits=len(self.data.commits))
        base.update(ctx)
        self.tree.write(rel, self.env.get_template(template).render(**base))
        return rel

    def link(self, rel_from):
        """Object-page links for Tables on a page at `rel_from`."""
        root = "../" * rel_from.count("/")
        return lambda name: root + object_url(name)

    # ---- plots (a declared table's rows only) ---------------------------------------------

    def row_objects(self, variant):
        r = self.data.spec.row(variant)
        return " + ".join(r.objects) if r else "the row's objects"

    def plot_footprint(self):
        """Stacked bars at the table's configuration, a panel per compiler; [(rel, caption)]."""
        panels = []
        for cc in sorted({c for _, c in self.data.table_coordinates()}):
            sums = {}
            for g in self.data.groups:
                if g.compiler == cc and g.key == self.data.article_key:
                    for v in g.variants():
                        sums[(g.arch, v)] = g.first(v).sums()
            if sums:
                panels.append((cc, sums))
        if not panels:
            return []
        variants = sorted({v for _, sums in panels for _, v in sums}, key=self.data.spec.sort)
        arches = sorted({a for _, sums in panels for a, _ in sums})
        rel = plots.footprint_bars(
            self.tree, "plots/footprint.svg",
            "text / data / bss per row at %s (commit %s)" % (self.data.article_key.label(), self.data.head["label"]),
            arches, variants, panels, "bytes (the row's objects)")
        return [(rel, "Each row's objects (%s) at %s, stacked by section class (size(1)'s text, "
                      "data and bss)." % ("; ".join("%s = %s" % (v, self.row_objects(v))
                                                    for v in variants), self.data.article_key.label()))]

    def points(self, s, field="total", upto=None):
        """A series' points for plots.history_lines (up to the commit of index upto); only the
        total's line carries the marks."""
        idx = self.commit_index
        total = field == "total"
        out = []
        for p in s.points:
            i = idx[p.commit["commit_id"]]
            if upto is not None and i > upto:
                break
            if not p.marked:
                out.append((i, getattr(p, field), False, "", p.commit))
                continue
            d = p.deltas()
            note = "%+d" % d[3] if d[3] else max(
                ("%s %+d" % (f, x) for f, x in zip(history.FIELDS, d) if x),
                key=lambda t: abs(int(t.split()[1])))
            out.append((i, getattr(p, field), total, note, p.commit))
        return out

    def plot_series(self, rel, title, series, ylabel="bytes", ncols=3, label=None, upto=None):
        """Small multiples, a panel per series with its text, data, bss and total lines."""
        panels = [(label(s) if label else "%s %s" % (s.where(), s.name),
                   [(f, self.points(s, f, upto)) for f in ("total", "text", "data", "bss")])
                  for s in series]
        return plots.history_lines(self.tree, rel, title, ylabel, self.commits_upto(upto), panels,
                                   self.plot_url(rel), legend="size(1) class", ncols=ncols)

    def plot_url(self, rel):
        """A diff page's URL as the SVG at rel links it (relative to the SVG's folder)."""
        up = "../" * rel.count("/")
        return lambda c: up + diff_url(c)

    def plot_history(self):
        """The coordinates' totals, the largest builds and folders and the largest objects,
        then one plot per declared row (a panel per compiler, a line per arch);
        [(row or None, rel, caption)]."""
        commits = self.data.commits
        by = collections.defaultdict(lambda: collections.defaultdict(list))
        for s in self.series:
            if s.kind in ("coordinate", "row"):
                by[s.variant][s.compiler].append(s)

        def panels_of(variant):
            return [(cc, [(s.arch, self.points(s))
                          for s in sorted(by[variant][cc], key=lambda s: s.arch)])
                    for cc in sorted(by[variant])]
        out = []
        if None in by:
            rel = plots.history_lines(
                self.tree, "plots/history-coordinates.svg",
                "Total of each architecture and compiler's objects across commits",
                "bytes (all recorded objects)", commits, panels_of(None),
                self.plot_url("plots/x.svg"))
            out.append((None, rel, "Total text + data + bss of every recorded object, a panel "
                                   "per compiler and a line per architecture; circled points "
                                   "moved by more than the noise floor (in the SVG itself they "
                                   "link to their diff; see also the list)."))
        folders = sorted((s for s in self.series if s.kind in ("build", "folder")),
                         key=lambda s: (-s.head(), s.where(), s.name))[:LARGEST]
        if folders:
            rel = self.plot_series("plots/history-folders.svg",
                                   "The %d largest builds and folders across commits"
                                   % len(folders), folders)
            out.append((None, rel, "The largest builds and folders of the rollup at the last "
                                   "commit, a panel each: text, data, bss and their total; "
                                   "circled points moved by more than the noise floor."))
        objs = history.largest(self.series, "object", LARGEST)
        if objs:
            rel = self.plot_series("plots/history-objects.svg",
                                   "The %d largest objects across commits" % len(objs), objs)
            out.append((None, rel, "The largest objects at the last commit, a panel each (its "
                                   "build above it): text, data, bss and their total; circled "
                                   "points moved by more than the noise floor."))
        for variant in sorted((v for v in by if v is not None), key=self.data.spec.sort):
            panels = panels_of(variant)
            objs = self.row_objects(variant)
            scen = sorted({s.scenario for cc in by[variant] for s in by[variant][cc]})
            rel = plots.history_lines(
                self.tree, "plots/history-%s.svg" % name_slug(variant),
                "%s across commits (config %s)" % (variant_name(variant), ", ".join(scen)),
                "bytes (%s)" % objs, commits, panels, self.plot_url("plots/x.svg"))
            out.append((variant, rel, "%s: total of %s per architecture and compiler; circled "
                                      "points moved by more than the noise floor (in the SVG "
                                      "itself they link to their diff; see also the list)."
                        % (variant_name(variant), objs)))
        return out

    def commits_upto(self, upto):
        return self.data.commits if upto is None else self.data.commits[:upto + 1]

    def last_change(self, series):
        """Index of the last commit at which any of series changed (a first point counts).
        An object's plots end there: a commit that leaves it as it was leaves them as they
        are, and the report is brought up to date without drawing them again."""
        last = 0
        for s in series:
            for p in reversed(s.points):
                if p.before is None or p.before != tuple(getattr(p, f) for f in history.FIELDS):
                    last = max(last, self.commit_index[p.commit["commit_id"]])
                    break
        return last

    def ends(self, upto):
        """Where an object's plot ends (said whether or not commits follow: the page of an
        object that a new commit leaves as it is stays as it is)."""
        return (" The plot ends at %s, the last commit that changed what it draws (any later "
                "commit has the same)." % self.data.commits[upto]["label"])

    def lines(self, series, label, upto=None):
        """[(label, points)] of the LINES series that moved most (range), then largest; and
        how many were left out."""
        def span(s):
            totals = [p.total for p in s.points]
            return max(totals) - min(totals) if totals else 0
        shown = sorted(series, key=lambda s: (-span(s), -s.head(), s.where()))[:LINES]
        shown.sort(key=lambda s: (-s.head(), s.where()))
        return [(label(s), self.points(s, upto=upto)) for s in shown], len(series) - len(shown)

    def plot_coord(self, arch, cc):
        """The coordinate's total (text, data, bss, total) and, beside it, its builds' totals
        (a line each, the LINES that moved most). (rel, caption)."""
        coord = next(s for s in self.series if s.kind == "coordinate"
                     and (s.arch, s.compiler) == (arch, cc))
        builds = [s for s in self.series if s.kind == "build" and (s.arch, s.compiler) == (arch, cc)]
        panels = [("%s/%s, every object" % (arch, cc),
                   [(f, self.points(coord, f)) for f in ("total", "text", "data", "bss")])]
        more = 0
        if builds:
            lines, more = self.lines(builds, lambda s: s.scenario)
            panels.append(("each build (total)", lines))
        rel = "plots/coord-%s.svg" % slug("%s-%s" % (arch, cc))
        plots.history_lines(self.tree, rel, "%s/%s across commits" % (arch, cc), "bytes",
                            self.data.commits, panels, self.plot_url(rel),
                            legend="size(1) class; config")
        return rel, ("%s/%s across commits: the total of every object with its text, data and "
                     "bss%s; circled points moved by more than the noise floor and link to their "
                     "diff.%s" % (arch, cc, ", and each build's total" if builds else "",
                                  " The %d builds that moved most are drawn (%d others are in the "
                                  "tables)." % (LINES, more) if more else ""))

    def plot_object(self, name):
        """One object's builds across commits: with few builds a panel each (text, data, bss,
        total); with more, a panel per arch and a line per compiler and config (the LINES
        that moved most). (rel, caption)."""
        objs = sorted((s for s in self.object_series.get(name, ())),
                      key=lambda s: (-s.head(), s.where()))
        rel = "plots/obj-%s.svg" % slug(name)
        upto = self.last_change(objs)
        if len(objs) <= PANELS:
            self.plot_series(rel, "%s across commits" % name, objs, label=lambda s: s.where(),
                             upto=upto)
            return rel, ("%s in each build, a panel each: text, data, bss and their total; circled "
                         "points moved by more than the noise floor and link to their diff.%s"
                         % (name, self.ends(upto)))
        per = collections.defaultdict(list)
        for s in objs:
            per[s.arch].append(s)
        panels, left = [], 0
        for arch, ss in sorted(per.items()):
            lines, more = self.lines(ss, lambda s: "%s/%s" % (s.compiler, s.scenario), upto)
            left += more
            panels.append((arch, lines))
        plots.history_lines(self.tree, rel, "%s across commits (total bytes)" % name, "bytes",
                            self.commits_upto(upto), panels, self.plot_url(rel),
                            legend="compiler/config", ncols=4)
        return rel, ("%s's total in each build, a panel per architecture and a line per compiler "
                     "and config; circled points moved by more than the noise floor and link to "
                     "their diff.%s" % (name, " In each panel the %d builds that moved most are "
                                        "drawn (%d others are in the table below)." % (LINES, left)
                                        if left else "") + self.ends(upto))

    def plot_symbols(self, name, build, syms):
        """The symbols of one build of an object whose size changed the most, a line each."""
        rel = "plots/sym-%s.svg" % slug("%s-%s" % (name, model.build_name(build)))
        shown = syms[:LINES]
        upto = self.last_change(shown)
        plots.history_lines(self.tree, rel, "Symbols of %s in %s across commits"
                            % (name, model.build_name(build)), "bytes (bloat-o-meter's size)",
                            self.commits_upto(upto), [(model.build_name(build),
                                                       [("%s (%s)" % (s.name, s.symbol_class),
                                                         self.points(s, upto=upto))
                                                        for s in shown])],
                            self.plot_url(rel), legend="symbol (size(1) class)")
        return rel, ("The %d symbols of %s in %s whose size changed the most, a line each; "
                     "circled points moved by more than the noise floor and link to their diff.%s"
                     % (len(shown), name, model.build_name(build), self.ends(upto)))

    def plot_stack(self):
        """The stack series across commits (stackpage.SERIES), a plot each; [(rel, caption)]."""
        out = []
        for name, what in stackpage.SERIES:
            if not self.stack_series.get(name):
                continue
            rel = plots.history_lines(
                self.tree, "plots/stack-%s.svg" % name, "Stack: %s, across commits" % what,
                "bytes of stack", self.data.commits,
                stackpage.panels(self.stack_series[name], self.data.commits),
                lambda c: "../" + diff_url(c))
            out.append((rel, "Stack of each architecture and compiler's objects: the %s, a "
                             "panel per compiler and a line per architecture; circled points "
                             "moved by more than the noise floor (the table below names the "
                             "function)." % what))
        return out

    # ---- pages --------------------------------------------------------------------------

    def write(self):
        treemap.write_scripts(self.tree)    # first: without d3-hierarchy, no page is written
        # The plots of the history and the coordinates, the object, struct and diff pages
        # (most of the time of a report) are made by a worker per core once all are asked for.
        with workers.batch(self.tree, self.read_objects, self.no_database):
            self.footprint_plots = self.plot_footprint()
            self.history_plots = self.plot_history()
            self.stack_plots = self.plot_stack()
            self.treemap = self.treemap_builds()
            for arch, cc in self.data.coordinates():
                self.page_coord(arch, cc)
            for name in self.object_names:
                self.tree.unit(object_url(name), self.object_key(name),
                               lambda name=name: self.page_object(name))
            for name in self.struct_objects:
                self.tree.unit(structpage.url(name), self.structs_key(name),
                               lambda name=name: self.page_structs(name))
            for cid, key in self.diff_keys.items():
                self.tree.unit(diff_url(self.data.by_id[cid]), key,
                               lambda cid=cid: self.page_diff(self.diffs.get(cid)))
        if "stack.html" not in self.absent:
            for arch, cc in sorted({(o.arch, o.compiler) for o, _ in stackpage.recorded(self.data)}):
                self.page_stack_coord(arch, cc)
        for _, rel, fn, _ in PAGES:
            if rel in self.absent:
                self.tree.remove(rel)       # written by an earlier run, when it had data
            elif rel != "index.html":
                writer(fn)(self)
        self.tree.write("style.css", open(os.path.join(STATIC, "style.css"), encoding="utf-8").read())
        self.tree.prune(SUBDIRS)
        self.tree.save()
        index = self.tree.path(self.page_index())
        os.utime(index)     # the make target: newer than its inputs even when unchanged
        return index

    def page_index(self):
        data = self.data
        declared = self.data.spec.table is not None
        rollups = overview.rollups(data, self.link("index.html"))
        return self.render(
            "index.html", "index.html.j2", title="Memory footprint",
            header=layout.header(data), declared=declared,
            article=self.sections[0] if declared else None,
            table_overview=layout.overview_table(data, href=coord_url) if declared else None,
            totals=overview.totals(data, href=coord_url),
            objects=overview.objects(data, href=self.link("index.html")),
            rollups=[t for _, t in rollups[:8]], more_rollups=len(rollups) - 8,
            footprint_plots=self.footprint_plots, history_plots=self.history_plots,
            movers=self.movers[:20], coords=data.coordinates(),
            latest=self.diffs.get(data.head["commit_id"]), noise=self.noise,
            missing=self._missing() if declared else [], treemap=self.treemap)

    def treemap_builds(self):
        """Every build's treemap data script; what the overview's treemap offers (the largest
        build first shown) and the same tree as a table."""
        per = collections.defaultdict(list)
        for o in self.data.objects:
            per[o.build].append(o)
        main = treemap.main_build(self.data)
        if main is None:
            return None
        choices = collections.defaultdict(list)
        shown = None
        for b in sorted(per):
            node = treemap.build_tree(self.data, b, per[b])
            ident = treemap.build_ident(b)
            src = treemap.write_data(self.tree, ident, node, False)
            choices["%s/%s" % b[:2]].append(dict(ident=ident, src=src, name=model.build_name(b),
                                                 total=node.total()))
            if b == main:
                shown = dict(ident=ident, src=src, table=treemap.text_table(node))
        return dict(shown, choices=sorted(choices.items()) if len(per) > 1 else [])

    def _missing(self):
        have = {variant_name(v) for v in self.data.variants()}
        return [n for n in self.data.spec.names if n not in have]

    def page_coord(self, arch, cc):
        data = self.data
        rel = coord_url(arch, cc)
        link = self.link(rel)
        per = collections.defaultdict(list)
        for o in data.objects:
            if (o.arch, o.compiler) == (arch, cc):
                per[o.build].append(o)
        builds = []
        for b, objs in sorted(per.items()):
            builds.append(dict(
                name=model.build_name(b), anchor="b-" + slug(model.build_name(b)),
                objects=overview.build_objects(objs, link, "Objects of %s" % model.build_name(b)),
                rollup=(overview.rollup(objs, "By folder", link)
                        if model.has_folders(objs) else None)))
        groups = [g for g in data.groups if (g.arch, g.compiler) == (arch, cc)]
        moves = [m for m in self.movers if (m[1].arch, m[1].compiler) == (arch, cc)
                 and m[1].kind in ("coordinate", "build", "folder")]
        self.render(rel, "coord.html.j2", title="%s/%s" % (arch, cc), arch=arch, compiler=cc,
                    figures=[self.plot_coord(arch, cc)],
                    moves=tables.movers(moves, self.diffs, self.causes, link,
                                        lambda c: "../" + diff_url(c),
                                        "Moves of %s/%s, its builds and folders above the noise "
                                        "floor, newest first" % (arch, cc)),
                    summary=overview.builds(data, arch, cc,
                                            href=lambda b: "#b-" + slug(model.build_name(b))),
                    tables=[(layout.article_table(self.data.spec, g), g) for g in groups],
                    group_by=[k.replace("CONFIG_", "") for k in self.data.spec.group_by], builds=builds)

    def object_key(self, name):
        """Everything an object's page and plots are made from: the commits up to the last that
        changed it (each commit row, once), what its builds were at each change, the noise
        floor and what every page shares. A commit that leaves it as it was changes none."""
        changes = self.data.changes[name]
        return self.tree.key("object", self.site_key, self.noise, name, changes,
                             self.commits_digest[changes[-1][0]])

    def read_objects(self, rels):
        """Read what the object and diff pages at rels ask of the database (an object's
        builds' symbols at every change and toolchains; a commit's diff, the symbols of the
        objects it changed, their stack frames) before workers.units forks."""
        want = set(rels)
        for cid in self.diff_keys:
            if diff_url(self.data.by_id[cid]) in want:
                d = self.diffs.get(cid)
                for c in d.objects:      # as treemap.moves_node asks
                    for o in (c.old, c.new):
                        if o is not None:
                            self.data.symbols_of(o.analysis_id)
                self.stack_recorded(d)
                self.config_recorded(d)
        for o in self.data.objects:     # as page_object asks, build by build
            if object_url(o.object) in want:
                self.data.toolchain_of(o.analysis_id)
                per = self.by_object[o.object].get(o.coord[:4], {})
                for aid in sorted({p.analysis_id for p in per.values()}):
                    self.data.symbols_of(aid)

    def no_database(self):
        """In a worker: what read_objects did not read is a bug, said as such, never a read
        on the report's connection (a forked process must not share it)."""
        self.data.history = NoDatabase()

    def page_object(self, name):
        data = self.data
        rel = object_url(name)
        since = data.commits[data.changes[name][-1][0]]
        builds = [o for o in data.objects if o.object == name]
        t = overview.build_objects(builds, None, "Every build of %s, as recorded since %s"
                                   % (name, since["label"]))
        t.columns[0] = Column("build")
        for row, o in zip(t.rows, sorted(builds, key=lambda o: (-o.total, o.object))):
            bname = model.build_name(o.coord[:4])
            row.cells[0] = Text(bname, href="#b-" + slug(bname))
        series = self.by_object[name]
        hist = self.object_history(name, series)
        records = {model.coord_of(r): r for r in data.build_records}
        details, figures = [], [self.plot_object(name)]
        for o in sorted(builds, key=lambda o: (-o.total, model.build_name(o.coord[:4]))):
            bname = model.build_name(o.coord[:4])
            cids, syms, more = history.symbol_series(data, series.get(o.coord[:4], {}),
                                                     self.noise, o.coord)
            if syms and len(figures) == 1:      # the largest build whose symbols moved
                figures.append(self.plot_symbols(name, o.coord[:4], syms))
            tools = data.toolchain_of(o.analysis_id)
            details.append(dict(
                obj=o, name=bname, anchor="b-" + slug(bname),
                compiler=(records.get(o.coord) or {}).get("compiler_version") or tools.version,
                compilers=o.compiler.split("+") if "+" in o.compiler else None,
                producers=tools.producers,
                sections=tables.sections(data.sections.get(o.coord, []), data.discards),
                symbols=tables.symbols(data.symbols.get(o.coord, []), structpage.TOP),
                moves=self.symbol_history(cids, syms, more) if syms else None))
        details.sort(key=lambda d: builds.index(d["obj"]))
        moves = [m for m in self.movers if m[1].kind == "object" and m[1].object == name]
        self.render(rel, "object.html.j2", title=name, name=name, since=since, builds=t,
                    history=hist,
                    details=details, figures=figures,
                    moves=tables.movers(moves, self.diffs, self.causes, self.link(rel),
                                        lambda c: "../" + diff_url(c),
                                        "Moves of %s above the noise floor, newest first" % name),
                    structs_url=("../" + structpage.url(name)
                                 if name in self.struct_layouts else None))

    def object_history(self, name, series):
        """Totals of one object per build at the last commits that changed it."""
        cids = [self.data.commits[i]["commit_id"] for i, _ in self.data.changes[name]][-12:]
        t = Table("%s at the last %d commits that changed it (total bytes)" % (name, len(cids)),
                  [Column("build")] + [Column(self.data.by_id[c]["tick"], "r") for c in cids])
        for b in sorted(series):
            t.add([Text(model.build_name(b))] + [Bytes(series[b][c].total) if c in series[b]
                                                 else Text("-") for c in cids])
        return t

    def symbol_history(self, cids, syms, more):
        """The symbols' sizes at the last commits that changed one of them (and the first)."""
        got = [{p.commit["commit_id"]: p.total for p in s.points} for s in syms]
        changed = [c for i, c in enumerate(cids)
                   if i == 0 or any(g.get(c) != g.get(cids[i - 1]) for g in got)][-12:]
        t = Table("Symbols whose size changed, at the last %d commits that changed one "
                  "(bloat-o-meter's sizes; - = absent)" % len(changed),
                  [Column("symbol"), Column("class")]
                  + [Column(self.data.by_id[c]["tick"], "r") for c in changed])
        for s, g in zip(syms, got):
            t.add([Clip(s.name), Text(s.symbol_class)]
                  + [Bytes(g[c]) if c in g else Text("-") for c in changed])
        if more:
            t.notes.append("%d more symbols changed size (smaller ranges)." % more)
        return t

    def structs_key(self, name):
        """What an object's struct page is made from: its builds at the head commit (as at the
        last commit that changed it) and how the other objects' structs name its own."""
        labels = sorted(self.struct_labels[self.struct_ident[(name, k)]]
                        for k in self.struct_layouts[name])
        return self.tree.key("structs", self.site_key, name, self.data.changes[name][-1],
                             self.commits_digest[self.data.changes[name][-1][0]], labels)

    def page_structs(self, name):
        data = self.data
        structs_ = self.struct_layouts[name]
        since = data.commits[data.changes[name][-1][0]]
        summary = tables.structs_summary(
            "Every struct and union in %s as recorded since %s, most waste (hole bytes + "
            "padding) first" % (name, since["label"]), structs_)
        items = [dict(name=n, kind=k, layouts=ls,
                      label=self.struct_labels[self.struct_ident[(name, key)]])
                 for key, ls in structpage.by_waste(structs_) for n, k, _ in [key]]
        self.render(structpage.url(name), "structs.html.j2", title="Struct layouts: %s" % name,
                    object=name, since=since, summary=summary, structs=items,
                    row_bytes=structs.ROW_BYTES, cacheline=structs.CACHELINE)

    def page_struct_index(self):
        every, groups = [], []
        link = lambda obj, anchor: structpage.url(obj) + "#" + anchor  # noqa: E731
        ident = self.struct_ident
        where = collections.Counter(ident.values())
        for name in self.struct_objects:
            items = structpage.worst(name, self.struct_layouts[name])
            for k, _, l in items:
                l["ident"] = ident[(name, k)]
                l["label"] = self.struct_labels[l["ident"]]
            every += items
            # An object's own structs (in no other object, by identity: name, layout and
            # declaring file) first:
            # they are not buried among the hundreds its headers bring.
            own = [i for i in items if where[i[2]["ident"]] == 1]
            shared = [i for i in items if where[i[2]["ident"]] > 1]
            groups.append(dict(
                name=name, url=structpage.url(name), count=len(items), own=len(own),
                waste=max((l["waste"] for _, _, l in items), default=0),
                own_table=structpage.index_table("Only in %s" % name, own, link) if own else None,
                shared_table=structpage.index_table("", shared, link) if shared else None,
                shared=len(shared)))
        top = structpage.index_table("Most waste across every object", every, link, structpage.TOP)
        no_dwarf = [n for n in self.object_names if n not in self.struct_layouts]
        self.render("structs.html", "structindex.html.j2", title="Structs", top=top,
                    groups=groups, no_dwarf=no_dwarf)

    def page_diff(self, d):
        label = diffs.coord_label
        node = treemap.diff_tree(d, self.data)
        tm = None
        if node is not None:
            ident = treemap.diff_ident(d.head["label"])
            tm = dict(ident=ident, src=treemap.write_data(self.tree, ident, node, True),
                      choices=[], figures=node.figures)
        self.render(diff_url(d.head), "diff.html.j2", title="Diff %s" % d.head["label"], d=d,
                    treemap=tm,
                    objects=compare_tables.objects_table(
                        d.objects, label, "Objects that differ (%d of %d compared)"
                        % (len(d.objects), d.compared)),
                    structs_table=compare_tables.structs_table(d.structs, label,
                                                               "Struct layouts that changed"),
                    stack_table=stackpage.diff_table(d.stack, label) if d.stack else None,
                    stack_recorded=self.stack_recorded(d),
                    config_table=compare_tables.config_table(d.config), coord_label=label,
                    config_recorded=self.config_recorded(d))

    def stack_recorded(self, d):
        """Was the stack of an object of a diff's head commit recorded?"""
        return any(self.data.frames_of(o) is not None
                   for o in self.data.objs.get(d.head["commit_id"], ()))

    def config_recorded(self, d):
        """Did either commit of a diff record CONFIG values or usage?"""
        return any(o.config_id is not None or self.data.usage_rows(c["commit_id"])
                   for c in (d.base, d.head) if c
                   for o in self.data.objs.get(c["commit_id"], ()))

    def page_config_values(self):
        data = self.data
        folders = sorted({(o.arch, o.compiler, o.label) for o in data.objects})
        rows = [dict(r, keys="") for r in data.config_rows]
        builds = [f + ("",) for f in folders]
        if len(builds) <= 12:
            parts = [("Every build", overview.config_values(rows, builds))]
        else:
            parts = [("%s/%s" % ac, overview.config_values(
                rows, [b for b in builds if b[:2] == ac])) for ac in data.coordinates()]
        parts = [(h, t) for h, t in parts if t.rows]
        self.render("config-values.html", "configvalues.html.j2", title="CONFIG values",
                    parts=parts, without=[model.build_name(b) for b in builds
                                          if not any(r["arch"] == b[0] and r["compiler"] == b[1]
                                                     and r["label"] == b[2] for r in rows)])

    def page_history(self):
        data = self.data
        t = tables.commits(data, self.diff_summary, self.movers, diff_url)
        movers = tables.movers(self.movers, self.diffs, self.causes, self.link("history.html"),
                               diff_url, limit=MOVES)
        self.render("history.html", "history.html.j2", title="History", commits_table=t,
                    movers_table=movers, history_plots=self.history_plots, noise=self.noise,
                    coords_table=self.coordinate_history(), stack_plots=self.stack_plots,
                    stack_movers=stackpage.movers_table(self.data, self.stack_series, self.diffs,
                                                        diff_url) if self.stack_plots else None)

    def page_stack(self):
        data = self.data
        functions = self.data.spec.stack
        self.render("stack.html", "stack.html.j2", title="Stack",
                    summary=stackpage.coord_summary(data, stackpage.url),
                    rows=stackpage.rows_table(data, functions) if functions and data.groups else None,
                    functions=functions, stack_plots=self.stack_plots,
                    deepest=stackpage.function_table(
                        "The deepest functions of every object at %s" % data.head["label"],
                        [(o, r) for o, rows in stackpage.recorded(data) for r in rows], 25))

    def page_stack_coord(self, arch, cc):
        data = self.data
        items = [(o, r) for o, rows in stackpage.recorded(data) if (o.arch, o.compiler) == (arch, cc)
                 for r in rows]
        self.render(stackpage.url(arch, cc), "stackcoord.html.j2", title="Stack: %s/%s" % (arch, cc),
                    arch=arch, compiler=cc, table=stackpage.function_table(
                        "Every function of %s/%s at %s, deepest first" % (arch, cc, data.head["label"]),
                        items))

    def coordinate_history(self):
        """Totals per arch and compiler across the last commits that built."""
        per = history.by_coordinate(self.data)
        cids = [c["commit_id"] for c in self.data.ok][-12:]
        t = Table("Total bytes per architecture and compiler, the last %d commits that built"
                  % len(cids), [Column("commit"), Column("subject")]
                  + [Column("%s/%s" % k, "r") for k in sorted(per)])
        for cid in reversed(cids):
            c = self.data.by_id[cid]
            t.add([Text(c["label"], href=diff_url(c) if cid in self.diffs else None),
                   Clip(c["subject"])]
                  + [Bytes(per[k][cid][3]) if cid in per[k] else Text("-") for k in sorted(per)])
        return t


def write(tree, data, sections, noise, sweep_pending=False):
    return Site(tree, data, sections, noise, sweep_pending).write()
