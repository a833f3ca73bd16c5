# SPDX-License-Identifier: GPL-2.0
"""What `make report` asks of the database between its steps: state stamps and a seeded history.

    bloatwatch stamp head FILE     '<sha> <dirty> <status>': what the database should hold
    bloatwatch stamp db FILE       digest of every recorded commit: what a report would read
    bloatwatch record --seed N     into an empty history, first track the last N commits

Stamp files are rewritten only when their content changes, so make's timestamps say
whether anything is left to do.
"""
import hashlib
import os

from ..db import gitrepo
from ..db.store import Store


def write_if_changed(path, text):
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return False
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(path + ".tmp", path)
    return True


def open_store(db):
    """The database, or None when it is a SQLite file that does not exist yet."""
    if "://" not in db and not os.path.exists(db):
        return None
    return Store(db, create=False)


def _query(db, sql, params=(), empty=None):
    store = open_store(db)
    if not store:
        return empty
    try:
        return store.query(sql, params)
    finally:
        store.close()


def head_key(db, root):
    """'<sha> <dirty> <status or none>': what the database should hold for this tree."""
    sha = gitrepo.resolve(root, "HEAD") or "none"
    dirty = int(gitrepo.is_dirty(root)) if sha != "none" else 0
    rows = _query(db, "SELECT status FROM v_commits WHERE sha = ? AND dirty = ?", (sha, dirty), [])
    return "%s %d %s\n" % (sha, dirty, rows[0][0] if rows else "none")


def db_key(db):
    """Digest of what the report reads: every recorded commit and when it was recorded."""
    rows = _query(db, "SELECT commit_id, sha, dirty, status, recorded_at, subject FROM v_commits "
                      "ORDER BY commit_id")
    if rows is None:
        return "none\n"
    views = _query(db, "SELECT value FROM meta WHERE key = 'views'")
    h = hashlib.sha256(repr((rows, views)).encode()).hexdigest()
    return "%d commits %s\n" % (len(rows), h)


def seed_range(db, root, count):
    """The range to track before recording HEAD when the history holds no other commit:
    the last `count` commits, HEAD itself only when the tree is dirty (a clean HEAD is
    recorded right after, from the objects already built); None when nothing is to track."""
    sha = gitrepo.resolve(root, "HEAD")
    if count <= 0 or sha is None:
        return None
    if _query(db, "SELECT COUNT(*) FROM v_commits WHERE sha <> ?", (sha,), [(0,)])[0][0]:
        return None
    dirty = gitrepo.is_dirty(root)
    tip = "HEAD" if dirty else "HEAD~1"
    if gitrepo.resolve(root, tip) is None:
        return None
    base = "HEAD~%d" % (count if dirty else count + 1)
    return "%s..%s" % (base, tip) if gitrepo.resolve(root, base) else tip
