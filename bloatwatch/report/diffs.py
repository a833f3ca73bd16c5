# SPDX-License-Identifier: GPL-2.0
"""What one commit changed against the previous commit that built: objects, symbols, structs, CONFIG.

Objects are joined on their matrix coordinate; an object whose analysis is the same on
both sides did not change.  Symbol changes are reported in bloat-o-meter's grammar, once
per distinct (old object, new object) pair with the coordinates it applies to.
"""
import collections
from dataclasses import dataclass, field

from ..compare.diff import bloat_o_meter

from ..render.table import join

TOP_SYMBOLS = 25


@dataclass
class ObjectChange:
    coord: tuple
    old: object     # Obj | None
    new: object


@dataclass
class SymbolBlock:
    coords: list
    lines: list
    net: int
    more: int


@dataclass
class StructChange:
    name: str
    kind: str
    old: dict       # v_structs row | None
    new: dict
    members_changed: list
    coords: list = field(default_factory=list)


@dataclass
class Diff:
    base: dict
    head: dict
    objects: list            # [ObjectChange] of objects that differ
    compared: int
    total_old: int
    total_new: int
    symbols: list            # [SymbolBlock]
    structs: list            # [StructChange]
    config: list             # [(option, old, new, [folders])]
    usage_added: list
    usage_removed: list
    failed_between: list     # commits between base and head whose build failed


def coord_label(coord):
    arch, cc, scen, _, obj = coord
    return "%s/%s/%s/%s" % (arch, cc, scen, obj)


def compute(data, base, head):
    bo = data.objs.get(base["commit_id"], [])
    ho = data.objs.get(head["commit_id"], [])
    rows = join(bo, ho, key=lambda o: o.coord)
    changes = [ObjectChange(k, b, h) for k, b, h in rows
               if b is None or h is None or b.analysis_id != h.analysis_id]
    changes.sort(key=lambda c: (-abs((c.new.total if c.new else 0) - (c.old.total if c.old else 0)),
                                c.coord))
    both = [c for c in changes if c.old and c.new]
    return Diff(base, head, changes, len(rows), sum(o.total for o in bo), sum(o.total for o in ho),
                _symbols(data, base, head, both), _structs(data, base, head, both),
                _config(data, base, head, rows), *_usage(data, base, head),
                [c for c in data.commits if base["ord"] < c["ord"] < head["ord"] and c["status"] != "ok"])


def _symbols(data, base, head, both):
    if not both:
        return []
    old_syms, new_syms = data.symbol_sizes(base["commit_id"]), data.symbol_sizes(head["commit_id"])
    pairs = collections.defaultdict(list)
    for c in both:
        pairs[(c.old.analysis_id, c.new.analysis_id)].append(c.coord)
    # Objects whose symbols moved by the same amounts share one block (the old/new columns
    # are those of the block's first object).
    blocks = {}
    for coords in pairs.values():
        coords.sort()
        old, new = old_syms.get(coords[0], {}), new_syms.get(coords[0], {})
        moves = tuple(sorted((n, new.get(n, 0) - old.get(n, 0)) for n in set(old) | set(new)
                             if new.get(n) != old.get(n)))
        if not moves:       # only sections or structs changed
            continue
        if moves in blocks:
            blocks[moves].coords.extend(coords)
            continue
        lines, net, more = bloat_o_meter(old, new, TOP_SYMBOLS)
        blocks[moves] = SymbolBlock(list(coords), lines, net, more)
    out = list(blocks.values())
    for b in out:
        b.coords.sort()
    out.sort(key=lambda b: (-abs(b.net), b.coords))
    return out


def _structs(data, base, head, both):
    if not both:
        return []
    want = {c.coord for c in both}

    def layouts(commit):
        out = collections.defaultdict(dict)
        for r in data.struct_rows(commit["commit_id"]):
            coord = (r["arch"], r["compiler"], r["scenario"], r["variant"], r["object"])
            if coord in want:
                out[coord][(r["struct"], r["kind"])] = r
        return out

    lo, ln = layouts(base), layouts(head)
    groups = {}
    for coord in sorted(want):
        a, b = lo.get(coord, {}), ln.get(coord, {})
        for sk in sorted(set(a) | set(b)):
            ra, rb = a.get(sk), b.get(sk)
            if ra and rb and ra["layout_id"] == rb["layout_id"]:
                continue
            key = (sk, ra["layout_id"] if ra else None, rb["layout_id"] if rb else None)
            if key not in groups:
                groups[key] = StructChange(sk[0], sk[1], ra, rb, _members_changed(data, ra, rb))
            groups[key].coords.append(coord)
    return sorted(groups.values(), key=lambda s: (s.name, s.kind, s.coords))


def _members_changed(data, ra, rb):
    if not (ra and rb):
        return []
    m = data.member_rows([ra["layout_id"], rb["layout_id"]])
    sa = {(x["member"], x["type"], x["byte_offset"], x["size"]) for x in m[ra["layout_id"]]}
    sb = {(x["member"], x["type"], x["byte_offset"], x["size"]) for x in m[rb["layout_id"]]}
    return sorted({x[0] for x in sa ^ sb})


def _config(data, base, head, rows):
    if all(b.config_id == h.config_id for _, b, h in rows if b and h):
        return []
    ca, cb = data.config_rows(base["commit_id"]), data.config_rows(head["commit_id"])
    out = collections.defaultdict(list)
    for folder in sorted({k[:3] for k, b, h in rows if b and h}):
        a, b = ca.get(folder, {}), cb.get(folder, {})
        for opt in sorted(set(a) | set(b)):
            if a.get(opt) != b.get(opt):
                out[(opt, a.get(opt), b.get(opt))].append("/".join(folder))
    return [(k[0], k[1], k[2], v) for k, v in sorted(out.items(), key=lambda x: (x[0][0], str(x[0][1:])))]


def _usage(data, base, head):
    ua = {(r["source"], r["config"]) for r in data.usage_rows(base["commit_id"])}
    ub = {(r["source"], r["config"]) for r in data.usage_rows(head["commit_id"])}
    return sorted(ub - ua), sorted(ua - ub)
