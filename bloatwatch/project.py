# SPDX-License-Identifier: GPL-2.0
"""A project's bloatwatch.toml: how to build it, its objects and their coordinates, its tables.

docs/bloatwatch.toml.md is the reference. Every key is checked here: an unknown key or a
value of the wrong type is one error naming the file and the line.
"""
import copy
import os

from .errors import BwError
from .tomlfile import TomlFile

DEFAULT_BUILD = "make objects"
DEFAULT_TIMEOUT = 3600
# The coordinate of a build: these three, plus the extra keys a project declares.
COORD_FIELDS = ("arch", "compiler", "config")
CONFIG_OPTION = "CONFIG_"


class Group:
    """One [[objects]] entry: globs and what they say about the objects' coordinate."""

    def __init__(self, glob, exclude=(), root=None, kbuild=None, config=None, coordinate=None,
                 where="default", build=None, name=None):
        self.glob, self.exclude = list(glob), list(exclude)
        self.root, self.kbuild, self.config = root, kbuild, config
        self.coordinate = dict(coordinate or {})
        self.where = where
        self.build = build      # the group's own build command: a declared build
        self.name = name        # that build's name (default: its kbuild or root folder)


class Row:
    """A named row of a comparison table: a group of objects of one build."""

    def __init__(self, d):
        self.name = d["name"]
        self.objects = list(d["objects"])
        self.published = [tuple(p) for p in d.get("published", [])]
        self.published_total = d.get("published_total")
        self.requires = d.get("requires", {})  # CONFIG values a build of this row must have
        self.why = d.get("why", "")            # said where a group's values rule the row out
        self.release = d.get("release")        # a release build holding this object is this row's


class TableSpec:
    """A declared comparison table (the article's table is one)."""

    def __init__(self, d):
        self.name = d["name"]
        self.title = d.get("title", "")
        self.where = dict(d.get("where", {}))          # coordinate filter
        self.config_values = dict(d.get("config_values", {}))
        self.group_by = list(d.get("group_by", sorted(self.config_values)))
        self.subject = d.get("subject")
        self.reference = d.get("reference", "")
        self.note = d.get("note", "")
        self.quote = d.get("quote", "")
        self.stack = list(d.get("stack", []))          # functions whose stack the report shows
        self.rows = [Row(r) for r in d.get("row", [])]
        # A recorded release's figures per row: these objects of its build that holds the
        # row's `release` object, and the image (vmlinux) linked from that build.
        self.release_objects = list(d.get("release_objects", []))
        self.release_image = d.get("release_image")

    def row(self, name):
        return next((r for r in self.rows if r.name == name), None)


class Project:
    """Settings from bloatwatch.toml (or the defaults when there is none)."""

    def __init__(self, path=None, root=None):
        self.path, self.root = path, root
        self.build = DEFAULT_BUILD
        self.build_timeout = DEFAULT_TIMEOUT
        self.sources, self.paths, self.manifests = [], [], []
        self.ccache_log = None    # a ccache stats log the build writes itself (track reads it)
        self.keys = {}            # extra coordinate key -> {value: label}, in declared order
        self.groups = [Group(["build/*/*/*/*.o"], root="build/*/*/*")]
        self.tables = []
        self.noise = DEFAULT_NOISE
        self.discard = []          # [image] discard: section globs the final link drops
        self.discard_defaults = True   # and Kbuild's (or ld's) list (discards.py)
        self.build_name = None     # for_build(): the declared build this project is

    # ---- what the db needs ---------------------------------------------------------------

    def find_sources(self, root):
        return expand(root, self.sources)

    def label(self, key, value):
        """A declared display label for a key's value, else the value."""
        return self.keys.get(key, {}).get(value, value)

    def table(self, name):
        return next((t for t in self.tables if t.name == name), None)

    # ---- declared builds -------------------------------------------------------------------

    def builds(self):
        """The names of the builds of a commit, in declared order: one per [[objects]] group
        with its own `build` (each recorded on its own: a fleet's job, a slice of the
        commit's record), else [None]: the tree's one `build`, recorded as a whole."""
        return [g.name for g in self.groups if g.build] or [None]

    def for_build(self, name):
        """The project as one declared build sees it: its command, its group of objects."""
        if name is None:
            return self
        group = next((g for g in self.groups if g.build and g.name == name), None)
        if group is None:
            raise BwError("%s declares no build %r (its builds: %s)" % (
                self.path, name, ", ".join(n for n in self.builds() if n)))
        one = copy.copy(self)
        one.build, one.groups, one.build_name = group.build, [group], name
        return one


def expand(root, patterns):
    """Files under root matching the globs, relative to root, sorted."""
    import glob
    found = set()
    for pattern in patterns:
        for path in glob.glob(os.path.join(root, pattern), recursive=True):
            if os.path.isfile(path):
                found.add(os.path.relpath(path, root))
    return sorted(found)


# ---- loading and validation ----------------------------------------------------------------

def _strings(src, keys, value, one_ok=True):
    if one_ok and isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise src.error(keys, "%s must be %sa list of strings" % (keys[-1], "a string or " if one_ok else ""))
    return value


def _type(src, keys, value, want, name):
    if not isinstance(value, want) or isinstance(value, bool) and want is not bool:
        raise src.error(keys, "%s must be %s" % (keys[-1], name))
    return value


def _known(src, keys, table, allowed, what):
    for k in table:
        if k not in allowed:
            raise src.error(tuple(keys) + (k,), "unknown key %r in %s (known: %s)"
                            % (k, what, ", ".join(allowed)))


TOP = ("build", "build_timeout", "ccache_log", "sources", "paths", "keys", "manifest", "objects",
       "table", "history", "image")
HISTORY = ("noise_bytes", "noise_pct")
IMAGE = ("discard", "defaults")
# The noise floor of the history's moves: (bytes, percent of the previous value).
DEFAULT_NOISE = (8, 0.5)
GROUP = ("glob", "exclude", "root", "kbuild", "config", "coordinate", "build", "name")
TABLE = ("name", "title", "where", "config_values", "group_by", "subject", "reference", "note",
         "quote", "stack", "row", "release_objects", "release_image")
ROW = ("name", "objects", "published", "published_total", "requires", "why", "release")


def _coordinate(src, keys, d, declared):
    allowed = COORD_FIELDS + tuple(declared)
    _known(src, keys, d, allowed, "a coordinate (declare extra keys under [keys])")
    for k, v in d.items():
        _type(src, tuple(keys) + (k,), v, str, "a string")
    return d


def _where(src, keys, d, declared):
    allowed = COORD_FIELDS + ("object",) + tuple(declared)
    _known(src, keys, d, allowed, "a coordinate filter")
    out = {}
    for k, v in d.items():
        out[k] = _strings(src, tuple(keys) + (k,), v)
    return out


def _config_values(src, keys, d):
    for k, v in d.items():
        if not k.startswith(CONFIG_OPTION):
            raise src.error(tuple(keys) + (k,), "%s is not a CONFIG_ option" % k)
        _type(src, tuple(keys) + (k,), v, str, "a string (y, n, a number ...)")
    return d


def _table(src, i, d, declared):
    keys = ("table", i)
    _known(src, keys, d, TABLE, "[[table]]")
    if "name" not in d:
        raise src.error(keys, "[[table]] %d has no name" % (i + 1))
    for k in ("name", "title", "subject", "reference", "note", "quote", "release_image"):
        if k in d:
            _type(src, keys + (k,), d[k], str, "a string")
    d["where"] = _where(src, keys + ("where",), _type(src, keys + ("where",), d.get("where", {}),
                                                      dict, "a table"), declared)
    _config_values(src, keys + ("config_values",),
                   _type(src, keys + ("config_values",), d.get("config_values", {}), dict, "a table"))
    if "group_by" in d:
        _strings(src, keys + ("group_by",), d["group_by"], one_ok=False)
    if "stack" in d:
        _strings(src, keys + ("stack",), d["stack"], one_ok=False)
    if "release_objects" in d:
        d["release_objects"] = _strings(src, keys + ("release_objects",), d["release_objects"])
    rows = _type(src, keys + ("row",), d.get("row", []), list, "an array of [[table.row]]")
    for j, r in enumerate(rows):
        rk = keys + ("row", j)
        _known(src, rk, r, ROW, "[[table.row]]")
        for k in ("name", "objects"):
            if k not in r:
                raise src.error(rk, "[[table.row]] %d has no %s" % (j + 1, k))
        _type(src, rk + ("name",), r["name"], str, "a string")
        r["objects"] = _strings(src, rk + ("objects",), r["objects"])
        for p in _type(src, rk + ("published",), r.get("published", []), list, "a list"):
            if not (isinstance(p, list) and len(p) == 4 and isinstance(p[0], str)
                    and all(isinstance(x, int) and not isinstance(x, bool) for x in p[1:])):
                raise src.error(rk + ("published",),
                                "published entries are [object, text, data, bss]")
        if "published_total" in r:
            _type(src, rk + ("published_total",), r["published_total"], int, "an integer")
        _config_values(src, rk + ("requires",), _type(src, rk + ("requires",), r.get("requires", {}),
                                                      dict, "a table {CONFIG_X = \"value\"}"))
        for k in ("why", "release"):
            if k in r:
                _type(src, rk + (k,), r[k], str, "a string")
    names = [r["name"] for r in rows]
    if d.get("subject") and d["subject"] not in names:
        raise src.error(keys + ("subject",), "subject %r is not one of the rows (%s)"
                        % (d["subject"], ", ".join(names)))
    return TableSpec(d)


def _check_builds(src, p, data):
    """Declared builds: every group has one or none has; named, each name once; no top-level
    build or manifest beside them (what would they build, and for which build?)."""
    declared = [i for i, g in enumerate(p.groups) if g.build]
    if not declared:
        return
    for i, g in enumerate(p.groups):
        gk = ("objects", i)
        if not g.build:
            raise src.error(gk, "[[objects]] %d has no build, but other groups declare their "
                                "own: every group declares its build, or none does" % (i + 1))
        if not g.name:
            raise src.error(gk, "[[objects]] %d declares a build without a name (give name = "
                                "\"...\", or kbuild or root)" % (i + 1))
        if any(o.name == g.name for o in p.groups[:i]):
            raise src.error(gk + ("build",), "build %r is declared twice" % g.name)
    for k in ("build", "manifest"):
        if k in data:
            raise src.error((k,), "%s and [[objects]] groups with their own build exclude each "
                                  "other" % k)


def load(path=None, root=None):
    """The project: path, else <root>/bloatwatch.toml, else the defaults."""
    if path is None and root is not None:
        candidate = os.path.join(root, "bloatwatch.toml")
        if os.path.exists(candidate):
            path = candidate
    p = Project(path, root)
    if path is None:
        return p
    src = TomlFile(path)
    data = src.data
    _known(src, (), data, TOP, path)
    if "build" in data:
        p.build = _type(src, ("build",), data["build"], str, "a string (a shell command)")
    if "build_timeout" in data:
        p.build_timeout = _type(src, ("build_timeout",), data["build_timeout"], int,
                                "an integer (seconds)")
    if "ccache_log" in data:
        p.ccache_log = _type(src, ("ccache_log",), data["ccache_log"], str, "a string (a path)")
    p.sources = _strings(src, ("sources",), data.get("sources", []))
    p.paths = _strings(src, ("paths",), data.get("paths", []))
    p.manifests = _strings(src, ("manifest",), data.get("manifest", []))
    keys = _type(src, ("keys",), data.get("keys", {}), dict, "a table of extra coordinate keys")
    for k, v in keys.items():
        if k in COORD_FIELDS + ("object", "label"):
            raise src.error(("keys", k), "%s is a built-in coordinate field, not an extra key" % k)
        v = _type(src, ("keys", k), v, dict, "a table (labels = {value = \"label\"})")
        _known(src, ("keys", k), v, ("labels",), "[keys.%s]" % k)
        labels = _type(src, ("keys", k, "labels"), v.get("labels", {}), dict, "a table")
        for value, label in labels.items():
            _type(src, ("keys", k, "labels", value), label, str, "a string")
        p.keys[k] = dict(labels)
    groups = _type(src, ("objects",), data.get("objects", []), list, "an array of [[objects]]")
    if groups or p.manifests:
        p.groups = []
    for i, g in enumerate(groups):
        gk = ("objects", i)
        if not isinstance(g, dict):
            raise src.error(("objects",), "objects is an array of [[objects]] tables "
                                          "(glob = [...], root = ...), not a list of globs")
        _known(src, gk, g, GROUP, "[[objects]]")
        if "glob" not in g:
            raise src.error(gk, "[[objects]] %d has no glob" % (i + 1))
        for k in ("root", "kbuild", "config"):
            if k in g:
                _type(src, gk + (k,), g[k], str, "a string (a path)")
        for k in ("build", "name"):
            if k in g:
                _type(src, gk + (k,), g[k], str, "a string")
        if "root" in g and "kbuild" in g:
            raise src.error(gk + ("root",), "root and kbuild exclude each other (a Kbuild tree "
                                            "is its own root)")
        coord = _coordinate(src, gk + ("coordinate",), _type(
            src, gk + ("coordinate",), g.get("coordinate", {}), dict, "a table"), p.keys)
        p.groups.append(Group(_strings(src, gk + ("glob",), g["glob"]),
                              _strings(src, gk + ("exclude",), g.get("exclude", [])),
                              g.get("root"), g.get("kbuild"), g.get("config"), coord,
                              "%s:%d" % (path, src.line(gk + ("glob",))),
                              g.get("build"), g.get("name", g.get("kbuild", g.get("root")))))
    _check_builds(src, p, data)
    hist = _type(src, ("history",), data.get("history", {}), dict, "a table ([history])")
    _known(src, ("history",), hist, HISTORY, "[history]")
    noise = list(DEFAULT_NOISE)
    for i, k in enumerate(HISTORY):
        if k in hist:
            v = hist[k]
            if isinstance(v, bool) or not isinstance(v, (int, float) if i else int) or v < 0:
                raise src.error(("history", k), "%s must be %s" % (
                    k, "a number >= 0 (percent)" if i else "an integer >= 0 (bytes)"))
            noise[i] = v
    p.noise = tuple(noise)
    image = _type(src, ("image",), data.get("image", {}), dict, "a table ([image])")
    _known(src, ("image",), image, IMAGE, "[image]")
    p.discard = list(_strings(src, ("image", "discard"), image.get("discard", [])))
    if "defaults" in image:
        p.discard_defaults = _type(src, ("image", "defaults"), image["defaults"], bool,
                                   "true or false")
    tables = _type(src, ("table",), data.get("table", []), list, "an array of [[table]]")
    p.tables = [_table(src, i, t, p.keys) for i, t in enumerate(tables)]
    return p
