# SPDX-License-Identifier: GPL-2.0
"""folders.html and folders/*.html: each release's linked images (vmlinux) by source folder.

For every object of the recorded releases that has folders recorded (a linked image with DWARF:
db/folders.py), per release its bytes per source folder (compare/folders.py: the compile units'
code and static variables, plus what no unit accounts for, adding up to size(1)'s total), the
change per folder from one release to the next, and the largest moves: bloat-o-meter per
folder (the compare engine's table over that folder's symbols) and the struct layouts that
changed (compare.diff's struct changes), each in the folder of the file that declares it
(compare.folders.struct_moves: a header's structs in the header's folder, which gets a row of
its own). folders.html sums the top-level folders of every image side by side; a page per
image has the whole tree and the moves.
"""
import collections

from . import model, treemap
from ..compare import bloat, diff as engine, folders as compare_folders
from ..render.cells import Bytes, Clip, Delta, Percent, Strong, Text
from ..render.table import Column, Table
from .output import slug

REL = "folders.html"
TOP_FOLDERS = 40        # folders whose bloat-o-meter report a page prints
TOP_ROWS = 12           # rows of each of those reports
TOP_STRUCTS = 40        # folders whose struct changes a page lists
TOP_FOLDER_STRUCTS = 5  # struct changes listed per folder


def url(key):
    """folders/<arch>-<label>-<object>.html of an image's key (arch, compiler, label, keys,
    object)."""
    return "folders/%s.html" % slug("-".join(x for x in (key[0], key[2], key[3], key[4]) if x)
                                    .replace("/", "-").replace("+", "-"))


def images(data):
    """{key: [(release row, Obj, [FolderBytes])]} of every release object with folders, in
    history order; keys sorted."""
    out = collections.defaultdict(list)
    for c in data.commits:
        if c["kind"] != "release" or c["status"] != "ok":
            continue
        # Every build of the release (data.objs leaves out labels that read as a CONFIG
        # sweep's flips, such as tinyconfig+SMP).
        for o in model.objects(data.history.footprint(c["commit_id"])):
            rows = data.history.folders_of(o.analysis_id)
            if rows:
                out[o.coord].append(
                    (c, o, compare_folders.rollup(rows, (o.text, o.data, o.bss))))
    return dict(sorted(out.items()))


def absent(site):
    return None if images(site.data) else (
        "no release holds a linked image with folders recorded (`make kernel-report` records "
        "Linux releases with vmlinux, docs/kernel-report.md)")


def name(key):
    return "%s %s (%s)" % (key[4], key[0], key[2])


def top(folder):
    """The top-level folder: arch/x86, drivers, kernel ... (arch/ and drivers/ keep two parts)."""
    parts = folder.split("/")
    return "/".join(parts[:2]) if parts[0] in ("arch",) and len(parts) > 1 else parts[0]


def prefixes(folder):
    if folder == compare_folders.OUTSIDE:
        return [folder]
    parts = folder.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts) + 1)]


def tree_table(key, runs, moves, struct_moves):
    """Every folder and its parents, each with what is below it, per release; the change
    between consecutive releases, bloat-o-meter's net of the symbols below it and the struct
    layouts declared below it that changed (folders that only declare structs, such as
    include/linux, get rows of their own)."""
    labels = [c["label"] for c, _, _ in runs]
    cols = [Column("folder"), Column("units", "r")] + [Column(lb, "r", "bytes") for lb in labels]
    for a, b in zip(labels, labels[1:]):
        cols += [Column("bytes", "r", "%s \u2192 %s" % (a, b)), Column("%", "r", "%s \u2192 %s" % (a, b)),
                 Column("symbols", "r", "%s \u2192 %s" % (a, b)),
                 Column("structs", "r", "%s \u2192 %s" % (a, b))]
    t = Table("%s by source folder" % name(key), cols)
    sums = collections.defaultdict(lambda: [0] * len(runs))
    units = collections.defaultdict(int)
    own = set()
    for i, (_, _, fb) in enumerate(runs):
        for f in fb:
            own.add(f.folder)
            for p in prefixes(f.folder):
                sums[p][i] += f.total
                if i == len(runs) - 1:
                    units[p] += f.units
    for sm in struct_moves:
        for f in sm:
            if f != compare_folders.UNDECLARED:
                for p in prefixes(f):
                    sums[p]
                own.add(f)
    order = sorted((p for p in sums if p != compare_folders.OUTSIDE)) + [compare_folders.OUTSIDE]
    for p in order:
        depth = 0 if p == compare_folders.OUTSIDE else p.count("/")
        parent = any(q != p and q.startswith(p + "/") for q in own)
        cell = Strong if parent or depth == 0 else Text
        row = [cell("\u00a0\u00a0" * depth + p), Bytes(units[p])] + [Bytes(v) for v in sums[p]]
        for i in range(len(runs) - 1):
            nets = [tb.net for f, tb in moves[i].items() if p in prefixes(f)]
            below = sum(len(v) for f, v in struct_moves[i].items() if p in prefixes(f))
            row += [Delta(sums[p][i + 1] - sums[p][i]), Percent.change(sums[p][i], sums[p][i + 1]),
                    Delta(sum(nets)) if nets else Text(""),
                    Text(str(below)) if below else Text("")]
        t.add(row)
    totals = [o.total for _, o, _ in runs]
    row = [Strong("total (size)"), Bytes(sum(units[p] for p in own if p in units and "/" not in p))]
    row += [Bytes(v) for v in totals]
    for i in range(len(runs) - 1):
        row += [Delta(totals[i + 1] - totals[i]), Percent.change(totals[i], totals[i + 1]),
                Delta(sum(tb.net for tb in moves[i].values())),
                Text(str(sum(len(v) for v in struct_moves[i].values())))]
    t.add(row, kind="total")
    t.notes.append("A folder's bytes are its compile units' (DWARF): their code ranges and their "
                   "static variables (size's text counts read-only ones), each folder with the "
                   "folders below it; %s is the rest of size(1)'s text, data and bss (alignment, "
                   "string literals, assembly without DWARF, linker tables), so the folders add "
                   "up to the total, size(1)'s. symbols: bloat-o-meter's net over the symbols "
                   "of that folder's units and those below it (a symbol's address lies in "
                   "their code or variables). structs: the struct and union layouts that "
                   "changed, were added or removed and are declared in a file of that folder "
                   "or below it (a header's structs count in the header's folder, such as "
                   "include/linux, which has no units of its own: its code is in the units "
                   "that include it)."
                   % compare_folders.OUTSIDE)
    return t


def moves_table(pair, moves):
    t = Table("Symbols that moved per folder, %s \u2192 %s (bloat-o-meter per folder)" % pair,
              [Column("folder"), Column("add/remove", "r"), Column("grow/shrink", "r"),
               Column("up", "r"), Column("down", "r"), Column("net", "r")])
    for f, tb in sorted(moves.items(), key=lambda x: (-abs(x[1].net), x[0])):
        t.add([Text(f, href="#m-" + slug(f)), Text("%d/%d" % (tb.add, tb.remove)),
               Text("%d/%d" % (tb.grow, tb.shrink)), Delta(tb.up), Delta(-tb.down), Delta(tb.net)])
    return t


def struct_folders_table(pair, by_folder):
    """A row per folder whose declared structs changed: counts, the sum of their size changes
    and the largest."""
    t = Table("Struct layouts that changed per folder, %s \u2192 %s (by declaring file)" % pair,
              [Column("folder"), Column("changed", "r"), Column("added", "r"),
               Column("removed", "r"), Column("size delta", "r"), Column("largest"),
               Column("delta", "r")])
    for f, cs in folder_order(by_folder):
        big = cs[0]
        t.add([Text(f), Text(str(sum(1 for c in cs if c.old and c.new))),
               Text(str(sum(1 for c in cs if not c.old))), Text(str(sum(1 for c in cs if not c.new))),
               Delta(sum(compare_folders.size_delta(c) for c in cs)),
               Text("%s %s" % (big.kind, big.name or "(anonymous)")),
               Delta(compare_folders.size_delta(big))])
    t.notes.append(ATTRIBUTION)
    return t


ATTRIBUTION = ("A struct is its name, its layout and the file that declares it (DWARF's "
               "DW_AT_decl_file): it belongs to that file's folder, so a header's structs "
               "(include/linux/sched.h, arch/x86/include/asm/processor.h) count in the "
               "header's folder whichever units include it, and one name declared in two "
               "files is two structs. size delta: new size less old, a missing side 0.")


def folder_order(by_folder):
    """[(folder, changes)] the folder with the largest single size change first."""
    return sorted(by_folder.items(),
                  key=lambda x: (-abs(compare_folders.size_delta(x[1][0])), x[0]))


def struct_table(pair, by_folder):
    """The largest struct changes of each folder (TOP_FOLDER_STRUCTS each, TOP_STRUCTS
    folders), a folder's rows together."""
    t = Table("Struct layouts that changed, %s \u2192 %s, largest first per folder" % pair,
              [Column("folder"), Column("struct"), Column("kind"), Column("declared in"),
               Column("old", "r"), Column("new", "r"), Column("delta", "r"), Column("members")])
    ranked = folder_order(by_folder)
    hidden = 0
    for f, cs in ranked[:TOP_STRUCTS]:
        for i, s in enumerate(cs[:TOP_FOLDER_STRUCTS]):
            t.add([Text(f) if i == 0 else Text(""),
                   Text(s.name or "(anonymous)"), Text(s.kind), Text(s.decl_file or "-"),
                   Bytes(s.old["size"]) if s.old else Text("-"),
                   Bytes(s.new["size"]) if s.new else Text("-"),
                   Delta(compare_folders.size_delta(s)),
                   Clip(" ".join(h + (m or "(anonymous)") for h, m in s.members))])
        hidden += max(0, len(cs) - TOP_FOLDER_STRUCTS)
    if len(ranked) > TOP_STRUCTS or hidden:
        t.notes.append("The %d largest changes of each of the %d folders with the largest "
                       "(%d of %d folders; %d changes not listed)."
                       % (TOP_FOLDER_STRUCTS, min(len(ranked), TOP_STRUCTS), min(len(ranked), TOP_STRUCTS),
                          len(ranked), hidden + sum(len(cs) for _, cs in ranked[TOP_STRUCTS:])))
    t.notes.append(ATTRIBUTION)
    return t


def image_page(data, key, runs):
    """What a folders/ page shows for one image."""
    moves, blocks, structs, struct_moves = [], [], [], []
    for (ca, oa, _), (cb, ob, _) in zip(runs, runs[1:]):
        pair = (ca["label"], cb["label"])
        m = compare_folders.tables(
            data.symbols_of(oa.analysis_id), data.history.symbol_folders(oa.analysis_id),
            data.symbols_of(ob.analysis_id), data.history.symbol_folders(ob.analysis_id))
        moves.append(m)
        shown = sorted(m.items(), key=lambda x: (-abs(x[1].net), x[0]))[:TOP_FOLDERS]
        blocks.append(dict(pair=pair, table=moves_table(pair, m), more=max(0, len(m) - TOP_FOLDERS),
                           folders=[dict(folder=f, anchor="m-" + slug(f),
                                         lines="\n".join(bloat.lines(tb, TOP_ROWS)[0]),
                                         more=bloat.lines(tb, TOP_ROWS)[1]) for f, tb in shown]))
        change = engine.ObjectChange(key, oa, ob)
        sm = compare_folders.struct_moves(engine.struct_changes([change], data))
        struct_moves.append(sm)
        structs.append(dict(pair=pair, folders=struct_folders_table(pair, sm),
                            table=struct_table(pair, sm)))
    return dict(tree=tree_table(key, runs, moves, struct_moves), blocks=blocks, structs=structs)


def image_treemap(site, key, runs):
    """The last release's image as a treemap (folders -> symbols): its data script."""
    c, o, fb = runs[-1]
    node = treemap.image_tree("%s %s" % (name(key), c["label"]), fb,
                              site.data.symbols_of(o.analysis_id),
                              site.data.history.symbol_folders(o.analysis_id))
    ident = "folders-" + slug(url(key)[len("folders/"):-len(".html")])
    return dict(ident=ident, src=treemap.write_data(site.tree, ident, node, False), choices=[],
                release=c["label"])


def summary_table(arch, per):
    """Top-level folders of every image of one arch, a column group per image."""
    cols = [Column("folder")]
    for key, runs in per:
        group = "%s (%s)" % (key[4], key[2])
        cols += [Column(c["label"], "r", group) for c, _, _ in runs]
        cols += [Column("change", "r", group)]
    t = Table("Linux kernel images by top-level folder: %s" % arch, cols, anchor="a-" + slug(arch))
    sums = {}
    for key, runs in per:
        for i, (_, _, fb) in enumerate(runs):
            for f in fb:
                sums.setdefault(top(f.folder), {}).setdefault(key, [0] * len(runs))[i] += f.total
    names = sorted((f for f in sums if f != compare_folders.OUTSIDE),
                   key=lambda f: -max(v[-1] for v in sums[f].values()))
    for f in names + [compare_folders.OUTSIDE]:
        row = [Strong(f)]
        for key, runs in per:
            v = sums[f].get(key, [0] * len(runs))
            row += [Bytes(x) for x in v] + [Delta(v[-1] - v[0])]
        t.add(row)
    row = [Strong("total (size)")]
    for key, runs in per:
        v = [o.total for _, o, _ in runs]
        row += [Bytes(x) for x in v] + [Delta(v[-1] - v[0])]
    t.add(row, kind="total")
    t.notes.append("Each image's folders (compile units from DWARF) summed by top-level folder "
                   "(arch/ by arch); change: from the first release to the last. The image's page "
                   "has every folder and the symbols and structs that moved (structs in the "
                   "folder of the file that declares them).")
    return t


def write(site):
    data = site.data
    imgs = images(data)
    by_arch = collections.defaultdict(list)
    pages = []
    for key, runs in imgs.items():
        by_arch[key[0]].append((key, runs))
        rel = url(key)
        site.render(rel, "folderimage.html.j2", title="By folder: %s" % name(key),
                    name=name(key), releases=[c["label"] for c, _, _ in runs], top_rows=TOP_ROWS,
                    treemap=image_treemap(site, key, runs),
                    **image_page(data, key, runs))
        pages.append((name(key), rel, [c["label"] for c, _, _ in runs]))
    return site.render(REL, "folders.html.j2", title="Kernel folders",
                       summaries=[summary_table(a, per) for a, per in sorted(by_arch.items())],
                       pages=pages, build_name=model.build_name)
