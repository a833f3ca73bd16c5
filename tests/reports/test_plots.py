# SPDX-License-Identifier: GPL-2.0
"""History plots (report/plots.py): a figure reused across plots (and text sizes measured
once per process) draws the bytes a new one draws, and a line has a marker at every ticked
commit, flat or not, and at every bend."""
import re

from bloatwatch.report import output, plots


def commits(n, failed=()):
    return [dict(label="c%d" % i, tick="c%d" % i, dirty=i == n - 1,
                 status="failed" if i in failed else "ok") for i in range(n)]


def line(values, marks=()):
    """Points of plots.history_lines: (commit index, value, marked, note, commit)."""
    return [(i, v, i in marks, "%+d" % (v - values[i - 1]) if i in marks else "",
             dict(label="c%d" % i)) for i, v in enumerate(values)]


def draw(tmp_path, n, panels, ncols=3, legend="size(1) class"):
    tree = output.Tree(str(tmp_path))
    rel = plots.history_lines(tree, "plots/p.svg", "a plot", "bytes", commits(n, failed={1}),
                              panels, lambda c: "../diff/%s.html" % c["label"], legend=legend,
                              ncols=ncols)
    with open(tree.path(rel), "rb") as f:
        return f.read()


def flat(n, value=100):
    return [value] * n


PLOTS = [  # (commits, panels, ncols): layouts drawn one after another, some twice
    (5, [("a", [("total", line([10, 10, 30, 30, 12], {2, 4})), ("text", line(flat(5, 8)))])], 3),
    (40, [("x86_64", [("total", line(flat(40))), ("text", line(flat(40, 60)))]),
          ("arm", [("total", line(flat(39, 7) + [90], {39}))])], 3),
    (5, [("b", [("total", line([1, 2, 3, 4, 5])), ("bss", line(flat(5, 0)))])], 3),
    (12, [("p%d" % k, [("gcc/x", line(list(range(k, k + 12)), {3}))]) for k in range(5)], 4),
    (40, [("x86_64", [("total", line(flat(40, 5)))]), ("arm", [("data", line(flat(40, 1)))])], 3),
]


def test_a_reused_figure_draws_what_a_new_one_draws(tmp_path):
    reused = [draw(tmp_path / "r", n, p, c) for n, p, c in PLOTS]
    new = []
    for n, p, c in PLOTS:
        plots.FIGURES.clear()
        plots._text_size.cache_clear()     # texts measured anew, as in a process of its own
        new.append(draw(tmp_path / "n", n, p, c))
    assert reused == new
    assert len(set(new)) == len(PLOTS)


def markers(svg, color="#222222"):
    """How many markers the SVG's lines of a colour (the total's: black) draw, but the
    legend's."""
    use = rb'<use xlink:href="#m[0-9a-f]+" x="[-0-9.]+" y="[-0-9.]+" style="fill: %s'
    return len(re.findall(use % color.encode(), svg)) - 1


def test_a_flat_line_has_a_marker_at_every_ticked_commit(tmp_path):
    few = draw(tmp_path, 5, [("a", [("total", line(flat(5)))])])
    assert markers(few) == 5           # every commit is a tick
    many = draw(tmp_path, 100, [("a", [("total", line(flat(100)))])])
    step = 100 // 20
    assert markers(many) == len(range(0, 100, step)) + 1   # the ticks and the end
    bent = draw(tmp_path, 100, [("a", [("total", line(flat(50) + flat(50, 200)))])])
    assert markers(bent) == len(range(0, 100, step)) + 2   # and the change's two
