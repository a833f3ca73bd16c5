# SPDX-License-Identifier: GPL-2.0
"""bloatwatch: record object sizes per git commit, compare them, and report the footprint.

Subpackages: db (history database), compare (bloat-o-meter, sections, structs), render (one
table model and its text/Markdown renderers), report (the text, Markdown and HTML reports).
"""
import os

PACKAGE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(PACKAGE)   # the checkout this package runs from (in place)
