# SPDX-License-Identifier: GPL-2.0
"""The config page's plots: a numeric option's curve (bytes against value, a line per arch, a
panel per compiler), drawn with the report's matplotlib settings (plots.py)."""
from .plots import ARCH_STYLE, PALETTE, plt, save


def _number(v):
    try:
        return int(v, 0)
    except (TypeError, ValueError):
        return None


def curve(tree, rel, title, option, points):
    """points: {(arch, compiler): [(value, Config)]} -> the SVG's rel path."""
    compilers = sorted({cc for _, cc in points})
    arches = sorted({a for a, _ in points})
    style = {a: (PALETTE[k % len(PALETTE)], ARCH_STYLE[k % len(ARCH_STYLE)])
             for k, a in enumerate(arches)}
    xs = [_number(v) for ps in points.values() for v, _ in ps]
    numeric = all(x is not None for x in xs) and xs
    logx = numeric and min(xs) > 0 and max(xs) / min(xs) >= 16
    fig, axes = plt.subplots(1, len(compilers), figsize=(max(6.0, 5.0 * len(compilers)), 4.0),
                             squeeze=False, sharey=True)
    for ax, cc in zip(axes[0], compilers):
        for a in arches:
            ps = points.get((a, cc))
            if not ps:
                continue
            color, marker = style[a]
            x = [_number(v) if numeric else i for i, (v, _) in enumerate(ps)]
            ax.plot(x, [c.sums()[3] for _, c in ps], marker=marker, markersize=4, linewidth=1.3,
                    color=color, label=a)
        if logx:
            ax.set_xscale("log", base=2)
        if numeric:
            ticks = sorted(set(xs))
            ax.set_xticks(ticks)
            ax.set_xticklabels([str(t) for t in ticks], rotation=45, fontsize=7)
            ax.minorticks_off()
        ax.set_xlabel(option + (" (log scale)" if logx else ""))
        ax.set_title(cc)
    axes[0][0].set_ylabel("bytes (text + data + bss of the configuration's objects)")
    handles, labels = [], []
    for ax in axes[0]:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels:
                handles.append(h)
                labels.append(l)
    fig.legend(handles, labels, title="architecture", loc="center left",
               bbox_to_anchor=(1.0, 0.5), fontsize=8)
    fig.suptitle(title)
    fig.subplots_adjust(right=0.98, wspace=0.08)
    return save(fig, tree, rel)
