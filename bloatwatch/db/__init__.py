# SPDX-License-Identifier: GPL-2.0
"""db: Bloatwatch's history database: schema, migrations, ingest, reads, track and bisect."""
