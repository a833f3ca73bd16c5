# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch check --budget FILE`: size budgets with a baseline and a noise floor.

Budget file (TOML):

    baseline = "origin/main"   # optional: growth is measured against this commit
    noise = 16                 # optional: growth of this many bytes or less never fails

    [[budget]]
    name = "Tiny RCU stays tiny"   # optional label
    variant = "tinyrcu"            # filters: arch compiler label object, or an extra coordinate
                                   # key the database holds (globs, lists)
    metric = "total"               # total|text|data|bss|symbol:NAME|struct:NAME[.FIELD]|
                                   # stack[:FUNCTION][.worst|.frame|.sum]
    max = 1024                     # bytes, for each matching object (or their sum: sum = true)
    growth = 5.0                   # percent growth allowed against the baseline
    growth_bytes = 64              # bytes of growth allowed against the baseline

A stack budget (metric stack, stack.frame, stack:FUNCTION ...) holds every function of each
matching object to `max`: the worst case where the call graph gives one (an unbounded one
fails), else the frame; a failure lists the functions over it with their chains, and growth
against the baseline lists the frames that moved.
"""

from ..db import query
from . import bloat, stack
from ..render.cells import Delta, Percent
from ..errors import BwError
from ..tomlfile import TomlFile

LIMIT_KEYS = ("name", "metric", "max", "growth", "growth_bytes", "sum")


class Rule:
    """One [[budget]]; keys that are not limits filter coordinates (checked against the
    database's extra keys when the budgets are evaluated)."""

    def __init__(self, src, i, d):
        self.src, self.keys = src, ("budget", i)
        self.index = i + 1
        self.filters = {}
        for f, v in d.items():
            if f in LIMIT_KEYS:
                continue
            if not (isinstance(v, str) or isinstance(v, list) and all(isinstance(x, str) for x in v)):
                raise self.error(f, "unknown key %s (limits: %s; a coordinate filter is a string "
                                    "or a list of strings)" % (f, ", ".join(LIMIT_KEYS)))
            self.filters[f] = [v] if isinstance(v, str) else list(v)
        try:
            self.metric = query.Metric(d.get("metric", "total"))
        except BwError as e:
            raise self.error("metric", str(e))
        self.max = d.get("max")
        self.growth = d.get("growth")
        self.growth_bytes = d.get("growth_bytes")
        self.sum = bool(d.get("sum", False))
        for k in ("max", "growth", "growth_bytes"):
            v = getattr(self, k)
            if v is not None and (not isinstance(v, (int, float)) or isinstance(v, bool) or v < 0):
                raise self.error(k, "%s must be a non-negative number" % k)
        if self.max is None and self.growth is None and self.growth_bytes is None:
            raise self.error(None, "budget %d sets no limit (max, growth or growth_bytes)" % self.index)
        default = " ".join("%s=%s" % (f, ",".join(v)) for f, v in self.filters.items()) or "all"
        self.name = d.get("name") or "%s %s" % (self.metric.spec, default)

    def error(self, key, message):
        return self.src.error(self.keys + ((key,) if key else ()), message)


class Budgets:
    def __init__(self, path):
        src = TomlFile(path)
        data = src.data
        for k in data:
            if k not in ("baseline", "noise", "budget"):
                raise src.error((k,), "unknown key %s (known: baseline, noise, budget)" % k)
        self.baseline = data.get("baseline")
        self.noise = data.get("noise", 0)
        rules = data.get("budget", [])
        if not isinstance(rules, list) or not rules:
            raise BwError("%s: no [[budget]] entries" % path)
        self.rules = [Rule(src, i, r) for i, r in enumerate(rules)]


TOP_SYMBOLS = 10


def evaluate(store, budgets, commit, base):
    """[(rule, [(subject, base value, value, failures, symbol lines)])]: the symbol lines are
    bloat-o-meter's (compare.bloat, its largest moves) for an object that failed against the
    baseline."""
    report = []
    analyses = {}    # commit id -> {coord_id: analysis_id}, read when a subject fails
    builds = {}      # commit id -> {coord_id: slice_id}, read by a stack budget
    known = set(query.FIELDS) | set(query.extra_keys(store))
    for rule in budgets.rules:
        unknown = sorted(set(rule.filters) - known)
        if unknown:
            raise rule.error(unknown[0], "unknown key %s (known: %s, and the coordinate fields %s)"
                             % (unknown[0], ", ".join(LIMIT_KEYS), ", ".join(sorted(known))))
        coords = query.coordinates(store, rule.filters)
        now = query.values(store, rule.metric, coords, [commit["id"]], by_coord=not rule.sum)
        old = query.values(store, rule.metric, coords, [base["id"]], by_coord=not rule.sum) if base else {}
        subjects = []
        for (cid, coord), (value, _) in sorted(now.items(), key=lambda kv: coords.get(kv[0][1], ())):
            name = coords[coord].name() if coord is not None else "sum of %d objects" % _
            prev = old.get((base["id"], coord), (None, 0))[0] if base else None
            why = failures(rule, budgets.noise, prev, value)
            moves = []
            if rule.metric.kind == "stack" and coord is not None:
                extra, moves = stack_lines(store, builds, rule, base, commit, coord, bool(why))
                # stack_lines names the functions over the max, and says when nothing was
                # recorded; an object without the named function has nothing to check.
                why = [w for w in why if w != "no value" and not (
                    rule.metric.field != "sum" and w.endswith("> max %s" % rule.max))] + extra
            elif why and coord is not None and prev is not None:
                moves = symbol_moves(store, analyses, base, commit, coord)
            subjects.append((name, prev, value, why, moves))
        if not subjects:
            subjects.append(("(no recorded object matches)", None, None, ["matches nothing"], []))
        report.append((rule, subjects))
    return report


def symbol_moves(store, analyses, base, commit, coord):
    """bloat-o-meter's lines for one coordinate between the baseline and the commit."""
    ids = [_analysis(store, analyses, c, coord) for c in (base, commit)]
    if None in ids or ids[0] == ids[1]:
        return []
    table = bloat.tables(query.symbols(store, ids[0]), query.symbols(store, ids[1]))[0]
    lines, more = bloat.lines(table, TOP_SYMBOLS)
    return lines + (["(%d smaller moves not listed)" % more] if more else [])


def _analysis(store, analyses, c, coord):
    if c["id"] not in analyses:
        analyses[c["id"]] = query.analyses_of(store, c["id"])
    return analyses[c["id"]].get(coord)


def _builds(store, builds, c):
    """{coord_id: slice_id} of a commit's objects (query.builds_of), read once per commit."""
    if c["id"] not in builds:
        builds[c["id"]] = query.builds_of(store, c["id"])
    return builds[c["id"]]


def stack_lines(store, builds, rule, base, commit, coord, failed):
    """(failures, lines) of a stack budget on one coordinate, its worst cases its build's
    (across the build's objects): each function over `max` with its whole chain (an unbounded
    worst case is over any max), and when the budget failed against the baseline the
    functions whose stack moved, with the frames of their chains that moved in whichever
    object of the build (compare.stack)."""
    sid = _builds(store, builds, commit).get(coord)
    rows = query.frames(store, sid, coord) if sid is not None else None
    if rows is not None and rule.metric.name is not None:
        rows = [r for r in rows if r["function"] == rule.metric.name]
    why, lines = [], []
    if rows is None and sid is not None:
        why.append("stack not recorded (record the object again with an analyzer giving `stack`)")
    if rule.max is not None and rule.metric.field != "sum":
        field = rule.metric.field
        bad = stack.over(rows, field, rule.max)
        if bad:
            why.append("%d function%s over max %d" % (len(bad), "" if len(bad) == 1 else "s", rule.max))
        for r, reason in bad[:TOP_SYMBOLS]:
            chain = stack.chain_text(r)
            lines.append("%s: %s%s" % (r["raw_name"], reason, " via %s" % chain if chain else ""))
        if len(bad) > TOP_SYMBOLS:
            lines.append("(%d more functions over the max not listed)" % (len(bad) - TOP_SYMBOLS))
    if failed and base is not None:
        bid = _builds(store, builds, base).get(coord)
        if bid is not None and bid != sid:
            ms = stack.moves(query.frames(store, bid, coord),
                             query.frames(store, sid, coord) if sid is not None else None)
            changes = build_changes(store, builds, base, commit, coord) if ms else {}
            lines += [stack.line(m, changes) for m in ms[:TOP_SYMBOLS]]
            if len(ms) > TOP_SYMBOLS:
                lines.append("(%d smaller moves not listed)" % (len(ms) - TOP_SYMBOLS))
    return why, lines


def build_changes(store, builds, base, commit, coord):
    """compare.stack.frame_changes over the objects of the coordinate's build (its arch,
    compiler and label) between the baseline and the commit."""
    every = query.coordinates(store)
    mine = [c for c in every if tuple(every[c][:3]) == tuple(every[coord][:3])]
    sides = []
    for c in (base, commit):
        have = _builds(store, builds, c)
        sides.append([r for k in mine if k in have for r in (query.frames(store, have[k], k) or ())])
    return stack.frame_changes(*sides)


def failures(rule, noise, prev, value):
    out = []
    if value is None:
        return ["no value"]
    if rule.max is not None and value > rule.max:
        out.append("%d > max %d" % (value, rule.max))
    if prev is not None:
        delta = value - prev
        if delta > noise:
            if rule.growth_bytes is not None and delta > rule.growth_bytes:
                out.append("grew %+d > %d bytes" % (delta, rule.growth_bytes))
            if rule.growth is not None and prev > 0 and 100.0 * delta / prev > rule.growth:
                out.append("grew %s > %g%%" % (Percent.change(prev, value).text(), rule.growth))
    return out


def limits(rule):
    parts = []
    if rule.max is not None:
        parts.append("max %d" % rule.max)
    if rule.growth is not None:
        parts.append("+%g%%" % rule.growth)
    if rule.growth_bytes is not None:
        parts.append("+%d B" % rule.growth_bytes)
    return ", ".join(parts)


def text_report(report, commit, base):
    lines = ["check %s%s" % (query.label(commit),
                             " against baseline %s" % query.label(base) if base else "")]
    bad_rules = 0
    for rule, subjects in report:
        bad = [s for s in subjects if s[3]]
        bad_rules += bool(bad)
        lines.append("%s  %s (%s): %d checked, %d over" % (
            "FAIL" if bad else "ok  ", rule.name, limits(rule), len(subjects), len(bad)))
        for name, prev, value, why, moves in bad:
            lines.append("      %s: %s -> %s: %s" % (name, "-" if prev is None else prev,
                                                     "-" if value is None else value, "; ".join(why)))
            lines += ["        " + m for m in moves]
    lines.append("%d of %d budgets exceeded" % (bad_rules, len(report)))
    return "\n".join(lines) + "\n", bad_rules == 0


def markdown_report(report, commit, base):
    bad_rules = sum(1 for _, subjects in report if any(s[3] for s in subjects))
    head = ("### Bloatwatch: %s" % ("all %d budgets met" % len(report) if not bad_rules else
                                    "%d of %d budgets exceeded" % (bad_rules, len(report))))
    lines = [head, "",
             "Commit `%s`%s." % (query.label(commit),
                                 " against baseline `%s`" % query.label(base) if base else ""), "",
             "| | Budget | Limit | Checked | Over |", "|---|---|---|---:|---:|"]
    for rule, subjects in report:
        bad = [s for s in subjects if s[3]]
        lines.append("| %s | %s | %s | %d | %d |" % (":x:" if bad else ":white_check_mark:",
                                                     md(rule.name), limits(rule), len(subjects), len(bad)))
    failing = [(rule, s) for rule, subjects in report for s in subjects if s[3]]
    if failing:
        lines += ["", "| Budget | Object | Baseline | Now | Change | Why |",
                  "|---|---|---:|---:|---:|---|"]
        for rule, (name, prev, value, why, _) in failing:
            lines.append("| %s | `%s` | %s | %s | %s | %s |" % (
                md(rule.name), name, "-" if prev is None else prev, "-" if value is None else value,
                Delta(value - prev).text() if prev is not None and value is not None else "",
                md("; ".join(why))))
        for rule, (name, _, _, _, moves) in failing:
            if moves:
                what = "stack" if rule.metric.kind == "stack" else "symbols (bloat-o-meter)"
                lines += ["", "<details><summary><code>%s</code>: %s</summary>"
                          % (name, what), "", "```", *moves, "```", "</details>"]
    return "\n".join(lines) + "\n", not failing


def md(text):
    return str(text).replace("|", "\\|")
