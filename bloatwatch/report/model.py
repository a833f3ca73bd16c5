# SPDX-License-Identifier: GPL-2.0
"""The report's one model: commits -> builds (a coordinate: arch, compiler, config label and the
keys a project declares) -> objects -> sections, symbols, structs, CONFIG values.

Nothing here knows a project: a declared comparison table (bloatwatch.toml's [[table]], read by
spec.py) names rows as groups of objects, and only then are builds matched to rows and grouped
by the CONFIG options the table lists in `group_by`. The Spec is passed in, never kept here:
two reports of two projects can be written by one process.
"""
import collections
import functools
from dataclasses import dataclass, field

from ..db.ingest import parse_keys

NONE = "-"


def variant_name(v):
    """A row's display name: its declared name."""
    return v


def article_key(spec):
    """The CONFIG values of the builds set beside the published figures."""
    return ConfigKey.of(spec.config_values, spec.group_by)


# ---- coordinates and objects ----------------------------------------------------------------

def keys_label(keys_text):
    """'variant=tree' for an extra-keys JSON text ('' when there are none)."""
    k = parse_keys(keys_text)
    return ", ".join("%s=%s" % (n, k[n]) for n in sorted(k))


@dataclass(frozen=True)
class Obj:
    """One recorded object: its coordinate, size(1)'s Berkeley totals and what of them the
    final link discards."""
    arch: str
    compiler: str
    label: str
    keys: str               # the extra keys as the views give them (canonical JSON, '' if none)
    object: str
    path: str
    analysis_id: int
    text: int
    data: int
    bss: int
    total: int
    format: str = ""
    config_id: int = None
    discarded: tuple = (0, 0, 0)    # text, data, bss bytes in sections the link drops
    # The build row it is, whose stack's worst cases are its build's; not compared: an object
    # is the same object in two slices that differ only in those.
    slice_id: int = field(default=None, compare=False)
    coord_id: int = field(default=None, compare=False)

    @property
    def image(self):
        """The bytes that reach the linked image: size's total less the discarded sections."""
        return self.total - sum(self.discarded)

    # Cached: one Obj stands for an object at every commit that holds it alike.
    @functools.cached_property
    def coord(self):
        return (self.arch, self.compiler, self.label, self.keys, self.object)

    @functools.cached_property
    def build(self):
        """The build it belongs to: arch, compiler and config label (the extra keys tag each
        object: one build folder may hold objects of different keys)."""
        return (self.arch, self.compiler, self.label)

    @property
    def name(self):
        """The object's name with its extra keys, if any: 'tree.o (variant=tree)'."""
        kl = keys_label(self.keys)
        return "%s (%s)" % (self.object, kl) if kl else self.object

    @property
    def scenario(self):
        return self.label

    @property
    def bits(self):
        """32 or 64 from the BFD target name (elf32-i386, elf64-x86-64), else 0."""
        return 64 if self.format.startswith("elf64") else 32 if self.format.startswith("elf32") else 0

    def key(self, name):
        return parse_keys(self.keys).get(name, NONE)


def build_name(build):
    """'arch/compiler/label[ (key=value ...)]' of a build (with or without extra keys)."""
    kl = keys_label(build[3]) if len(build) > 3 else ""
    return "%s/%s/%s%s" % (build[0], build[1], build[2], " (%s)" % kl if kl else "")


def coord_name(coord):
    """A recorded object's full name: its build, then the object."""
    return "%s %s" % (build_name(coord[:4]), coord[4])


def objects(rows):
    """Obj per v_footprint row (every recorded object, with a build record or not)."""
    return [Obj(r["arch"], r["compiler"], r["label"], r["keys"] or "", r["object"], r["path"],
                r["analysis_id"], r["text"], r["data"], r["bss"], r["total"],
                r.get("format") or "", r.get("config_id"), tuple(r.get("discarded") or (0, 0, 0)),
                r.get("slice_id"), r.get("coord_id"))
            for r in rows]


def coord_of(row):
    """The coordinate tuple of a view row (v_sections, v_symbols, v_structs ...)."""
    return (row["arch"], row["compiler"], row["label"], row["keys"] or "", row["object"])


def sums(objs):
    """(text, data, bss, total) of objects."""
    return tuple(sum(getattr(o, f) for o in objs) for f in ("text", "data", "bss", "total"))


# ---- the directory rollup -------------------------------------------------------------------

@dataclass
class Folder:
    """A folder of object paths: its sizes are the sums of every object below it."""
    name: str               # 'lib/zlib/' ('' for the root)
    depth: int
    text: int = 0
    data: int = 0
    bss: int = 0
    total: int = 0
    objects: int = 0
    children: dict = field(default_factory=dict)   # name -> Folder
    leaves: list = field(default_factory=list)     # [Obj] directly in this folder

    def add(self, o):
        self.text += o.text
        self.data += o.data
        self.bss += o.bss
        self.total += o.total
        self.objects += 1


def has_folders(objs):
    return any("/" in o.object for o in objs)


def rollup(objs):
    """The folder tree of objects' names (kernel/, kernel/sched/, lib/ ...): each folder sums
    the objects below it, so the root's figures are the objects' totals."""
    root = Folder("", 0)
    for o in objs:
        root.add(o)
        node, path = root, ""
        for part in o.object.split("/")[:-1]:
            path += part + "/"
            node = node.children.setdefault(path, Folder(path, node.depth + 1))
            node.add(o)
        node.leaves.append(o)
    return root


def walk(folder):
    """(Folder, [Obj]) pre-order: each folder, then its subfolders, largest first."""
    yield folder
    for child in sorted(folder.children.values(), key=lambda f: (-f.total, f.name)):
        yield from walk(child)


# ---- a declared comparison table: builds matched to its rows ---------------------------------

@dataclass(frozen=True, order=True)
class ConfigKey:
    """The values of the table's group_by options a comparison holds equal."""
    values: tuple           # ((option, value), ...) in group_by order

    @classmethod
    def of(cls, config, group_by):
        # A recorded bool that is not set is n (the matrix records unset bools so).
        return cls(tuple((k, str(config.get(k, "n"))) for k in group_by))

    def label(self):
        """'!SMP, NR_CPUS=1, NO_HZ': bools by name, other values as NAME=value."""
        parts = []
        for k, v in self.values:
            name = k.replace("CONFIG_", "")
            parts.append(name if v == "y" else "!" + name if v == "n" else "%s=%s" % (name, v))
        return ", ".join(parts) or "any configuration"

    def sort_key(self):
        """Numbers by value (4 before 1024), then text."""
        return tuple((0, int(v), "") if v.isdigit() else (1, 0, v) for _, v in self.values)

    def slug(self):
        return "-".join("%s%s" % (k.replace("CONFIG_", "").lower(), v) for k, v in self.values) \
            or "all"


@dataclass
class Build:
    """One build folder (arch, compiler, config label) matched to a row of the table."""
    arch: str
    compiler: str
    scenario: str
    variant: str            # the row's name
    objects: list = field(default_factory=list)   # in the row's object order
    config: dict = field(default_factory=dict)
    key: ConfigKey = None   # its values of the table's group_by options

    @property
    def total(self):
        return sum(o.total for o in self.objects)

    def sums(self):
        return sums(self.objects)


@dataclass
class Group:
    """Builds of one arch and compiler whose CONFIG key is equal: one table."""
    arch: str
    compiler: str
    key: ConfigKey
    builds: dict = field(default_factory=dict)    # row name -> [Build], label order
    order: object = None                          # the Spec's sort key of row names

    def variants(self):
        return sorted(self.builds, key=self.order)

    def distinct(self, variant):
        """{label: 'CONFIG_X=v, ...'}: what sets a row's builds in this group apart."""
        bs = self.builds.get(variant, [])
        keys = sorted(set().union(*(b.config for b in bs))) if bs else []
        varied = [k for k in keys if len({b.config.get(k, "n") for b in bs}) > 1]
        return {b.scenario: ", ".join("%s=%s" % (k.replace("CONFIG_", ""), b.config.get(k, "n"))
                                      for k in varied) for b in bs}

    def first(self, variant):
        b = self.builds.get(variant)
        return b[0] if b else None


def configs_by_folder(rows):
    """{(arch, compiler, label): {CONFIG: value}} from v_config_values rows."""
    out = collections.defaultdict(dict)
    for r in rows:
        out[(r["arch"], r["compiler"], r["label"])][r["config"]] = r["value"]
    return out


def match_row(names, rows):
    """The table row whose objects a folder holds (the row with most objects wins), or None."""
    best = None
    for r in rows:
        if all(any(n == o or n.endswith("/" + o) for n in names) for o in r.objects):
            if best is None or len(r.objects) > len(best.objects):
                best = r
    return best


def builds(objs, configs, spec):
    """Build per (arch, compiler, label) folder that holds a row of the Spec's table."""
    folders = collections.defaultdict(list)
    for o in objs:
        folders[(o.arch, o.compiler, o.label)].append(o)
    out = []
    for (arch, cc, label), members in sorted(folders.items()):
        row = match_row({o.object for o in members}, spec.rows)
        if row is None:
            continue
        order = {name: i for i, name in enumerate(row.objects)}
        chosen = [o for o in members if o.object in order or
                  any(o.object.endswith("/" + n) for n in order)]
        chosen.sort(key=lambda o: (order.get(o.object, len(order)), o.object))
        config = dict(configs.get((arch, cc, label), {}))
        out.append(Build(arch, cc, label, row.name, chosen, config,
                         ConfigKey.of(config, spec.group_by)))
    return out


def groups(all_builds, spec):
    """Group per (arch, compiler, CONFIG key), sorted by arch, compiler, key."""
    out = {}
    for b in all_builds:
        g = out.setdefault((b.arch, b.compiler, b.key),
                           Group(b.arch, b.compiler, b.key, order=spec.sort))
        g.builds.setdefault(b.variant, []).append(b)
    return [out[k] for k in sorted(out, key=lambda k: (k[0], k[1], k[2].sort_key()))]


def find_group(all_groups, arch, compiler, key):
    for g in all_groups:
        if (g.arch, g.compiler, g.key) == (arch, compiler, key):
            return g
    return None
