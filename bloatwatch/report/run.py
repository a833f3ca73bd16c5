# SPDX-License-Identifier: GPL-2.0
"""bwreport: write reports/out (text, Markdown, HTML with plots) from the history database.

    python3 -m bwreport [--db DB] [--out DIR] [--commit REV] [--noise-bytes N] [--noise-pct P]
"""
import argparse
import os
import sys
import time

from . import ROOT


def parser():
    p = argparse.ArgumentParser(prog="bwreport", description=__doc__.splitlines()[0])
    p.add_argument("--db", default=os.environ.get("BLOATWATCH_DB") or os.path.join(ROOT, "bloatwatch.db"),
                   help="history database: SQLite file or postgresql:// URL "
                        "(default: $BLOATWATCH_DB, else bloatwatch.db at the repository root)")
    p.add_argument("--out", default=os.path.join(ROOT, "reports", "out"), help="output directory")
    p.add_argument("--commit", help="report this recorded commit (sha prefix, -dirty suffix for a "
                                    "dirty record; default: the last one that built)")
    p.add_argument("--noise-bytes", type=int, default=8,
                   help="a commit is marked when it moves a size by more than this (default 8)")
    p.add_argument("--noise-pct", type=float, default=0.5,
                   help="... and by more than this percentage (default 0.5)")
    p.add_argument("--text-only", action="store_true", help="write footprint.txt/.md only")
    p.add_argument("-q", "--quiet", action="store_true", help="print nothing but errors")
    return p


def main(argv=None):
    args = parser().parse_args(argv)
    from .store import BwError, History
    from . import site
    start = time.monotonic()
    try:
        history = History(args.db)
    except BwError as e:
        print("bwreport: %s" % e, file=sys.stderr)
        return 2
    try:
        with history.snapshot():
            paths = site.generate(history, args.out, head=args.commit,
                                  noise=(args.noise_bytes, args.noise_pct),
                                  html=not args.text_only)
    except BwError as e:
        print("bwreport: %s" % e, file=sys.stderr)
        return 2
    finally:
        history.close()
    if not args.quiet:
        for kind, path in paths:
            shown = ("file://" + os.path.abspath(path)) if kind == "html" else os.path.relpath(path)
            print("report: %-8s %s" % (kind, shown))
        print("report: written in %.1f s" % (time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
