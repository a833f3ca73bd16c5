# SPDX-License-Identifier: GPL-2.0
"""Sizes across commits: one series per variant, compiler and arch, and the commits that moved them.

A series follows one build folder (arch, compiler, scenario) through the recorded commits
that built; its value is the variant's total (rcupdate.o + the variant's object).  The
scenario is the one the head commit files under the article's configuration for that
variant, else the variant's first scenario.  A commit is marked when it moves a series by
more than the noise floor: max(NOISE_BYTES, NOISE_PCT of the previous value).
"""
import collections
from dataclasses import dataclass, field

from . import model


@dataclass
class Point:
    commit: dict
    text: int
    data: int
    bss: int
    total: int
    delta: int = None       # vs the series' previous point; None for the first
    marked: bool = False


@dataclass
class Series:
    variant: str
    compiler: str
    arch: str
    scenario: str
    points: list = field(default_factory=list)


def floor(prev, noise):
    nbytes, pct = noise
    return max(nbytes, abs(prev) * pct / 100.0)


def scenario_for(data, arch, compiler, variant):
    g = data.group(arch, compiler, model.article_key())
    if g and g.first(variant):
        return g.first(variant).scenario
    scen = sorted(b.scenario for b in data.builds
                  if (b.arch, b.compiler, b.variant) == (arch, compiler, variant))
    return scen[0] if scen else None


def build_series(data, noise):
    """[Series] for every (variant, compiler, arch) of the head commit, points in history order."""
    folders = {}    # commit_id -> {(arch, cc, scen): [Obj]}
    for c in data.ok:
        idx = collections.defaultdict(list)
        for o in data.objs.get(c["commit_id"], ()):
            if not o.in_matrix:
                continue
            idx[(o.arch, o.compiler, o.scenario)].append(o)
        folders[c["commit_id"]] = idx
    out = []
    for variant in data.variants():
        for arch, cc in data.coordinates():
            scen = scenario_for(data, arch, cc, variant)
            if scen is None:
                continue
            s = Series(variant, cc, arch, scen)
            for c in data.ok:
                objs = folders[c["commit_id"]].get((arch, cc, scen), [])
                if not any(o.variant == variant for o in objs):
                    continue
                p = Point(c, *[sum(getattr(o, f) for o in objs) for f in ("text", "data", "bss", "total")])
                if s.points:
                    prev = s.points[-1].total
                    p.delta = p.total - prev
                    p.marked = abs(p.delta) > floor(prev, noise)
                s.points.append(p)
            out.append(s)
    return out


def movers(series):
    """[(commit, Series, Point)] of marked points, in history order then size of the move."""
    out = [(p.commit, s, p) for s in series for p in s.points if p.marked]
    out.sort(key=lambda x: (x[0]["ord"], -abs(x[2].delta), x[1].variant, x[1].arch, x[1].compiler))
    return out
