# SPDX-License-Identifier: GPL-2.0
"""bwreport: the history database -> the article's footprint table, plots and an HTML site."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEMPLATES = os.path.join(ROOT, "reports", "templates")
STATIC = os.path.join(ROOT, "reports", "static")

# The database layer (db/bwdb) opens SQLite or PostgreSQL and keeps views.sql installed.
_DB = os.path.join(ROOT, "db")
if _DB not in sys.path:
    sys.path.insert(0, _DB)
