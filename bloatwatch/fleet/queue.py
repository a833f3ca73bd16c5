# SPDX-License-Identifier: GPL-2.0
"""The fleet's work queue, the `jobs` table: enqueue, claim under a lease, renew, finish, status.

Only PostgreSQL serves a fleet: a claim is `SELECT ... FOR UPDATE SKIP LOCKED`, so runners
claiming at once each lock a different row and none waits for another.  Times are the
database's clock (unix milliseconds), so the runners' own clocks never matter.  Every change
of a claimed job names the claim's token: a runner whose lease passed and whose job another
runner claimed since can neither renew nor finish it.
"""
import json
import re
import select
import uuid

from ..record.track import clock
from ..errors import BwError

NOW = "CAST(extract(epoch FROM clock_timestamp()) * 1000 AS BIGINT)"
STATES = ("pending", "running", "done", "failed", "cancelled")
MAX_ATTEMPTS = 3
# Idle runners LISTEN here; whatever makes a job pending NOTIFYs it (sent on commit), so a
# runner waiting on an empty queue wakes at once instead of at its next poll.
CHANNEL = "bloatwatch_jobs"
COLS = ("id, sha, build, state, attempts, max_attempts, runner, host, token, lease_until, "
        "enqueued_at, claimed_at, finished_at, error")


def require_postgresql(target, command):
    """Refuse a SQLite target in one line, before anything opens (or creates) it."""
    if not re.match(r"^postgres(ql)?://", target):
        raise BwError("%s: a fleet needs PostgreSQL and %s is a SQLite file: give --db "
                      "postgresql://USER@HOST/DB (or set BLOATWATCH_DB) on every machine "
                      "(docs/fleet.md)" % (command, target))


class Job:
    def __init__(self, row):
        (self.id, self.sha, self.build, self.state, self.attempts, self.max_attempts, self.runner, self.host,
         self.token, self.lease_until, self.enqueued_at, self.claimed_at, self.finished_at,
         self.error) = row
        self.lost = None    # why a claim found the job's last runner gone for good

    def name(self):
        """The commit, and the declared build when there is one: 1a2b3c4d5e6f/x86_64."""
        return self.sha[:12] + ("/" + self.build if self.build else "")


def recorded(store, builds):
    """{(sha, build): 'ok' | 'failed'} of the commits recorded (clean), for these builds
    (Project.builds(); None, the tree's one build, is '' as in the jobs table)."""
    out = {}
    if None in builds:
        out.update(((sha, ""), st) for sha, st in store.query(
            "SELECT sha, status FROM v_commit_rows WHERE dirty = 0"))
    if any(builds):
        out.update(((sha, b), st) for sha, b, st in store.query(
            "SELECT sha, build, status FROM v_commit_builds WHERE dirty = 0"))
    return out


def add(store, jobs, max_attempts=MAX_ATTEMPTS, requeue=()):
    """Enqueue (sha, build) jobs (oldest commit first; build '' for the tree's one build) as
    pending; a job already queued is left as it is, unless it is in `requeue` and it ended
    (done, failed, cancelled).  (added, requeued, already queued)."""
    requeue = set(requeue)

    def write():
        d = store.d
        base = d.execute("SELECT COALESCE(max(seq), 0) FROM jobs").fetchone()[0]
        added = again = 0
        for i, (sha, build) in enumerate(jobs, 1):
            row = d.execute("INSERT INTO jobs (sha, build, seq, state, max_attempts, enqueued_at) "
                            "VALUES (?, ?, ?, 'pending', ?, %s) ON CONFLICT (sha, build) DO "
                            "NOTHING RETURNING id" % NOW,
                            (sha, build, base + i, max_attempts)).fetchone()
            if row:
                added += 1
            elif (sha, build) in requeue:
                again += d.execute(
                    "UPDATE jobs SET state = 'pending', seq = ?, attempts = 0, max_attempts = ?, "
                    "token = '', lease_until = NULL, finished_at = NULL, error = '', log = '', "
                    "enqueued_at = %s WHERE sha = ? AND build = ? AND state IN ('done', "
                    "'failed', 'cancelled')" % NOW,
                    (base + i, max_attempts, sha, build)).rowcount
        if added or again:
            d.execute("NOTIFY %s" % CHANNEL)
        return added, again, len(jobs) - added - again
    return store.write(write)


def claim(store, runner, host, lease):
    """The next job for this runner, claimed for `lease` seconds (a Job), or None.

    A pending job, or a running one whose lease passed (its runner died or lost the
    database).  A lost job that had its last attempt is not claimed: it comes back with
    .lost saying why, marked failed, for the runner to record as failed."""
    def write():
        d = store.d
        row = d.execute("SELECT %s FROM jobs WHERE state = 'pending' OR (state = 'running' AND "
                        "lease_until < %s) ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED"
                        % (COLS, NOW)).fetchone()
        if row is None:
            return None
        job = Job(row)
        if job.state == "running" and job.attempts >= job.max_attempts:
            job.lost = ("runner %s on %s stopped renewing its lease (attempt %d of %d): "
                        "given up" % (job.runner, job.host, job.attempts, job.max_attempts))
            d.execute("UPDATE jobs SET state = 'failed', error = ?, lease_until = NULL, "
                      "finished_at = %s WHERE id = ?" % NOW, (job.lost, job.id))
            return job
        if job.state == "running":
            job.error = "runner %s on %s stopped renewing its lease" % (job.runner, job.host)
        job.token = uuid.uuid4().hex
        d.execute("UPDATE jobs SET state = 'running', attempts = attempts + 1, runner = ?, "
                  "host = ?, token = ?, lease_until = %s + ?, claimed_at = %s, error = ? "
                  "WHERE id = ?" % (NOW, NOW),
                  (runner, host, job.token, int(lease * 1000), job.error, job.id))
        job.attempts += 1
        job.runner, job.host, job.state = runner, host, "running"
        return job
    return store.write(write)


def renew(d, job, lease):
    """Extend a claim's lease through a dialect connection; False when the claim is no
    longer ours (the lease passed and another runner claimed the job, or it was cancelled)."""
    cur = d.execute("UPDATE jobs SET lease_until = %s + ? WHERE id = ? AND token = ? AND "
                    "state = 'running'" % NOW, (int(lease * 1000), job.id, job.token))
    return cur.rowcount == 1


def finish(store, job, state, error="", log=""):
    """End a claim: done, failed, or pending again (a retry).  False when it was no longer
    ours, which changes nothing."""
    assert state in ("done", "failed", "pending")

    def write():
        ours = store.d.execute(
            "UPDATE jobs SET state = ?, error = ?, log = ?, lease_until = NULL, token = ?, "
            "finished_at = %s WHERE id = ? AND token = ? AND state = 'running'"
            % ("NULL" if state == "pending" else NOW),
            (state, error, log, "" if state == "pending" else job.token, job.id,
             job.token)).rowcount == 1
        if ours and state == "pending":
            store.d.execute("NOTIFY %s" % CHANNEL)
        return ours
    return store.write(write)


def release(store, job):
    """Give a claim back untried (the runner was told to stop): pending, the attempt uncounted."""
    def write():
        ours = store.d.execute(
            "UPDATE jobs SET state = 'pending', attempts = attempts - 1, token = '', "
            "lease_until = NULL WHERE id = ? AND token = ? AND state = 'running'",
            (job.id, job.token)).rowcount == 1
        if ours:
            store.d.execute("NOTIFY %s" % CHANNEL)
        return ours
    return store.write(write)


def upcoming(store, count):
    """The commits of the next `count` pending jobs, in claim order."""
    return [r[0] for r in store.query("SELECT sha FROM jobs WHERE state = 'pending' ORDER BY "
                                      "seq LIMIT %d" % int(count))]


def listen(store):
    """Be told (queue.wait) when jobs become pending: once per connection."""
    if not getattr(store.d, "listening", False):
        store.d.execute("LISTEN %s" % CHANNEL)
        store.d.listening = True


def wait(store, seconds):
    """Wait until a job may have become pending (a NOTIFY since the last wait, or one
    arriving) or `seconds` passed.  A lost connection raises (psycopg2's error) from poll()."""
    listen(store)
    conn = store.d.conn
    conn.poll()
    if not conn.notifies:
        select.select([conn], [], [], seconds)
        conn.poll()
    del conn.notifies[:]


def idle(store):
    """Nothing is left to claim or waiting on a runner: no pending or running job."""
    return store.d.execute("SELECT count(*) FROM jobs WHERE state IN ('pending', 'running')"
                           ).fetchone()[0] == 0


def match(store, revs):
    """The job ids of the given shas or sha prefixes (every build of the commit), or of
    SHA/BUILD (that build); an unknown one is an error."""
    ids = []
    for rev in revs:
        sha, _, build = rev.partition("/")
        rows = store.query("SELECT id, sha FROM jobs WHERE sha LIKE ?" +
                           (" AND build = ?" if build else ""),
                           (sha.lower() + "%",) + ((build,) if build else ())) \
            if re.match(r"^[0-9a-fA-F]{4,40}$", sha) else []
        if not rows or len({r[1] for r in rows}) != 1:
            raise BwError("%s: %s job" % (rev, "no such" if not rows else "more than one"))
        ids.extend(r[0] for r in rows)
    return ids


def retry(store, ids=None):
    """Failed or cancelled jobs (these ids, else every failed one) pending again, their
    attempts reset; how many."""
    def write():
        where = "state IN ('failed', 'cancelled')" if ids is not None else "state = 'failed'"
        n = _update(store, "state = 'pending', attempts = 0, finished_at = NULL", where, ids)
        if n:
            store.d.execute("NOTIFY %s" % CHANNEL)
        return n
    return store.write(write)


def cancel(store, ids=None):
    """Pending or running jobs (these ids, else every pending one) cancelled; how many.  A
    runner building a cancelled job loses its claim and drops the result."""
    def write():
        where = "state IN ('pending', 'running')" if ids is not None else "state = 'pending'"
        return _update(store, "state = 'cancelled', token = '', lease_until = NULL, "
                       "finished_at = %s" % NOW, where, ids)
    return store.write(write)


def _update(store, sets, where, ids):
    if ids is not None and not ids:
        return 0
    sql = "UPDATE jobs SET %s WHERE %s" % (sets, where)
    if ids is not None:
        sql += " AND id IN (%s)" % ",".join("?" * len(ids))
    return store.d.execute(sql, list(ids or ())).rowcount


# ---- status ----------------------------------------------------------------------------------

def status(store):
    """The queue as a dict: counts per state, the running jobs and the failed ones."""
    now = store.d.execute("SELECT %s" % NOW).fetchone()[0]
    counts = dict.fromkeys(STATES, 0)
    for state, n in store.query("SELECT state, count(*) FROM jobs GROUP BY state"):
        counts[state] = n
    running = [dict(sha=sha, build=build, runner=runner, host=host, attempt=attempts,
                    max_attempts=most, age=(now - claimed) / 1000.0,
                    lease_left=(lease - now) / 1000.0)
               for sha, build, runner, host, attempts, most, claimed, lease in store.query(
                   "SELECT sha, build, runner, host, attempts, max_attempts, claimed_at, "
                   "lease_until FROM jobs WHERE state = 'running' ORDER BY seq")]
    failed = [dict(sha=sha, build=build, attempts=attempts, runner=runner, host=host,
                   error=error, log=log)
              for sha, build, attempts, runner, host, error, log in store.query(
                  "SELECT sha, build, attempts, runner, host, error, log FROM jobs "
                  "WHERE state = 'failed' ORDER BY seq")]
    return dict(counts=counts, running=running, failed=failed)


def status_text(st, reason):
    """The queue for a terminal; reason() makes an error text one line."""
    c = st["counts"]
    lines = ["queue: %d jobs: %s" % (sum(c.values()), ", ".join(
        "%d %s" % (c[s], s) for s in STATES))]
    for r in st["running"]:
        lease = "lease %.0f s left" % r["lease_left"] if r["lease_left"] >= 0 else \
            "lease passed %.0f s ago: claimed again soon" % -r["lease_left"]
        lines.append("  running %s  %s on %s  attempt %d/%d  for %s  %s" % (
            _name(r), r["runner"], r["host"], r["attempt"], r["max_attempts"],
            clock(max(0, r["age"])), lease))
    for r in st["failed"]:
        lines.append("  failed  %s  after %d attempt(s), last on %s: %s" % (
            _name(r), r["attempts"], r["host"] or "-", reason(r["error"])))
    return "\n".join(lines) + "\n"


def _name(r):
    return r["sha"][:12] + ("/" + r["build"] if r["build"] else "")


def status_json(st):
    return json.dumps(st, indent=1, sort_keys=True) + "\n"
