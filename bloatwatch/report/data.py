# SPDX-License-Identifier: GPL-2.0
"""Everything a report needs, read from the history database in one snapshot."""
import collections
import time

from . import model
from .store import BwError


def label(commit):
    """Commit label as bloatwatch prints it: 12 hex digits, '-dirty' for a dirty record."""
    return commit["sha"][:12] + ("-dirty" if commit["dirty"] else "")


def date(ts):
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(ts)) if ts else "?"


class Data:
    """The recorded history plus the head commit's builds, CONFIG groups and usage.

    Construct inside History.snapshot(): the diff-page reads (symbols, structs of other
    commits) happen later, in the same read transaction."""

    def __init__(self, history, head=None):
        self.where = history.where
        self.history = history
        self.commits = history.commits()
        if not self.commits:
            raise BwError("%s: no commit recorded yet (run `bloatwatch record`)" % self.where)
        for c in self.commits:
            c["label"] = label(c)
        self.ok = [c for c in self.commits if c["status"] == "ok"]
        if not self.ok:
            raise BwError("%s: every recorded commit failed to build; nothing to report"
                          % self.where)
        self.head = self._pick(head, self.ok)
        self.by_id = {c["commit_id"]: c for c in self.commits}
        self.objs = collections.defaultdict(list)    # commit_id -> [Obj]
        for r in history.footprint():
            self.objs[r["commit_id"]].extend(model.objects([r]))
        hid = self.head["commit_id"]
        self.configs = model.configs_by_folder(history.config_values(hid))
        self.builds = model.builds(self.objs[hid], self.configs)
        self.groups = model.groups(self.builds)
        self.build_records = history.builds(hid)
        self.usage = history.config_usage(hid)
        self.structs = history.structs(hid)
        self.members = history.members({s["layout_id"] for s in self.structs})
        self.sections = history.sections(hid)
        self.symbols = history.symbols(hid)
        self.prev = {}      # commit_id -> the previous ok commit in history order
        last = None
        for c in self.ok:
            if last is not None:
                self.prev[c["commit_id"]] = last
            last = c
        self._cache = {}

    def _pick(self, head, ok):
        if head is None:
            return ok[-1]
        want_dirty = head.endswith("-dirty")
        base = head[:-6] if want_dirty else head
        hits = [c for c in self.commits if c["sha"].startswith(base.lower())
                and bool(c["dirty"]) == want_dirty]
        if not hits:
            raise BwError("%s: commit %s is not recorded" % (self.where, head))
        if len(hits) > 1:
            raise BwError("%s: %s is ambiguous (%d recorded commits)" % (self.where, head, len(hits)))
        if hits[0]["status"] != "ok":
            raise BwError("%s: commit %s is recorded as failed to build" % (self.where, head))
        return hits[0]

    def _cached(self, what, commit_id, fn):
        key = (what, commit_id)
        if key not in self._cache:
            self._cache[key] = fn(commit_id)
        return self._cache[key]

    def symbol_sizes(self, commit_id):
        """{coord: {symbol: bytes}} of one commit."""
        def load(cid):
            out = collections.defaultdict(dict)
            for r in self.history.symbol_sizes(cid):
                out[(r["arch"], r["compiler"], r["scenario"], r["variant"], r["object"])][r["symbol"]] = r["size"]
            return out
        return self._cached("sym", commit_id, load)

    def struct_rows(self, commit_id):
        if commit_id == self.head["commit_id"]:
            return self.structs
        return self._cached("structs", commit_id, self.history.structs)

    def config_rows(self, commit_id):
        return self._cached("config", commit_id,
                            lambda cid: model.configs_by_folder(self.history.config_values(cid)))

    def usage_rows(self, commit_id):
        return self._cached("usage", commit_id, self.history.config_usage)

    def member_rows(self, layout_ids):
        missing = [l for l in layout_ids if l not in self.members]
        if missing:
            self.members.update(self.history.members(missing))
        return {l: self.members[l] for l in layout_ids}

    def group(self, arch, compiler, key):
        return model.find_group(self.groups, arch, compiler, key)

    def coordinates(self):
        """Sorted (arch, compiler) pairs of the head commit."""
        return sorted({(b.arch, b.compiler) for b in self.builds})

    def variants(self):
        return sorted({b.variant for b in self.builds if b.variant != model.COMMON},
                      key=model.variant_sort)
