# SPDX-License-Identifier: GPL-2.0
"""Shared fixtures for the db tests: run the real CLI, make git repositories, a PostgreSQL server."""
import json
import os
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
from tests.bwrun import ROOT, BLOATWATCH, ANALYZER, git, run_bw, sql  # noqa: E402
import synth  # noqa: E402  (pytest puts this folder on the import path)

# The names the tests import from here without this file using them (pyflakes reads __all__).
__all__ = ["BLOATWATCH", "run_bw", "sql"]


class Repo:
    """A scratch git repository with deterministic commit dates."""

    def __init__(self, path):
        self.path = str(path)
        self.n = 0
        os.makedirs(self.path, exist_ok=True)
        git(self.path, "init", "-q", "-b", "main")

    def commit(self, files, message):
        for name, text in files.items():
            full = os.path.join(self.path, name)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(text)
            git(self.path, "add", name)
        self.n += 1
        stamp = "%d +0000" % (1704067200 + self.n * 60)
        git(self.path, "commit", "-q", "-m", message, env={"GIT_AUTHOR_DATE": stamp,
                                                           "GIT_COMMITTER_DATE": stamp})
        return git(self.path, "rev-parse", "HEAD")


@pytest.fixture
def repo(tmp_path):
    return Repo(tmp_path / "repo")


def write_json(path, doc):
    with open(path, "w") as f:
        f.write(json.dumps(doc))   # dumps: one C encoder call; dump encodes piece by piece in Python
    return str(path)


def small_matrix(step=0, **kw):
    kw.setdefault("arches", ["x86_64", "arm"])
    kw.setdefault("compilers", ["gcc", "clang"])
    kw.setdefault("nscen", 3)
    kw.setdefault("nsyms", 6)
    kw.setdefault("nstructs", 3)
    return synth.matrix(step, **kw)


def diff_pair(tmp_path):
    """[old.o, new.o] built as analyzer/t0400 builds its diff fixture (tests/analyzer/diff)."""
    objs = []
    for side in ("old", "new"):
        obj = str(tmp_path / (side + ".o"))
        subprocess.run(["gcc", "-O0", "-g", "-fno-inline", "-c",
                        os.path.join(ROOT, "tests", "analyzer", "diff", side + ".c"), "-o", obj],
                       check=True)
        objs.append(obj)
    return objs


def have_analyzer_all():
    """The real analyzer is built and implements mode all."""
    if not os.access(ANALYZER, os.X_OK):
        return False
    r = subprocess.run([ANALYZER, "all", "--json", ANALYZER], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return r.returncode == 0


@pytest.fixture(scope="session")
def analyzer():
    """The real analyzer (make test-db depends on `analyzer`): missing is a failure, not a skip."""
    assert have_analyzer_all(), "bin/bloatwatch-analyze with mode `all` is required (make analyzer)"
    return ANALYZER


@pytest.fixture(scope="session")
def matrix_recorded(tmp_path_factory, analyzer):
    """The built matrix recorded once for the session by `bloatwatch record` (test_matrix checks
    it, test_bloat_o_meter diffs its pairs): (db, the objects found, record's stdout). A record
    of the 840 objects runs the analyzer on every coordinate, so it is not made twice."""
    from bloatwatch import project
    from bloatwatch.record import collect
    found = collect.objects(project.load(None, ROOT), ROOT)
    assert found, "no matrix objects under build/ (make objects)"
    db = str(tmp_path_factory.mktemp("matrix") / "matrix.db")
    r = run_bw("--db", db, "-C", ROOT, "record", check=0)
    return db, found, r.stdout


@pytest.fixture(scope="session")
def pg():
    """A PostgreSQL server of our own on loopback for the whole session; it must start."""
    import pgserver
    yield from pgserver.serve()
