# SPDX-License-Identifier: GPL-2.0
"""render: tables as data (Table, typed cells) and the one text/Markdown/CSV renderer of them."""
