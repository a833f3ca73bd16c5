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

from .. import gitrepo
from ..db import query
from ..db.store import Store


def open_store(db):
    """The database, or None when it is a SQLite file that does not exist yet."""
    if "://" not in db and not os.path.exists(db):
        return None
    return Store(db, create=False)


def _ask(db, question, empty):
    store = open_store(db)
    if not store:
        return empty
    try:
        return question(store)
    finally:
        store.close()


def head_key(db, root):
    """'<sha> <dirty> <status or none>': what the database should hold for this tree."""
    sha = gitrepo.resolve(root, "HEAD") or "none"
    dirty = int(gitrepo.is_dirty(root)) if sha != "none" else 0
    state = _ask(db, lambda s: query.status(s, sha, dirty), None)
    return "%s %d %s\n" % (sha, dirty, state or "none")


def db_key(db):
    """Digest of what the report reads: every recorded commit and when it was recorded."""
    state = _ask(db, query.recorded_state, None)
    if state is None:
        return "none\n"
    h = hashlib.sha256(repr(state).encode()).hexdigest()
    return "%d commits %s\n" % (len(state[0]), h)


def seed_range(db, root, count):
    """The range to track before recording HEAD when the history holds no other commit:
    the last `count` commits, HEAD itself only when the tree is dirty (a clean HEAD is
    recorded right after, from the objects already built); None when nothing is to track."""
    sha = gitrepo.resolve(root, "HEAD")
    if count <= 0 or sha is None:
        return None
    if _ask(db, lambda s: query.other_commits(s, sha), 0):
        return None
    dirty = gitrepo.is_dirty(root)
    tip = "HEAD" if dirty else "HEAD~1"
    if gitrepo.resolve(root, tip) is None:
        return None
    base = "HEAD~%d" % (count if dirty else count + 1)
    return "%s..%s" % (base, tip) if gitrepo.resolve(root, base) else tip
