# SPDX-License-Identifier: GPL-2.0
"""A diff's findings as Tables (objects, structs, CONFIG values and usage): `bloatwatch diff`
prints them as text, the report's diff pages draw the same Tables in HTML."""
from ..render.cells import Bytes, Delta, Percent, Text, blank
from ..render.table import Column, Table
from . import structs


def listed(names, limit=6):
    """'a, b, c (+4 more)': the first `limit` names and how many more."""
    if len(names) <= limit:
        return ", ".join(names)
    return ", ".join(names[:limit]) + " (+%d more)" % (len(names) - limit)


def objects_table(changes, label, title=""):
    """One row per ObjectChange: text/data/bss deltas, totals, delta and relative change (size's
    figures); when a side holds sections the final link discards, the image's delta beside."""
    split = any(sum(getattr(x, "discarded", ())) for c in changes for x in (c.old, c.new) if x)
    t = Table(title, [Column("object"), Column("text", "r"), Column("data", "r"), Column("bss", "r"),
                      Column("old total", "r"), Column("new total", "r"), Column("delta", "r"),
                      Column("change", "r")] + ([Column("image delta", "r")] if split else []))
    for c in changes:
        o, n = c.old, c.new
        t.add([Text(label(c.key))] + [Delta(c.delta(f)) for f in ("text", "data", "bss")]
              + [Bytes(o.total) if o else Text("new"), Bytes(n.total) if n else Text("removed"),
                 Delta(c.delta("total")), Percent.change(o.total, n.total) if o and n else blank()]
              + ([Delta(c.delta("image"))] if split else []))
    if split:
        t.notes.append("image delta: the change of the bytes that reach the image, size's "
                       "total less the sections the final link discards.")
    return t


def structs_table(changes, label, title=""):
    """One row per StructChange: size, holes and padding before and after, the members that
    changed (+ added, - removed, ~ moved or retyped) and the objects it holds for."""
    t = Table(title, [Column("struct"), Column("size", "r"), Column("new", "r"), Column("delta", "r"),
                      Column("holes", "r"), Column("new", "r"), Column("padding", "r"),
                      Column("new", "r"), Column("members changed"), Column("objects")])
    for s in changes:
        a, b = s.old or {}, s.new or {}
        members = structs.describe(s.members) if a and b else "(added)" if b else "(removed)"
        t.add([Text(s.title()), Bytes(a.get("size")), Bytes(b.get("size")),
               Delta(b.get("size", 0) - a.get("size", 0)), Bytes(a.get("holes")),
               Bytes(b.get("holes")), Bytes(a.get("padding")), Bytes(b.get("padding")),
               Text(members), Text(listed([label(k) for k in s.keys]))])
    return t


def config_table(config, title=""):
    """(option, old, new, [builds]) findings; '-' where a side does not set the option."""
    t = Table(title, [Column("option"), Column("old"), Column("new"), Column("builds")])
    for opt, old, new, where in config:
        t.add([Text(opt), Text("-" if old is None else old), Text("-" if new is None else new),
               Text(listed(where))])
    return t


def usage_table(added, removed, title=""):
    """CONFIG_ symbols a source started (+) or stopped (-) mentioning."""
    t = Table(title, [Column(""), Column("source"), Column("config")])
    for how, pairs in (("+", added), ("-", removed)):
        for src, cfg in pairs:
            t.add([Text(how), Text(src), Text(cfg)])
    return t
