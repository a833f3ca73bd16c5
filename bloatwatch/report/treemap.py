# SPDX-License-Identifier: GPL-2.0
"""Where the bytes go: the treemaps' trees (a build's folders -> objects -> sections ->
symbols; a diff's builds -> folders -> objects -> symbols that moved), their data scripts for
the HTML pages, and the same tree cut to a table for footprint.txt/.md.

Everything comes from the database through Data: folders are the rollup's (model.rollup), an
object's figures are size(1)'s (its loaded sections by Berkeley bucket, code and read-only data
told apart by section name), a diff's moves are bloat-o-meter's (compare.diff's tables). The
page draws with d3-hierarchy's squarified layout (Debian's node-d3-hierarchy), copied into the
site: nothing is fetched when the page is viewed.
"""
import json
import os
from dataclasses import dataclass, field

from . import STATIC, model
from ..compare import bloat
from ..errors import BwError
from ..render.cells import Bytes, Strong, Text
from ..render.table import Column, Table
from .output import slug

# Where d3-hierarchy's browser build is found: Debian's package first, then an npm install.
D3_HIERARCHY = ("/usr/share/nodejs/d3-hierarchy/dist/d3-hierarchy.min.js",
                "/usr/lib/node_modules/d3-hierarchy/dist/d3-hierarchy.min.js",
                "/usr/local/lib/node_modules/d3-hierarchy/dist/d3-hierarchy.min.js")
SCRIPTS = ("js/d3-hierarchy.min.js", "js/treemap.js")
DATA = "treemap"            # the site's folder of data scripts, one per treemap
CLASSES = ("text", "rodata", "data", "bss")
CLASS_NAMES = {"text": "code", "rodata": "read-only data", "data": "data", "bss": "bss"}
# Sections of size's text bucket that hold code; the rest of the bucket is read-only data.
CODE = (".text", ".init", ".fini", ".plt", ".iplt", ".plt.got", ".plt.sec", ".noinstr",
        ".entry", ".sched", ".cpuidle", ".kprobes", ".ref", ".head", ".exit", ".fixup")
KIND_CODES = {"build": "b", "folder": "f", "object": "o", "section": "s", "symbol": "y",
              "rest": "r"}
TEXT_ROWS = 40              # the text equivalent's budget of rows


def section_class(name, bucket):
    """text (code) | rodata | data | bss for a loaded section; None for one not loaded."""
    if bucket != "text":
        return bucket if bucket in ("data", "bss") else None
    parts = name.lstrip(".").split(".")
    code = any(name == c or name.startswith(c + ".") for c in CODE) or "text" in parts
    return "text" if code else "rodata"


@dataclass
class Node:
    """A box of a treemap: a build, folder, object, section, symbol, or the bytes of a section
    (of a diff: of an object) that no sized symbol covers."""
    name: str
    kind: str                   # build | folder | object | section | symbol | rest
    cls: str = ""               # a section's class, inherited by its symbols
    size: int = 0               # a section's or symbol's bytes; a diff leaf's signed delta
    weight: float = None        # area when it is not size (aliased symbols overfill a section)
    figures: list = None        # internal nodes: [text, rodata, data, bss] or [up, down]
    children: list = field(default_factory=list)
    count: int = 0              # objects below

    def total(self, diff=False):
        if self.figures is None:
            return abs(self.size) if diff else self.size
        return self.figures[0] - self.figures[1] if diff else sum(self.figures)

    def encode(self):
        """The compact JSON the page reads (static/treemap.js)."""
        d = {"n": self.name, "t": KIND_CODES[self.kind]}
        if self.cls:
            d["k"] = self.cls
        if self.figures is None:
            d["s"] = self.size
        else:
            d["f"] = self.figures
            d["o"] = self.count
        if self.weight is not None:
            d["w"] = round(self.weight, 3)
        if self.children:
            d["c"] = [c.encode() for c in self.children]
        return d


def _sorted(nodes, diff=False):
    return sorted(nodes, key=lambda n: (-abs(n.total(diff)), n.name))


# ---- a build: folders -> objects -> sections -> symbols -----------------------------------

def object_node(o, sections, symbols):
    """An object's box: its loaded sections (sections of one name merged, as COMDAT groups
    repeat them), each holding its sized symbols and what no symbol covers."""
    secs = {}
    for r in sorted(sections, key=lambda r: r["seq"]):
        cls = section_class(r["section"], r["bucket"])
        if cls is None:
            continue
        s = secs.setdefault(r["section"], Node(r["section"], "section", cls))
        s.size += r["size"]
    syms = {}
    for r in symbols:
        if r["section"] in secs and r["size"] > 0:
            syms.setdefault(r["section"], []).append(r)
    figures = [0, 0, 0, 0]
    for s in secs.values():
        figures[CLASSES.index(s.cls)] += s.size
        rows = sorted(syms.get(s.name, []), key=lambda r: (-r["size"], r["raw_name"]))
        covered = sum(r["size"] for r in rows)
        scale = s.size / covered if covered > s.size else None
        s.children = [Node(r["demangled"] or r["raw_name"], "symbol", s.cls, r["size"],
                           r["size"] * scale if scale is not None else None) for r in rows]
        if covered < s.size and s.children:
            s.children.append(Node("(in no sized symbol)", "rest", s.cls, s.size - covered))
    # Whatever size(1) counts that no recorded section explains (a database recorded without
    # sections) is its own box, so that an object's area is always its size(1) total.
    for cls, want in (("text", o.text - figures[0] - figures[1]), ("data", o.data - figures[2]),
                      ("bss", o.bss - figures[3])):
        if want > 0:
            secs["(%s outside the recorded sections)" % cls] = Node(
                "(%s outside the recorded sections)" % cls, "rest", cls, want)
            figures[CLASSES.index(cls)] += want
    return Node(o.name, "object", figures=figures, count=1,
                children=_sorted([s for s in secs.values() if s.size > 0]))


def _folders(folder, leaf, diff=False):
    """A model.rollup Folder as Nodes: its subfolders, then its objects (leaf(o))."""
    kids = [_folders(c, leaf, diff) for c in folder.children.values()]
    kids += [leaf(o) for o in folder.leaves]
    kids = [k for k in kids if k.total(diff) or k.children]
    width = 2 if diff else 4
    figures = [sum(k.figures[i] if k.figures is not None else 0 for k in kids)
               for i in range(width)]
    return Node(folder.name, "folder", figures=figures, children=_sorted(kids, diff),
                count=sum(k.count for k in kids))


def build_tree(data, build, objs=None):
    """The tree of one build (arch, compiler, label) at the report's commit (objs: its
    objects, when the caller has them at hand)."""
    if objs is None:
        objs = [o for o in data.objects if o.build == build]
    root = _folders(model.rollup(objs),
                    lambda o: object_node(o, data.sections.get(o.coord, []),
                                          data.symbols.get(o.coord, [])))
    root.name, root.kind = model.build_name(build), "build"
    return root


def main_build(data):
    """The build the overview opens with and the text report details: the largest."""
    per = {}
    for o in data.objects:
        per[o.build] = per.get(o.build, 0) + o.total
    return min(per, key=lambda b: (-per[b], model.build_name(b))) if per else None


# ---- a linked image: source folders -> symbols ---------------------------------------------

# nm's letters by class (bloat-o-meter's tables: t code, r read-only data, d data, b bss).
LETTER_CLASS = {"t": "text", "w": "text", "r": "rodata", "d": "data", "v": "data", "b": "bss"}


def image_tree(name, folder_bytes, symbols, folders):
    """The tree of one linked image by source folder (compare.folders.rollup rows, its
    OUTSIDE row included): folders nested by path, each holding the sized symbols of its own
    units (query.symbols rows and their folders, in the same order) and what of its bytes no
    symbol covers."""
    root = Node(name, "build", figures=[0, 0, 0, 0])
    nodes = {"": root}

    def node(path):
        if path not in nodes:
            parent, _, leaf = path.rpartition("/")
            nodes[path] = Node(leaf, "folder", figures=[0, 0, 0, 0], count=1)
            node(parent).children.append(nodes[path])
        return nodes[path]
    from ..compare.folders import OUTSIDE
    covered = {}
    for (raw, letter, size, *_), f in zip(symbols, folders):
        cls = LETTER_CLASS.get(letter.lower())
        if cls is None or size <= 0:
            continue
        f = f or OUTSIDE
        node(f).children.append(Node(raw, "symbol", cls, size))
        c = covered.setdefault(f, [0, 0, 0])
        c[0 if cls in ("text", "rodata") else 1 if cls == "data" else 2] += size
    for fb in folder_bytes:
        c = covered.get(fb.folder, [0, 0, 0])
        for i, (cls, have) in enumerate((("text", fb.text), ("data", fb.data), ("bss", fb.bss))):
            if have > c[i]:
                node(fb.folder).children.append(
                    Node("(in no sized symbol)", "rest", cls, have - c[i]))

    def total(n):
        for k in n.children:
            if k.figures is None:
                n.figures[CLASSES.index(k.cls)] += k.size
            else:
                total(k)
                n.figures = [a + b for a, b in zip(n.figures, k.figures)]
        n.children = _sorted(n.children)
    total(root)
    return root


# ---- a diff: builds -> folders -> objects -> symbols that moved ----------------------------

@dataclass
class _Moved:
    """An object change as model.rollup sees an object: its name (for the folders)."""
    object: str
    change: object
    text: int = 0
    data: int = 0
    bss: int = 0
    total: int = 0


def moves_node(change, tables, source):
    """The symbols one changed object added, removed or resized (bloat-o-meter's rows), and
    what of its size(1) delta no symbol explains."""
    table = tables.get(change.key)
    if table is None:
        old = source.symbols_of(change.old.analysis_id) if change.old else []
        new = source.symbols_of(change.new.analysis_id) if change.new else []
        table = bloat.tables(old, new)[0]
    kids = [Node(table.show(name), "symbol", size=delta) for delta, name in table.rows]
    rest = change.delta("total") - table.net
    if rest:
        kids.append(Node("(outside bloat-o-meter's symbols)", "rest", size=rest))
    up = sum(k.size for k in kids if k.size > 0)
    down = -sum(k.size for k in kids if k.size < 0)
    how = "" if change.old and change.new else " (new)" if change.new else " (removed)"
    keys = model.keys_label(change.key[3])
    name = "%s%s%s" % (change.key[4], " (%s)" % keys if keys else "", how)
    return Node(name, "object", figures=[up, down], count=1,
                children=_sorted(kids, True))


def diff_tree(d, source):
    """The tree of a diff page (report/diffs.Diff): None when no byte moved."""
    tables = {k: b.table for b in d.symbols for k in b.keys}
    builds = {}
    for c in d.objects:
        builds.setdefault(c.key[:3], []).append(_Moved(c.key[4], c))
    kids = []
    for b, moved in sorted(builds.items()):
        node = _folders(model.rollup(moved), lambda m: moves_node(m.change, tables, source), True)
        node.name, node.kind = model.build_name(b), "build"
        kids.append(node)
    kids = [k for k in kids if k.children]
    if not kids:
        return None
    if len(kids) == 1:
        return kids[0]
    return Node("every build", "build", figures=[sum(k.figures[0] for k in kids),
                                                 sum(k.figures[1] for k in kids)],
                children=_sorted(kids, True), count=sum(k.count for k in kids))


# ---- the site's files --------------------------------------------------------------------

def d3_source():
    for path in D3_HIERARCHY:
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return f.read()
    raise BwError("d3-hierarchy not found (looked for %s): install Debian's node-d3-hierarchy "
                  "(make deps), or d3-hierarchy from npm" % ", ".join(D3_HIERARCHY))


def write_scripts(tree):
    """The scripts every treemap page loads, into the site's js/ folder."""
    tree.write(SCRIPTS[0], d3_source())
    with open(os.path.join(STATIC, "treemap.js"), encoding="utf-8") as f:
        tree.write(SCRIPTS[1], f.read())


def write_data(tree, ident, node, diff):
    """treemap/<ident>.js: the tree, handed to bwTreemap.load (ident is a slug)."""
    rel = "%s/%s.js" % (DATA, ident)
    payload = json.dumps({"id": ident, "diff": diff, "tree": node.encode()},
                         separators=(",", ":"), sort_keys=True)
    tree.write(rel, "bwTreemap.load(%s);\n" % payload)
    return rel


def build_ident(build):
    return "build-" + slug(model.build_name(build).replace("/", "-"))


def diff_ident(label):
    return "diff-" + slug(label)


# ---- the text equivalent -----------------------------------------------------------------

def figures_text(node):
    f = node.figures
    return ("%d bytes: code %d, read-only data %d (size's text %d), data %d, bss %d"
            % (sum(f), f[0], f[1], f[0] + f[1], f[2], f[3]))


def text_table(node, rows=TEXT_ROWS, share=0.02):
    """The tree largest first, as far down as a box holds `share` of the build: each level's
    boxes above that share, the rest of a level summed in one row, `rows` rows at most."""
    total = node.total() or 1
    t = Table("Where the bytes go: %s (%s)" % (node.name, figures_text(node)),
              [Column("folder, object, section or symbol"), Column("class"),
               Column("bytes", "r"), Column("share", "r")])

    def row(n, depth, name=None):
        cell = Strong if n.figures is not None else Text
        t.add([cell("\u00a0\u00a0" * depth + (name or n.name)),
               Text(CLASS_NAMES.get(n.cls, "")), Bytes(n.total()),
               Text("%.1f%%" % (100.0 * n.total() / total))])

    def walk(n, depth):
        rest = []
        for c in n.children:
            if c.total() >= share * total and len(t.rows) < rows:
                row(c, depth)
                walk(c, depth + 1)
            else:
                rest.append(c)
        left = sum(c.total() for c in rest)
        if left:
            t.add([Text("\u00a0\u00a0" * depth + "(%d more)" % len(rest)), Text(""),
                   Bytes(left), Text("%.1f%%" % (100.0 * left / total))])

    row(node, 0, "(all objects)")
    walk(node, 1)
    t.notes.append("Each box's bytes are size(1)'s (text is code plus read-only data); a section's "
                   "symbols are nm's sized symbols, and what they do not cover is listed as such. "
                   "The HTML overview draws every build as a treemap.")
    return t


def text_section(data):
    """footprint.txt/.md's 'Where the bytes go': the largest build's tree as a table."""
    b = main_build(data)
    if b is None:
        return []
    items = [text_table(build_tree(data, b))]
    others = len({o.build for o in data.objects}) - 1
    if others:
        items.append("The largest of %d builds; the HTML overview's treemap shows each of them."
                     % (others + 1))
    return items
