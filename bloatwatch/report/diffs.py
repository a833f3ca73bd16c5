# SPDX-License-Identifier: GPL-2.0
"""What one commit changed against the previous commit that built, for the diff pages.

The comparison itself is compare.diff's (the one `bloatwatch diff` prints): objects are
joined on their coordinate, else on the path they were recorded from, symbols in
bloat-o-meter's grammar (top moves only), structs and CONFIG values; this adds the commits
around it and the CONFIG usage of the sources.
"""
from dataclasses import dataclass

from . import model, stackpage
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
    stack: list              # stackpage.diff_moves(): frames and worst cases that changed

    def __getattr__(self, name):   # objects, compared, totals, symbols, structs, config
        return getattr(self.__dict__["result"], name)


def coord_label(coord):
    """'arch/compiler/label/object', then the extra keys in brackets."""
    arch, cc, label, keys, obj = coord
    kl = model.keys_label(keys)
    return "%s/%s/%s/%s%s" % (arch, cc, label, obj, " (%s)" % kl if kl else "")


def pair_by_path(old, new):
    """old re-keyed so that an object whose coordinate is on one side only meets the object
    recorded from the same path (else of the same name, arch and compiler) on the other: a
    build record added or dropped between two commits does not make every object new."""
    lone_old = [k for k in old if k not in new]
    lone_new = [k for k in new if k not in old]
    if not lone_old or not lone_new:
        return old
    out = dict(old)
    for how in (lambda o: o.path, lambda o: (o.arch, o.compiler, o.object)):
        olds, news = {}, {}
        for k in lone_old:
            olds.setdefault(how(out[k]), []).append(k)
        for k in lone_new:
            news.setdefault(how(new[k]), []).append(k)
        for ident, ks in olds.items():
            if len(ks) == 1 and len(news.get(ident, ())) == 1:
                o, n = ks[0], news[ident][0]
                out[n] = out.pop(o)
                lone_old.remove(o)
                lone_new.remove(n)
    return out


def compute(data, base, head):
    old = {o.coord: o for o in data.objs.get(base["commit_id"], [])}
    new = {o.coord: o for o in data.objs.get(head["commit_id"], [])}
    old = pair_by_path(old, new)
    result = engine.compute(old, new, data, TOP_SYMBOLS, where=lambda k: "/".join(k[:3]))
    ua = [(r["source"], r["config"]) for r in data.usage_rows(base["commit_id"])]
    ub = [(r["source"], r["config"]) for r in data.usage_rows(head["commit_id"])]
    added, removed = engine.usage_changes(ua, ub)
    return Diff(base, head, result, added, removed,
                [c for c in data.between(base, head) if c["status"] != "ok"],
                stackpage.diff_moves(data, old, new))


class Diffs:
    """The diff of every commit that built against the previous one that did, computed when
    first asked for (a report brought up to date reads only the diffs it has to remake)."""

    def __init__(self, data):
        self.data = data
        self.made = {}

    def __contains__(self, commit_id):
        return commit_id in self.data.prev

    def get(self, commit_id):
        if commit_id not in self.data.prev:
            return None
        if commit_id not in self.made:
            self.made[commit_id] = compute(self.data, self.data.prev[commit_id],
                                           self.data.by_id[commit_id])
        return self.made[commit_id]

    def inputs(self, commit_id):
        """Everything the diff of a commit and its page are made from, JSON-able: the two
        commits, whether the base has a diff of its own, the failed commits between them, the
        digests of both commits' objects and their CONFIG usage."""
        data = self.data
        base, head = data.prev[commit_id], data.by_id[commit_id]
        return [base, head, base["commit_id"] in data.prev,
                data.between(base, head),
                [[data.content.get(c["commit_id"]),
                  [[r["source"], r["config"]] for r in data.usage_rows(c["commit_id"])]]
                 for c in (base, head)]]
