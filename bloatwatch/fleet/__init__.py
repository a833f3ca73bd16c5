# SPDX-License-Identifier: GPL-2.0
"""A fleet of runners: a work queue in PostgreSQL (queue.py), the runner that serves it (runner.py)."""
