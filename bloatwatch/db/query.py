# SPDX-License-Identifier: GPL-2.0
"""The read side: every SQL read of the history, and only against the views of views.sql.

The command line and the reports ask through here. A history question is: pick coordinates
(a small table, filtered here), find the slices holding them (v_slice_builds) with one
metric per analysis, then the commits using those slices (v_commit_slices).
"""
import collections
import contextlib
import fnmatch
import json
import re

from ..errors import BwError
from . import toolchain
from .ingest import parse_keys
from .store import Store, chunks, marks

# The built-in coordinate fields; a project's extra keys (variant ...) filter the same way.
FIELDS = ("arch", "compiler", "label", "object")
SIZE_METRICS = ("total", "text", "data", "bss")
STRUCT_FIELDS = ("size", "padding", "holes", "hole_bytes", "cachelines")
# stack[:FUNCTION][.FIELD]: the largest frame, the deepest worst case (the frame where no worst
# case is recorded), or the sum of the known frames.
STACK_FIELDS = ("worst", "frame", "sum")
STACK_METRIC = re.compile(r"stack(?::(.+?))?(?:\.(%s))?" % "|".join(STACK_FIELDS))
NONE = "-"


class Coord(tuple):
    """(arch, compiler, label, keys text, object) with the extra keys at hand."""

    def __new__(cls, row):
        c = super().__new__(cls, row)
        c.keys = parse_keys(c[3])
        return c

    def get(self, field):
        if field in FIELDS:
            return self[("arch", "compiler", "label", None, "object").index(field)]
        return self.keys.get(field, NONE)

    def name(self):
        """arch/compiler/label[/value of each extra key]/object."""
        return "/".join([self[0], self[1], self[2]] + [self.keys[k] for k in sorted(self.keys)]
                        + [self[4]])


class Metric:
    """A parsed metric: total|text|data|bss|symbol:NAME|struct:NAME[.FIELD]|
    stack[:FUNCTION][.worst|.frame|.sum]."""

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
        elif STACK_METRIC.fullmatch(spec):
            name, field = STACK_METRIC.fullmatch(spec).groups()
            if name is not None and field == "sum":
                raise BwError("bad metric %r: one function's stack is its .worst or .frame" % spec)
            self.kind, self.name, self.field = "stack", name, field or "worst"
        else:
            raise BwError("bad metric %r (want total, text, data, bss, symbol:NAME, "
                          "struct:NAME[.size|.padding|.holes] or stack[:FUNCTION][.worst|.frame|.sum])"
                          % spec)
        # Across several objects sizes add up; a struct's layout and a stack do not.
        self.agg = "max" if self.kind == "struct" or self.kind == "stack" and self.field != "sum" \
            else "sum"
        # A worst case belongs to the build row (its call graph spans the build's objects),
        # not to one object's analysis: the stack's source is keyed by slice and coordinate.
        self.by_build = self.kind == "stack"

    def source(self, store):
        """(SQL yielding (analysis_id, val), or (slice_id, coord_id, val) when by_build,
        params); BwError when no object has the name."""
        if self.kind == "size":
            return "SELECT analysis_id, %s AS val FROM v_analysis_sizes" % self.field, []
        if self.kind == "stack":
            return self._stack_source(store)
        view, col = ("v_analysis_symbols", "symbol") if self.kind == "symbol" else \
            ("v_analysis_structs", "struct")
        if not store.query("SELECT 1 FROM %s WHERE %s = ? LIMIT 1" % (view, col), (self.name,)):
            raise BwError("no recorded object has a %s named %s" % (self.kind, self.name))
        if self.kind == "symbol":
            return ("SELECT analysis_id, SUM(size) AS val FROM v_analysis_symbols WHERE symbol = ? "
                    "GROUP BY analysis_id", [self.name])
        return ("SELECT analysis_id, MAX(%s) AS val FROM v_analysis_structs WHERE struct = ? "
                "GROUP BY analysis_id" % self.field, [self.name])

    def _stack_source(self, store):
        """Per build row whose stack was recorded, with the build's worst cases; an unknown
        frame counts as no value."""
        val = {"worst": "MAX(COALESCE(worst, frame))", "frame": "MAX(frame)",
               "sum": "SUM(frame)"}[self.field]
        if self.name is None:
            if not store.query("SELECT 1 FROM v_analysis_frames LIMIT 1"):
                raise BwError("no recorded object has its stack recorded (schema version 6 and "
                              "an analyzer whose mode all gives `stack`)")
            return ("SELECT slice_id, coord_id, %s AS val FROM v_build_frames "
                    "GROUP BY slice_id, coord_id" % val, [])
        if not store.query("SELECT 1 FROM v_analysis_frames WHERE function = ? LIMIT 1", (self.name,)):
            raise BwError("no recorded object has a stack frame for a function named %s" % self.name)
        return ("SELECT slice_id, coord_id, %s AS val FROM v_build_frames WHERE function = ? "
                "GROUP BY slice_id, coord_id" % val, [self.name])


def parse_filters(args):
    """{field or extra key: [patterns]} from --arch/--compiler/--label/--object and --key K=V
    options (repeatable, comma lists, globs)."""
    out = {}
    for f in FIELDS:
        pats = [p for v in getattr(args, f, None) or [] for p in v.split(",") if p]
        if pats:
            out[f] = pats
    for kv in getattr(args, "key", None) or []:
        k, sep, v = kv.partition("=")
        if not sep or not k:
            raise BwError("--key %s: want KEY=VALUE (e.g. --key variant=tree)" % kv)
        out.setdefault(k, []).extend(p for p in v.split(",") if p)
    return out


def base_name(obj):
    """An object key's last path part (an archive member stays with its archive:
    `kernel/rcu/built-in.a(kernel/rcu/tiny.o)` -> `built-in.a(kernel/rcu/tiny.o)`)."""
    head, paren, member = obj.partition("(")
    return head.rsplit("/", 1)[-1] + paren + member


def matches(field, value, pattern, paths=()):
    """Does a coordinate's value of field match one filter pattern? An object pattern also
    matches the base name when it has no '/'; with one, the end of the object's path and the
    files a coordinate was recorded from."""
    if fnmatch.fnmatchcase(value, pattern):
        return True
    if field != "object":
        return False
    if "/" not in pattern:
        return fnmatch.fnmatchcase(base_name(value), pattern)
    return any(fnmatch.fnmatchcase(v, pattern) or fnmatch.fnmatchcase(v, "*/" + pattern)
               for v in [value] + list(paths))


def coordinates(store, filters=None):
    """{coord_id: Coord} matching the filters (globs; an extra key a coordinate lacks is '-';
    objects by key, base name or recorded path)."""
    filters = filters or {}
    paths = coord_paths(store) if any("/" in p for p in filters.get("object", ())) else {}
    out = {}
    for row in store.query("SELECT coord_id, arch, compiler, label, keys, object FROM v_coords"):
        coord = Coord(row[1:])
        if all(any(matches(f, coord.get(f), p, paths.get(row[0], ())) for p in pats)
               for f, pats in filters.items()):
            out[row[0]] = coord
    return out


def coord_paths(store):
    """{coord_id: [paths it was recorded from]}."""
    out = {}
    for cid, path in store.query("SELECT coord_id, path FROM v_coord_paths"):
        out.setdefault(cid, []).append(path)
    return out


def require_coordinates(store, filters):
    """coordinates(), or BwError naming the filter that matches nothing and the values that
    exist, the closest first."""
    found = coordinates(store, filters)
    if found:
        return found
    every = coordinates(store)
    if not every:
        raise BwError("the history holds no recorded object yet (bloatwatch record or track)")
    for f, pats in filters.items():
        if coordinates(store, {f: pats}):
            continue
        values = sorted({c.get(f) for c in every.values()})
        what = "--%s " % f if f in FIELDS else "--key %s=" % f
        raise BwError("%s%s matches no recorded object; there are: %s"
                      % (what, ",".join(pats), closest(pats[0], values)))
    raise BwError("no recorded object matches all of %s together" % " ".join(
        "--%s %s" % (f, ",".join(p)) if f in FIELDS else "--key %s=%s" % (f, ",".join(p))
        for f, p in filters.items()))


def closest(pattern, values, limit=12):
    """values as a comma list, the most similar to pattern first (at most `limit`)."""
    import difflib
    target = pattern.strip("*")

    def score(v):
        return max(difflib.SequenceMatcher(None, a, b).ratio()
                   for a, b in ((target, v), (base_name(target), base_name(v))))
    ranked = sorted(values, key=lambda v: (-score(v), v))
    more = len(ranked) - limit
    return ", ".join(ranked[:limit]) + (" ... (%d more)" % more if more > 0 else "")


def extra_keys(store):
    """The extra coordinate keys the database holds, sorted."""
    return sorted({r[0] for r in store.query("SELECT DISTINCT key FROM v_coord_keys")})


COMMIT_COLS = "commit_id, sha, dirty, commit_date, author_date, subject, status, error, kind"


def _commit(r):
    return dict(id=r[0], sha=r[1], dirty=r[2], commit_date=r[3], author_date=r[4],
                subject=r[5], status=r[6], error=r[7], kind=r[8])


def commits(store, last=0):
    """Recorded commits in history order (only the last `last` when > 0): dicts with id, sha,
    dirty, dates, subject, status."""
    if last > 0:
        rows = store.query("SELECT %s FROM v_commit_rows ORDER BY commit_date DESC, author_date "
                           "DESC, commit_id DESC LIMIT %d" % (COMMIT_COLS, int(last)))[::-1]
    else:   # all of them: a sequential scan and a sort beat 10,000 index-ordered lookups
        rows = store.query("SELECT %s FROM v_commit_rows" % COMMIT_COLS)
        rows.sort(key=lambda r: (r[3], r[4], r[0]))
    return [_commit(r) for r in rows]


def status(store, sha, dirty=False, build=None):
    """'ok', 'failed' or None (not recorded); with `build`, of that declared build."""
    if build is not None:
        rows = store.query("SELECT status FROM v_commit_builds WHERE sha = ? AND dirty = ? "
                           "AND build = ?", (sha, int(dirty), build))
    else:
        rows = store.query("SELECT status FROM v_commit_rows WHERE sha = ? AND dirty = ?",
                           (sha, int(dirty)))
    return rows[0][0] if rows else None


def label(c):
    """How a recorded commit is named: 12 hex digits ('-dirty' for a dirty record), a
    release by its label."""
    if c.get("kind") == "release":
        return c["sha"]
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
    pairs = []   # (commit_id, slice_id)
    slice_filter = None
    if commit_ids is not None:
        for part in chunks(list(commit_ids)):
            pairs += store.query("SELECT commit_id, slice_id FROM v_commit_slices WHERE commit_id "
                                 "IN (%s)" % marks(len(part)), part)
        slice_filter = {sl for _, sl in pairs}
        if not slice_filter:
            return {}
    on = "m.slice_id = b.slice_id AND m.coord_id = b.coord_id" if metric.by_build else \
        "m.analysis_id = b.analysis_id"
    join = "LEFT JOIN (%s) m ON %s" % (src[0], on)
    partial = {}   # slice_id -> {group: (value, objects)}
    combine = _max if metric.agg == "max" else _sum
    for part in chunks(sorted(coords)):
        rows = store.query("SELECT b.slice_id, b.coord_id, m.val FROM v_slice_builds b %s "
                           "WHERE b.coord_id IN (%s)" % (join, marks(len(part))),
                           list(src[1]) + list(part))
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
            pairs += store.query("SELECT commit_id, slice_id FROM v_commit_slices WHERE slice_id "
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


def resolve(store, rev, find_sha=None):
    """A recorded commit for a revision: a recorded release's label, git revision (when the
    caller gives find_sha, gitrepo.finder()), recorded sha or prefix, `-dirty` suffix."""
    rows = store.query("SELECT %s FROM v_commit_rows WHERE sha = ? AND kind = 'release'"
                       % COMMIT_COLS, (rev,))
    if rows:
        return _commit(rows[0])
    want_dirty = rev.endswith("-dirty")
    base = rev[:-6] if want_dirty else rev
    sha = find_sha(base) if find_sha else None
    if sha is None:
        if not re.fullmatch(r"[0-9a-fA-F]{4,40}", base):
            raise BwError("%s: not a revision git knows, nor a recorded sha or release" % rev)
        rows = store.query("SELECT DISTINCT sha FROM v_commit_rows WHERE sha LIKE ?", (base.lower() + "%",))
        if not rows:
            raise BwError("%s: no recorded commit matches" % rev)
        if len(rows) > 1:
            raise BwError("%s: ambiguous, matches %d recorded commits" % (rev, len(rows)))
        sha = rows[0][0]
    rows = store.query("SELECT %s FROM v_commit_rows WHERE sha = ? AND dirty = ?" % COMMIT_COLS,
                       (sha, int(want_dirty)))
    if not rows:
        hint = ""
        if status(store, sha, not want_dirty):
            hint = " (a %s record exists: use %s)" % (
                "clean" if want_dirty else "dirty", sha[:12] + ("" if want_dirty else "-dirty"))
        raise BwError("%s (%s): not recorded%s" % (rev, sha[:12], hint))
    return _commit(rows[0])


def _per_coord(store, commit_id, column):
    """{coord_id: column of its build row} of one commit's objects."""
    return dict(store.query("SELECT b.coord_id, b.%s FROM v_commit_slices cs "
                            "JOIN v_slice_builds b ON b.slice_id = cs.slice_id "
                            "WHERE cs.commit_id = ?" % column, (commit_id,)))


def analyses_of(store, commit_id):
    """{coord_id: analysis_id} of one commit's objects."""
    return _per_coord(store, commit_id, "analysis_id")


def object_counts(store, commit_ids):
    """{commit_id: objects recorded}."""
    out = {}
    for part in chunks(list(commit_ids)):
        out.update(store.query("SELECT cs.commit_id, SUM(s.builds) FROM v_commit_slices cs JOIN "
                               "v_slices s ON s.slice_id = cs.slice_id WHERE cs.commit_id IN (%s) "
                               "GROUP BY cs.commit_id" % marks(len(part)), part))
    return out


def symbols(store, analysis_id, demangle=True):
    """[(raw name, nm letter, size, demangled)] of one analysis: bloat-o-meter's input (nm
    --size-sort) and how each name reads (nm -C; None when it is not mangled, or with
    demangle false)."""
    return [(r[0], r[1], r[2], r[3] if demangle else None) for r in store.query(
        "SELECT raw_name, type, size, demangled FROM v_analysis_symbols WHERE analysis_id = ? "
        "ORDER BY seq", (analysis_id,))]


def folders_of(store, analysis_id):
    """[(folder, units, text, data, rodata, bss)] of a linked image by source folder, sorted by
    folder; [] when none was recorded (a relocatable object, no DWARF, or before version 13)."""
    return [tuple(r) for r in store.query(
        "SELECT folder, units, text, data, rodata, bss FROM v_analysis_folders "
        "WHERE analysis_id = ? ORDER BY seq", (analysis_id,))]


def symbol_folders(store, analysis_id):
    """[folder or None] of one analysis's symbols, in the order of symbols()."""
    return [r[0] for r in store.query(
        "SELECT folder FROM v_analysis_symbol_folders WHERE analysis_id = ? ORDER BY seq",
        (analysis_id,))]


def sections_of(store, analysis_id):
    """[(section, size, bucket)] of one analysis, in the analyzer's order."""
    return [tuple(r) for r in store.query(
        "SELECT section, size, bucket FROM v_analysis_sections WHERE analysis_id = ? ORDER BY seq",
        (analysis_id,))]


def toolchain_of(store, analysis_id):
    """The Toolchain (db/toolchain.py) an analysis's object names: .comment and producers."""
    rows = store.query("SELECT comment, producer, units FROM v_analysis_producers "
                       "WHERE analysis_id = ? ORDER BY seq", (analysis_id,))
    comment = rows[0][0] if rows else None
    return toolchain.identify(comment.split("\n") if comment else [],
                              [(p, n) for _, p, n in rows if p is not None])


def layouts_of(store, analysis_id):
    """{(struct name, kind, declaring file or None): layout row dict} of one analysis: a
    struct is its name and where it is declared (docs/structs.md)."""
    return {(r["struct"], r["kind"], r["decl_file"]): r for r in _dicts(store, (
        "SELECT struct, kind, layout_id, size, holes, hole_bytes, bit_holes, padding, "
        "decl_file, decl_line FROM v_analysis_structs WHERE analysis_id = ? ORDER BY layout_id"),
        (analysis_id,))}


def members(store, layout_ids):
    """{layout_id: [member row dicts in declaration order]}; reorg_seq is the member's place in
    the analyzer's reorganized order (None throughout when it was not recorded)."""
    out = {lid: [] for lid in layout_ids}
    for part in chunks(sorted(set(layout_ids))):
        for r in _dicts(store, "SELECT layout_id, seq, member, type, byte_offset, size, bit_size, "
                               "bit_offset, reorg_seq FROM v_struct_members WHERE layout_id IN (%s) "
                               "ORDER BY layout_id, seq" % marks(len(part)), part):
            out[r["layout_id"]].append(r)
    return out


def frames(store, slice_id, coord_id):
    """[frame row dicts] of one build row (an object as a slice holds it) in the analyzer's
    order (largest frame first): worst case, unbounded reason and chain in its build
    (v_build_frames), the chain as a list; None when its stack was not recorded."""
    rec = store.query("SELECT frames FROM v_build_rows WHERE slice_id = ? AND coord_id = ?",
                      (slice_id, coord_id))
    if not rec or rec[0][0] is None:
        return None
    rows = _dicts(store, "SELECT function, raw_name, section, frame, kind, su, worst, unbounded, "
                         "chain FROM v_build_frames WHERE slice_id = ? AND coord_id = ? ORDER BY seq",
                  (slice_id, coord_id))
    for r in rows:
        r["chain"] = json.loads(r["chain"]) if r["chain"] else None
        r["su"] = json.loads(r["su"]) if r["su"] else None
    return rows


# Builds of more objects than this are analyzed again rather than looked up (one statement
# names each object's coordinate and analysis).
RECORDED_BUILD_MAX = 64


def recorded_build_stack(store, members):
    """The FRAME entries (the build's worst cases) a build of exactly these objects was
    recorded with: members [(coordinate tuple, analysis digest)], all of the build; {coordinate
    tuple: [FRAME]} from one recorded commit whose build rows of those coordinates held those
    analyses, their graph spanning that many objects, else None (never recorded so)."""
    if len(members) > RECORDED_BUILD_MAX:
        return None
    ids = store.digests("analyses", sorted({ad for _, ad in members}))
    wanted = {c: ids.get(ad) for c, ad in members}
    if None in wanted.values() or len(wanted) != len(members):
        return None
    objs = sorted({c[4] for c in wanted})
    coord_ids = {}
    for part in chunks(objs):
        for row in store.query("SELECT coord_id, arch, compiler, label, keys, object FROM v_coords "
                               "WHERE object IN (%s)" % marks(len(part)), part):
            if tuple(row[1:]) in wanted:
                coord_ids[row[0]] = tuple(row[1:])
    if len(coord_ids) != len(wanted):
        return None
    pairs = [(cid, wanted[c]) for cid, c in sorted(coord_ids.items())]
    # One read of every recorded build row holding one of these (coordinate, analysis) pairs
    # in a graph of that many objects; the first commit that holds them all is taken.
    by_commit = collections.defaultdict(list)
    for commit_id, slice_id, coord_id in store.query(
            "SELECT cs.commit_id, sb.slice_id, sb.coord_id FROM slice_builds sb "
            "JOIN commit_slices cs ON cs.slice_id = sb.slice_id WHERE sb.stack_objects = ? AND (%s)"
            % " OR ".join(["(sb.coord_id = ? AND sb.analysis_id = ?)"] * len(pairs)),
            [len(pairs)] + [x for p in pairs for x in p]):
        by_commit[commit_id].append((slice_id, coord_id))
    rows = next((by_commit[c] for c in sorted(by_commit) if len(by_commit[c]) == len(pairs)), None)
    if rows is None:
        return None
    out = {}
    for slice_id, coord_id in rows:
        got = frames(store, slice_id, coord_id)
        if got is None:
            return None
        out[coord_ids[coord_id]] = [
            {"function": r["raw_name"], "section": r["section"], "frame": r["frame"],
             "kind": r["kind"], "su": r["su"], "worst": r["worst"], "unbounded": r["unbounded"],
             "chain": r["chain"]} for r in got]
    return out if len(out) == len(pairs) else None


def builds_of(store, commit_id):
    """{coord_id: slice_id} of one commit's objects: the build rows a stack is read from."""
    return _per_coord(store, commit_id, "slice_id")


def config_set(store, config_id):
    """{CONFIG: value} of one CONFIG set ({} for None: a build without CONFIG values)."""
    if config_id is None:
        return {}
    return {r[0]: r[1] for r in store.query(
        "SELECT config, value FROM v_config_sets WHERE config_id = ?", (config_id,))}


def config_uses(store, commit_id):
    return {(r[0], r[1]) for r in store.query(
        "SELECT source, config FROM v_config_usage WHERE commit_id = ?", (commit_id,))}


def meta(store, key):
    rows = store.query("SELECT value FROM v_meta WHERE key = ?", (key,))
    return rows[0][0] if rows else None


def recorded_state(store):
    """What a report reads, as rows: every recorded commit, when it was recorded, and the
    views installed (a digest of it says whether a report is out of date)."""
    rows = store.query("SELECT commit_id, sha, dirty, status, recorded_at, subject FROM v_commits "
                       "ORDER BY commit_id")
    return rows, meta(store, "views")


def other_commits(store, sha):
    """How many recorded commits have another sha."""
    return store.query("SELECT COUNT(*) FROM v_commit_rows WHERE sha <> ?", (sha,))[0][0]


def _dicts(store, sql, params=()):
    cur = store.d.execute(sql, params)
    names = [c[0] for c in cur.description]
    return [dict(zip(names, r)) for r in cur.fetchall()]


# ---- the report's questions: whole commits as row dicts -----------------------------------

COORD = "coord_id, arch, compiler, label, keys, object"


class History:
    """Read-only questions the report asks of one history database, in one snapshot."""

    def __init__(self, target, demangle=True):
        self.target = target
        self.store = Store(target, create=False)   # installs views.sql when it changed
        self.where = self.store.where
        self.demangle = demangle   # symbol rows carry how C++/Rust names read (nm -C)

    def close(self):
        self.store.close()

    @contextlib.contextmanager
    def snapshot(self):
        """One read transaction: a recorder writing meanwhile cannot tear a report."""
        d = self.store.d
        d.begin_read()
        try:
            yield self
        finally:
            d.rollback()

    def _rows(self, sql, params=()):
        return _dicts(self.store, sql, params)

    def commits(self):
        """Every recorded commit in history order (runner, host: the fleet's runner that
        built it, '' for one `track` or `record` recorded)."""
        return self._rows("SELECT commit_id, sha, short, kind, dirty, parents, author, "
                          "author_date, commit_date, subject, status, error, ord, runner, host "
                          "FROM v_commits "
                          "ORDER BY ord")

    def footprint(self, commit_id=None, discards=None):
        """size(1) totals of every recorded object (of one commit, or of all), each with
        `discarded`: the (text, data, bss) bytes of its sections in `discards` (discards.py,
        the sections the final link drops; (0, 0, 0) without) and `image`, the total less
        them."""
        sql = ("SELECT commit_id, %s, path, analysis_id, config_id, text, data, bss, total, "
               "format, machine FROM v_footprint" % COORD)
        if commit_id is None:
            rows = self._rows(sql)
        else:
            rows = self._rows(sql + " WHERE commit_id = ?", (commit_id,))
        dropped = self.discarded(discards, {r["analysis_id"] for r in rows}) if discards else {}
        for r in rows:
            r["discarded"] = dropped.get(r["analysis_id"], (0, 0, 0))
            r["image"] = r["total"] - sum(r["discarded"])
        return rows

    def discarded(self, discards, analysis_ids):
        """{analysis_id: (text, data, bss)} of the loaded sections whose names `discards`
        holds, for the analyses that have any: the names are matched once, not per row."""
        names = [r[0] for r in self.store.query(
            "SELECT DISTINCT section FROM v_analysis_sections WHERE bucket <> 'other'")
            if r[0] in discards]
        out = {}
        for part in chunks(names):
            for aid, section, size, bucket in self.store.query(
                    "SELECT analysis_id, section, size, bucket FROM v_analysis_sections "
                    "WHERE bucket <> 'other' AND section IN (%s)" % marks(len(part)), part):
                if aid in analysis_ids:
                    out.setdefault(aid, []).append((section, size, bucket))
        return {aid: discards.split(secs) for aid, secs in out.items()}

    def slices(self):
        """(every slice's objects as v_footprint's rows less the commit, slice_id first;
        [(commit_id, slice_id, slice digest)]): a commit is the union of its slices' objects, and the few
        slices a commit changes are all that differ from its parent's (the history's whole
        footprint in rows proportional to what changed, not to commits x objects)."""
        objs = self._rows(
            "SELECT b.slice_id, b.coord_id, arch.name AS arch, cc.name AS compiler, "
            "lb.name AS label, ks.name AS keys, ob.name AS object, p.name AS path, "
            "b.analysis_id, s.config_id, a.text, a.data, a.bss, a.total, a.format, a.machine "
            "FROM slice_builds b JOIN coords k ON k.id = b.coord_id "
            "JOIN names arch ON arch.id = k.arch_id JOIN names cc ON cc.id = k.compiler_id "
            "JOIN names lb ON lb.id = k.label_id JOIN names ks ON ks.id = k.keys_id "
            "JOIN names ob ON ob.id = k.object_id JOIN names p ON p.id = b.path_id "
            "JOIN setups s ON s.id = b.setup_id JOIN analyses a ON a.id = b.analysis_id "
            "WHERE b.slice_id IN (SELECT slice_id FROM commit_slices) "
            "ORDER BY b.slice_id, b.coord_id")
        members = self.store.d.execute(
            "SELECT cs.commit_id, cs.slice_id, s.digest FROM commit_slices cs "
            "JOIN slices s ON s.id = cs.slice_id ORDER BY cs.commit_id, s.digest").fetchall()
        return objs, members

    def config_values(self, commit_id):
        """CONFIG_ values each object of a commit was built with."""
        return self._rows("SELECT %s, config, value FROM v_config_values WHERE commit_id = ?"
                          % COORD, (commit_id,))

    def builds(self, commit_id):
        """Build records of a commit's objects (source, compiler version, command)."""
        return self._rows("SELECT %s, source, compiler_version, cmd FROM v_builds "
                          "WHERE commit_id = ?" % COORD, (commit_id,))

    def sections(self, commit_id):
        return self._rows("SELECT %s, seq, section, size, bucket FROM v_sections "
                          "WHERE commit_id = ? ORDER BY seq" % COORD, (commit_id,))

    def symbols(self, commit_id):
        """Every sized symbol of a commit's objects (raw and normalized names)."""
        return self._rows("SELECT %s, symbol, raw_name, type, size, section, bind, kind, %s "
                          "FROM v_symbols WHERE commit_id = ?"
                          % (COORD, "demangled" if self.demangle else "NULL AS demangled"),
                          (commit_id,))

    def structs(self, commit_id):
        return self._rows("SELECT %s, struct, kind, size, cachelines, holes, hole_bytes, "
                          "bit_holes, bit_hole_bits, padding, reorg_size, reorg_saving, layout_id, "
                          "decl_file, decl_line FROM v_structs WHERE commit_id = ?" % COORD,
                          (commit_id,))

    # The compare engine's questions (compare.diff.compute's `source`), by analysis.

    def members_of(self, layout_ids):
        return members(self.store, layout_ids)

    def symbols_of(self, analysis_id):
        return symbols(self.store, analysis_id, self.demangle)

    def structs_of(self, analysis_id):
        return layouts_of(self.store, analysis_id)

    def sections_of(self, analysis_id):
        return sections_of(self.store, analysis_id)

    def folders_of(self, analysis_id):
        return folders_of(self.store, analysis_id)

    def symbol_folders(self, analysis_id):
        return symbol_folders(self.store, analysis_id)

    def toolchain_of(self, analysis_id):
        return toolchain_of(self.store, analysis_id)

    def config_of(self, config_id):
        return config_set(self.store, config_id)

    def refusals(self, commit_id):
        """Flips a CONFIG sweep could not build at a commit: arch, compiler, label,
        option_name, why."""
        return self._rows("SELECT arch, compiler, label, option_name, why FROM v_refusals "
                          "WHERE commit_id = ? ORDER BY arch, compiler, label", (commit_id,))

    def frames_of(self, build):
        """frames() of a build row, build = (slice_id, coord_id)."""
        return frames(self.store, *build)

    def stack_summaries(self):
        """{(slice_id, coord_id): v_build_stack row} of every build row of a recorded commit
        whose stack was recorded."""
        return {(r["slice_id"], r["coord_id"]): r for r in self._rows(
            "SELECT slice_id, coord_id, frames, max_frame, max_worst, sum_frame, unknown, "
            "unbounded FROM v_build_stack WHERE frames IS NOT NULL "
            "AND slice_id IN (SELECT slice_id FROM commit_slices)")}

    def config_usage(self, commit_id):
        """CONFIG_ symbols each source mentions at a commit (extractconfig.sh's logic)."""
        return self._rows("SELECT source, config FROM v_config_usage WHERE commit_id = ? "
                          "ORDER BY source, config", (commit_id,))

    def config_usage_by_commit(self):
        """{commit_id: config_usage(commit_id)} of every commit that has any, in one query."""
        out = collections.defaultdict(list)
        for cid, source, config in self.store.d.execute(
                "SELECT commit_id, source, config FROM v_config_usage "
                "ORDER BY commit_id, source, config"):
            out[cid].append({"source": source, "config": config})
        return dict(out)
