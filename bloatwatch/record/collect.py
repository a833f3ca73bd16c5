# SPDX-License-Identifier: GPL-2.0
"""Which objects a tree has and where each sits: from manifests, else bloatwatch.toml's globs.

A manifest (contract 1, build/matrix.json) lists every coordinate with its objects (and their
extra keys), resolved CONFIG and compiler version, and the analysis make wrote beside each
object: the one place a matrix object's coordinate is said. Globs ([[objects]]) give paths;
their coordinate comes from the group, a Kbuild tree's .config, the build record the analyzer
reads, or the ELF header, in that order (coordinate.decide weighs them). Build records
themselves (`.cmd`) are read by the analyzer only (contract 2).
"""
import glob
import os
import re
from dataclasses import dataclass, field

from ..errors import BwError
from . import manifest
from .coordinate import compiler_family


@dataclass
class Found:
    """One object to record: its path under the root and what is known of its coordinate."""
    path: str
    coord: dict = field(default_factory=dict)   # object, arch, compiler, config (label), keys
    config: dict = None                         # CONFIG values, when the source gives them
    compiler_version: str = None
    analysis: str = None                        # the analyzer's JSON of this object (manifest)
    declared: tuple = None                      # extra keys a build record may give (None: all)
    record: str = None                          # its build record (make's analysis depends on it)
    base: str = None                            # the folder objects are keyed inside
    # The build it is part of (a manifest's coordinate, a group's folder): the objects of one
    # build share one call graph (recorder.build_stacks).
    build: str = None

    def annotate(self, entry):
        """Put what was found on a FILE entry of the analyzer (ingest reads these fields).
        A thin archive's member is a path from the tree root: it is keyed inside base too."""
        member = entry.get("member")
        if member and self.base and self.base != "." and member.startswith(self.base + "/"):
            entry["member"] = member[len(self.base) + 1:]
        entry["_coord"] = dict(self.coord)
        if self.config is not None:
            entry["_config"] = self.config
        if self.compiler_version:
            entry["_compiler_version"] = self.compiler_version
        if self.declared is not None:
            entry["_declared"] = list(self.declared)
        if self.build is not None:
            entry["_build"] = self.build
        return entry


def objects(project, root):
    """[Found] of the tree at root, sorted by path; BwError when nothing is found."""
    manifests = [m for m in project.manifests if os.path.isfile(os.path.join(root, m))]
    if manifests:
        found = []
        for m in manifests:
            found += from_manifest(root, m)
    else:
        found = []
        for g in project.groups:
            found += from_group(root, g)
    seen, unique = {}, []
    for f in found:
        if not os.path.isfile(os.path.join(root, f.path)):
            raise BwError("%s: no such object (build it first)" % f.path)
        if project.path:   # a bloatwatch.toml says which extra keys exist
            f.declared = tuple(project.keys)
        coords = seen.setdefault(f.path, [])
        if coords and not manifests:
            raise BwError("%s: listed twice (%s and %s)" % (f.path, coords[0], f.coord))
        if f.coord in coords:      # the sweep's base is the matrix's own coordinate: once
            continue
        # Manifests may file one object under several labels: a sweep flip Kconfig resolved
        # to its base's configuration names the base's objects.
        coords.append(f.coord)
        unique.append(f)
    found = unique
    if not found:
        what = " ".join(project.manifests) or " ".join(
            os.path.join(grp.kbuild or grp.root or "", g)
            for grp in project.groups for g in grp.glob)
        if not project.path:
            raise BwError("%s: no bloatwatch.toml, and no objects where it defaults to (%s): run "
                          "`bloatwatch init` to write a bloatwatch.toml for this tree"
                          % (root, what))
        raise BwError("%s: no objects match %s (%s); build them first" % (root, project.path, what))
    return sorted(found, key=lambda f: f.path)


def named(project, root, paths):
    """[Found] of objects named one by one (`record OBJ...`): a path a manifest lists has the
    coordinate the first manifest listing it gives; any other is found by its build record
    and ELF header, as globs are."""
    listed = {}
    for m in project.manifests:
        if os.path.isfile(os.path.join(root, m)):
            for f in from_manifest(root, m):
                listed.setdefault(f.path, f)
    return [listed.get(p) or Found(p) for p in paths]


def refusals(project, root, extra=()):
    """[(arch, compiler, label, CONFIG_X, why)] of the flips the tree's manifests (those of
    bloatwatch.toml that exist, and `extra`) list as refused by Kconfig."""
    names = [m for m in (project.manifests if project else ())
             if os.path.isfile(os.path.join(root, m))]
    out = []
    for rel in dict.fromkeys(names + list(extra)):
        out += manifest.refusals(manifest.read(root, rel), rel)
    return out


def from_manifest(root, rel):
    """[Found] of a manifest (contract 1). An object's key is its `object` when the entry gives
    one, else its path inside its coordinate's folder (the deepest folder holding all of the
    coordinate's objects)."""
    coords = manifest.read(root, rel)["coordinates"]
    out = []
    for i, c in enumerate(coords):
        at = "%s: coordinates[%d]" % (rel, i)
        try:
            objs = c["objects"]
            paths = [o["path"] for o in objs]
            base = {k: str(c[k]) for k in ("arch", "compiler", "config")}
        except (KeyError, TypeError) as e:
            raise BwError("%s: missing or malformed field %s" % (at, e))
        if not paths:
            continue
        top = os.path.commonpath([os.path.dirname(p) for p in paths])
        values = c.get("config_values")
        if values is not None and not isinstance(values, dict):
            raise BwError("%s: config_values is not an object" % at)
        for j, (o, p) in enumerate(zip(objs, paths)):   # an entry may name its object (configcost: Kbuild's)
            coord = dict(base, object=o.get("object") or (os.path.relpath(p, top) if top else p))
            keys = o.get("keys")
            if keys:
                if not isinstance(keys, dict) or not all(isinstance(v, str) for v in keys.values()):
                    raise BwError("%s: objects[%d]: keys is not an object of strings" % (at, j))
                coord["keys"] = dict(keys)
            out.append(Found(p, coord, dict(values) if values is not None else None,
                             c.get("compiler_version"), o.get("analysis"), record=o.get("record"),
                             build="%s#%d" % (rel, i)))
    return out


def _root_matches(root, pattern):
    """Folders under root matching a root pattern (a glob of folders)."""
    return sorted(os.path.relpath(p, root) for p in glob.glob(os.path.join(root, pattern))
                  if os.path.isdir(p))


def from_group(root, g):
    """[Found] of one [[objects]] group. Globs are relative to the group's `kbuild` folder, or
    to each folder its `root` pattern matches, or to the tree root; the object is keyed by
    its path relative to that folder."""
    if g.kbuild and not os.path.isdir(os.path.join(root, g.kbuild)):
        raise BwError("%s: kbuild = %r: no such folder (the Kbuild output folder, O=; build it "
                      "first)" % (g.where, g.kbuild))
    bases = [g.kbuild] if g.kbuild else _root_matches(root, g.root) if g.root else ["."]
    config = compiler_version = None
    source = g.config or (os.path.join(g.kbuild, ".config") if g.kbuild else None)
    if source:
        try:
            config = read_config(os.path.join(root, source), source)
        except BwError as e:
            raise BwError("%s (%s of [[objects]] at %s)" % (
                e, "config" if g.config else "the .config of kbuild", g.where))
        compiler_version = config.get("CONFIG_CC_VERSION_TEXT")
    coord = {k: v for k, v in g.coordinate.items() if k in ("arch", "compiler", "config")}
    extra = {k: v for k, v in g.coordinate.items() if k not in coord}
    if extra:
        coord["keys"] = extra
    if compiler_version and "compiler" not in coord:
        coord["compiler"] = compiler_family(compiler_version)
    out = []
    for base in bases:
        skip = set(_expand(root, base, g.exclude))
        for rel in _expand(root, base, g.glob):
            if rel in skip:
                continue
            # Both from the root: a kbuild folder outside the tree (absolute, or ../out) too.
            c = dict(coord, object=os.path.relpath(os.path.join(root, rel),
                                                   os.path.join(root, base)))
            out.append(Found(rel, c, config, compiler_version,
                             base=os.path.relpath(os.path.join(root, base), root),
                             build="%s:%s" % (g.where, base)))
    return out


def _expand(root, base, patterns):
    found = set()
    for pattern in patterns:
        for path in glob.glob(os.path.join(root, base, pattern), recursive=True):
            if os.path.isfile(path):
                found.add(os.path.normpath(os.path.relpath(path, root)))
    return sorted(found)


CONFIG_LINE = re.compile(r"^(CONFIG_[A-Za-z0-9_]+)=(.*)$")
UNSET_LINE = re.compile(r"^# (CONFIG_[A-Za-z0-9_]+) is not set$")


def read_config(path, where=None):
    """{CONFIG_X: value} of a Kconfig .config: y/m/numbers as written, strings unquoted, and
    `# CONFIG_X is not set` as n (the matrix's convention for an unset bool)."""
    where = where or path
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise BwError("%s: %s" % (where, e.strerror))
    out = {}
    for n, line in enumerate(lines, 1):
        s = line.strip()
        m = UNSET_LINE.match(s)
        if m:
            out[m.group(1)] = "n"
            continue
        if not s or s.startswith("#"):
            continue
        m = CONFIG_LINE.match(s)
        if not m:
            raise BwError("%s:%d: not a CONFIG_X=value line" % (where, n))
        value = m.group(2)
        if value.startswith('"'):
            if len(value) < 2 or not value.endswith('"'):
                raise BwError("%s:%d: unterminated string" % (where, n))
            value = re.sub(r'\\(.)', r"\1", value[1:-1])
        out[m.group(1)] = value
    return out
