# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch bisect`: the first commit of a range where a metric crosses a threshold.

Recorded commits narrow the window for free; only the midpoints still unknown get built and
recorded (in a temporary worktree, as `track` does).  Like git bisect it assumes the crossing
happens once; a commit that fails to build is skipped in favour of its neighbours.
"""
from . import recorder, track
from .. import gitrepo
from ..db import query
from ..errors import BwError


class Bisector:
    def __init__(self, store, repo, project, analyzer, metric, filters, threshold, below,
                 build=True, log=print):
        self.store, self.repo, self.project, self.analyzer = store, repo, project, analyzer
        self.metric, self.filters, self.threshold, self.below = metric, filters, threshold, below
        self.build, self.log = build, log
        self.built = []

    def crossed(self, value):
        return value < self.threshold if self.below else value > self.threshold

    def value(self, sha, may_build=True):
        """The metric at sha (None: no value, e.g. the build failed), building if needed."""
        state = recorder.recorded(self.store, sha)
        if state is None and self.build and may_build:
            self.log("bisect: building %s" % sha[:12])
            outcome = track.build_one(self.repo, sha, self.project, self.analyzer,
                                      target=self.store.target)
            state = track.store_outcome(self.store, self.repo, outcome)
            self.built.append(sha)
        if state != "ok":
            return None
        commit = query.resolve(self.store, sha)
        # Re-read: a commit just recorded may have brought new coordinates.
        coords = query.coordinates(self.store, self.filters)
        got = query.values(self.store, self.metric, coords, [commit["id"]])
        v = got.get((commit["id"], None), (None, 0))[0]
        return v

    def run(self, shas):
        """(first crossing index or None, {index: value}, last good index or -1)."""
        known = {}
        for i, sha in enumerate(shas):
            v = self.value(sha, may_build=False)
            if v is not None:
                known[i] = v
        bad = [i for i, v in known.items() if self.crossed(v)]
        hi = min(bad) if bad else None
        if hi is None:
            v = self.value(shas[-1])
            if v is None:
                raise BwError("%s: the last commit of the range has no value for %s%s"
                              % (shas[-1][:12], self.metric.spec,
                                 "" if self.build else " (not recorded; --no-build)"))
            known[len(shas) - 1] = v
            if not self.crossed(v):
                return None, known, len(shas) - 1
            hi = len(shas) - 1
        good = [i for i, v in known.items() if i < hi and not self.crossed(v)]
        lo = max(good) if good else -1
        skipped = set()
        while hi - lo > 1:
            mid = self.pick(lo, hi, skipped)
            if mid is None:
                break
            v = self.value(shas[mid])
            if v is None:
                skipped.add(mid)
                continue
            known[mid] = v
            if self.crossed(v):
                hi = mid
            else:
                lo = mid
        return hi, known, lo

    @staticmethod
    def pick(lo, hi, skipped):
        """The untried index nearest the middle of (lo, hi)."""
        mid = (lo + hi) // 2
        for step in range(hi - lo):
            for cand in (mid - step, mid + step):
                if lo < cand < hi and cand not in skipped:
                    return cand
        return None


def run(store, repo, project, analyzer, rng, metric, filters, threshold, below, build, log):
    """Text report of the search; (text, found)."""
    shas = gitrepo.rev_list(repo, rng, first_parent=True)
    b = Bisector(store, repo, project, analyzer, metric, filters, threshold, below, build, log)
    hi, known, lo = b.run(shas)
    sense = "below" if below else "above"
    if hi is None:
        return ("no commit in %s has %s %s %g (last: %s)\n"
                % (rng, metric.spec, sense, threshold, known[lo]), False)
    lines = []
    if hi - lo > 1:
        cands = [shas[i][:12] for i in range(lo + 1, hi + 1)]
        lines.append("cannot narrow further: the first crossing is one of %s "
                     "(the others failed to build%s)" % (" ".join(cands),
                                                         "" if build else " or are not recorded"))
    first = recorder.commit_of(repo, shas[hi], dirty=False)
    before = known.get(lo) if lo >= 0 else None
    if lo < 0:
        parent = first["parents"].split()[0] if first["parents"] else None
        if parent:
            before = b.value(parent)
            if before is not None and b.crossed(before):
                lines.append("note: %s is already %s %g at the start of the range (%s: %s)"
                             % (metric.spec, sense, threshold, parent[:12], before))
    lines.append("first commit with %s %s %g: %s %s" % (metric.spec, sense, threshold,
                                                        first["sha"], first["subject"]))
    lines.append("  %s: %s -> %s%s" % (metric.spec, "?" if before is None else before, known[hi],
                                       "" if before is None else " (%+d)" % (known[hi] - before)))
    lines.append("  %d commits in range, %d values looked at, %d commits built and recorded"
                 % (len(shas), len(known), len(b.built)))
    return "\n".join(lines) + "\n", hi - lo == 1
