# SPDX-License-Identifier: GPL-2.0
"""Plain data the report is built from: objects, builds (one scenario folder), CONFIG groups.

A build is the pair the article measures: the shared update object (variant `common`,
rcupdate.o) and the variant's own object, compiled for one arch, compiler and scenario.
Builds of different variants are compared when their recorded CONFIG values agree on the
options that decide the footprint's context (SMP/NR_CPUS, PREEMPT, NO_HZ); scenario names
are never parsed.
"""
import collections
from dataclasses import dataclass, field

COMMON = "common"
GROUP_OPTIONS = ("CONFIG_SMP", "CONFIG_NR_CPUS", "CONFIG_PREEMPT", "CONFIG_NO_HZ")
_spec = []   # the Spec (bloatwatch.toml) of the report being written: names, order, the table


def use(spec):
    """Name and order variants, and pick the article's builds, as `spec` declares."""
    _spec[:] = [spec]


def spec():
    if not _spec:
        from .spec import load
        use(load())
    return _spec[0]


def variant_name(v):
    return spec().name(v)


def variant_sort(v):
    return spec().sort(v)


def article_key():
    """The CONFIG values of the builds set beside the published figures."""
    return ConfigKey.of(spec().config_values)


@dataclass(frozen=True)
class Obj:
    """One recorded object: its coordinate and size(1)'s Berkeley totals."""
    arch: str
    compiler: str
    scenario: str
    variant: str
    object: str
    path: str
    analysis_id: int
    text: int
    data: int
    bss: int
    total: int
    format: str = ""
    config_id: int = None

    @property
    def coord(self):
        return (self.arch, self.compiler, self.scenario, self.variant, self.object)

    @property
    def in_matrix(self):
        """Filed under a scenario and a variant: one of the builds the article's tables pair."""
        return self.scenario not in ("-", "") and self.variant not in ("-", "")

    @property
    def bits(self):
        """32 or 64 from the BFD target name (elf32-i386, elf64-x86-64), else 0."""
        return 64 if self.format.startswith("elf64") else 32 if self.format.startswith("elf32") else 0


@dataclass(frozen=True, order=True)
class ConfigKey:
    """The CONFIG values a footprint comparison holds equal."""
    smp: str
    nr_cpus: str
    preempt: str
    no_hz: str

    @classmethod
    def of(cls, config):
        get = lambda k: str(config.get(k, "n"))  # noqa: E731  (matrix records unset as n)
        return cls(get("CONFIG_SMP"), get("CONFIG_NR_CPUS"), get("CONFIG_PREEMPT"),
                   get("CONFIG_NO_HZ"))

    def label(self):
        cpus = "UP" if self.smp != "y" else "SMP"
        if self.nr_cpus not in ("n", ""):
            cpus += " (NR_CPUS=%s)" % self.nr_cpus
        flag = lambda v, name: name if v == "y" else "!" + name  # noqa: E731
        return "%s, %s, %s" % (cpus, flag(self.preempt, "PREEMPT"), flag(self.no_hz, "NO_HZ"))

    def sort_key(self):
        """SMP last, then NR_CPUS by number (4 before 1024), then PREEMPT, NO_HZ."""
        n = int(self.nr_cpus) if self.nr_cpus.isdigit() else 0
        return (self.smp, n, self.nr_cpus, self.preempt, self.no_hz)

    def slug(self):
        return "%s%s-%s-%s" % ("smp" if self.smp == "y" else "up", self.nr_cpus,
                               "preempt" if self.preempt == "y" else "nopreempt",
                               "nohz" if self.no_hz == "y" else "hz")


@dataclass
class Build:
    """One scenario folder: the shared update object and the variant's own object."""
    arch: str
    compiler: str
    scenario: str
    variant: str
    objects: list = field(default_factory=list)   # common first, then the variant's
    config: dict = field(default_factory=dict)

    @property
    def key(self):
        return ConfigKey.of(self.config)

    @property
    def total(self):
        return sum(o.total for o in self.objects)

    def sums(self):
        return tuple(sum(getattr(o, f) for o in self.objects) for f in ("text", "data", "bss", "total"))


@dataclass
class Group:
    """Builds of one arch and compiler whose CONFIG key is equal: one article table."""
    arch: str
    compiler: str
    key: ConfigKey
    builds: dict = field(default_factory=dict)    # variant -> [Build], scenario order

    def variants(self):
        return sorted(self.builds, key=variant_sort)

    def distinct(self, variant):
        """{scenario: 'CONFIG_X=v, ...'}: what sets a variant's builds in this group apart."""
        bs = self.builds.get(variant, [])
        keys = sorted(set().union(*(b.config for b in bs))) if bs else []
        varied = [k for k in keys if len({b.config.get(k, "n") for b in bs}) > 1]
        return {b.scenario: ", ".join("%s=%s" % (k.replace("CONFIG_", ""), b.config.get(k, "n"))
                                      for k in varied) for b in bs}

    def first(self, variant):
        b = self.builds.get(variant)
        return b[0] if b else None


def objects(rows):
    """Obj per v_footprint row (every recorded object, with a build record or not)."""
    out = []
    for r in rows:
        out.append(Obj(r["arch"], r["compiler"], r["scenario"], r["variant"], r["object"],
                       r["path"], r["analysis_id"], r["text"], r["data"], r["bss"], r["total"],
                       r.get("format") or "", r.get("config_id")))
    return out


def configs_by_folder(rows):
    """{(arch, compiler, scenario): {CONFIG: value}} from v_config_values rows."""
    out = collections.defaultdict(dict)
    for r in rows:
        out[(r["arch"], r["compiler"], r["scenario"])][r["config"]] = r["value"]
    return out


def builds(objs, configs):
    """Build per (arch, compiler, scenario) folder, in coordinate order."""
    folders = collections.defaultdict(list)
    for o in objs:
        folders[(o.arch, o.compiler, o.scenario)].append(o)
    out = []
    for (arch, cc, scen), members in sorted(folders.items()):
        own = sorted({o.variant for o in members} - {COMMON})
        variant = own[0] if len(own) == 1 else (COMMON if not own else "+".join(own))
        members.sort(key=lambda o: (o.variant != COMMON, o.object))
        out.append(Build(arch, cc, scen, variant, members, dict(configs.get((arch, cc, scen), {}))))
    return out


def groups(all_builds):
    """Group per (arch, compiler, CONFIG key), sorted by arch, compiler, key."""
    out = {}
    for b in all_builds:
        if b.variant == COMMON:
            continue
        g = out.setdefault((b.arch, b.compiler, b.key), Group(b.arch, b.compiler, b.key))
        g.builds.setdefault(b.variant, []).append(b)
    return [out[k] for k in sorted(out, key=lambda k: (k[0], k[1], k[2].sort_key()))]


def find_group(all_groups, arch, compiler, key):
    for g in all_groups:
        if (g.arch, g.compiler, g.key) == (arch, compiler, key):
            return g
    return None
