# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch report`: write the text, Markdown and HTML reports from the history database."""
import os
import time

# Relative, so resolved against the directory bloatwatch runs in: never the package's own
# folder, which is the install prefix once installed.
DEFAULT_OUT = os.path.join("reports", "out")


def add_arguments(p):
    p.add_argument("--out", default=DEFAULT_OUT, metavar="DIR",
                   help="output directory (default: reports/out in the current directory)")
    p.add_argument("--commit", help="report this recorded commit (sha prefix, -dirty suffix for a "
                                    "dirty record; default: the last one that built)")
    add_noise(p)
    p.add_argument("--text-only", action="store_true", help="write footprint.txt/.md only")
    p.add_argument("--sweep-pending", action="store_true",
                   help="the CONFIG page says the sweep is being built and a later report adds "
                        "it (`make report` writes a first report before its sweep)")
    p.add_argument("--no-demangle", action="store_true",
                   help="C++ and Rust symbols by their raw names (default: as nm -C spells them)")
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")


def add_noise(p):
    p.add_argument("--noise-bytes", type=int, default=None, metavar="N",
                   help="a move is marked when a size changes by more than N bytes (default: "
                        "bloatwatch.toml's [history] noise_bytes, else 8; 0 marks every change)")
    p.add_argument("--noise-pct", type=float, default=None, metavar="P",
                   help="... and by more than P%% of its previous value (default: [history] "
                        "noise_pct, else 0.5)")


def noise(args, project):
    """(bytes, percent): the command line's, else the project's, else the defaults."""
    from ..project import DEFAULT_NOISE
    nb, pct = project.noise if project is not None else DEFAULT_NOISE
    return (nb if args.noise_bytes is None else args.noise_bytes,
            pct if args.noise_pct is None else args.noise_pct)


def run(target, args, project=None):
    """Write the reports of the database `target` as `args` and the project's bloatwatch.toml
    say; lines to print."""
    from ..db.query import History
    from . import site
    start = time.monotonic()
    history = History(target, demangle=not getattr(args, "no_demangle", False))
    try:
        with history.snapshot():
            paths = site.generate(history, args.out, head=args.commit,
                                  noise=noise(args, project),
                                  html=not args.text_only, project=project,
                                  sweep_pending=getattr(args, "sweep_pending", False))
    finally:
        history.close()
    if args.quiet:
        return []
    lines = []
    for kind, path in paths:
        shown = ("file://" + os.path.abspath(path)) if kind == "html" else os.path.relpath(path)
        lines.append("report: %-8s %s" % (kind, shown))
    lines.append("report: written in %.1f s" % (time.monotonic() - start))
    return lines
