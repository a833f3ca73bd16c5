# SPDX-License-Identifier: GPL-2.0
"""A report page's tables and <pre> blocks as plain data, for the suites that check the config
page (tests/cli, tests/reports). Imported as `tests.htmltables`."""
from html.parser import HTMLParser


class Page(HTMLParser):
    """Tables (by id: caption, rows of cell texts), <pre> blocks under each section id, and
    the page's text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.pres, self.text = {}, {}, []
        self.all = []      # every table in page order, with or without an id
        self.section, self.table, self.row, self.cell, self.pre = None, None, None, None, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section":
            self.section = a.get("id")
        elif tag == "table":
            self.table = self.tables[a.get("id")] = {"rows": [], "caption": ""}
            self.all.append(self.table)
        elif tag == "tr" and self.table is not None:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []
        elif tag == "pre":
            self.pre = []

    def handle_endtag(self, tag):
        if tag == "table":
            self.table = None
        elif tag == "tr" and self.row is not None:
            self.table["rows"].append(self.row)
            self.row = None
        elif tag in ("td", "th") and self.cell is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "pre" and self.pre is not None:
            self.pres.setdefault(self.section, []).append("".join(self.pre))
            self.pre = None

    def handle_data(self, data):
        self.text.append(data)
        if self.cell is not None:
            self.cell.append(data)
        if self.pre is not None:
            self.pre.append(data)


def read_page(path):
    p = Page()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return p


def rows_by(table, first=2):
    """{(arch, compiler): {column: cell}} of a cost table (two header rows: groups, names)."""
    head = table["rows"][1]
    return {tuple(r[:first]): dict(zip(head, r)) for r in table["rows"][2:]}
