# SPDX-License-Identifier: GPL-2.0
"""The report reads PostgreSQL through the same views: the same history gives the same files."""
import os

import pytest

import fixture
from bloatwatch.report import output
from conftest import generate


@pytest.fixture(scope="module")
def pg():
    from tests.db import pgserver
    yield from pgserver.serve()


def test_postgresql_and_sqlite_reports_are_identical(pg, fx, tmp_path):
    url = pg.create_db("reports")
    fixture.build(url)
    out = str(tmp_path / "pg")
    generate(url, out)
    count = 0
    for dirpath, _, names in os.walk(fx.out):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), fx.out)
            if rel == output.MANIFEST:      # the run's bookkeeping (mtimes), not a page
                continue
            mine = open(os.path.join(fx.out, rel), "rb").read()
            theirs = open(os.path.join(out, rel), "rb").read()
            # The footer names the database: history.db vs the URL's last component.
            theirs = theirs.replace(b"from reports (", b"from history.db (").replace(
                b"from reports.", b"from history.db.")
            assert mine == theirs, rel
            count += 1
    assert count > 20
