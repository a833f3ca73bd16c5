# SPDX-License-Identifier: GPL-2.0
"""Sizes across commits, from the data alone: a series per coordinate (arch, compiler), per
build, per folder of a build's rollup, per object and per symbol, each in text/data/bss/total;
for a declared table also one series per row; the moves above the noise floor and the
symbols that caused them.

A series has a point at each recorded commit that built and holds what it follows (an object
that is absent at a commit has no point there). A point moves when its total, text, data or
bss differs from the series' previous point by more than the noise floor: max(noise bytes,
noise % of the previous value); a floor of (0, 0) marks every change. A build or folder whose
figures equal those of the series above it at every commit (the only build of a coordinate,
a folder holding every object of its build) is not a series of its own: its moves would be
listed twice. A row's series follows one build folder (arch, compiler, config label) whose
label is the one the head commit files under the table's configuration for that row.
"""
import collections
from dataclasses import dataclass, field

from . import model
from ..compare import bloat

DEFAULT_NOISE = (8, 0.5)
FIELDS = ("text", "data", "bss", "total")
# Listing order of the series kinds within one commit: the widest first.
KINDS = ("coordinate", "build", "folder", "object", "row", "symbol", "stack")
# nm letters by the size(1) class their bytes count in (rodata is text to size).
SYMBOL_CLASS = {"t": "text", "r": "text", "d": "data", "b": "bss"}


@dataclass(slots=True)      # a history of 1,000 commits x 500 objects holds 500,000 of them
class Point:
    commit: dict
    text: int
    data: int
    bss: int
    total: int
    delta: int = None       # total vs the series' previous point; None for the first
    before: tuple = None    # the previous point's (text, data, bss, total)
    marked: bool = False

    def deltas(self):
        """(text, data, bss, total) changes against the previous point."""
        return tuple(getattr(self, f) - b for f, b in zip(FIELDS, self.before))


@dataclass
class Series:
    kind: str               # one of KINDS
    # what it follows: a folder, object or symbol name, a table row; '(all objects)' for a
    # coordinate or build
    name: str
    arch: str
    compiler: str
    build: tuple = None     # (arch, compiler, label) of build/folder/object/symbol/row series
    coord: tuple = None     # an object's coordinate (object and symbol series)
    points: list = field(default_factory=list)
    symbol_class: str = None   # a symbol's size(1) class
    row_objects: tuple = None  # the objects a declared row sums (row series; None: all)

    @property
    def variant(self):
        """The declared row a row series follows; None for every other series."""
        return self.name if self.kind == "row" else None

    @property
    def scenario(self):
        return self.build[2] if self.build else "-"

    @property
    def object(self):
        return self.coord[4] if self.coord else None

    def where(self):
        """The coordinate it belongs to: 'arch/compiler' or the build's name."""
        return model.build_name(self.build) if self.build else "%s/%s" % (self.arch, self.compiler)

    def values(self):
        return [(p.commit["commit_id"],) + tuple(getattr(p, f) for f in FIELDS)
                for p in self.points]

    def head(self):
        return self.points[-1].total if self.points else 0

    def marked(self):
        """The points that moved above the noise floor, in history order."""
        return [p for p in self.points if p.marked]


def floor(prev, noise):
    nbytes, pct = noise
    return max(nbytes, abs(prev) * pct / 100.0)


def moved(before, after, noise):
    """Does any of text, data, bss, total move by more than the floor?"""
    return any(abs(a - b) > floor(b, noise) for b, a in zip(before, after))


def against(p, q, noise):
    """Set point p's before, delta and mark against q, the point before it in its series."""
    p.before = (q.text, q.data, q.bss, q.total)
    p.delta = p.total - q.total
    after = (p.text, p.data, p.bss, p.total)
    p.marked = after != p.before and moved(p.before, after, noise)


def mark(s, p, noise):
    """Append point p to series s, with its delta and mark against the previous point."""
    if s.points:
        against(p, s.points[-1], noise)
    s.points.append(p)


def _series(kind, name, arch, cc, per_commit, data, noise, **kw):
    """A Series of kind from {commit_id: (text, data, bss, total)} over the ok commits."""
    s = Series(kind, name, arch, cc, **kw)
    for c in data.ok:
        got = per_commit.get(c["commit_id"])
        if got is not None:
            mark(s, Point(c, *got[:4]), noise)
    return s


class ObjectSeries(Series):
    """An object's series, its points made when first read: a history of 1,000 commits x 500
    objects holds 500,000 of them, yet a report reads the points of the few objects whose
    pages it makes; the moves and the last figures come from the points where the object
    changed, made at once (the same Point objects the points hold once made)."""

    def __init__(self, name, coord, per_commit, data, noise):
        Series.__init__(self, "object", name, coord[0], coord[1], build=coord[:3], coord=coord)
        self._of = (per_commit, data.ok)
        self._changes = []      # the Points where the object's Obj changed (a first one too)
        last = None
        for c in data.ok:
            o = per_commit.get(c["commit_id"])
            if o is not None and o is not last:
                p = Point(c, o.text, o.data, o.bss, o.total)
                if self._changes:
                    against(p, self._changes[-1], noise)
                self._changes.append(p)
                last = o

    @property
    def points(self):
        """Every point: the commits that hold the Obj of the one before (most of a long
        history) repeat its point, unmoved."""
        if self._points is None:
            per_commit, ok = self._of
            self._points, changes = [], iter(self._changes)
            last = before = None
            for c in ok:
                o = per_commit.get(c["commit_id"])
                if o is None:
                    continue
                if o is last:
                    self._points.append(Point(c, o.text, o.data, o.bss, o.total, 0, before, False))
                else:
                    self._points.append(next(changes))
                    last, before = o, (o.text, o.data, o.bss, o.total)
        return self._points

    @points.setter
    def points(self, points):      # Series.__init__'s empty list: not made yet
        self._points = points or None

    def marked(self):
        return [p for p in self._changes if p.marked]

    def head(self):
        return self._changes[-1].total if self._changes else 0


def build_series(data, noise):
    """[Series] of every coordinate, build, folder and object (any project), then of every
    (variant, compiler, arch) of a declared table at the head commit; points in history
    order."""
    out = []
    coords = {}
    for (arch, cc), per in sorted(by_coordinate(data).items()):
        coords[(arch, cc)] = s = _series("coordinate", "(all objects)", arch, cc, per, data, noise)
        out.append(s)
    builds = collections.defaultdict(dict)      # build -> {commit_id: [Obj]}
    for c in data.ok:
        cid = c["commit_id"]
        for o in data.objs.get(cid, ()):
            builds[o.build].setdefault(cid, []).append(o)
    objects = by_coord(data)
    for b in sorted(builds):
        folders = running_sums(data, builds[b], folders_of)
        bs = _series("build", "(all objects)", b[0], b[1], folders.pop(""), data, noise, build=b)
        above = bs if bs.values() != coords[b[:2]].values() else coords[b[:2]]
        if above is bs:
            out.append(bs)
        for name in sorted(folders):
            fs = _series("folder", name, b[0], b[1], folders[name], data, noise, build=b)
            if fs.values() != above.values():
                out.append(fs)
    for coord in sorted(objects, key=model_sort):
        kl = model.keys_label(coord[3])
        name = "%s (%s)" % (coord[4], kl) if kl else coord[4]
        out.append(ObjectSeries(name, coord, objects[coord], data, noise))
    folders = {}    # commit_id -> {(arch, cc, label): Build}, for a declared table's rows
    for c in data.ok if data.variants() else ():
        objs = data.objs.get(c["commit_id"], ())
        folders[c["commit_id"]] = {(b.arch, b.compiler, b.scenario): b
                                   for b in model.builds(objs, {}, data.spec)}
    for variant in data.variants():
        for arch, cc in data.table_coordinates():
            scen = scenario_for(data, arch, cc, variant)
            if scen is None:
                continue
            r = data.spec.row(variant)
            s = Series("row", variant, arch, cc, build=(arch, cc, scen),
                       row_objects=tuple(r.objects) if r is not None else None)
            for c in data.ok:
                b = folders[c["commit_id"]].get((arch, cc, scen))
                if b is None or b.variant != variant:
                    continue
                mark(s, Point(c, *b.sums()), noise)
            out.append(s)
    return out


def running_sums(data, per, groups):
    """{group: {commit_id: (text, data, bss, total, objects)}} of objects ({commit_id: [Obj]})
    summed per group (groups(obj): the groups it counts in) at each ok commit that has any:
    each commit's sums are the previous one's plus the objects it changed (commits share the
    Obj of an object they hold alike, so what changed is a difference of identities, not a
    walk of every object at every commit)."""
    out = collections.defaultdict(dict)
    acc = collections.defaultdict(lambda: [0, 0, 0, 0, 0])
    held = {}       # id -> Obj of the previous commit
    of = {}         # id -> its groups
    for c in data.ok:
        objs = per.get(c["commit_id"])
        if objs is None:
            continue
        now = {id(o): o for o in objs}
        for sign, ids in ((-1, held.keys() - now.keys()), (1, now.keys() - held.keys())):
            for i in ids:
                o = held[i] if sign < 0 else now[i]
                if i not in of:
                    of[i] = groups(o)
                for g in of[i]:
                    a = acc[g]
                    a[0] += sign * o.text
                    a[1] += sign * o.data
                    a[2] += sign * o.bss
                    a[3] += sign * o.total
                    a[4] += sign
        held = now
        for g, a in acc.items():
            if a[4]:
                out[g][c["commit_id"]] = tuple(a)
    return out


def folders_of(o):
    """The build ('') and the folders of model.rollup() an object counts in."""
    parts = o.object.split("/")[:-1]
    return [""] + ["/".join(parts[:k]) + "/" for k in range(1, len(parts) + 1)]


def model_sort(coord):
    return tuple("" if x is None else x for x in coord)


def scenario_for(data, arch, compiler, variant):
    g = data.group(arch, compiler, data.article_key)
    if g and g.first(variant):
        return g.first(variant).scenario
    scen = sorted(b.scenario for b in data.builds
                  if (b.arch, b.compiler, b.variant) == (arch, compiler, variant))
    return scen[0] if scen else None


def movers(series):
    """[(commit, Series, Point)] of marked points, newest commit first, then the widest series
    first, then the size of the move."""
    out = [(p.commit, s, p) for s in series for p in s.marked()]
    out.sort(key=lambda x: (-x[0]["ord"], KINDS.index(x[1].kind), -abs(x[2].delta),
                            x[1].where(), x[1].name))
    return out


def largest(series, kind, n):
    """The n series of a kind largest at their last point."""
    of_kind = [s for s in series if s.kind == kind]
    return sorted(of_kind, key=lambda s: (-s.head(), s.where(), s.name))[:n]


# ---- what caused a move: the compare engine's symbol tables of the commit's diff ----------

def in_scope(s, key):
    """Is the object of coordinate key (arch, compiler, label, keys, object) part of s?"""
    if s.kind == "coordinate":
        return key[:2] == (s.arch, s.compiler)
    if s.kind in ("object", "symbol"):
        return key == s.coord
    if key[:3] != s.build:
        return False
    if s.kind == "folder":
        return key[4].startswith(s.name)
    if s.kind == "row":
        return s.row_objects is None or any(key[4] == o or key[4].endswith("/" + o)
                                            for o in s.row_objects)
    return True


OUTSIDE = "(outside the symbols)"


def causes(result, s, p=None, limit=3):
    """([(what, delta)], how many more): the symbols that moved most in s at the commit of a
    diff (a compare.diff.Diff of that commit against the previous one that built), largest
    first; an object added or removed whole counts as one entry, and with the point p what of
    its total's change no symbol explains (alignment, sections without symbols) as OUTSIDE.
    `what` is 'object: symbol' for a series of several objects, the symbol alone for an
    object's."""
    acc = collections.Counter()
    one = s.kind == "object"
    for block in result.symbols:
        objs = collections.Counter(k[4] for k in block.keys if in_scope(s, k))
        for obj, n in objs.items():
            for d, name in block.table.rows:
                acc[name if one else "%s: %s" % (obj, name)] += d * n
    for c in result.objects:
        if c.old is None or c.new is None:
            k = c.key
            if in_scope(s, k):
                acc["%s (%s)" % (k[4], "added" if c.old is None else "removed")] += c.delta("total")
    if p is not None and s.kind != "row":
        acc[OUTSIDE] = p.delta - sum(acc.values())
    top = sorted(((w, d) for w, d in acc.items() if d), key=lambda x: (-abs(x[1]), x[0]))
    return top[:limit], max(0, len(top) - limit)


# ---- tables of sizes across commits -------------------------------------------------------

def by_coordinate(data):
    """{(arch, compiler): {commit_id: (text, data, bss, total, objects)}} of every ok commit."""
    return running_sums(data, data.objs, lambda o: [(o.arch, o.compiler)])


def by_coord(data):
    """{coordinate: {commit_id: Obj}} across the ok commits (read once per report)."""
    def read(_):
        out = collections.defaultdict(dict)
        for c in data.ok:
            cid = c["commit_id"]
            for o in data.objs.get(cid, ()):
                out[o.coord][cid] = o
        return out
    return data._cached("by_coord", None, read)


def by_object(data):
    """{object name: {build coordinate: {commit_id: Obj}}} across the ok commits."""
    out = collections.defaultdict(lambda: collections.defaultdict(dict))
    for coord, per in by_coord(data).items():
        out[coord[4]][coord[:4]] = per
    return out


def symbol_series(data, series, noise, coord=None, limit=40):
    """([commit_id], [Series] of the symbols whose size changed, biggest range first, a count
    of those left out) across one object's recorded commits ({commit_id: Obj}); sizes are
    bloat-o-meter's (the compare engine's reading of nm), a symbol absent at a commit has no
    point there."""
    cids = [c["commit_id"] for c in data.ok if c["commit_id"] in series]
    sizes, seen, kinds, names = [], set(), {}, {}
    per_analysis = {}   # an analysis recorded at many commits is read once
    for cid in cids:
        aid = series[cid].analysis_id
        if aid not in per_analysis:
            rows = data.symbols_of(aid)
            for name, letter, *_ in rows:
                if letter:
                    kinds.setdefault(bloat.NUMBER.sub("", name), SYMBOL_CLASS.get(letter.lower()))
            per_analysis[aid] = bloat.sizes(rows, bloat.TABLES["default"][0][1])
            names.update(bloat.shown(rows))
            seen |= set(per_analysis[aid])
        sizes.append(per_analysis[aid])
    moved_ = []
    for name in seen:
        got = {a.get(name) for a in per_analysis.values()}   # the values it takes
        if len(got) > 1:
            vals = [v or 0 for v in got]
            moved_.append((-(max(vals) - min(vals)), name))
    moved_.sort()
    out = []
    for _, name in moved_[:limit]:
        row = [a.get(name) for a in sizes]
        cls = kinds.get(name) or "text"
        s = Series("symbol", names.get(name, name), coord[0] if coord else "-", coord[1] if coord else "-",
                   build=coord[:3] if coord else None, coord=coord, symbol_class=cls)
        for cid, v in zip(cids, row):
            if v is not None:
                sz = {f: 0 for f in FIELDS}
                sz[cls], sz["total"] = v, v
                mark(s, Point(data.by_id[cid], *(sz[f] for f in FIELDS)), noise)
        out.append(s)
    return cids, out, max(0, len(moved_) - limit)
