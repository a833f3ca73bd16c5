# SPDX-License-Identifier: GPL-2.0
"""Steps of `make report` that need the database: state stamps, tracking an empty history, recording.

    python3 -m bwreport.pipeline head    --db DB --out FILE
    python3 -m bwreport.pipeline record  --db DB --head FILE [--track N] [-j JOBS]
    python3 -m bwreport.pipeline dbstate --db DB --out FILE

Stamp files are rewritten only when their content changes, so make's timestamps say
whether anything is left to do.  Recording goes through bin/bloatwatch (the CLI is the
interface); a commit already recorded from identical objects is not recorded again.
"""
import argparse
import hashlib
import os
import subprocess
import sys

from . import ROOT
from bwdb import gitrepo
from bwdb.errors import BwError
from bwdb.store import Store

BLOATWATCH = os.path.join(ROOT, "bin", "bloatwatch")


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


def is_sqlite_missing(db):
    return "://" not in db and not os.path.exists(db)


def open_store(db):
    return None if is_sqlite_missing(db) else Store(db, create=False)


def head_key(db):
    """'<sha> <dirty> <status or none>': what the database should hold for this tree."""
    sha = gitrepo.resolve(ROOT, "HEAD") or "none"
    dirty = int(gitrepo.is_dirty(ROOT)) if sha != "none" else 0
    status = "none"
    store = open_store(db)
    if store:
        try:
            rows = store.query("SELECT status FROM v_commits WHERE sha = ? AND dirty = ?", (sha, dirty))
            status = rows[0][0] if rows else "none"
        finally:
            store.close()
    return "%s %d %s\n" % (sha, dirty, status)


def earlier_commits(db, sha):
    store = open_store(db)
    if not store:
        return 0
    try:
        return store.query("SELECT COUNT(*) FROM v_commits WHERE sha <> ?", (sha,))[0][0]
    finally:
        store.close()


def track_range(count, dirty):
    """The last `count` commits as a rev-list range; HEAD itself only when the tree is dirty
    (a clean HEAD is recorded right after, from the objects already built)."""
    tip = "HEAD" if dirty else "HEAD~1"
    if gitrepo.resolve(ROOT, tip) is None:
        return None
    base = "HEAD~%d" % count if dirty else "HEAD~%d" % (count + 1)
    return "%s..%s" % (base, tip) if gitrepo.resolve(ROOT, base) else tip


def bloatwatch(db, *args):
    cmd = [sys.executable, BLOATWATCH, "--db", db] + list(args)
    r = subprocess.run(cmd, cwd=ROOT)
    if r.returncode != 0:
        raise BwError("`%s` failed (exit %d)" % (" ".join(cmd[1:]), r.returncode))


def record(db, head_file, track, jobs):
    sha = gitrepo.resolve(ROOT, "HEAD")
    if sha is None:
        raise BwError("%s: no commit yet; commit something to record" % ROOT)
    dirty = gitrepo.is_dirty(ROOT)
    if track > 0 and earlier_commits(db, sha) == 0:
        rng = track_range(track, dirty)
        if rng:
            print("report: the history is empty: tracking %s (%d commits at most, -j%d) so the "
                  "plots have real data" % (rng, track, jobs), flush=True)
            bloatwatch(db, "track", "-j", str(jobs), rng)
    bloatwatch(db, "record")
    write_if_changed(head_file, head_key(db))


def dbstate(db):
    """Digest of what the report reads: every recorded commit and when it was recorded."""
    store = open_store(db)
    if not store:
        return "none\n"
    try:
        rows = store.query("SELECT commit_id, sha, dirty, status, recorded_at, subject FROM v_commits "
                           "ORDER BY commit_id")
        views = store.query("SELECT value FROM meta WHERE key = 'views'")
    finally:
        store.close()
    h = hashlib.sha256(repr((rows, views)).encode()).hexdigest()
    return "%d commits %s\n" % (len(rows), h)


def main(argv=None):
    p = argparse.ArgumentParser(prog="bwreport.pipeline")
    p.add_argument("step", choices=("head", "record", "dbstate"))
    p.add_argument("--db", required=True)
    p.add_argument("--out", help="stamp file to write (head, dbstate)")
    p.add_argument("--head", help="record: the head stamp to refresh afterwards")
    p.add_argument("--track", type=int, default=4, help="record: commits tracked into an empty history")
    p.add_argument("-j", "--jobs", type=int, default=2)
    a = p.parse_args(argv)
    try:
        if a.step == "head":
            write_if_changed(a.out, head_key(a.db))
        elif a.step == "dbstate":
            write_if_changed(a.out, dbstate(a.db))
        else:
            record(a.db, a.head, a.track, a.jobs)
    except BwError as e:
        print("report: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
