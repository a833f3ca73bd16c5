# SPDX-License-Identifier: GPL-2.0
"""The bytes each CONFIG option costs, from pairs of builds that differ in exactly that option.

For one arch, compiler and variant, two builds whose recorded CONFIG values differ in one
option and agree on every other one isolate that option: the difference of their totals is
what turning it on (or raising it) adds.  Nothing is interpolated; an option the matrix
never varies alone has no figure.
"""
import collections
import itertools
from dataclasses import dataclass

# An option a build does not record at all (e.g. CONFIG_HZ where no scenario sets it);
# the matrix records every bool it sets, "n" included.
UNSET = "unset"
ORDER = {UNSET: -1, "n": 0, "m": 1, "y": 2}


def value(build, option):
    """The value build records for option, UNSET when it records none."""
    return build.config.get(option, UNSET)


def _rank(v):
    if v in ORDER:
        return (0, ORDER[v], "")
    try:
        return (1, int(v, 0), "")
    except ValueError:
        return (2, 0, v)


@dataclass
class Pair:
    option: str
    variant: str
    arch: str
    compiler: str
    low: object          # Build with the lower value (n before y, smaller numbers first)
    high: object
    context: tuple       # ((other varied option, value), ...) both builds share

    @property
    def change(self):
        return "%s -> %s" % (value(self.low, self.option), value(self.high, self.option))

    def deltas(self):
        """(text, data, bss, total) of high minus low."""
        return tuple(h - l for h, l in zip(self.high.sums(), self.low.sums()))

    def object_deltas(self):
        """[(object name, delta total)], the shared object first."""
        lo = {o.object: o.total for o in self.low.objects}
        hi = {o.object: o.total for o in self.high.objects}
        names = [o.object for o in self.high.objects] + [n for n in lo if n not in hi]
        return [(n, hi.get(n, 0) - lo.get(n, 0)) for n in names]

    def context_label(self):
        if not self.context:
            return "-"
        return ", ".join("%s=%s" % (k.replace("CONFIG_", ""), v) for k, v in self.context)


def pairs(builds):
    """Every single-option pair among builds of the same arch, compiler and variant."""
    sets = collections.defaultdict(list)
    for b in builds:
        if b.config:
            sets[(b.arch, b.compiler, b.variant)].append(b)
    out = []
    for (arch, cc, variant), bs in sorted(sets.items()):
        keys = set().union(*(b.config for b in bs))
        varied = sorted(k for k in keys if len({value(b, k) for b in bs}) > 1)
        for a, b in itertools.combinations(sorted(bs, key=lambda x: x.scenario), 2):
            diff = [k for k in varied if value(a, k) != value(b, k)]
            if len(diff) != 1:
                continue
            opt = diff[0]
            lo, hi = (a, b) if _rank(value(a, opt)) <= _rank(value(b, opt)) else (b, a)
            ctx = tuple((k, value(a, k)) for k in varied if k != opt)
            out.append(Pair(opt, variant, arch, cc, lo, hi, ctx))
    out.sort(key=lambda p: (p.option, p.variant, p.context, p.change, p.arch, p.compiler))
    return out


def options(all_pairs):
    """Options with a measured cost, sorted."""
    return sorted({p.option for p in all_pairs})
