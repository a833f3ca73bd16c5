# SPDX-License-Identifier: GPL-2.0
"""Shared fixtures: report sites generated once per session from generated databases."""
import os

import pytest

import cdp  # pytest puts this folder on the import path
import fixture
from bloatwatch import project
from bloatwatch.report import site
from bloatwatch.db.query import History


def generate(db, out, **kw):
    """The site of `db` in `out`. The database is all it shows; the project (this checkout's
    bloatwatch.toml, rooted in out's parent folder) gives the table and the names only."""
    kw.setdefault("project", project.load(os.path.join(fixture.ROOT, "bloatwatch.toml"),
                                          os.path.dirname(os.path.abspath(out))))
    history = History(db)
    try:
        with history.snapshot():
            return site.generate(history, out, **kw)
    finally:
        history.close()


class Site:
    def __init__(self, db, out, commits):
        self.db, self.out, self.commits = db, out, commits

    def read(self, rel):
        with open(os.path.join(self.out, rel), encoding="utf-8") as f:
            return f.read()

    def files(self, suffix):
        for dirpath, _, names in os.walk(self.out):
            for n in sorted(names):
                if n.endswith(suffix):
                    yield os.path.relpath(os.path.join(dirpath, n), self.out)


def make_site(tmp_path_factory, name, **kw):
    top = tmp_path_factory.mktemp(name)
    db = str(top / "history.db")
    commits = fixture.build(db, **kw)
    out = str(top / "out")
    generate(db, out)
    return Site(db, out, commits)


@pytest.fixture(scope="session")
def fx(tmp_path_factory):
    """The full fixture: three variants, five commits (one failed)."""
    return make_site(tmp_path_factory, "full")


@pytest.fixture(scope="session")
def hostile(tmp_path_factory):
    """The full fixture with names that try to inject markup."""
    return make_site(tmp_path_factory, "hostile", hostile=True)


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium (cdp.Browser) for a module's page tests."""
    assert os.access(cdp.CHROMIUM, os.X_OK), "Debian's chromium is required (make deps installs it)"
    b = cdp.Browser()
    yield b
    b.close()


def url(site, rel):
    """The file:// address of a page of a generated site."""
    return "file://" + os.path.join(site.out, rel)
