# SPDX-License-Identifier: GPL-2.0
"""The struct pages: every layout of each object name's structs (drawn with holes, padding,
cachelines and a tighter order), and an index of every struct sorted by waste (hole bytes +
tail padding), grouped per object so that one object's structs are not buried among the
hundreds a kernel header brings."""
import collections

from . import structs, tables
from .output import slug
from ..render.cells import Bytes, Text
from ..render.table import Column, Table

TOP = 30


def url(name):
    return "structs/%s.html" % slug(name)


def waste(row):
    return (row["hole_bytes"] or 0) + (row["padding"] or 0)


def layouts(data, name):
    """{(struct, kind, declaring file or None): [layout dict]} of every struct in the objects
    named `name`: one name declared in two files is two structs."""
    rows = [r for r in data.structs if r["object"] == name]
    bits = {o.coord: o.bits for o in data.objects}
    by_layout = collections.defaultdict(list)
    for r in rows:
        by_layout[r["layout_id"]].append(r)
    members = data.members_of(list(by_layout))
    # Layouts equal in geometry (compilers spell some types differently, e.g. `long int`
    # and `long`) are drawn once, with every build that has them.
    by_shape = collections.OrderedDict()
    for lid in sorted(by_layout):
        r0 = by_layout[lid][0]
        shape = (r0["struct"], r0["kind"], r0.get("decl_file"), r0["size"], r0["holes"],
                 r0["padding"], r0["reorg_size"],
                 tuple((m["member"], m["byte_offset"], m["size"], m["bit_size"], m["bit_offset"],
                        m["reorg_seq"]) for m in members[lid]))
        by_shape.setdefault(shape, []).append(lid)
    out = collections.defaultdict(list)
    for lids in by_shape.values():
        lid = lids[0]
        rs = [r for l in lids for r in by_layout[l]]
        r0 = rs[0]
        coords = sorted({(r["arch"], r["compiler"], r["label"], r["object"]) for r in rs})
        arches = sorted({c[0] for c in coords})
        wbits = {bits.get((r["arch"], r["compiler"], r["label"], r["keys"] or "", r["object"]), 0)
                 for r in rs}
        wbits = max(wbits) if wbits else 0
        mem = structs.members_of(members[lid])
        out[(r0["struct"], r0["kind"], r0.get("decl_file"))].append(dict(
            row=r0, members=tables.members(members[lid]), drawing=structs.rows(r0["size"], mem),
            reorg=reorganized(r0, members[lid], mem, wbits, arches),
            where=where(coords), declared=declared(rs), bits=wbits, ncoords=len(coords), waste=waste(r0), lids=lids,
            anchor="s-" + slug("%s-%s-%d" % (r0["kind"], r0["struct"], lid))))
    return out


def identities(struct_layouts):
    """{(object, (struct, kind, decl_file)): identity number} for {object: layouts()}.

    A struct is its name, its layout and where it is declared, not its name alone: Tiny's
    32-byte rcu_ctrlblk (include/linux/rcutiny.h) and Classic's 640-byte one
    (include/linux/rcuclassic.h) are two structs.  The layouts table holds each layout once
    (its id stands for its content digest, the declaring file and line included), and one
    object's builds (arches, configs) give one struct several layouts; so a struct is an
    object's (name, kind, declaring file), joined with another object's when the two share a
    layout in some build (a header's struct, compiled alike)."""
    parent = {}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    owner = {}      # layout id -> the first node that has it
    for obj in sorted(struct_layouts):
        for key, ls in sorted(struct_layouts[obj].items()):
            node = (obj, key)
            parent[node] = node
            for lid in (lid for l in ls for lid in l["lids"]):
                other = owner.setdefault(lid, node)
                a, b = find(other), find(node)
                if a != b:
                    parent[max(a, b)] = min(a, b)
    roots = sorted({find(n) for n in parent})
    number = {r: i for i, r in enumerate(roots)}
    return {n: number[find(n)] for n in parent}


def labels(struct_layouts, ident):
    """{identity: 'struct rcu_ctrlblk (include/linux/rcuclassic.h, 640 bytes)'}: a name that
    stands for more than one struct carries the declaring file of each when they differ and
    the sizes of each (and the first object with it, if those are the same); a name with
    one struct is just its kind and name."""
    nodes = collections.defaultdict(list)
    for (obj, key), i in sorted(ident.items(), key=lambda x: (x[0][0], _sortable(x[0][1]))):
        nodes[i].append((obj, key))
    names = collections.defaultdict(set)
    for i, ns in nodes.items():
        names[ns[0][1][:2]].add(i)
    out = {}
    for i, ns in nodes.items():
        key = ns[0][1]
        out[i] = "%s %s" % (key[1], key[0])
        if len(names[key[:2]]) == 1:
            continue

        def sizes(j):
            return "/".join(str(s) for s in sorted({l["row"]["size"] for o, k in nodes[j]
                                                    for l in struct_layouts[o][k]}))

        def tell(j):
            f = nodes[j][0][1][2]
            return ("%s, " % f if f and len({nodes[x][0][1][2] for x in names[key[:2]]}) > 1
                    else "") + sizes(j)
        mine = tell(i)
        if sum(1 for j in names[key[:2]] if tell(j) == mine) > 1:
            mine += " bytes, as in %s" % ns[0][0]
        else:
            mine += " bytes"
        out[i] += " (%s)" % mine
    return out


def _sortable(key):
    return tuple("" if x is None else x for x in key)


def declared(rows):
    """'include/linux/rcutiny.h:17' of a layout's rows ('' when not recorded; the lines of
    one file joined when builds differ)."""
    files = collections.defaultdict(set)
    for r in rows:
        if r.get("decl_file"):
            files[r["decl_file"]].add(r.get("decl_line") or 0)
    return ", ".join("%s:%s" % (f, "/".join(str(x) for x in sorted(ls)))
                     for f, ls in sorted(files.items()))


def by_waste(structs_):
    """[((name, kind, decl_file), [layouts])] sorted by the largest waste of a layout, then
    name and declaring file."""
    return sorted(structs_.items(), key=lambda x: (-max(l["waste"] for l in x[1]),
                                                   _sortable(x[0])))


def index_table(title, items, link, limit=None):
    """A row per struct (its most wasteful layout; one row for the objects that share it,
    by identity() when the layouts carry one, and its label):
    waste, holes, padding, size, the objects, a link to its drawing."""
    t = Table(title, [Column("struct"), Column("objects"), Column("waste", "r"),
                      Column("hole bytes", "r"), Column("holes", "r"), Column("padding", "r"),
                      Column("size", "r"), Column("reorganized", "r"), Column("layouts", "r")])
    same = collections.OrderedDict()
    for k, obj, l in sorted(items, key=lambda x: (-x[2]["waste"], _sortable(x[0]), x[1])):
        same.setdefault((k, l.get("ident"), l["waste"], l["row"]["size"]), []).append((obj, l))
    rows = list(same.items())
    for ((name, kind, _), _, _, _), objs in rows[:limit]:
        obj, l = objs[0]
        r = l["row"]
        t.add([Text(l.get("label") or "%s %s" % (kind, name), href=link(obj, l["anchor"])),
               Text(", ".join(o for o, _ in objs)), Bytes(l["waste"]), Bytes(r["hole_bytes"]),
               Bytes(r["holes"]), Bytes(r["padding"]), Bytes(r["size"]), Bytes(r["reorg_size"]),
               Bytes(l["nlayouts"])])
    if limit and len(rows) > limit:
        t.notes.append("The %d with most waste of %d; every struct is listed under its object "
                       "below." % (limit, len(rows)))
    return t


def worst(name, structs_):
    """[((struct, kind, decl_file), object, most wasteful layout + nlayouts)] of one object's
    structs."""
    out = []
    for k, ls in structs_.items():
        l = dict(max(ls, key=lambda l: (l["waste"], l["row"]["size"])))
        l["nlayouts"] = len(ls)
        out.append((k, name, l))
    return out


def reorganized(row, rows, mem, bits, arches):
    """The tighter order a layout's page shows, or None.

    The analyzer's (pahole's --reorganize) order, size and saving as recorded; it is drawn
    only when laying the members out in that order comes to pahole's size (pahole also keeps
    forced alignments the database does not hold).  A layout recorded without its order
    (before schema version 4) gets the report's own estimate, labelled as such."""
    index = structs.stored_order(rows)
    if index is not None:
        if not row["reorg_saving"]:
            return None
        ordered = [mem[i] for i in index]
        placed = structs.place(row["size"], mem, ordered, bits, arches)
        fits = placed is not None and placed[1] == row["reorg_size"]
        return dict(source="analyzer", order=[structs.label(m) for m in ordered],
                    size=row["reorg_size"], saving=row["reorg_saving"],
                    placed_size=placed[1] if placed else None,
                    drawing=structs.rows(placed[1], placed[0]) if fits else None)
    guess = structs.reorganize(row["kind"], row["size"], mem, bits, arches)
    if guess is None:
        return None
    return dict(source="estimate", order=[structs.label(m) for m in guess[1]],
                size=guess[2], saving=row["size"] - guess[2], placed_size=None,
                drawing=structs.rows(guess[2], guess[1]))


def where(coords):
    """'i386/gcc, arm/gcc; labels A, B' for a list of (arch, cc, label, object)."""
    pairs = sorted({"%s/%s" % (a, c) for a, c, _, _ in coords})
    labels = sorted({s for _, _, s, _ in coords})
    return "%s; config %s" % (", ".join(pairs), ", ".join(labels))
