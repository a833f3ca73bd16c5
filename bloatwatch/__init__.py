# SPDX-License-Identifier: GPL-2.0
"""bloatwatch: record object sizes per git commit, compare them, and report the footprint.

Subpackages: record (collect, analyze, build commits, and the one record()), db (history
database), compare (bloat-o-meter, sections, structs, budgets), render (one table model and its
text/Markdown renderers), report (the text, Markdown and HTML reports, from the database only).
"""
import os

PACKAGE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(PACKAGE)   # the checkout this package runs from (in place)
