# SPDX-License-Identifier: GPL-2.0
"""The one renderer of Tables as text: plain (reports and the command line), Markdown and CSV.

HTML renders the same Tables through the templates' table macro."""
import csv
import io
import textwrap

from .cells import Cell
from .table import Column, Table

WIDTH = 100


def cell_text(c):
    """A cell's text: a Cell renders itself; a plain value (the command line's) is str()'d."""
    if c is None:
        return ""
    if isinstance(c, str):
        return c
    return c.text() if isinstance(c, Cell) else str(c)


def _cells(table):
    return [list(map(cell_text, row.cells)) for row in table.rows]


def table_text(table, rule=True):
    """Columns padded to the widest cell, two spaces apart; numbers right-aligned; a rule of
    dashes under the heading unless `rule` is false (the command line's compact form)."""
    heads = [c.title for c in table.columns]
    body = _cells(table)
    widths = [max([len(h)] + [len(r[i]) for r in body]) for i, h in enumerate(heads)]
    groups = table.groups()
    if groups:   # widen the last column of a group whose title does not fit its span
        i = 0
        for title, span in groups:
            have = sum(widths[i:i + span]) + 2 * (span - 1)
            if len(title) > have:
                widths[i + span - 1] += len(title) - have
            i += span

    fmt = "  ".join("{:%s%d}" % (">" if c.align == "r" else "<", w)
                    for c, w in zip(table.columns, widths))

    def line(cells):
        return fmt.format(*cells).rstrip()

    lines = []
    if table.title:
        lines.append(table.title)
    if groups:
        parts, i = [], 0
        for title, span in groups:
            w = sum(widths[i:i + span]) + 2 * (span - 1)
            parts.append(title.center(w) if title else " " * w)
            i += span
        lines.append("  ".join(parts).rstrip())
    lines.append(line(heads))
    if rule:
        lines.append("  ".join("-" * w for w in widths))
    for row, cells in zip(table.rows, body):
        lines.append(line(cells))
    for note in table.notes:
        lines.append("")
        lines += textwrap.wrap(note, WIDTH)
    return "\n".join(lines) + "\n"


def _md_escape(s):
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_") \
            .replace("<", "&lt;").replace(">", "&gt;").replace("`", "\\`")


def table_md(table, level=3):
    groups = table.groups()
    first = groups[0][0] if groups else ""
    heads = []
    for c in table.columns:
        t = c.title if not c.group or c.group == first else "%s %s" % (c.group, c.title)
        heads.append(_md_escape(t) if t else " ")
    lines = []
    if table.title:
        lines += ["#" * level + " " + _md_escape(table.title), ""]
    lines.append("| " + " | ".join(heads) + " |")
    lines.append("|" + "|".join("---:" if c.align == "r" else "---" for c in table.columns) + "|")
    for row in table.rows:
        cells = [_md_escape(cell_text(c)) for c in row.cells]
        if row.kind == "total":
            cells = ["**%s**" % c if c else c for c in cells]
        lines.append("| " + " | ".join(cells) + " |")
    for note in table.notes:
        lines += ["", _md_escape(note)]
    return "\n".join(lines) + "\n"


def document_text(sections):
    """sections: [(title, [Table | str])] -> one text document."""
    out = []
    for title, items in sections:
        out += ["=" * min(WIDTH, max(len(title), 8)), title, "=" * min(WIDTH, max(len(title), 8)), ""]
        for item in items:
            if isinstance(item, str):
                out += textwrap.wrap(item, WIDTH) + [""]
            else:
                out += [table_text(item)]
    return "\n".join(out).rstrip("\n") + "\n"


def document_md(title, sections):
    out = ["# " + _md_escape(title), ""]
    for heading, items in sections:
        out += ["## " + _md_escape(heading), ""]
        for item in items:
            if isinstance(item, str):
                out += [_md_escape(item), ""]
            else:
                out += [table_md(item)]
    return "\n".join(out).rstrip("\n") + "\n"


def plain(headers, rows, right=()):
    """A table of plain values (None prints empty) in the command line's compact form;
    columns whose index is in `right` align right."""
    t = Table("", [Column(h, "r" if i in right else "l") for i, h in enumerate(headers)])
    for r in rows:
        t.add(r)
    return table_text(t, rule=False)


def csv_text(headers, rows):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(headers)
    for r in rows:
        w.writerow(["" if c is None else c for c in r])
    return buf.getvalue()
