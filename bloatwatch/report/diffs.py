# SPDX-License-Identifier: GPL-2.0
"""What one commit changed against the previous commit that built, for the diff pages.

The comparison itself is compare.diff's (the one `bloatwatch diff` prints): objects are
joined on their coordinate, symbols in bloat-o-meter's grammar (top moves only), structs
and CONFIG values; this adds the commits around it and the CONFIG usage of the sources.
"""
from dataclasses import dataclass

from ..compare import diff as engine

TOP_SYMBOLS = 25


@dataclass
class Diff:
    base: dict
    head: dict
    result: object           # compare.diff.Diff
    usage_added: list
    usage_removed: list
    failed_between: list     # commits between base and head whose build failed

    def __getattr__(self, name):   # objects, compared, totals, symbols, structs, config
        return getattr(self.__dict__["result"], name)


def coord_label(coord):
    arch, cc, scen, _, obj = coord
    return "%s/%s/%s/%s" % (arch, cc, scen, obj)


def compute(data, base, head):
    old = {o.coord: o for o in data.objs.get(base["commit_id"], [])}
    new = {o.coord: o for o in data.objs.get(head["commit_id"], [])}
    result = engine.compute(old, new, data, TOP_SYMBOLS, where=lambda k: "/".join(k[:3]))
    ua = [(r["source"], r["config"]) for r in data.usage_rows(base["commit_id"])]
    ub = [(r["source"], r["config"]) for r in data.usage_rows(head["commit_id"])]
    added, removed = engine.usage_changes(ua, ub)
    return Diff(base, head, result, added, removed,
                [c for c in data.commits if base["ord"] < c["ord"] < head["ord"] and c["status"] != "ok"])
