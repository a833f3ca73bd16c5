# SPDX-License-Identifier: GPL-2.0
"""Plain-text tables, CSV and signed numbers, shared by every subcommand."""
import csv
import io


def table(headers, rows, right=()):
    """Columns padded to their widest cell; columns whose index is in `right` align right."""
    rows = [[c if isinstance(c, str) else ("" if c is None else str(c)) for c in r] for r in rows]
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(headers)]
    last = len(headers) - 1
    specs = []
    for i, w in enumerate(widths):
        if i in right:
            specs.append("{:>%d}" % w)
        else:
            specs.append("{:<%d}" % w if i < last else "{}")
    fmt = "  ".join(specs)
    out = [fmt.format(*headers).rstrip()]
    out += [fmt.format(*r).rstrip() for r in rows]
    return "\n".join(out) + "\n"


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
