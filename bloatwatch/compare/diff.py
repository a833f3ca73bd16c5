# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch diff A B`: objects, symbols (bloat-o-meter's grammar), structs and CONFIG.

A side is REV or REV:ARCH/COMPILER/SCENARIO (fields may be `*`).  Objects are matched on
the coordinate fields a side does not fix, so `HEAD:arm/gcc/TREE01 HEAD:arm/clang/TREE01`
compares two builds of one commit object by object.
"""
from ..db import query
from ..render import render
from ..errors import BwError

SIDE_FIELDS = ("arch", "compiler", "scenario")


def parse_side(spec):
    rev, sep, coord = spec.partition(":")
    fixed = {}
    if sep:
        parts = coord.split("/")
        if len(parts) > len(SIDE_FIELDS) or not coord:
            raise BwError("%s: a build is REV:ARCH[/COMPILER[/SCENARIO]]" % spec)
        for f, v in zip(SIDE_FIELDS, parts):
            if v and v != "*":
                fixed[f] = v
    return rev, fixed


def side_builds(store, repo, spec, filters):
    rev, fixed = parse_side(spec)
    commit = query.resolve(store, repo, rev)
    if commit["status"] != "ok":
        raise BwError("%s (%s): the build failed at this commit, nothing to compare"
                      % (spec, commit["sha"][:12]))
    f = dict(filters)
    for k, v in fixed.items():
        f[k] = [v]
    coords = query.coordinates(store, f)
    return commit, fixed, coords, query.builds_of(store, commit["id"], coords)


def bloat_o_meter(old, new, top=None):
    """bloat-o-meter's report of two {name: size} maps: (lines, net, more).  With `top`,
    only the `top` largest moves are listed and `more` counts the changed names left out."""
    add = remove = grow = shrink = up = down = 0
    moves = []
    for name in set(old) | set(new):
        d = new.get(name, 0) - old.get(name, 0)
        if d == 0:
            continue
        if name not in old:
            add += 1
        elif name not in new:
            remove += 1
        elif d > 0:
            grow += 1
        else:
            shrink += 1
        if d > 0:
            up += d
        else:
            down += d
        moves.append((d, name))
    more = 0
    if top is not None and len(moves) > top:
        moves.sort(key=lambda m: (-abs(m[0]), m[1]))
        more, moves = len(moves) - top, moves[:top]
    moves.sort(key=lambda m: (-m[0], m[1]))
    lines = ["add/remove: %d/%d grow/shrink: %d/%d up/down: %d/%d (%d)"
             % (add, remove, grow, shrink, up, down, up + down),
             "%-40s %7s %7s %+7s" % ("Function", "old", "new", "delta")]
    for d, name in moves:
        lines.append("%-40s %7s %7s %+7d" % (name, old.get(name, "-"), new.get(name, "-"), d))
    otot, ntot = sum(old.values()), sum(new.values())
    change = 100.0 * (ntot - otot) / otot if otot else 0.0
    lines.append("Total: Before=%d, After=%d, chg %+.2f%%" % (otot, ntot, change))
    return lines, up + down, more


def run(store, repo, a_spec, b_spec, filters, show_all=False, symbols=True):
    """The diff report, as text."""
    a_commit, a_fixed, a_coords, a_builds = side_builds(store, repo, a_spec, filters)
    b_commit, b_fixed, b_coords, b_builds = side_builds(store, repo, b_spec, filters)
    if set(a_fixed) != set(b_fixed):
        raise BwError("both sides must fix the same coordinate fields (%s vs %s)"
                      % ("/".join(a_fixed) or "none", "/".join(b_fixed) or "none"))
    free = [i for i, f in enumerate(query.FIELDS) if f not in a_fixed]
    variant = free.index(query.FIELDS.index("variant"))

    def show(key):   # the object name already says the variant
        return "/".join(k for i, k in enumerate(key) if i != variant)

    def keyed(coords, builds):
        return {tuple(coords[c][i] for i in free): (c, builds[c]) for c in builds}

    old, new = keyed(a_coords, a_builds), keyed(b_coords, b_builds)
    if not old and not new:
        raise BwError("no recorded objects match on either side")
    sz = query.sizes(store, [v[1][0] for v in list(old.values()) + list(new.values())])
    out = ["diff %s (%s) -> %s (%s)" % (a_spec, query.label(a_commit), b_spec,
                                         query.label(b_commit)), ""]
    keys = sorted(set(old) | set(new))

    def aid(side, k):
        return side[k][1][0] if k in side else None

    differ = [k for k in keys if aid(old, k) != aid(new, k)]
    total_old = sum(sz[aid(old, k)][3] for k in keys if k in old)
    total_new = sum(sz[aid(new, k)][3] for k in keys if k in new)
    out.append("Objects: %d compared, %d differ; total %d -> %d (%s, %s)" % (
        len(keys), len(differ), total_old, total_new, render.signed(total_new - total_old),
        render.pct(total_old, total_new) or "n/a"))
    rows, changed = [], []
    for key in (keys if show_all else differ):
        o = sz[aid(old, key)] if key in old else (None,) * 4
        n = sz[aid(new, key)] if key in new else (None,) * 4
        cells = [show(key)]
        cells += [render.signed((n[i] or 0) - (o[i] or 0)) for i in range(3)]
        cells += ["-" if o[3] is None else o[3], "-" if n[3] is None else n[3],
                  render.signed((n[3] or 0) - (o[3] or 0)), render.pct(o[3], n[3])]
        rows.append(cells)
        if key in old and key in new and aid(old, key) != aid(new, key):
            changed.append((key, old[key], new[key]))
    if rows:
        out.append("")
        out.append(render.table(["object", "text", "data", "bss", "total", "new", "delta", "%"],
                                rows, right=set(range(1, 8))).rstrip("\n"))
    if symbols and changed:
        for key, o, n in changed:
            lines, _, _ = bloat_o_meter(query.symbol_sizes(store, o[1][0]),
                                        query.symbol_sizes(store, n[1][0]))
            if len(lines) > 3:   # some symbol changed (else only sections or structs did)
                out += ["", "== %s ==" % show(key)] + lines
    out += structs_section(store, changed, show)
    out += config_section(store, old, new, a_commit, b_commit, show)
    return "\n".join(out) + "\n"


def structs_section(store, changed, show):
    """Struct layouts that differ, each distinct change listed once with the objects it hits."""
    groups = {}
    for key, o, n in changed:
        lo, ln = query.layouts_of(store, o[1][0]), query.layouts_of(store, n[1][0])
        for sk in set(lo) | set(ln):
            a, b = lo.get(sk), ln.get(sk)
            if a and b and a[0] == b[0]:
                continue
            groups.setdefault((sk, a, b), []).append(show(key))
    if not groups:
        return []
    rows = []
    for (sk, a, b), objs in sorted(groups.items(), key=lambda g: (g[0][0], str(g[0][1]), str(g[0][2]))):
        name = "%s %s" % (sk[1], sk[0])
        members = ""
        if a and b:
            members = member_changes(query.members(store, a[0]), query.members(store, b[0]))
        rows.append([name, a[1] if a else "-", b[1] if b else "-",
                     render.signed((b[1] if b else 0) - (a[1] if a else 0)),
                     a[2] if a else "-", b[2] if b else "-", a[3] if a else "-",
                     b[3] if b else "-", members,
                     objs[0] + (" (+%d more)" % (len(objs) - 1) if len(objs) > 1 else "")])
    return ["", "Structs:", render.table(
        ["struct", "size", "new", "delta", "holes", "new", "padding", "new", "members changed",
         "objects"], rows, right={1, 2, 3, 4, 5, 6, 7}).rstrip("\n")]


def member_changes(old, new):
    """Members added (+), removed (-), moved or resized, or retyped (name: old -> new type)."""
    a = {m[0]: m for m in old}
    b = {m[0]: m for m in new}
    out = ["+" + n for n in b if n not in a] + ["-" + n for n in a if n not in b]
    for n in a:
        if n in b and a[n] != b[n]:
            if a[n][1:3] != b[n][1:3]:
                out.append("%s@%d:%d->@%d:%d" % (n, a[n][1], a[n][2], b[n][1], b[n][2]))
            else:
                out.append("%s: %s -> %s" % (n, a[n][3], b[n][3]))
    if not out and [m[0] for m in old] != [m[0] for m in new]:
        out.append("order")
    return ", ".join(out) or "(same members)"


def config_section(store, old, new, a_commit, b_commit, show):
    out = []
    changes = {}
    for key in set(old) & set(new):
        sa, sb = old[key][1][1], new[key][1][1]
        if sa == sb:
            continue
        ca, cb = query.config_values(store, sa), query.config_values(store, sb)
        for c in set(ca) | set(cb):
            if ca.get(c) != cb.get(c):
                changes.setdefault((c, ca.get(c), cb.get(c)), []).append(show(key).rsplit("/", 1)[0] or show(key))
    if changes:
        rows = []
        for (c, va, vb), where in sorted(changes.items(), key=lambda x: (x[0][0], str(x[0][1:]))):
            uniq = sorted(set(where))
            rows.append([c, va if va is not None else "-", vb if vb is not None else "-",
                         uniq[0] + (" (+%d more)" % (len(uniq) - 1) if len(uniq) > 1 else "")])
        out += ["", "CONFIG values:", render.table(["config", "old", "new", "builds"], rows).rstrip("\n")]
    ua, ub = query.config_uses(store, a_commit["id"]), query.config_uses(store, b_commit["id"])
    if ua != ub:
        rows = [["+", s, c] for s, c in sorted(ub - ua)] + [["-", s, c] for s, c in sorted(ua - ub)]
        out += ["", "CONFIG usage:", render.table(["", "source", "config"], rows).rstrip("\n")]
    return out
