# SPDX-License-Identifier: GPL-2.0
"""The report's tables beyond the footprint sections: an object's sections and symbols, struct
summaries and members, CONFIG usage, scenarios and option costs, the commit history.

Tables as data (render.table): the HTML pages draw them with the templates' table macro, and
the text renderer can print any of them."""
import collections

from . import configcost
from .data import date
from .model import variant_name
from .output import slug
from ..render.cells import Bytes, Clip, Delta, Text, blank
from ..render.table import Column, Table


def sections(rows, discards=()):
    """An object's sections (v_sections rows), in section-header order: its size(1) class,
    and whether the final link discards it (a name in `discards`) or it reaches the image."""
    t = Table("", [Column("section"), Column("class"), Column("image"), Column("size", "r")])
    dropped = 0
    for r in sorted(rows, key=lambda r: r["seq"]):
        loaded = r["bucket"] != "other"
        gone = loaded and r["section"] in discards
        dropped += r["size"] if gone else 0
        t.add([Text(r["section"]), Text(r["bucket"]),
               Text("discarded" if gone else "yes" if loaded else "-"), Bytes(r["size"])])
    if dropped:
        t.notes.append("size(1) counts the %d bytes of the discarded sections; the final link "
                       "drops them, so they never reach the image." % dropped)
    return t


def symbols(rows, top=None):
    """An object's sized symbols (v_symbols rows), largest first (the `top` largest), as nm -C
    spells them when the rows carry it; nm's order among equal sizes (the raw names')."""
    t = Table("", [Column("symbol"), Column("nm"), Column("section"), Column("kind"),
                   Column("size", "r")])
    ranked = sorted(rows, key=lambda r: (-r["size"], r["raw_name"]))
    for r in ranked[:top]:
        t.add([Clip(r["demangled"] or r["raw_name"]), Text(r["type"]), Text(r["section"]), Text(r["kind"]),
               Bytes(r["size"])])
    if top and len(ranked) > top:
        t.notes.append("The %d largest of %d sized symbols (%d bytes in the rest)." % (
            top, len(ranked), sum(r["size"] for r in ranked[top:])))
    return t


def members(rows):
    """A layout's members in declaration order (v_struct_members rows)."""
    t = Table("", [Column("member"), Column("type"), Column("offset", "r"), Column("size", "r"),
                   Column("bits", "r")])
    for m in rows:
        t.add([Text(m["member"]), Text(m["type"]), Bytes(m["byte_offset"]), Bytes(m["size"]),
               Text("%d:%d" % (m["bit_offset"], m["bit_size"])) if m["bit_size"] else blank()])
    return t


def structs_summary(title, structs_):
    """One row per distinct layout of each struct ({(name, kind, decl_file): [layout dicts]}),
    the most wasteful (hole bytes + padding) first; a layout dict has row, bits, ncoords,
    waste, anchor.  A name declared in several files says which file each struct is."""
    t = Table(title, [Column("struct"), Column("layouts", "r"), Column("waste", "r"),
                      Column("size", "r"), Column("holes", "r"), Column("hole bytes", "r"),
                      Column("padding", "r"), Column("reorganized", "r"), Column("saving", "r")])
    ranked = sorted(structs_.items(), key=lambda x: (-max(l["waste"] for l in x[1]),
                                                     tuple(y or "" for y in x[0])))
    files = collections.Counter(k[:2] for k in structs_)
    for (name, kind, decl), ls in ranked:
        ls.sort(key=lambda l: (-l["waste"], -l["row"]["size"], l["where"]))
        title = "%s %s" % (kind, name) + (" (%s)" % decl if decl and files[(name, kind)] > 1 else "")
        for i, l in enumerate(ls):
            r = l["row"]
            t.add([Text(title if i == 0 else ""),
                   Text(("%d bits, %d builds" % (l["bits"], l["ncoords"])) if l["bits"]
                        else "%d builds" % l["ncoords"], href="#" + l["anchor"]),
                   Bytes(l["waste"]), Bytes(r["size"]), Bytes(r["holes"]), Bytes(r["hole_bytes"]),
                   Bytes(r["padding"]), Bytes(r["reorg_size"]), Bytes(r["reorg_saving"])])
    return t


def config_usage(title, by_src, src_objects, measured):
    """The CONFIG_ symbols each source uses, which objects are built from it, which options
    have a measured cost."""
    t = Table(title, [Column("source"), Column("objects"), Column("CONFIG_ symbols"),
                      Column("cost measured")])
    for src in sorted(by_src, key=lambda s: (sorted(src_objects.get(s, {"~"})), s)):
        cfgs = sorted(by_src[src])
        t.add([Text(src), Text(", ".join(sorted(src_objects.get(src, ())))),
               Text(" ".join(cfgs)), Text(" ".join(c for c in cfgs if c in measured) or "-")])
    return t


def scenarios(data):
    """The CONFIG values that differ between the scenarios, one row per scenario."""
    per = {}
    for b in data.builds:
        per.setdefault((data.spec.sort(b.variant), b.scenario), b)
    keys = sorted({k for b in per.values() for k in b.config})
    varied = [k for k in keys if len({configcost.value(b, k) for b in per.values()}) > 1]
    t = Table("CONFIG values of each scenario (options that differ between scenarios)",
              [Column("scenario"), Column("variant")] + [Column(k.replace("CONFIG_", "")) for k in varied])
    for (_, scen), b in sorted(per.items()):
        t.add([Text(scen), Text(variant_name(b.variant))] + [Text(configcost.value(b, k)) for k in varied])
    const = [k for k in keys if k not in varied]
    if const:
        first = next(iter(per.values()))
        t.notes.append("The same in every scenario: " + ", ".join(
            "%s=%s" % (k, configcost.value(first, k)) for k in const) + ".")
    return t


def config_costs(data, pairs):
    """One table per option: rows (variant, change, context, compiler), columns arches."""
    arches = sorted({a for a, _ in data.coordinates()})
    out = []
    for opt in configcost.options(pairs):
        ps = [p for p in pairs if p.option == opt]
        t = Table("%s: bytes added (total of the row's objects)" % opt,
                  [Column("variant"), Column("change"), Column("other options"), Column("compiler")]
                  + [Column(a, "r") for a in arches], anchor="opt-" + slug(opt))
        rows = collections.OrderedDict()
        for p in ps:
            key = (data.spec.sort(p.variant), p.change, p.context_label(), p.compiler)
            rows.setdefault(key, {})[p.arch] = p
        for (vs, change, ctx, cc), cells in rows.items():
            any_p = next(iter(cells.values()))
            row = [Text(variant_name(any_p.variant)), Text(change), Text(ctx), Text(cc)]
            for a in arches:
                p = cells.get(a)
                if p is None:
                    row.append(Text("-"))
                    continue
                t_, d_, b_, tot = p.deltas()
                detail = "text %+d, data %+d, bss %+d; %s; %s vs %s" % (
                    t_, d_, b_, ", ".join("%s %+d" % od for od in p.object_deltas()),
                    p.high.scenario, p.low.scenario)
                row.append(Delta(tot, title=detail))
            t.add(row)
        t.notes.append("Each cell compares two builds of one arch, compiler and variant whose "
                       "CONFIG values differ only in %s (hover for text/data/bss, per object "
                       "and the scenarios compared)." % opt)
        out.append(t)
    return out


def commits(data, summary, movers, diff_url):
    """Every recorded commit, newest first: status, objects, what changed, marked moves.
    summary(commit_id): (objects that differ, delta of the total) of its diff, None without."""
    t = Table("Recorded commits, newest first", [
        Column("#", "r"), Column("commit"), Column("date"), Column("subject"), Column("status"),
        Column("objects", "r"), Column("changed", "r"), Column("total bytes", "r"),
        Column("delta", "r"), Column("marked moves", "r")])
    marks = collections.Counter(m[0]["commit_id"] for m in movers)
    for c in reversed(data.commits):
        objs = data.objs.get(c["commit_id"], [])
        d = summary(c["commit_id"])
        t.add([Bytes(c["ord"]), Text(c["label"], href=diff_url(c) if d else None),
               Text(date(c["commit_date"])), Clip(c["subject"]),
               Text(c["status"] if c["status"] == "ok" else
                    "failed: " + (c["error"].strip().splitlines() or [""])[0][:80]),
               Bytes(len(objs)) if objs else Text("-"),
               Bytes(d[0]) if d else Text("-"),
               Bytes(sum(o.total for o in objs)) if objs else Text("-"),
               Delta(d[1]) if d else Text("-"),
               Bytes(marks.get(c["commit_id"], 0)) if c["status"] == "ok" else Text("-")])
    return t


def movers(moves, diffs, causes, obj_link, diff_url, title="Moves above the noise floor",
           limit=None):
    """The moves above the noise floor (history.movers), newest first: what moved, where,
    before, after, delta (and per size(1) class) and the symbols that moved most in it
    (causes: {id(point): history.causes()})."""
    t = Table(title, [
        Column("commit"), Column("series"), Column("what"), Column("coordinate"),
        Column("before", "r"), Column("after", "r"), Column("delta", "r"),
        Column("text/data/bss"), Column("top symbols")])
    listed = list(moves)
    for c, s, p in listed[:limit]:
        d = p.deltas()
        top, more = causes.get(id(p), ([], 0))
        t.add([Text(c["label"], href=diff_url(c) if c["commit_id"] in diffs else None),
               Text(s.kind),
               Text(variant_name(s.name) if s.kind == "row" else s.name,
                    href=obj_link(s.object) if s.object else None),
               Text(s.where()), Bytes(p.before[3]), Bytes(p.total), Delta(p.delta),
               Text(" ".join("%s %+d" % (f, x) for f, x in zip(("text", "data", "bss"), d[:3])
                             if x) or "0"),
               Clip(", ".join("%s %+d" % w for w in top) + (" (+%d more)" % more if more else ""))])
    if limit is not None and len(listed) > limit:
        t.notes.append("The %d newest of %d moves; `bloatwatch history --moves` lists them all."
                       % (limit, len(listed)))
    if not listed:
        t.notes.append("No series moved by more than the noise floor.")
    return t
