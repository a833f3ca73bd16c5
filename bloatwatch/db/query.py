# SPDX-License-Identifier: GPL-2.0
"""Read side: coordinates, metrics over commits, and the two sides of a diff.

Every history question is: pick coordinates (a small table, filtered here), find the
slices holding them (slice_builds_history index) with one metric per analysis, then the
commits using those slices (commit_slices_slice index).
"""
import fnmatch
import re

from ..errors import BwError
from .store import chunks, marks

FIELDS = ("arch", "compiler", "scenario", "variant", "object")
SIZE_METRICS = ("total", "text", "data", "bss")
STRUCT_FIELDS = ("size", "padding", "holes", "hole_bytes", "cachelines")


class Metric:
    """A parsed metric: total|text|data|bss|symbol:NAME|struct:NAME[.FIELD]."""

    def __init__(self, spec):
        self.spec = spec
        if spec in SIZE_METRICS:
            self.kind, self.name, self.field = "size", None, spec
        elif spec.startswith("symbol:") and len(spec) > 7:
            self.kind, self.name, self.field = "symbol", spec[7:], "size"
        elif spec.startswith("struct:") and len(spec) > 7:
            name, _, field = spec[7:].partition(".")
            field = field or "size"
            if field not in STRUCT_FIELDS or not name:
                raise BwError("bad metric %r: struct field must be one of %s"
                              % (spec, ", ".join(STRUCT_FIELDS)))
            self.kind, self.name, self.field = "struct", name, field
        else:
            raise BwError("bad metric %r (want total, text, data, bss, symbol:NAME or "
                          "struct:NAME[.size|.padding|.holes])" % spec)
        # Across several objects sizes add up; a struct's layout does not.
        self.agg = "max" if self.kind == "struct" else "sum"

    def source(self, store):
        """(SQL yielding (analysis_id, val), params), or None when the name is unknown."""
        if self.kind == "size":
            return "SELECT id AS analysis_id, %s AS val FROM analyses" % self.field, []
        nid = store.name_id(self.name)
        if nid is None:
            return None
        if self.kind == "symbol":
            return ("SELECT analysis_id, SUM(size) AS val FROM symbols WHERE norm_id = ? "
                    "GROUP BY analysis_id", [nid])
        return ("SELECT al.analysis_id, MAX(l.%s) AS val FROM layouts l JOIN analysis_layouts al "
                "ON al.layout_id = l.id WHERE l.name_id = ? GROUP BY al.analysis_id"
                % self.field, [nid])


def parse_filters(args):
    """{field: [patterns]} from --arch/--compiler/... options (repeatable, comma lists)."""
    out = {}
    for f in FIELDS:
        vals = getattr(args, f, None) or []
        pats = [p for v in vals for p in v.split(",") if p]
        if pats:
            out[f] = pats
    return out


def coordinates(store, filters=None):
    """{coord_id: (arch, compiler, scenario, variant, object)} matching the filters (globs)."""
    rows = store.query(
        "SELECT k.id, a.name, c.name, s.name, v.name, o.name FROM coords k "
        "JOIN names a ON a.id = k.arch_id JOIN names c ON c.id = k.compiler_id "
        "JOIN names s ON s.id = k.scenario_id JOIN names v ON v.id = k.variant_id "
        "JOIN names o ON o.id = k.object_id")
    out = {}
    for row in rows:
        coord = tuple(row[1:])
        if all(any(fnmatch.fnmatchcase(coord[i], p) for p in (filters or {}).get(f, ["*"]))
               for i, f in enumerate(FIELDS)):
            out[row[0]] = coord
    return out


def commits(store, last=0):
    """Recorded commits in history order (only the last `last` when > 0): dicts with id, sha,
    dirty, dates, subject, status."""
    cols = "id, sha, dirty, commit_date, author_date, subject, status, error"
    if last > 0:
        rows = store.query("SELECT %s FROM commits ORDER BY commit_date DESC, author_date DESC, "
                           "id DESC LIMIT %d" % (cols, int(last)))[::-1]
    else:   # all of them: a sequential scan and a sort beat 10,000 index-ordered lookups
        rows = store.query("SELECT %s FROM commits" % cols)
        rows.sort(key=lambda r: (r[3], r[4], r[0]))
    return [dict(id=r[0], sha=r[1], dirty=r[2], commit_date=r[3], author_date=r[4],
                 subject=r[5], status=r[6], error=r[7]) for r in rows]


def label(c):
    return c["sha"][:12] + ("-dirty" if c["dirty"] else "")


def values(store, metric, coords, commit_ids=None, by_coord=False, key=None):
    """{(commit_id, group): (value|None, objects)}: the metric aggregated over coordinates.

    group is None, the coord_id (by_coord) or key(coord_id).  Work is proportional to the
    distinct slices involved plus one commit_slices row per commit and slice: partial
    aggregates are computed once per slice and reused by every commit that shares it."""
    if not coords:
        return {}
    if by_coord:
        key = lambda c: c   # noqa: E731
    src = metric.source(store)
    if src is None:
        raise BwError("no recorded object has a %s named %s" % (metric.kind, metric.name))
    pairs = []   # (commit_id, slice_id)
    slice_filter = None
    if commit_ids is not None:
        for part in chunks(list(commit_ids)):
            pairs += store.query("SELECT commit_id, slice_id FROM commit_slices WHERE commit_id "
                                 "IN (%s)" % marks(len(part)), part)
        slice_filter = {sl for _, sl in pairs}
        if not slice_filter:
            return {}
    join = "LEFT JOIN (%s) m ON m.analysis_id = b.analysis_id" % src[0]
    params0 = list(src[1])
    val = "m.val"
    partial = {}   # slice_id -> {group: (value, objects)}
    combine = _max if metric.agg == "max" else _sum
    for part in chunks(sorted(coords)):
        sql = ("SELECT b.slice_id, b.coord_id, %s FROM slice_builds b %s WHERE b.coord_id IN (%s)"
               % (val, join, marks(len(part))))
        params = params0 + list(part)
        rows = store.query(sql, params)
        for slice_id, coord_id, v in rows:
            if slice_filter is not None and slice_id not in slice_filter:
                continue
            if v is None and metric.kind == "symbol":
                v = 0   # an object without the symbol has 0 bytes of it
            g = key(coord_id) if key else None
            groups = partial.setdefault(slice_id, {})
            old = groups.get(g)
            groups[g] = (v, 1) if old is None else (combine(old[0], v), old[1] + 1)
    if commit_ids is None:
        for part in chunks(sorted(partial)):
            pairs += store.query("SELECT commit_id, slice_id FROM commit_slices WHERE slice_id "
                                 "IN (%s)" % marks(len(part)), part)
    out = {}
    for commit_id, slice_id in pairs:
        for g, (v, n) in partial.get(slice_id, {}).items():
            k = (commit_id, g)
            old = out.get(k)
            out[k] = (v, n) if old is None else (combine(old[0], v), old[1] + n)
    return out


def _sum(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return a + b


def _max(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return max(a, b)


def resolve(store, repo, rev):
    """A recorded commit for a revision: git revision, recorded sha or prefix, `-dirty` suffix."""
    want_dirty = rev.endswith("-dirty")
    base = rev[:-6] if want_dirty else rev
    sha = None
    if repo:
        from . import gitrepo
        sha = gitrepo.resolve(repo, base)
    if sha is None:
        if not re.fullmatch(r"[0-9a-fA-F]{4,40}", base):
            raise BwError("%s: not a revision git knows, nor a recorded sha" % rev)
        rows = store.query("SELECT DISTINCT sha FROM commits WHERE sha LIKE ?", (base.lower() + "%",))
        if not rows:
            raise BwError("%s: no recorded commit matches" % rev)
        if len(rows) > 1:
            raise BwError("%s: ambiguous, matches %d recorded commits" % (rev, len(rows)))
        sha = rows[0][0]
    rows = store.query("SELECT id, sha, dirty, commit_date, author_date, subject, status, error "
                       "FROM commits WHERE sha = ? AND dirty = ?", (sha, int(want_dirty)))
    if not rows:
        other = store.query("SELECT 1 FROM commits WHERE sha = ? AND dirty = ?",
                            (sha, int(not want_dirty)))
        hint = ""
        if other:
            hint = " (a %s record exists: use %s)" % (
                "clean" if want_dirty else "dirty", sha[:12] + ("" if want_dirty else "-dirty"))
        raise BwError("%s (%s): not recorded%s" % (rev, sha[:12], hint))
    r = rows[0]
    return dict(id=r[0], sha=r[1], dirty=r[2], commit_date=r[3], author_date=r[4],
                subject=r[5], status=r[6], error=r[7])


def builds_of(store, commit_id, coords):
    """{coord_id: (analysis_id, setup_id)} of one commit, restricted to coords."""
    out = {}
    rows = store.query("SELECT b.coord_id, b.analysis_id, b.setup_id FROM commit_slices cs "
                       "JOIN slice_builds b ON b.slice_id = cs.slice_id WHERE cs.commit_id = ?",
                       (commit_id,))
    for coord_id, aid, sid in rows:
        if coord_id in coords:
            out[coord_id] = (aid, sid)
    return out


def sizes(store, analysis_ids):
    """{analysis_id: (text, data, bss, total)}."""
    out = {}
    for part in chunks(sorted(set(analysis_ids))):
        for r in store.query("SELECT id, text, data, bss, total FROM analyses WHERE id IN (%s)"
                             % marks(len(part)), part):
            out[r[0]] = tuple(r[1:])
    return out


def symbol_sizes(store, analysis_id):
    """{normalized name: bytes} of one analysis (bloat-o-meter sums by normalized name)."""
    out = {}
    for name, size in store.query(
            "SELECT n.name, SUM(y.size) FROM symbols y JOIN names n ON n.id = y.norm_id "
            "WHERE y.analysis_id = ? GROUP BY n.name", (analysis_id,)):
        out[name] = size
    return out


def layouts_of(store, analysis_id):
    """{(struct name, kind): (layout_id, size, holes, padding)} of one analysis."""
    out = {}
    for r in store.query(
            "SELECT n.name, l.kind, l.id, l.size, l.holes, l.padding FROM analysis_layouts al "
            "JOIN layouts l ON l.id = al.layout_id JOIN names n ON n.id = l.name_id "
            "WHERE al.analysis_id = ?", (analysis_id,)):
        out[(r[0], r[1])] = tuple(r[2:])
    return out


def members(store, layout_id):
    """[(name, offset, size, type)] of a layout, in declaration order."""
    return [tuple(r) for r in store.query(
        "SELECT n.name, m.byte_offset, m.size, t.name FROM members m "
        "JOIN names n ON n.id = m.name_id JOIN names t ON t.id = m.type_id "
        "WHERE m.layout_id = ? ORDER BY m.seq", (layout_id,))]


def config_values(store, setup_id):
    """{CONFIG: value} a setup was built with."""
    return {r[0]: r[1] for r in store.query(
        "SELECT n.name, v.value FROM setups s JOIN config_values v ON v.config_id = s.config_id "
        "JOIN names n ON n.id = v.name_id WHERE s.id = ?", (setup_id,))}


def config_uses(store, commit_id):
    return {(r[0], r[1]) for r in store.query(
        "SELECT s.name, n.name FROM config_uses u JOIN names s ON s.id = u.source_id "
        "JOIN names n ON n.id = u.name_id WHERE u.commit_id = ?", (commit_id,))}
