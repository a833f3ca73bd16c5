# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch diff A B`: two recorded sides compared (compare.diff) and printed as text.

A side is REV or REV:ARCH/COMPILER/LABEL (fields may be `*`).  Objects are paired on the
coordinate fields a side does not fix, so `HEAD:arm/gcc/TREE01 HEAD:arm/clang/TREE01`
compares two builds of one commit object by object.  Each symbol block is what the kernel's
scripts/bloat-o-meter prints for the pair it names first.
"""
from types import SimpleNamespace

from .. import gitrepo
from ..db import query
from ..db.ingest import parse_keys
from ..errors import BwError
from ..render.cells import Delta, Percent
from ..render.text import table_text
from . import diff, tables

SIDE_FIELDS = ("arch", "compiler", "label")


def parse_side(spec):
    rev, sep, coord = spec.partition(":")
    fixed = {}
    if sep:
        parts = coord.split("/")
        if len(parts) > len(SIDE_FIELDS) or not coord:
            raise BwError("%s: a build is REV:ARCH[/COMPILER[/LABEL]]" % spec)
        for f, v in zip(SIDE_FIELDS, parts):
            if v and v != "*":
                fixed[f] = v
    return rev, fixed


def side(history, repo, spec, filters, discards=None):
    """(commit, fixed fields, {coord_id: object}) of one side; objects carry the bytes of
    their sections in `discards` (discarded) and their image total."""
    rev, fixed = parse_side(spec)
    commit = query.resolve(history.store, rev, gitrepo.finder(repo))
    if commit["status"] != "ok":
        raise BwError("%s (%s): the build failed at this commit, nothing to compare"
                      % (spec, commit["sha"][:12]))
    f = dict(filters)
    for k, v in fixed.items():
        f[k] = [v]
    coords = query.coordinates(history.store, f)
    objs = {r["coord_id"]: SimpleNamespace(**r) for r in history.footprint(commit["id"], discards)
            if r["coord_id"] in coords}
    return commit, fixed, coords, objs


def run(history, repo, a_spec, b_spec, filters, show_all=False, symbols=True, discards=None):
    """The diff report, as text; with `discards` (discards.py), the image's figures beside
    size's where sections the final link drops are present."""
    a_commit, a_fixed, a_coords, a_objs = side(history, repo, a_spec, filters, discards)
    b_commit, b_fixed, b_coords, b_objs = side(history, repo, b_spec, filters, discards)
    if set(a_fixed) != set(b_fixed):
        raise BwError("both sides must fix the same coordinate fields (%s vs %s)"
                      % ("/".join(a_fixed) or "none", "/".join(b_fixed) or "none"))
    free = [i for i, f in enumerate(("arch", "compiler", "label", "keys", "object"))
            if f not in a_fixed]

    def keyed(coords, objs):
        return {tuple(coords[c][i] for i in free): o for c, o in objs.items()}

    old, new = keyed(a_coords, a_objs), keyed(b_coords, b_objs)
    if not old and not new:
        query.require_coordinates(history.store, filters)   # names a filter matching nothing
        raise BwError("no recorded objects match on either side")
    show = shower(free, set(old) | set(new))
    d = diff.compute(old, new, history,
                     where=lambda k: show(k).rsplit("/", 1)[0] if "/" in show(k) else show(k))
    out = ["diff %s (%s) -> %s (%s)" % (a_spec, query.label(a_commit), b_spec,
                                        query.label(b_commit)), ""]
    out.append("Objects: %d compared, %d differ; total %d -> %d (%s, %s)" % (
        d.compared, len(d.objects), d.total_old, d.total_new,
        Delta(d.total_new - d.total_old).text(), Percent.change(d.total_old, d.total_new).text() or "n/a"))
    image = [sum(o.image for o in objs.values()) for objs in (old, new)]
    if image != [d.total_old, d.total_new]:
        out[-1] += "; image %d -> %d (%s)" % (image[0], image[1], Delta(image[1] - image[0]).text())
    listed = d.objects
    if show_all:
        changed = {c.key for c in d.objects}
        listed = d.objects + [diff.ObjectChange(k, old[k], new[k]) for k in sorted(set(old) & set(new))
                              if k not in changed]
    if listed:
        out += ["", text(tables.objects_table(listed, show))]
    if symbols:
        for b in d.symbols:
            others = [show(k) for k in b.keys[1:]]
            title = show(b.keys[0]) + (" (the same moves: %s)" % ", ".join(others) if others else "")
            out += ["", "== %s ==" % title] + b.lines
    if d.structs:
        out += ["", "Structs:", text(tables.structs_table(d.structs, show))]
    if d.config:
        out += ["", "CONFIG values:", text(tables.config_table(d.config))]
    added, removed = diff.usage_changes(query.config_uses(history.store, a_commit["id"]),
                                        query.config_uses(history.store, b_commit["id"]))
    if added or removed:
        out += ["", "CONFIG usage:", text(tables.usage_table(added, removed))]
    return "\n".join(out) + "\n"


def text(table):
    return table_text(table, rule=False).rstrip("\n")


def shower(free, keys):
    """key -> 'arm/gcc/TREE01/rcutree.o': the free fields, extra key values only where the
    object names alone would not tell two keys apart."""
    pos = {f: free.index(i) for f, i in (("keys", 3),) if i in free}
    drop = "keys" in pos and len({tuple(x for j, x in enumerate(k) if j != pos["keys"])
                                  for k in keys}) == len(keys)

    def show(key):
        parts = []
        for j, x in enumerate(key):
            if "keys" in pos and j == pos["keys"]:
                if not drop:
                    parts += [v for _, v in sorted(parse_keys(x).items())]
                continue
            parts.append(x)
        return "/".join(parts)
    return show
