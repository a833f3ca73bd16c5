# SPDX-License-Identifier: GPL-2.0
"""folders.html and folders/*.html: each release's linked images (vmlinux) by source folder.

For every object of the recorded releases that has folders recorded (a linked image with DWARF:
db/folders.py), per release its bytes per source folder (compare/folders.py: the compile units'
code and static variables, plus what no unit accounts for, adding up to size(1)'s total), the
change per folder from one release to the next, and the largest moves: bloat-o-meter per
folder (the compare engine's table over that folder's symbols) and the struct layouts that
changed in the image (compare.diff's struct changes). folders.html sums the top-level folders
of every image side by side; a page per image has the whole tree and the moves.
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
TOP_STRUCTS = 40


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


def tree_table(key, runs, moves):
    """Every folder and its parents, each with what is below it, per release; the change
    between consecutive releases and bloat-o-meter's net of the symbols below it."""
    labels = [c["label"] for c, _, _ in runs]
    cols = [Column("folder"), Column("units", "r")] + [Column(lb, "r", "bytes") for lb in labels]
    for a, b in zip(labels, labels[1:]):
        cols += [Column("bytes", "r", "%s \u2192 %s" % (a, b)), Column("%", "r", "%s \u2192 %s" % (a, b)),
                 Column("symbols", "r", "%s \u2192 %s" % (a, b))]
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
    order = sorted((p for p in sums if p != compare_folders.OUTSIDE)) + [compare_folders.OUTSIDE]
    for p in order:
        depth = 0 if p == compare_folders.OUTSIDE else p.count("/")
        parent = any(q != p and q.startswith(p + "/") for q in own)
        cell = Strong if parent or depth == 0 else Text
        row = [cell("\u00a0\u00a0" * depth + p), Bytes(units[p])] + [Bytes(v) for v in sums[p]]
        for i in range(len(runs) - 1):
            nets = [tb.net for f, tb in moves[i].items() if p in prefixes(f)]
            row += [Delta(sums[p][i + 1] - sums[p][i]), Percent.change(sums[p][i], sums[p][i + 1]),
                    Delta(sum(nets)) if nets else Text("")]
        t.add(row)
    totals = [o.total for _, o, _ in runs]
    row = [Strong("total (size)"), Bytes(sum(units[p] for p in own if p in units and "/" not in p))]
    row += [Bytes(v) for v in totals]
    for i in range(len(runs) - 1):
        row += [Delta(totals[i + 1] - totals[i]), Percent.change(totals[i], totals[i + 1]),
                Delta(sum(tb.net for tb in moves[i].values()))]
    t.add(row, kind="total")
    t.notes.append("A folder's bytes are its compile units' (DWARF): their code ranges and their "
                   "static variables (size's text counts read-only ones), each folder with the "
                   "folders below it; %s is the rest of size(1)'s text, data and bss (alignment, "
                   "string literals, assembly without DWARF, linker tables), so the folders add "
                   "up to the total, size(1)'s. symbols: bloat-o-meter's net over the symbols "
                   "of that folder's units and those below it (a symbol's address lies in "
                   "their code or variables)."
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


def struct_table(pair, changes):
    def size(s):
        return s["size"] if s else 0
    t = Table("Struct layouts that changed in the image, %s \u2192 %s, largest first" % pair,
              [Column("struct"), Column("kind"), Column("old", "r"), Column("new", "r"),
               Column("delta", "r"), Column("members")])
    ranked = sorted(changes, key=lambda s: (-abs(size(s.new) - size(s.old)), s.name))
    for s in ranked[:TOP_STRUCTS]:
        t.add([Text(s.name or "(anonymous)"), Text(s.kind),
               Bytes(s.old["size"]) if s.old else Text("-"),
               Bytes(s.new["size"]) if s.new else Text("-"), Delta(size(s.new) - size(s.old)),
               Clip(" ".join(h + (m or "(anonymous)") for h, m in s.members))])
    if len(ranked) > TOP_STRUCTS:
        t.notes.append("The %d largest of %d changed layouts." % (TOP_STRUCTS, len(ranked)))
    t.notes.append("Layouts are the image's (DWARF, pahole's figures), not told apart by folder: "
                   "a struct serves every unit that includes it.")
    return t


def image_page(data, key, runs):
    """What a folders/ page shows for one image."""
    moves, blocks, structs = [], [], []
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
        structs.append(struct_table(pair, engine.struct_changes([change], data)))
    return dict(tree=tree_table(key, runs, moves), blocks=blocks, structs=structs)


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
                   "has every folder and the symbols and structs that moved.")
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
