# SPDX-License-Identifier: GPL-2.0
"""Everything a report needs, read from the history database in one snapshot."""
import collections
import hashlib
import itertools
import time

from . import configcost, model
from .. import discards
from ..db import query
from ..errors import BwError


def by_coord(rows):
    """{coordinate: [rows]} of view rows (sections, symbols, structs) of one commit."""
    out = collections.defaultdict(list)
    for r in rows:
        out[model.coord_of(r)].append(r)
    return out


def model_sort(coord):
    return tuple("" if x is None else x for x in coord)


def date(ts):
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(ts)) if ts else "?"


def objects_by_commit(history, drops=None):
    """({commit_id: [Obj]} in coordinate order, less the sweep's flips; {commit_id: digest of
    what its objects are}; {commit_id: {object name: digest of its builds}}): an object
    recorded at many commits is one Obj shared by them all (query.History.slices), and the
    digests are those of slices, content addresses of their objects' coordinates, paths,
    analyses and build setups. drops: the sections the final link discards (discards.py),
    whose bytes each Obj keeps apart."""
    rows, members = history.slices()
    if drops:
        dropped = history.discarded(drops, {r["analysis_id"] for r in rows})
        for r in rows:
            r["discarded"] = dropped.get(r["analysis_id"], (0, 0, 0))
    every = model.objects(rows)     # one Obj per slice member; then their coordinate order
    order = sorted(range(len(every)), key=lambda i: model_sort(every[i].coord))
    rank = {i: k for k, i in enumerate(order)}
    every = [every[i] for i in order]
    per_slice = collections.defaultdict(list)       # slice_id -> [rank of its objects]
    for i, r in enumerate(rows):
        per_slice[r["slice_id"]].append(rank[i])
    builds_of = {sid: frozenset((every[k].arch, every[k].compiler, every[k].label) for k in ks)
                 for sid, ks in per_slice.items()}
    name_of = {sid: every[ks[0]].object for sid, ks in per_slice.items()}
    by_commit = collections.defaultdict(list)
    digests = collections.defaultdict(list)
    named = collections.defaultdict(dict)   # commit_id -> {object name: its slice's digest}
    for cid, sid, digest in members:
        by_commit[cid].append(sid)
        digest = bytes(digest)
        digests[cid].append(digest)
        if sid in name_of:
            named[cid][name_of[sid]] = digest
    flipped = {}    # {labels: the flips among them}, labels = frozenset((arch, cc, label))
    out = collections.defaultdict(list)
    no_objects = ()
    for cid, sids in by_commit.items():
        ranks = list(itertools.chain.from_iterable(per_slice.get(sid, no_objects) for sid in sids))
        ranks.sort()
        objs = list(map(every.__getitem__, ranks))
        labels = frozenset().union(*map(builds_of.__getitem__, sids))
        if labels not in flipped:
            flipped[labels] = {(r["arch"], r["compiler"], r["label"]) for r in labels_of(labels)}
        if flipped[labels]:
            objs = [o for o in objs if (o.arch, o.compiler, o.label) not in flipped[labels]]
        out[cid] = objs
    return out, {cid: hashlib.sha256(b"".join(ds)).hexdigest() for cid, ds in digests.items()}, \
        named


def labels_of(labels):
    """The flips among one commit's (arch, compiler, label) triples (configcost.without_flips'
    rows)."""
    rows = [dict(arch=a, compiler=c, label=l) for a, c, l in labels]
    kept = {(r["arch"], r["compiler"], r["label"]) for r in configcost.without_flips(rows)}
    return [r for r in rows if (r["arch"], r["compiler"], r["label"]) not in kept]


class Data:
    """The recorded history plus the head commit's builds, CONFIG groups and usage.

    Construct inside History.snapshot(): the diff-page reads (symbols, structs of other
    commits) happen later, in the same read transaction."""

    def __init__(self, history, spec, head=None):
        self.where = history.where
        self.history = history
        self.spec = spec                              # what bloatwatch.toml declares
        self.article_key = model.article_key(spec)    # the table's configuration
        self.commits = history.commits()
        if not self.commits:
            raise BwError("%s: no commit recorded yet (run `bloatwatch record`)" % self.where)
        for c in self.commits:
            c["label"] = query.label(c)
            # A column head or plot tick: 7 hex digits of a commit, a release's whole label.
            c["tick"] = c["label"] if c["kind"] == "release" else c["label"][:7]
        self.ok = [c for c in self.commits if c["status"] == "ok"]
        if not self.ok:
            raise BwError("%s: every recorded commit failed to build; nothing to report"
                          % self.where)
        self.head = self._pick(head, self.ok)
        self.by_id = {c["commit_id"]: c for c in self.commits}
        self.index = {c["commit_id"]: i for i, c in enumerate(self.commits)}   # history order
        self.discards = discards.of(spec.project)    # what the final link drops
        # commit_id -> [Obj], every recorded object in coordinate order. The sweep's flips are
        # config.html's (configcost.py); the other pages show the configurations themselves.
        self.objs, self.content, named = objects_by_commit(history, self.discards)
        # object name -> [(index into commits, digest of its builds or None)] at the commits
        # that built and changed it: what an object page is made from
        self.changes = collections.defaultdict(list)
        last = {}       # the previous ok commit's {object name: digest}
        for i, c in enumerate(self.commits):
            if c["status"] == "ok":
                got = named.get(c["commit_id"], {})
                for name in {n for n, _ in got.items() ^ last.items()}:
                    self.changes[name].append((i, got.get(name)))
                last = got
        main = configcost.without_flips
        hid = self.head["commit_id"]
        self.objects = self.objs[hid]                 # the head commit's, in coordinate order
        self.config_rows = main(history.config_values(hid))
        self.configs = model.configs_by_folder(self.config_rows)
        self.builds = model.builds(self.objects, self.configs, spec)   # the table's rows
        self.groups = model.groups(self.builds, spec)
        self.build_records = main(history.builds(hid))
        self.usage = history.config_usage(hid)
        self.structs = main(history.structs(hid))
        self.members = history.members_of({s["layout_id"] for s in self.structs})
        self.sections = by_coord(main(history.sections(hid)))
        self.symbols = by_coord(main(history.symbols(hid)))
        self.prev = {}      # commit_id -> the previous ok commit in history order
        last = None
        for c in self.ok:
            if last is not None:
                self.prev[c["commit_id"]] = last
            last = c
        self._cache = {}
        self._usage = None
        self.stacks = history.stack_summaries()

    def _pick(self, head, ok):
        if head is None:
            return ok[-1]
        want_dirty = head.endswith("-dirty")
        base = head[:-6] if want_dirty else head
        hits = [c for c in self.commits if c["kind"] == "release" and c["sha"] == head]
        hits = hits or [c for c in self.commits if c["sha"].startswith(base.lower())
                        and bool(c["dirty"]) == want_dirty and c["kind"] == "commit"]
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

    # compare.diff's questions, by analysis (each asked once per report).

    def symbols_of(self, analysis_id):
        return self._cached("symbols", analysis_id, self.history.symbols_of)

    def sections_of(self, analysis_id):
        return self._cached("sections", analysis_id, self.history.sections_of)

    def structs_of(self, analysis_id):
        return self._cached("structs", analysis_id, self.history.structs_of)

    def toolchain_of(self, analysis_id):
        return self._cached("toolchain", analysis_id, self.history.toolchain_of)

    def config_of(self, config_id):
        return self._cached("config", config_id, self.history.config_of)

    def frames_of(self, o):
        """An object's frames with its build's worst cases (query.frames), None when its
        stack was not recorded."""
        key = (o.slice_id, o.coord_id)
        if key not in self.stacks:
            return None
        return self._cached("frames", key, self.history.frames_of)

    def stack_summary(self, o):
        """The object's v_build_stack row, None when its stack was not recorded."""
        return self.stacks.get((o.slice_id, o.coord_id))

    def usage_rows(self, commit_id):
        """A commit's CONFIG usage rows (config_usage's); every commit's read at once, as
        every diff's inputs ask for them."""
        if self._usage is None:
            self._usage = self.history.config_usage_by_commit()
        return self._usage.get(commit_id, [])

    def between(self, base, head):
        """The commits recorded after commit base and before commit head, in history order."""
        return self.commits[self.index[base["commit_id"]] + 1:self.index[head["commit_id"]]]

    def members_of(self, layout_ids):
        missing = [l for l in layout_ids if l not in self.members]
        if missing:
            self.members.update(self.history.members_of(missing))
        return {l: self.members[l] for l in layout_ids}

    def group(self, arch, compiler, key):
        return model.find_group(self.groups, arch, compiler, key)

    def coordinates(self):
        """Sorted (arch, compiler) pairs of the head commit's objects."""
        return sorted({(o.arch, o.compiler) for o in self.objects})

    def table_coordinates(self):
        """Sorted (arch, compiler) pairs with a build of the declared table's rows."""
        return sorted({(b.arch, b.compiler) for b in self.builds})

    def variants(self):
        """The declared table's rows with a build at the head commit, in the table's order."""
        return sorted({b.variant for b in self.builds}, key=self.spec.sort)
