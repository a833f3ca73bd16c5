# SPDX-License-Identifier: GPL-2.0
"""bwdb: Bloatwatch's history database: storage, ingest and the bloatwatch CLI."""
