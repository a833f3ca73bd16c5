# SPDX-License-Identifier: GPL-2.0
"""Running bin/bloatwatch and git from the Python suites (tests/db, tests/cli): one helper each.

Imported as `tests.bwrun` (pytest puts the checkout root on the import path, pyproject.toml).
"""
import os
import sqlite3
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOATWATCH = os.path.join(ROOT, "bin", "bloatwatch")
ANALYZER = os.path.join(ROOT, "bin", "bloatwatch-analyze")
GIT_ENV = {"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org",
           "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.org",
           "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent"}


def run_bw(*args, cwd=None, env=None, check=None, timeout=300):
    """Run bin/bloatwatch; check=0/1/... asserts the exit status and prints output on failure."""
    e = dict(os.environ)
    e.pop("BLOATWATCH_DB", None)
    e.update(env or {})
    r = subprocess.run(["/usr/bin/python3", BLOATWATCH] + [str(a) for a in args], cwd=cwd,
                       env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=timeout)
    if check is not None:
        assert r.returncode == check, "exit %d\nstdout:\n%s\nstderr:\n%s" % (
            r.returncode, r.stdout, r.stderr)
    return r


def one_line(r, *needles):
    """A refused command: non-zero exit, one `bloatwatch: ...` line holding every needle."""
    assert r.returncode != 0
    err = r.stderr.strip()
    assert err.count("\n") == 0 and err.startswith("bloatwatch: "), err
    for n in needles:
        assert n in err, err
    return err


def git(repo, *args, env=None):
    e = dict(os.environ, **GIT_ENV)
    e.update(env or {})
    r = subprocess.run(["git", "-C", str(repo)] + list(args), env=e, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def sql(db, query, params=()):
    con = sqlite3.connect(db)
    try:
        return con.execute(query, params).fetchall()
    finally:
        con.close()
