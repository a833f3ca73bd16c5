# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch history --moves`: the history page's "Moves above the noise floor", newest
first, as text, CSV or JSON for CI; the same series, floor and causes as the report."""
import json

from . import diffs, history, spec
from .data import Data
from ..db import query
from ..db.ingest import parse_keys
from ..render import text

HEADERS = ["commit", "series", "what", "coordinate", "before", "after", "delta", "text", "data",
           "bss", "top symbols"]


def value(s, f):
    """A series' value of a coordinate filter field (None: it has none, so it does not match)."""
    if f in ("arch", "compiler"):
        return getattr(s, f)
    if f == "label":
        return s.build[2] if s.build else None
    if f == "object":
        return s.object
    return parse_keys(s.coord[3]).get(f, query.NONE) if s.coord else None


def keep(s, filters):
    for f, pats in filters.items():
        v = value(s, f)
        if v is None or not any(query.matches(f, v, p) for p in pats):
            return False
    return True


def find(db, project, noise, filters=None, shas=None, limit=0):
    """[dict] of the moves above the noise floor, newest first: of the series the filters keep,
    at the commits of shas (a set; None: every commit), the newest `limit` (0: all). db is a
    query.History inside its snapshot()."""
    data = Data(db, spec.load(project))
    found = [m for m in history.movers(history.build_series(data, noise))
             if keep(m[1], filters or {}) and (shas is None or m[0]["sha"] in shas)]
    if limit:
        found = found[:limit]
    results = {}
    out = []
    for c, s, p in found:
        cid = c["commit_id"]
        if cid not in results:
            results[cid] = diffs.compute(data, data.prev[cid], c).result
        top, more = history.causes(results[cid], s, p)
        d = p.deltas()
        out.append(dict(
            commit=c["sha"] + ("-dirty" if c["dirty"] else ""), subject=c["subject"],
            series=s.kind, what=s.name, coordinate=s.where(), arch=s.arch, compiler=s.compiler,
            label=s.build[2] if s.build else None, object=s.object,
            before=p.before[3], after=p.total, delta=p.delta, text=d[0], data=d[1], bss=d[2],
            symbols=[dict(symbol=w, delta=x) for w, x in top], more_symbols=more))
    return out


def symbols_text(m):
    return ", ".join("%s %+d" % (x["symbol"], x["delta"]) for x in m["symbols"]) + (
        " (+%d more)" % m["more_symbols"] if m["more_symbols"] else "")


def render(moves, noise, fmt):
    """The moves as 'text' (a table), 'csv' or 'json'."""
    if fmt == "json":
        return json.dumps(dict(noise=dict(bytes=noise[0], pct=noise[1]), moves=moves),
                          indent=1) + "\n"
    rows = []
    for m in moves:
        commit = m["commit"] if fmt == "csv" else m["commit"][:12] + (
            "-dirty" if m["commit"].endswith("-dirty") else "")
        nums = [m[k] for k in ("before", "after", "delta", "text", "data", "bss")]
        if fmt != "csv":
            nums[2:] = ["%+d" % x for x in nums[2:]]
        rows.append([commit, m["series"], m["what"], m["coordinate"]] + nums + [symbols_text(m)])
    if fmt == "csv":
        return text.csv_text(HEADERS, rows)
    if not moves:
        return "no move above the noise floor (%d bytes, %g%%)\n" % noise
    return text.plain(HEADERS, rows, set(range(4, 10)))
