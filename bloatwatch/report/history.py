# SPDX-License-Identifier: GPL-2.0
"""Sizes across commits: per coordinate, per object and per symbol; for a declared table one
series per row, compiler and arch, and the commits that moved them.

Every project has a series per coordinate (arch, compiler): the total of its recorded objects
at each commit that built, from the data alone (variant None).  A row's series follows one
build folder (arch, compiler, config label) through the recorded commits that built; its
value is the total of the row's objects.  The label is the one the head commit files under
the table's configuration for that row, else the row's first label.  A commit is marked when
it moves any series by more than the noise floor: max(noise bytes, noise % of the previous
value).
"""
import collections
from dataclasses import dataclass, field

from . import model


@dataclass
class Point:
    commit: dict
    text: int
    data: int
    bss: int
    total: int
    delta: int = None       # vs the series' previous point; None for the first
    marked: bool = False


@dataclass
class Series:
    variant: str            # a declared table's row; None for a coordinate's total
    compiler: str
    arch: str
    scenario: str
    points: list = field(default_factory=list)


def floor(prev, noise):
    nbytes, pct = noise
    return max(nbytes, abs(prev) * pct / 100.0)


def scenario_for(data, arch, compiler, variant):
    g = data.group(arch, compiler, data.article_key)
    if g and g.first(variant):
        return g.first(variant).scenario
    scen = sorted(b.scenario for b in data.builds
                  if (b.arch, b.compiler, b.variant) == (arch, compiler, variant))
    return scen[0] if scen else None


def mark(s, p, noise):
    """Append point p to series s, with its delta and mark against the previous point."""
    if s.points:
        prev = s.points[-1].total
        p.delta = p.total - prev
        p.marked = abs(p.delta) > floor(prev, noise)
    s.points.append(p)


def build_series(data, noise):
    """[Series] of every coordinate's total (any project), then of every (variant, compiler,
    arch) of a declared table at the head commit; points in history order."""
    out = []
    per = by_coordinate(data)
    for arch, cc in data.coordinates():
        s = Series(None, cc, arch, "-")
        for c in data.ok:
            got = per[(arch, cc)].get(c["commit_id"])
            if got is not None:
                mark(s, Point(c, *got[:4]), noise)
        out.append(s)
    folders = {}    # commit_id -> {(arch, cc, label): Build}
    for c in data.ok:
        folders[c["commit_id"]] = {(b.arch, b.compiler, b.scenario): b
                                   for b in model.builds(data.objs.get(c["commit_id"], ()), {}, data.spec)}
    for variant in data.variants():
        for arch, cc in data.table_coordinates():
            scen = scenario_for(data, arch, cc, variant)
            if scen is None:
                continue
            s = Series(variant, cc, arch, scen)
            for c in data.ok:
                b = folders[c["commit_id"]].get((arch, cc, scen))
                if b is None or b.variant != variant:
                    continue
                mark(s, Point(c, *b.sums()), noise)
            out.append(s)
    return out


def movers(series):
    """[(commit, Series, Point)] of marked points, in history order then size of the move."""
    out = [(p.commit, s, p) for s in series for p in s.points if p.marked]
    out.sort(key=lambda x: (x[0]["ord"], -abs(x[2].delta), x[1].variant or "", x[1].arch,
                            x[1].compiler))
    return out


def by_coordinate(data):
    """{(arch, compiler): {commit_id: (text, data, bss, total, objects)}} of every ok commit."""
    out = collections.defaultdict(dict)
    for c in data.ok:
        per = collections.defaultdict(list)
        for o in data.objs.get(c["commit_id"], ()):
            per[(o.arch, o.compiler)].append(o)
        for k, objs in per.items():
            out[k][c["commit_id"]] = model.sums(objs) + (len(objs),)
    return out


def by_object(data, name):
    """{build coordinate: {commit_id: Obj}} of one object name across the ok commits."""
    out = collections.defaultdict(dict)
    for c in data.ok:
        for o in data.objs.get(c["commit_id"], ()):
            if o.object == name:
                out[o.coord[:4]][c["commit_id"]] = o
    return out


def symbol_moves(data, series, limit=40):
    """[(symbol, [size or None per commit])] of the symbols whose size changed across one
    object's recorded commits ({commit_id: Obj}, history order), biggest range first;
    sizes are bloat-o-meter's (the compare engine's reading of nm)."""
    from ..compare import bloat
    cids = [c["commit_id"] for c in data.ok if c["commit_id"] in series]
    sizes, seen, names = [], set(), {}
    for cid in cids:
        rows = data.symbols_of(series[cid].analysis_id)
        got = bloat.sizes(rows, bloat.TABLES["default"][0][1])
        names.update(bloat.shown(rows))
        sizes.append(got)
        seen |= set(got)
    moved = []
    for name in seen:
        row = [s.get(name) for s in sizes]
        if len(set(row)) > 1:
            vals = [v or 0 for v in row]
            moved.append((-(max(vals) - min(vals)), name, row))
    moved.sort()
    return cids, [(names.get(name, name), row) for _, name, row in moved[:limit]], \
        max(0, len(moved) - limit)
