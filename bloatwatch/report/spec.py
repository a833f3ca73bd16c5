# SPDX-License-Identifier: GPL-2.0
"""What the footprint report takes from bloatwatch.toml: the declared comparison table.

A table row is a named group of objects of one build (model.match_row pairs a build folder
with the row whose objects it holds); the rows' order is the report's order of rows; the
table's `where` and `config_values` pick the builds set beside the published figures and its
`group_by` the CONFIG options compared builds must agree on. A project that declares no table
gets none of this: the report's other pages do not need it.
"""
from .. import project as projects


class Spec:
    def __init__(self, project):
        self.project = project      # the config page's variant names
        t = project.table("article") or (project.tables[0] if project.tables else None)
        self.table = t
        self.rows = t.rows if t else []
        self.names = [r.name for r in self.rows]
        self.subject = t.subject if t else None
        self.arch = (t.where.get("arch") or ["-"])[0] if t else "-"
        self.compiler = (t.where.get("compiler") or ["-"])[0] if t else "-"
        self.config_values = t.config_values if t else {}
        self.group_by = t.group_by if t else []
        self.reference = t.reference if t else ""
        self.note = t.note if t else ""
        self.quote = t.quote if t else ""
        self.stack = t.stack if t else []

    def name(self, row):
        """The display name of a row (its declared name)."""
        return row

    def sort(self, row):
        """Sort key: the table's rows in order, then anything else by name."""
        return (self.names.index(row) if row in self.names else len(self.names), row)

    def row(self, name):
        return next((r for r in self.rows if r.name == name), None)

    def published_total(self, name):
        r = self.row(name)
        return r.published_total if r and r.published_total is not None else \
            sum(sum(p[1:]) for p in r.published) if r else None

    def expected(self, config):
        """(row names a build is expected for under these CONFIG values, [why for the rest]);
        an option the values do not set counts as n (the matrix records unset bools so)."""
        names, why = [], []
        for r in self.rows:
            if all(config.get(k, "n") == v for k, v in r.requires.items()):
                names.append(r.name)
            elif r.why:
                why.append(r.why)
        return names, why


def load(project=None, root=None):
    """The Spec of a project (default: bloatwatch.toml of the checkout the report runs from)."""
    if project is None:
        from .. import ROOT
        project = projects.load(None, root or ROOT)
    return Spec(project)
