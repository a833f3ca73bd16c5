# SPDX-License-Identifier: GPL-2.0
"""report: the history database -> the footprint report (text, Markdown, HTML with plots)."""
import os

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
