# SPDX-License-Identifier: GPL-2.0
"""matplotlib plots as SVG: deterministic bytes (fixed hash salt, no date or creator metadata),
text kept as text (svg.fonttype none), every figure with a title, axis labels and a legend."""
import functools
import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import textpath  # noqa: E402
from matplotlib.backends import backend_svg  # noqa: E402

from .model import variant_name  # noqa: E402

plt.rcParams.update({
    "svg.hashsalt": "bloatwatch",
    "svg.fonttype": "none",
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "axes.axisbelow": True,
})


@functools.lru_cache(maxsize=16384)
def _text_size(s, prop, ismath, text2path=textpath.TextToPath()):
    return text2path.get_text_width_height_descent(s, prop, ismath)


def _measured(renderer, s, prop, ismath):
    """The SVG renderer's size of a text (its TextToPath's), measured once per process: it
    depends on the text and font alone, yet matplotlib keeps it per renderer, a new one per
    file, so every plot measured its tick labels, titles and legend anew."""
    return _text_size(s, prop.copy(), ismath)


backend_svg.RendererSVG.get_text_width_height_descent = _measured


KIND_COLORS = {"text": "#4477aa", "data": "#ee6677", "bss": "#228833"}
# A series' four lines: size(1)'s classes in their bar colours, the total in black.
CLASS_LINES = {"total": ("#222222", "o"), "text": (KIND_COLORS["text"], "s"),
               "data": (KIND_COLORS["data"], "^"), "bss": (KIND_COLORS["bss"], "v")}
MARK = "#cc3311"
ARCH_STYLE = ["o", "s", "^", "D", "v", "P", "X", "*", "h", "<", ">"]
PALETTE = ["#4477aa", "#ee6677", "#228833", "#ccbb44", "#66ccee", "#aa3377", "#bbbbbb",
           "#332288", "#117733", "#882255", "#44aa99"]


def save(fig, tree, rel, tight=True, keep=False):
    """Write fig as SVG; tight: crop to what is drawn (costs a layout pass per axes, which the
    history's small multiples, laid out by hand, skip); keep: a figure of FIGURES, not closed."""
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", bbox_inches="tight" if tight else None,
                metadata={"Date": None, "Creator": None})
    if not keep:
        plt.close(fig)
    tree.write(rel, buf.getvalue())
    return rel


def short(variant):
    """A row's name as a bar label: its first word ("Tiny" of "Tiny RCU")."""
    return variant_name(variant).split()[0] if variant_name(variant).split() else variant


def footprint_bars(tree, rel, title, arches, variants, panels, ylabel="bytes"):
    """Stacked text/data/bss bars: a panel per compiler, a group per arch, a bar per variant.

    panels: [(compiler, {(arch, variant): (text, data, bss, total)})]"""
    width_in = max(4.0, 0.32 * len(arches) * (len(variants) + 1))
    fig, axes = plt.subplots(1, len(panels), figsize=(width_in * len(panels), 4.4),
                             sharey=True, squeeze=False)
    for ax, (cc, sums) in zip(axes[0], panels):
        ticks, labels, centers = [], [], []
        for i, arch in enumerate(arches):
            base = i * (len(variants) + 1)
            have = [v for v in variants if (arch, v) in sums]
            for j, v in enumerate(have):
                x = base + j
                t, d, b, tot = sums[(arch, v)]
                bottom = 0
                for kind, val in (("text", t), ("data", d), ("bss", b)):
                    ax.bar(x, val, 0.8, bottom=bottom, color=KIND_COLORS[kind], label=kind)
                    bottom += val
                ax.annotate(str(tot), (x, tot), xytext=(0, 2), textcoords="offset points",
                            ha="center", va="bottom", fontsize=6.5, rotation=90)
                ticks.append(x)
                labels.append(short(v))
            if have:
                centers.append((base + (len(have) - 1) / 2.0, arch))
        ax.set_xticks(ticks)
        ax.set_xticklabels(labels, rotation=90, fontsize=7)
        arch_axis = ax.secondary_xaxis(-0.16)
        arch_axis.set_xticks([x for x, _ in centers])
        arch_axis.set_xticklabels([a for _, a in centers], fontsize=8, rotation=30)
        arch_axis.tick_params(length=0)
        arch_axis.spines["bottom"].set_visible(False)
        arch_axis.set_xlabel("architecture (a bar per variant)")
        ax.set_title(cc)
        ax.grid(axis="x", visible=False)
        ax.margins(y=0.16)
    axes[0][0].set_ylabel(ylabel)
    handles, labels = axes[0][0].get_legend_handles_labels()
    keep = {}
    for h, l in zip(handles, labels):
        keep.setdefault(l, h)
    fig.legend([keep[k] for k in ("text", "data", "bss") if k in keep],
               [k for k in ("text", "data", "bss") if k in keep], title="section class",
               loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=8)
    fig.suptitle(title)
    fig.subplots_adjust(right=0.98)     # the legend sits just right of the last panel
    return save(fig, tree, rel)


def history_lines(tree, rel, title, ylabel, commits, panels, url_for, legend="architecture",
                  ncols=None):
    """Small multiples of lines across commits: a panel per entry of panels (each with its own
    y scale), a line per label, one style per label on every panel; circled points (moves
    above the noise floor) are links to their diff pages.

    commits: [commit dict] of the x axis (every recorded commit, history order);
    panels: [(panel title, [(line label, [(commit_index, value, marked, note, commit)])])];
    ncols: panels per row (default: all in one row). Drawn only when what it draws differs
    from what the file was last drawn from (output.Tree.unit): the points a line is drawn
    through (shaped), the ticked commits and those that failed, not every commit's point."""
    ncols = min(len(panels), ncols or len(panels))
    step = max(1, len(commits) // (20 if ncols < 3 else 8))
    panels = [(name, [(lab, shaped(pts, step)) for lab, pts in lines]) for name, lines in panels]
    ticks = [c["tick"] + ("*" if c["dirty"] else "") for c in commits[::step]]
    failed = [i for i, c in enumerate(commits) if c["status"] != "ok"]
    key = tree.key("history_lines", title, ylabel, legend, ncols, len(commits), step, ticks,
                   failed, [(name, [(lab, [(p[0], p[1], p[2], p[3], url_for(p[4]) if p[2] else None)
                                           for p in pts]) for lab, pts in lines])
                            for name, lines in panels])
    tree.unit(rel, key, lambda: _history_lines(tree, rel, title, ylabel, len(commits), step,
                                               ticks, failed, panels, url_for, legend, ncols))
    return rel


def shaped(pts, step):
    """The points a line is drawn through, each with a marker: its ends, marked points, those
    next to a change (a flat run of a thousand commits is one segment, not a thousand markers)
    and those at a ticked commit (every step-th), so each tick of a flat run has its marker."""
    v = [p[1] for p in pts]
    return [p for i, p in enumerate(pts)
            if i == 0 or i == len(pts) - 1 or p[2] or p[0] % step == 0 or v[i] != v[i - 1]
            or v[i] != v[i + 1]]


# A figure per layout, kept by each process and cleared between plots: making a figure's axes
# and their ticks costs as much as drawing them, and a cleared figure draws the same bytes.
FIGURES = {}


def figure(nrows, ncols, n, width, height, ylabel):
    """(fig, axes) of nrows x ncols panels (n of them shown), empty."""
    key = (nrows, ncols, n, width, height, ylabel)
    got = FIGURES.get(key)
    if got is None:
        fig, axes = plt.subplots(nrows, ncols, figsize=(width, height), squeeze=False, sharex=True)
        for k, ax in enumerate(axes.flat):
            if k >= n:
                ax.set_visible(False)
                continue
            if k // ncols == nrows - 1 or k + ncols >= n:
                ax.xaxis.set_tick_params(labelbottom=True)
                ax.set_xlabel("commit or release (history order; * = uncommitted changes)")
            ax.ticklabel_format(axis="y", style="plain", useOffset=False)
            if k % ncols == 0:
                ax.set_ylabel(ylabel)
        FIGURES[key] = got = (fig, axes)
        return got
    fig, axes = got
    fig.legends.clear()
    for ax in axes.flat[:n]:
        for a in ax.lines[:] + ax.collections[:] + ax.patches[:] + ax.texts[:]:
            a.remove()
        ax.relim()      # no data: the next lines set the y range as on a new axes
        ax.set_autoscaley_on(True)
    return got


def _history_lines(tree, rel, title, ylabel, ncommits, step, ticks, failed, panels, url_for,
                   legend, ncols):
    """history_lines' figure: panels of shaped points, a tick every step-th of ncommits."""
    n = len(panels)
    nrows = -(-n // ncols)
    # Laid out by hand (inches): the legend in a 2.4-inch column on the right, room for the
    # title above and the commit labels below.
    width, height = max(4.8, (4.4 if ncols < 3 else 3.6) * ncols) + 3.2, 1.6 + 2.9 * nrows
    fig, axes = figure(nrows, ncols, n, width, height, ylabel)
    labels_ = []
    for _, lines in panels:
        for lab, _ in lines:
            if lab not in labels_:
                labels_.append(lab)
    others = sorted(l for l in labels_ if l not in CLASS_LINES)
    style = {l: CLASS_LINES[l] for l in labels_ if l in CLASS_LINES}
    style.update({a: (PALETTE[k % len(PALETTE)], ARCH_STYLE[k % len(ARCH_STYLE)])
                  for k, a in enumerate(others)})
    any_marked = False
    for k, ax in enumerate(axes.flat[:n]):
        name, lines = panels[k]
        for lab, pts in lines:
            color, marker = style[lab]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker=marker, markersize=3.5,
                    linewidth=1.3, color=color, label=lab)
            marked = [p for p in pts if p[2]]
            if marked:
                any_marked = True
                sc = ax.scatter([p[0] for p in marked], [p[1] for p in marked], s=80,
                                facecolors="none", edgecolors=MARK, linewidths=1.5, zorder=3)
                sc.set_urls([url_for(p[4]) for p in marked])
                for p in marked:
                    ax.annotate(p[3], (p[0], p[1]), xytext=(5, 5), textcoords="offset points",
                                fontsize=7, color=MARK)
        for j, i in enumerate(failed):
            ax.axvspan(i - 0.4, i + 0.4, color="#dddddd", zorder=0,
                       label="build failed" if j == 0 else None)
        ax.set_xticks(range(0, ncommits, step))
        ax.set_xticklabels(ticks, rotation=45, ha="right", fontsize=7)
        ax.set_xlim(-0.6, ncommits - 0.4)
        ax.set_title(name, fontsize=9, y=1.0)   # placed: no top ticks to clear (saves a layout pass)
        ax.margins(y=0.15)
    handles, labels = [], []
    for ax in axes.flat:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels:
                handles.append(h)
                labels.append(l)
    if any_marked:
        handles.append(axes[0][0].scatter([], [], s=80, facecolors="none", edgecolors=MARK,
                                          linewidths=1.5))
        labels.append("moved > noise floor")
    labels = [l if len(l) <= 28 else l[:27] + "\u2026" for l in labels]   # the legend's column
    fig.legend(handles, labels, title=legend, loc="center left",
               bbox_to_anchor=(1 - 2.4 / width, 0.5), fontsize=8)
    fig.suptitle(title, y=1 - 0.15 / height, va="top")
    fig.subplots_adjust(left=0.8 / width, right=1 - 2.6 / width, top=1 - 0.75 / height,
                        bottom=1.0 / height, wspace=0.3, hspace=0.55 if nrows > 1 else 0.2)
    return save(fig, tree, rel, tight=False, keep=True)


def config_costs(tree, rel, title, compilers, arches, options, cost):
    """Bars of what each option adds: a row per option (its own scale: NR_CPUS can cost a
    thousand times what a bool does), a column per compiler, a bar per arch.

    cost: {(compiler, arch, option): [deltas]} -> bar at the mean, whiskers min..max."""
    fig, axes = plt.subplots(len(options), len(compilers),
                             figsize=(max(6.0, 4.2 * len(compilers)), 0.6 + 2.3 * len(options)),
                             sharey="row", squeeze=False)
    for r, opt in enumerate(options):
        for c, cc in enumerate(compilers):
            ax = axes[r][c]
            xs, ys, lo, hi = [], [], [], []
            for i, arch in enumerate(arches):
                vals = cost.get((cc, arch, opt))
                if not vals:
                    continue
                mean = sum(vals) / len(vals)
                xs.append(i)
                ys.append(mean)
                lo.append(mean - min(vals))
                hi.append(max(vals) - mean)
            colors = [KIND_COLORS["text"] if y >= 0 else KIND_COLORS["data"] for y in ys]
            ax.bar(xs, ys, 0.7, color=colors, yerr=[lo, hi], capsize=2,
                   error_kw={"elinewidth": 0.8})
            ax.axhline(0, color="#333333", linewidth=0.8)
            ax.set_xticks(range(len(arches)))
            ax.set_xticklabels(arches if r == len(options) - 1 else [], rotation=45, ha="right")
            ax.set_xlim(-0.6, len(arches) - 0.4)
            ax.grid(axis="x", visible=False)
            ax.set_title("%s, %s" % (opt.replace("CONFIG_", ""), cc), fontsize=9)
            if c == 0:
                ax.set_ylabel("bytes added")
            if r == len(options) - 1:
                ax.set_xlabel("architecture")
    handles = [plt.Rectangle((0, 0), 1, 1, color=KIND_COLORS["text"]),
               plt.Rectangle((0, 0), 1, 1, color=KIND_COLORS["data"]),
               plt.Line2D([0], [0], color="#333333", linewidth=0.8)]
    fig.legend(handles, ["adds bytes", "removes bytes", "whiskers: range over pairs"],
               title="option turned on (or raised)", loc="center left", bbox_to_anchor=(1.0, 0.5),
               fontsize=8)
    fig.suptitle(title)
    fig.subplots_adjust(hspace=0.45, wspace=0.08, top=1 - 0.55 / (0.6 + 2.3 * len(options)),
                        right=0.98)
    return save(fig, tree, rel)


def variant_title(v):
    return variant_name(v)
