# SPDX-License-Identifier: GPL-2.0
"""Tables as data: columns plus rows of typed cells, and the generic base/head join.

A Table is built by a row function over one view's rows (layout.py); renderers in
text.py and html.py turn the same Table into plain text, Markdown and HTML.
"""
from dataclasses import dataclass, field


@dataclass
class Column:
    title: str
    align: str = "l"       # l | r
    group: str = ""        # a heading spanning adjacent columns with the same group


@dataclass
class Row:
    cells: list
    kind: str = "data"     # data | total | gap


@dataclass
class Table:
    title: str
    columns: list
    rows: list = field(default_factory=list)
    notes: list = field(default_factory=list)   # sentences printed under the table
    anchor: str = ""

    def add(self, cells, kind="data"):
        assert len(cells) == len(self.columns), (self.title, len(cells), len(self.columns))
        self.rows.append(Row(list(cells), kind))

    def groups(self):
        """[(group title, span)] for a two-level header, or [] when no column has a group."""
        if not any(c.group for c in self.columns):
            return []
        out = []
        for c in self.columns:
            if out and out[-1][0] == c.group:
                out[-1] = (c.group, out[-1][1] + 1)
            else:
                out.append((c.group, 1))
        return out


def join(base, head, key):
    """Base/head join of two row lists on key(row): [(k, base row|None, head row|None)] sorted by k.

    The one comparison primitive: diff pages (commit vs previous), the article beside ours
    and CONFIG pairs all line rows up this way."""
    b = {key(r): r for r in base}
    h = {key(r): r for r in head}
    return [(k, b.get(k), h.get(k)) for k in sorted(set(b) | set(h), key=_sortable)]


def _sortable(k):
    return tuple("" if x is None else x for x in k) if isinstance(k, tuple) else k
