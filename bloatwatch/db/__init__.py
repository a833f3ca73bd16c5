# SPDX-License-Identifier: GPL-2.0
"""db: Bloatwatch's history database: storage, schema, migrations, ingest and the read views."""
