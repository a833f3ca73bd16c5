# SPDX-License-Identifier: GPL-2.0
"""config.html: what each CONFIG option costs, per arch x compiler, from the recorded sweep.

For every option swept (configcost.py pairs each flip with its base): the bytes it costs
(text/data/bss), what Kconfig changed with it, the symbols that moved (bloat-o-meter of base
against flip, compare.diff) and the struct layouts that changed; a numeric option's curve as
a plot and a table; a flip Kconfig refused, with its reason. Rendered the same for this
repository's matrix sweep and for a Kbuild tree's `bloatwatch configcost`.
"""
import collections
from dataclasses import dataclass, field

from . import configcost, configplots
from ..compare import bloat, diff as engine, structs as struct_diff
from ..render.cells import Bytes, Delta, Text
from ..render.table import Column, Table
from .output import slug

REL = "config.html"
PLOTS = "plots/configcost-%s.svg"


def anchor(prefix, *parts):
    """An id or file name: lowercase, so slug() leaves it readable (and tests can name it)."""
    return prefix + slug("-".join(parts).lower())


def short(option):
    return option[len("CONFIG_"):] if option.startswith("CONFIG_") else option


def settings(implied):
    """'NR_CPUS=4, HOTPLUG_CPU=y' of {CONFIG_X: (old, new)} (unset: not in the configuration)."""
    return ", ".join("%s=%s" % (short(k), "unset" if new is None else new)
                     for k, (_, new) in sorted(implied.items()))


class Names:
    """Display names of a configuration's variants (bloatwatch.toml's [keys.variant.labels])."""

    def __init__(self, project):
        keys = getattr(project, "keys", None) or {}
        self.labels = dict(keys.get("variant", {}))

    def of(self, config):
        vs = config.variants
        return " + ".join(self.labels.get(v, v) for v in vs) if vs else ""

    def base(self, config):
        n = self.of(config)
        return "%s (%s)" % (config.label, n) if n else config.label


@dataclass
class Section:
    """One base's measurement of one option."""
    title: str
    anchor: str
    table: Table
    kind: str
    swap: str = ""              # 'Tiny RCU -> Classic RCU' for a variant swap
    implied: list = field(default_factory=list)     # ['SMP=y also set ...' per arch group]
    symbols: list = field(default_factory=list)     # [(where, bloat-o-meter's report)]
    structs: list = field(default_factory=list)     # [(title, where, changes)]


def cost_table(option, base_label, fl_list, aid):
    value = fl_list[0].value
    verb = "with %s=y minus without" % short(option)
    side = "flip %s=%s" % (short(option), value)
    t = Table("%s on %s: %s (bytes %s)" % (side, base_label, fl_list[0].flip.label, verb),
              [Column("arch"), Column("compiler"), Column("text", "r", "cost"),
               Column("data", "r", "cost"), Column("bss", "r", "cost"),
               Column("total", "r", "cost"), Column("base total", "r"),
               Column("flip total", "r"), Column("Kconfig also set")], anchor=aid)
    for f in sorted(fl_list, key=lambda f: (f.arch, f.compiler)):
        c = f.cost()
        t.add([Text(f.arch), Text(f.compiler), Delta(c[0]), Delta(c[1]), Delta(c[2]),
               Delta(c[3]), Bytes(f.base.sums()[3]), Bytes(f.flip.sums()[3]),
               Text(settings(f.implied()) or "-")])
    if value == "n":
        t.notes.append("The base has %s=y; the flip turns it off, so the cost is the base minus "
                       "the flip." % short(option))
    return t


def struct_rows(changes):
    """[(title, where, member changes)] of compare.diff StructChanges."""
    out = []
    for s in changes:
        if s.old and s.new:
            what = "size %d -> %d" % (s.old["size"], s.new["size"])
            if s.old.get("holes") != s.new.get("holes"):
                what += ", holes %d -> %d" % (s.old["holes"], s.new["holes"])
        else:
            what = "only in the flip (%d bytes)" % s.new["size"] if s.new else \
                "only in the base (%d bytes)" % s.old["size"]
        out.append(("%s: %s" % (s.title(), what),
                    ", ".join("/".join(k) for k in s.keys),
                    struct_diff.describe(s.members)))
    return out


def section(source, names, option, base_label, fl_list):
    anchor_ = anchor("c-", short(option), base_label)
    base = fl_list[0].base
    sec = Section("%s on %s" % (short(option), names.base(base)), anchor_,
                  cost_table(option, names.base(base), fl_list, anchor_ + "-t"), fl_list[0].kind)
    if sec.kind == "swap":
        flip = fl_list[0].flip
        gone = sorted(set(base.objects) - set(flip.objects))
        came = sorted(set(flip.objects) - set(base.objects))
        if names.of(base) and names.of(flip):
            sec.swap = "%s -> %s" % (names.of(base), names.of(flip))
        else:
            sec.swap = "%s -> %s" % (", ".join(gone), ", ".join(came))
    by_implied = collections.defaultdict(list)
    for f in fl_list:
        by_implied[settings(f.implied())].append("%s/%s" % (f.arch, f.compiler))
    for what, where in sorted(by_implied.items()):
        if what:
            sec.implied.append((what, ", ".join(where)))
    old, new = {}, {}
    for f in fl_list:
        o, n = f.pairs()
        old.update({(f.arch, f.compiler, k): v for k, v in o.items()})
        new.update({(f.arch, f.compiler, k): v for k, v in n.items()})
    changes = [engine.ObjectChange(k, old[k], new[k]) for k in sorted(set(old) & set(new))
               if old[k].analysis_id != new[k].analysis_id]
    sec.structs = struct_rows(engine.struct_changes(changes, source))
    # One bloat-o-meter report per pair, printed as the script prints it; equal reports
    # (to the byte) are shown once with every pair they hold for.
    reports = {}
    for c in changes:
        t = bloat.tables(source.symbols_of(c.old.analysis_id),
                         source.symbols_of(c.new.analysis_id))[0]
        if t.rows or t.add or t.remove:
            reports.setdefault("\n".join(bloat.lines(t)[0]), []).append(c.key)
    sec.symbols = [("; ".join("/".join(k) for k in keys), text)
                   for text, keys in reports.items()]
    return sec


def curve_table(option, base_label, fl_list, aid):
    pts = configcost.curve_points(fl_list)
    values = sorted({v for ps in pts.values() for v, _ in ps}, key=configcost._num)
    t = Table("%s on %s: total bytes per value" % (short(option), base_label),
              [Column("arch"), Column("compiler")] + [Column(v, "r", short(option))
                                                      for v in values], anchor=aid)
    for (arch, cc), ps in sorted(pts.items()):
        have = dict(ps)
        t.add([Text(arch), Text(cc)] + [Bytes(have[v].sums()[3]) if v in have else Text("-")
                                        for v in values])
    t.notes.append("Total of the configuration's objects (size(1)'s text + data + bss); - = no "
                   "build at that value (Kconfig refused it on that arch). The value the base "
                   "itself has is its own build.")
    return t, pts


def usage_table(usage, options):
    by_opt = collections.defaultdict(list)
    for r in usage:
        by_opt[r["config"]].append(r["source"])
    t = Table("CONFIG_ options the recorded sources use, and where this page measures them",
              [Column("option"), Column("sources that use it"), Column("measured")])
    measured = {o.name: o for o in options}
    for opt in sorted(by_opt):
        o = measured.get(opt)
        how = "-" if o is None else ", ".join(
            (["cost"] if o.flips else []) + (["curve"] if o.curves else []) +
            (["refused by Kconfig"] if o.refused and not (o.flips or o.curves) else []))
        t.add([Text(short(opt), href="#" + anchor("o-", short(opt)) if o else None),
               Text(", ".join(sorted(set(by_opt[opt])))), Text(how)])
    return t


def summary_table(options, names, bases):
    """Per option and base: the total cost's range over arch x compiler."""
    group = "total bytes (min .. max over arch x compiler)"
    cols = [Column("option"), Column("kind")] + [Column(names.base(b), "r", group) for b in bases]
    t = Table("What each option costs, at a glance", cols)
    for o in options:
        if not o.flips:
            continue
        kinds = sorted({f.kind for fs in o.flips.values() for f in fs})
        row = [Text(short(o.name), href="#" + anchor("o-", o.short)),
               Text(", ".join("variant swap" if k == "swap" else k for k in kinds))]
        for b in bases:
            fs = o.flips.get(b.label)
            if not fs:
                row.append(Text("refused" if b.label in o.refused else "-"))
                continue
            tot = [f.cost()[3] for f in fs]
            row.append(Text("%+d" % tot[0] if min(tot) == max(tot) else
                            "%+d .. %+d" % (min(tot), max(tot))))
        t.add(row)
    t.notes.append("A flip to n counts as the cost of y (base minus flip). Variant swaps give "
                   "the flip minus the base. - : the option is not swept on that base.")
    return t


class Cached:
    """The compare engine's questions to the history, each analysis asked once."""

    def __init__(self, history):
        self.history, self.memo = history, {}

    def _ask(self, what, key):
        if (what, key) not in self.memo:
            self.memo[(what, key)] = getattr(self.history, what)(key)
        return self.memo[(what, key)]

    def symbols_of(self, analysis_id):
        return self._ask("symbols_of", analysis_id)

    def structs_of(self, analysis_id):
        return self._ask("structs_of", analysis_id)

    def members_of(self, layout_ids):
        return self.history.members_of(layout_ids)


def build(site):
    """Everything config.html.j2 shows, from the head commit's rows."""
    data = site.data
    history, head = data.history, data.head
    source = Cached(history)
    project = getattr(data.spec, "project", None)
    names = Names(project)
    flips = site.config_flips()
    refused = configcost.refusals(history, head["commit_id"])
    opts, untried = configcost.options(data.usage, flips, refused)
    bases_by_label = {}
    for f in flips:
        bases_by_label.setdefault(f.base.label, f.base)
    bases = [bases_by_label[k] for k in sorted(bases_by_label)]
    flipped = {f.base.label for f in flips if f.kind != "curve"}
    items = []
    for o in opts:
        secs = [section(source, names, o.name, b, fs) for b, fs in sorted(o.flips.items())]
        curves = []
        for b, fs in sorted(o.curves.items()):
            t, pts = curve_table(o.name, names.base(fs[0].base), fs, anchor("k-", o.short, b))
            rel = configplots.curve(site.tree, PLOTS % anchor("", o.short, b),
                                    "%s on %s (commit %s)" % (o.short, names.base(fs[0].base),
                                                              head["label"]),
                                    o.short, pts)
            curves.append(dict(table=t, plot=rel, caption=(
                "Total bytes of the configuration's objects against %s, a line per arch, a "
                "panel per compiler; a point per built value." % o.short)))
        refusals = [(b, why, ", ".join(sorted(where))) for b, whys in sorted(o.refused.items())
                    for why, where in sorted(whys.items())]
        items.append(dict(option=o, anchor=anchor("o-", o.short), sections=secs, curves=curves,
                          refusals=refusals))
    return dict(summary=summary_table(opts, names, [b for b in bases if b.label in flipped])
                if flipped else None,
                usage=usage_table(data.usage, opts), items=items, untried=untried,
                pending=site.sweep_pending,
                bases=[names.base(b) for b in bases])


def write(site):
    """Render config.html for a report Site (site.data, site.tree, site.render)."""
    return site.render(REL, "configcost.html.j2", title="CONFIG options", **build(site))
