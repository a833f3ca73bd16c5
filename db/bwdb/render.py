# SPDX-License-Identifier: GPL-2.0
"""Plain-text tables, CSV and signed numbers, shared by every subcommand."""
import csv
import io


def table(headers, rows, right=()):
    """Columns padded to their widest cell; columns whose index is in `right` align right."""
    rows = [["" if c is None else str(c) for c in r] for r in rows]
    widths = [len(h) for h in headers]
    for r in rows:
        for i, c in enumerate(r):
            widths[i] = max(widths[i], len(c))

    def line(cells):
        out = []
        for i, c in enumerate(cells):
            out.append(c.rjust(widths[i]) if i in right else c.ljust(widths[i]))
        return "  ".join(out).rstrip()

    return "\n".join([line(headers)] + [line(r) for r in rows]) + "\n"


def to_csv(headers, rows):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(headers)
    for r in rows:
        w.writerow(["" if c is None else c for c in r])
    return buf.getvalue()


def signed(n):
    if n is None:
        return ""
    return "%+d" % n


def pct(old, new):
    if old in (None, 0) or new is None:
        return ""
    return "%+.2f%%" % (100.0 * (new - old) / old)
