# SPDX-License-Identifier: GPL-2.0
"""The stack in the report: a page per arch and compiler (deepest functions first, their
chains and frames), the declared table's rows with their size beside the stack of the
functions the table names, stack series across commits marked like sizes, and the frames
that moved on each diff page.

A function's stack is its worst case in its build where the analyzer computed one (frame plus
its deepest callee chain, across the build's objects; an object recorded before version 11
has only its own), else its frame; an unbounded worst case (recursion, an indirect call) sorts
first and says why.  Objects recorded without their stack (before schema version 6) have
no rows here and do not count.
"""
import collections

from . import history, model
from ..compare import stack
from ..render.cells import Bytes, Clip, Delta, Text
from ..render.table import Column, Table
from .output import slug

TOP = 200       # functions listed on a coordinate's page
SERIES = (("max", "largest worst case (or frame) of any function"),
          ("sum", "sum of every known frame"))


def url(arch, compiler):
    return "stack/%s.html" % slug("%s-%s" % (arch, compiler))


def depth(r):
    """Sort key, deepest first: unbounded, then worst case (else frame), unknown last."""
    if r["unbounded"]:
        return (0, 0)
    v = r["worst"] if r["worst"] is not None else r["frame"]
    return (1, -v) if v is not None else (2, 0)


def stack_of(r):
    """The function's stack as a cell: worst case (else frame), 'unbounded', '?'."""
    if r["unbounded"]:
        return Text("unbounded")
    v = r["worst"] if r["worst"] is not None else r["frame"]
    return Text("?") if v is None else Bytes(v)


def su_text(su):
    """The -fstack-usage figure as recorded (its numbers and qualifiers), '' when none."""
    if not su:
        return ""
    return " ".join(str(su[k]) for k in sorted(su) if isinstance(su[k], (int, str)))


def recorded(data):
    """The head commit's objects whose stack was recorded, with their frames: [(Obj, rows)]."""
    out = []
    for o in data.objects:
        rows = data.frames_of(o)
        if rows is not None:
            out.append((o, rows))
    return out


def absent(site):
    """None when the head commit has a recorded stack, else why the pages are left out."""
    if any(site.data.frames_of(o) is not None for o in site.data.objects):
        return None
    return ("no stack is recorded for the head commit's objects (recorded before schema "
            "version 6, or by an analyzer whose mode all gives no `stack`)")


def function_table(title, items, limit=TOP):
    """[(Obj, frame row)] deepest first: function, object, build, stack, frame, kind, .su,
    chain or why unbounded."""
    t = Table(title, [Column("function"), Column("object"), Column("build"), Column("stack", "r"),
                      Column("frame", "r"), Column("kind"), Column(".su"),
                      Column("chain (worst case) or why unbounded")], anchor="stack-functions")
    items = sorted(items, key=lambda x: (depth(x[1]), x[1]["raw_name"], x[0].object))
    for o, r in items[:limit]:
        t.add([Clip(r["raw_name"]), Text(o.name), Text(model.build_name(o.build)), stack_of(r),
               Text(stack.figure(r, "frame")), Text(r["kind"]), Text(su_text(r["su"])),
               Clip(r["unbounded"] or stack.chain_text(r))])
    if len(items) > limit:
        t.notes.append("%d more functions, shallower, not listed." % (len(items) - limit))
    unknown = sum(1 for _, r in items if r["kind"] == "unknown")
    if unknown:
        t.notes.append("%d functions have no call frame information (hand-written assembly, or "
                       "built without unwind tables): their frame is unknown (?), not 0." % unknown)
    if any(r["kind"] == "fp" for _, r in items):
        t.notes.append("A frame marked >= is a lower bound: the function moved its frame to a "
                       "frame pointer (alloca, a VLA, or realignment).")
    return t


def coord_summary(data, href):
    """Per arch and compiler: objects with a stack, the deepest function and the sum."""
    t = Table("Stack per architecture and compiler at %s" % data.head["label"], [
        Column("arch/compiler"), Column("objects", "r"), Column("functions", "r"),
        Column("deepest function"), Column("object"), Column("stack", "r"),
        Column("sum of frames", "r"), Column("unknown", "r"), Column("unbounded", "r")],
        anchor="stack-coords")
    per = collections.defaultdict(list)
    for o, rows in recorded(data):
        per[(o.arch, o.compiler)].append((o, rows))
    for (arch, cc), objs in sorted(per.items()):
        items = [(o, r) for o, rows in objs for r in rows]
        top = min(items, key=lambda x: (depth(x[1]), x[1]["raw_name"]), default=None)
        t.add([Text("%s/%s" % (arch, cc), href=href(arch, cc)), Bytes(len(objs)), Bytes(len(items)),
               Clip(top[1]["raw_name"]) if top else Text("-"), Text(top[0].name) if top else Text("-"),
               stack_of(top[1]) if top else Text("-"),
               Bytes(sum(r["frame"] or 0 for _, r in items)),
               Bytes(sum(1 for _, r in items if r["kind"] == "unknown")),
               Bytes(sum(1 for _, r in items if r["unbounded"]))])
    return t


def rows_table(data, functions, groups=None, title=None):
    """The declared table's rows at its configuration, per arch and compiler (or in `groups`
    only: the article's): the row's size (size(1)'s total) beside the stack of each named
    function in the row's objects, its worst case in the row's build."""
    t = Table(title or "Each row's size beside its stack (%s)" % data.article_key.label(), [
        Column("arch/compiler"), Column("row"), Column("build"), Column("total bytes", "r"),
        Column("deepest function"), Column("stack", "r")]
        + [Column(f, "r") for f in functions], anchor="stack-rows")
    why = {}    # (function, why unbounded) -> the rows where it is
    for g in sorted(groups if groups is not None else data.groups, key=lambda g: (g.arch, g.compiler)):
        if g.key != data.article_key:
            continue
        for v in g.variants():
            b = g.first(v)
            items = [(o, r) for o in b.objects for r in (data.frames_of(o) or ())]
            if not items:
                continue
            top = min(items, key=lambda x: (depth(x[1]), x[1]["raw_name"]))
            cells = []
            for f in functions:
                hits = [r for _, r in items if r["function"] == f]
                for r in hits:
                    if r["unbounded"]:
                        why.setdefault((f, r["unbounded"]), set()).add(model.variant_name(v))
                cells.append(Text(" / ".join(_frame_worst(r) for r in sorted(hits, key=depth)))
                             if hits else Text("-"))
            t.add([Text("%s/%s" % (g.arch, g.compiler)), Text(model.variant_name(v)), Text(b.scenario),
                   Bytes(b.total),
                   Clip(top[1]["raw_name"]), stack_of(top[1])] + cells)
    t.notes.append("A function's cell is its frame, then its worst case in its build when the "
                   "call graph gives one (frame/worst; unbounded: a call through a pointer, "
                   "recursion, or a callee outside the build); - where the row's objects do "
                   "not define it.")
    if why:
        t.notes.append("Unbounded: %s." % "; ".join(
            "%s: %s (%s)" % (f, reason, ", ".join(sorted(rows)))
            for (f, reason), rows in sorted(why.items())))
    return t


def _frame_worst(r):
    w = stack.figure(r, "worst")
    return stack.figure(r, "frame") + ("" if w == "-" else "/" + w)


# ---- across commits ------------------------------------------------------------------------

def series_values(data):
    """{(arch, compiler): {commit_id: {"max": bytes, "sum": bytes}}} over the ok commits, of
    the objects whose stack was recorded."""
    out = collections.defaultdict(dict)
    for c in data.ok if data.stacks else ():     # no stack recorded: no object to look at
        per = collections.defaultdict(lambda: {"max": None, "sum": 0})
        for o in data.objs.get(c["commit_id"], ()):
            s = data.stack_summary(o)
            if s is None:
                continue
            v = per[(o.arch, o.compiler)]
            top = s["max_worst"] if s["max_worst"] is not None else s["max_frame"]
            if top is not None:
                v["max"] = top if v["max"] is None else max(v["max"], top)
            v["sum"] += s["sum_frame"] or 0
        for k, v in per.items():
            out[k][c["commit_id"]] = v
    return out


def build_series(data, noise):
    """{name: [history.Series]} of SERIES, one per arch and compiler, marked with the noise
    floor of the size series (history.mark); a point's total is the series' value."""
    per = series_values(data)
    out = {}
    for name, _ in SERIES:
        out[name] = []
        for arch, cc in sorted(per):
            s = history.Series("stack", name, arch, cc)
            for c in data.ok:
                v = per[(arch, cc)].get(c["commit_id"])
                if v is not None and v[name] is not None:
                    history.mark(s, history.Point(c, 0, 0, 0, v[name]), noise)
            if s.points:
                out[name].append(s)
    return out


def same_row(a, b):
    """Two Objs that are the same build row: its frames and worst cases are the same."""
    return (a.slice_id, a.coord_id) == (b.slice_id, b.coord_id)


def build_changes(data, old_objs, new_objs, build):
    """compare.stack.frame_changes over all objects of one build (arch, compiler, label) on
    two sides: the frames a worst case's chain may cross into."""
    def rows(objs):
        return [r for o in objs if o.build == build for r in (data.frames_of(o) or ())]
    return stack.frame_changes(rows(old_objs), rows(new_objs))


def _rank(m):
    return (m.size, len((m.new or {}).get("chain") or ()))


def moved_function(data, s, p):
    """The function whose stack moved most at a marked point of a series (compare.stack over
    the arch and compiler's objects against the series' previous point), named by the
    function whose frame made it (compare.stack.cause: in whichever object of the build it
    is): (name, line)."""
    prev = None
    for q in s.points:
        if q is p:
            break
        prev = q
    if prev is None:
        return None, ""
    before = data.objs.get(prev.commit["commit_id"], ())
    after = data.objs.get(p.commit["commit_id"], ())
    old = {o.coord: o for o in before if (o.arch, o.compiler) == (s.arch, s.compiler)}
    best = None
    for o in after:
        if (o.arch, o.compiler) != (s.arch, s.compiler) or o.coord not in old:
            continue
        if same_row(old[o.coord], o):
            continue
        # The largest move; of equal ones the longest chain, which tells the whole story
        # (main's worst case through helper_outer, rather than helper_frame's own).
        for m in stack.moves(data.frames_of(old[o.coord]), data.frames_of(o)):
            if best is None or _rank(m) > _rank(best[0]):
                best = (m, o)
    if best is None:
        return None, ""
    m, o = best
    changes = build_changes(data, before, after, o.build)
    return stack.cause(m, changes), "%s: %s" % (o.name, stack.line(m, changes))


def movers_table(data, series, diffs, diff_url):
    """The stack moves above the noise floor, newest first, each with the function that moved."""
    t = Table("Stack moves above the noise floor", [
        Column("commit"), Column("arch"), Column("compiler"), Column("series"),
        Column("before", "r"), Column("after", "r"), Column("delta", "r"), Column("function"),
        Column("what moved")], anchor="stack-moves")
    moves = [(p.commit, s, p) for ss in series.values() for s in ss for p in s.points if p.marked]
    moves.sort(key=lambda x: (x[0]["ord"], -abs(x[2].delta), x[1].name, x[1].arch, x[1].compiler))
    for c, s, p in reversed(moves):
        fn, line = moved_function(data, s, p)
        t.add([Text(c["label"], href=diff_url(c) if c["commit_id"] in diffs else None),
               Text(s.arch), Text(s.compiler), Text(s.name), Bytes(p.total - p.delta),
               Bytes(p.total), Delta(p.delta), Text(fn or "-"), Clip(line)])
    return t


def panels(series, commits):
    """plots.history_lines' panels of a list of Series: a panel per compiler, a line per arch."""
    index = {c["commit_id"]: i for i, c in enumerate(commits)}
    by = collections.defaultdict(list)
    for s in series:
        by[s.compiler].append(s)
    return [(cc, [(s.arch, [(index[p.commit["commit_id"]], p.total, p.marked,
                             "%+d" % p.delta if p.marked else "", p.commit)
                            for p in s.points]) for s in sorted(by[cc], key=lambda s: s.arch)])
            for cc in sorted(by)]


# ---- diff pages ----------------------------------------------------------------------------

def diff_moves(data, old, new):
    """[(coordinate, [compare.stack.Move], frame changes of its build)] of the objects on
    both sides whose stack changed (its worst cases are its build's: an object whose bytes
    did not change moves when a callee in another object of its build did)."""
    out, changes = [], {}
    for k in sorted(new, key=lambda k: tuple("" if x is None else x for x in k)):
        if k not in old or same_row(old[k], new[k]):
            continue
        ms = stack.moves(data.frames_of(old[k]), data.frames_of(new[k]))
        if ms:
            b = new[k].build
            if b not in changes:
                changes[b] = build_changes(data, old.values(), new.values(), b)
            out.append((k, ms, changes[b]))
    return out


def diff_table(moved, label, limit=40):
    """Frames and worst cases that changed, per object, largest move first."""
    t = Table("Stack frames that changed", [
        Column("object"), Column("function"), Column("frame before", "r"), Column("frame after", "r"),
        Column("delta", "r"), Column("worst before", "r"), Column("worst after", "r"),
        Column("worst delta", "r"), Column("chain after"), Column("what moved")],
        anchor="stack-diff")
    n = 0
    for k, ms, changes in moved:
        for m in ms:
            n += 1
            if n > limit:
                continue
            t.add([Text(label(k)), Clip(m.function), Text(stack.figure(m.old, "frame")),
                   Text(stack.figure(m.new, "frame")), Delta(m.frame_delta),
                   Text(stack.figure(m.old, "worst")), Text(stack.figure(m.new, "worst")),
                   Delta(m.worst_delta) if m.worst_delta is not None else Text(""),
                   Clip(m.new["unbounded"] or stack.chain_text(m.new)) if m.new else Text(""),
                   Clip(stack.line(m, changes))])
    if n > limit:
        t.notes.append("%d smaller changes not listed." % (n - limit))
    return t
