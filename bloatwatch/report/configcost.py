# SPDX-License-Identifier: GPL-2.0
"""What each CONFIG option costs, from the recorded CONFIG sweep (the model of config.html).

A sweep (`make sweep`, `bloatwatch configcost`) records, for each arch and compiler, a base
configuration and that base with one option changed, resolved through Kconfig; the flip's
config label names it: `BASE+X` (X=y), `BASE-X` (X=n), `BASE:X=VALUE` (a point of a numeric
option's curve). From the head commit's rows this pairs each flip with its base (the longest
recorded label the flip's label extends), and takes what Kconfig changed besides the option
(`implied`) from the two builds' recorded CONFIG values. A flip whose builds carry another
variant than its base's (Tiny RCU cannot be SMP) is the variant swap it is.
"""
import collections
import re
from dataclasses import dataclass, field

from ..db.ingest import parse_keys

SEPARATORS = {"+": "y", "-": "n", ":": None}
REST = re.compile(r"([A-Za-z0-9_]+)(?:=(.+))?$")
COMMON = "common"


@dataclass(frozen=True)
class Obj:
    """One recorded object of a configuration (what compare.diff reads of it)."""
    object: str
    path: str
    variant: str            # its `variant` key ('' when the coordinate has none)
    analysis_id: int
    config_id: int
    text: int
    data: int
    bss: int
    total: int


@dataclass
class Config:
    """One recorded configuration of one arch and compiler: its objects and CONFIG values."""
    arch: str
    compiler: str
    label: str
    objects: dict = field(default_factory=dict)     # object name -> Obj
    values: dict = field(default_factory=dict)

    @property
    def variants(self):
        """The variants of its own objects (the shared object and unkeyed ones left out)."""
        return tuple(sorted({o.variant for o in self.objects.values()} - {COMMON, "-", ""}))

    def sums(self):
        return tuple(sum(getattr(o, f) for o in self.objects.values())
                     for f in ("text", "data", "bss", "total"))


@dataclass
class Flip:
    """A configuration and the base it changes one option of."""
    base: Config
    flip: Config
    option: str          # CONFIG_X
    value: str           # what the label sets it to
    kind: str            # flip | swap | curve

    @property
    def arch(self):
        return self.base.arch

    @property
    def compiler(self):
        return self.base.compiler

    def implied(self):
        """{CONFIG_X: (base value, flip value)} Kconfig changed besides the option (None: the
        configuration does not have it)."""
        a, b = self.base.values, self.flip.values
        return {k: (a.get(k), b.get(k)) for k in sorted(set(a) | set(b))
                if k != self.option and norm(a.get(k)) != norm(b.get(k))}

    def delta(self):
        """(text, data, bss, total) of the flip minus its base."""
        return tuple(f - b for f, b in zip(self.flip.sums(), self.base.sums()))

    def cost(self):
        """What the option set to y costs (flip minus base, negated for a flip to n)."""
        sign = -1 if self.value == "n" else 1
        return tuple(sign * d for d in self.delta())

    def pairs(self):
        """{key: (base Obj, flip Obj)} of the objects compared, keyed by object name; in a swap
        the variant's own objects, one on each side, are compared with each other."""
        old, new = dict(self.base.objects), dict(self.flip.objects)
        gone, came = [n for n in old if n not in new], [n for n in new if n not in old]
        if self.kind == "swap" and len(gone) == 1 and len(came) == 1:
            old[gone[0] + " -> " + came[0]] = old.pop(gone[0])
            new[gone[0] + " -> " + came[0]] = new.pop(came[0])
        return old, new


def value(build, option):
    """The value a model.Build records for option ('unset': none), for tables.scenarios."""
    return build.config.get(option, "unset")


def norm(v):
    """A value as Kconfig means it: an absent bool is n."""
    return "n" if v is None else v


def configs(history, commit_id):
    """{(arch, compiler): {label: Config}} of one commit's recorded objects (v_footprint rows,
    CONFIG values by config set)."""
    out = collections.defaultdict(dict)
    values = {}
    for r in history.footprint(commit_id):
        c = out[(r["arch"], r["compiler"])].get(r["label"])
        if c is None:
            c = out[(r["arch"], r["compiler"])][r["label"]] = Config(r["arch"], r["compiler"],
                                                                     r["label"])
        if r["config_id"] is not None and not c.values:
            if r["config_id"] not in values:
                values[r["config_id"]] = history.config_of(r["config_id"])
            c.values = values[r["config_id"]]
        c.objects[r["object"]] = Obj(r["object"], r["path"],
                                     parse_keys(r["keys"]).get("variant", ""), r["analysis_id"],
                                     r["config_id"], r["text"], r["data"], r["bss"], r["total"])
    return out


def parse(label, labels):
    """(base label, CONFIG_X, value) of a flip's label, the longest recorded label it extends;
    None for a label that extends none (a base, or any other configuration)."""
    best = None
    for b in labels:
        if len(b) < len(label) - 1 and label.startswith(b) and label[len(b)] in SEPARATORS:
            m = REST.match(label[len(b) + 1:])
            sep = label[len(b)]
            if not m or (m.group(2) is None) != (sep != ":"):
                continue
            if best is None or len(b) > len(best[0]):
                best = (b, "CONFIG_" + m.group(1), m.group(2) if sep == ":" else SEPARATORS[sep])
    return best


def without_flips(rows):
    """View rows less the sweep's flips (labels that extend another label of the same commit,
    arch and compiler): the other pages show the configurations, not the sweep."""
    rows = list(rows)
    labels = collections.defaultdict(set)
    for r in rows:
        labels[(r.get("commit_id"), r["arch"], r["compiler"])].add(r["label"])
    flip = {k: {l for l in ls if parse(l, ls)} for k, ls in labels.items()}
    return [r for r in rows if r["label"] not in flip[(r.get("commit_id"), r["arch"],
                                                       r["compiler"])]]


def flips(history, commit_id):
    """[Flip] of one commit, sorted by option, base, arch, compiler, value."""
    out = []
    for (arch, cc), by_label in configs(history, commit_id).items():
        for label, c in by_label.items():
            p = parse(label, by_label)
            if p is None or parse(p[0], by_label) is not None:
                continue        # not a flip, or a flip of a flip
            base = by_label[p[0]]
            if norm(c.values.get(p[1])) != norm(p[2]) and c.values:
                continue        # the label says a value the build does not have
            gone = set(base.objects) - set(c.objects)
            came = set(c.objects) - set(base.objects)
            kind = "curve" if p[2] not in ("y", "n") else "swap" if gone and came else "flip"
            out.append(Flip(base, c, p[1], p[2], kind))
    out.sort(key=lambda f: (f.option, f.base.label, f.arch, f.compiler, _num(f.value)))
    return out


def _num(v):
    try:
        return (0, int(v, 0), v)
    except (TypeError, ValueError):
        return (1, 0, str(v))


@dataclass
class Option:
    """One option on the page: its flips by base, its curves, what keeps it from a variant."""
    name: str
    flips: dict = field(default_factory=dict)     # base label -> [Flip] (one per arch x cc)
    curves: dict = field(default_factory=dict)    # base label -> [Flip]
    refused: dict = field(default_factory=dict)   # base label -> {why: [arch/cc]}
    used: bool = False                            # the recorded sources use it

    @property
    def short(self):
        return self.name[len("CONFIG_"):] if self.name.startswith("CONFIG_") else self.name


def options(usage, all_flips, refusals=()):
    """[Option] of every option swept or refused (sorted by name), each marked when the
    sources use it (`usage`: v_config_usage rows); and the used options no sweep tried."""
    used = {r["config"] for r in usage}
    out = {}
    for f in all_flips:
        o = out.setdefault(f.option, Option(f.option))
        (o.curves if f.kind == "curve" else o.flips).setdefault(f.base.label, []).append(f)
    bases = {f.base.label for f in all_flips}
    for r in refusals:
        if r["base"] in bases or not bases:
            o = out.setdefault(r["option"], Option(r["option"]))
            o.refused.setdefault(r["base"], {}).setdefault(r["why"], []).append(
                "%s/%s" % (r["arch"], r["compiler"]))
    for o in out.values():
        o.used = o.name in used
    untried = sorted(used - set(out)) if all_flips else []
    return [out[k] for k in sorted(out)], untried


def base_variants(all_flips):
    """{base label: variant names of its builds}."""
    out = {}
    for f in all_flips:
        out.setdefault(f.base.label, f.base.variants)
    return out


def refusals(history, commit_id):
    """Flips Kconfig refused, as the commit recorded them (a sweep manifest's `excluded`),
    each paired with the recorded configuration it flips: [{arch, compiler, base, option, why}]."""
    labels = collections.defaultdict(set)
    for r in history.footprint(commit_id):
        labels[(r["arch"], r["compiler"])].add(r["label"])
    out = []
    for e in history.refusals(commit_id):
        label = e["label"]
        p = parse(label, labels.get((e["arch"], e["compiler"]), ()))
        if p is None and ":" in label:       # a numeric option refused as a whole
            b, _, name = label.rpartition(":")
            p = (b, "CONFIG_" + name, None) if REST.match(name) else None
        if p is None:
            continue
        out.append({"arch": e["arch"], "compiler": e["compiler"], "base": p[0],
                    "option": e["option_name"] or p[1], "why": e["why"]})
    return out


def curve_points(fl_list):
    """{(arch, compiler): [(value, Config)]} of a curve, the base at its own value included,
    sorted by value; one point per built value."""
    out = collections.defaultdict(dict)
    for f in fl_list:
        pts = out[(f.arch, f.compiler)]
        pts[f.value] = f.flip
        bv = f.base.values.get(f.option)
        if bv is not None and bv not in pts:
            pts[bv] = f.base
    return {k: sorted(v.items(), key=lambda kv: _num(kv[0])) for k, v in out.items()}
