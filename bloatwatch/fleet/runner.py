# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch runner`: claim a job, build it in this runner's kept worktree, record it, repeat.

A runner holds one kept worktree (track's slots: several runners on one machine take
different ones) and one claim at a time.  While it builds, a heartbeat thread renews the
claim's lease on a connection of its own; a runner that dies stops renewing, and once the
lease passes another runner claims the job again.  A build that fails is retried (the job
goes back to pending, its log kept in the row) until its attempts run out, then recorded as
failed with the reason.  Recording is the track path, one transaction, idempotent: a job
recorded by a runner that then died before marking it done is recorded again, identically.

The database may go away (a restart, the network): the runner says so once, reconnects
with a growing pause and carries on where it was; its lease may pass meanwhile, and then the
job it was finishing is someone else's (its result is dropped, never recorded twice over a
live claim).  Only the first connection's failure ends the runner.
"""
import os
import signal
import socket
import sys
import threading
import time

from . import queue
from .. import gitrepo
from ..db import dialect
from ..record import recorder, track
from ..db.store import Store
from ..errors import BwError

LEASE = 60.0      # seconds a claim lasts unless renewed
POLL = 5.0        # seconds between looks at an empty queue
LOG_KEEP = 65536  # bytes of a failed build's log kept in its job row
PREFETCH = 32     # commits whose metadata a runner asks git for at once


class Stop(Exception):
    """SIGTERM or SIGINT: give the job back and leave."""


def record_job(store, repo, outcome):
    """The one place a runner records a build (the track path): 'ok' or 'failed'."""
    return track.store_outcome(store, repo, outcome)


def lost_connection(e):
    """Is e the database being unreachable (as opposed to a bug or bad data)?"""
    try:
        import psycopg2
    except ImportError:
        return False
    gone = (psycopg2.OperationalError, psycopg2.InterfaceError)
    return isinstance(e, gone) or isinstance(e, BwError) and isinstance(e.__context__, gone)


def closed(connection):
    """Close a connection (a dialect connection or a Store) that may already be gone; None,
    for the attribute that held it."""
    if connection is not None:
        try:
            connection.close()
        except Exception:
            pass
    return None


class Heartbeat(threading.Thread):
    """Renews the current claim's lease every quarter lease, on its own connection."""

    def __init__(self, target, lease):
        super().__init__(daemon=True)
        self.target, self.lease = target, lease
        self.job, self.lost = None, None
        self.lock = threading.Lock()
        self.quit = threading.Event()
        self.d = None

    def hold(self, job):
        with self.lock:
            self.job, self.lost = job, None

    def drop(self):
        """Stop renewing; why the claim was lost (None: it was ours throughout)."""
        with self.lock:
            self.job = None
            return self.lost

    def run(self):
        while not self.quit.wait(self.lease / 4):
            with self.lock:
                job = self.job
                if job is None or self.lost:
                    continue
                try:
                    if self.d is None:
                        self.d = dialect.connect(self.target)
                    if not queue.renew(self.d, job, self.lease):
                        self.lost = "the claim on %s is no longer ours (its lease passed and " \
                            "another runner claimed it, or it was cancelled)" % job.sha[:12]
                except Exception as e:
                    if not lost_connection(e):
                        raise
                    self.d = closed(self.d)   # try again at the next beat

    def stop(self):
        self.quit.set()
        self.join()
        self.d = closed(self.d)


class Runner:
    def __init__(self, target, repo, project, analyzer, name=None, lease=LEASE, poll=POLL,
                 drain=False, out=sys.stdout):
        self.target, self.repo, self.project, self.analyzer = target, repo, project, analyzer
        self.host = socket.gethostname()
        self.name = name or "%s.%d" % (self.host, os.getpid())
        self.lease, self.poll, self.drain, self.out = lease, poll, drain, out
        self.store = None
        self.done = 0
        self.log_file = None    # the kept worktree's build log

    def say(self, text):
        print("runner %s: %s" % (self.name, text), file=self.out, flush=True)

    # ---- the database, through outages --------------------------------------------------

    def db(self, fn):
        """fn(store), again on a new connection while the database is unreachable."""
        pause, said = 0.25, False
        while True:
            try:
                if self.store is None:
                    self.store = Store(self.target, create=False)
                return fn(self.store)
            except Exception as e:
                if not lost_connection(e):
                    raise
                if not said:
                    self.say("database unreachable (%s): reconnecting"
                             % str(e).strip().splitlines()[0])
                    said = True
                self.store = closed(self.store)
                time.sleep(pause)
                pause = min(pause * 2, 10.0)

    # ---- serving --------------------------------------------------------------------------

    def serve(self):
        """Serve jobs until stopped (or, with drain, until none is pending or running).
        The number of jobs this runner finished."""
        self.store = Store(self.target, create=False)   # the first connection must work
        queue.listen(self.store)    # before the first claim: no NOTIFY after it is missed
        slot = track.take_slots(self.repo, 1)[0]
        slot.make()     # now, not in the first job (a failure: that job's checkout says why)
        self.log_file = os.path.join(slot.work_dir(), "build.log")
        beat = Heartbeat(self.target, self.lease)
        beat.start()
        old = {s: signal.signal(s, self._stop) for s in (signal.SIGTERM, signal.SIGINT)}
        job = None
        try:
            self.say("serving %s from %s (worktree %s, lease %g s)"
                     % (self.store.where, self.repo, slot.path, self.lease))
            while True:
                job = self.db(lambda s: queue.claim(s, self.name, self.host, self.lease))
                if job is None:
                    if self.drain and self.db(queue.idle):
                        break
                    self.db(lambda s: queue.wait(s, self.poll))
                    continue
                if job.lost:
                    self.say("%s failed: %s" % (job.name(), job.lost))
                    self._record_lost(job)
                    job = None
                    continue
                beat.hold(job)
                try:
                    outcome = self.build(slot, job)
                finally:
                    lost = beat.drop()
                self.settle(job, outcome, lost)
                job = None
        except Stop:
            if job is not None and job.token and not job.lost:
                beat.drop()
                self.db(lambda s: queue.release(s, job))
                self.say("stopped: %s given back to the queue" % job.name())
            else:
                self.say("stopped")
        finally:
            for s, h in old.items():
                signal.signal(s, h)
            beat.stop()
            slot.release()
            self.store = closed(self.store)
        return self.done

    def _stop(self, signum, frame):
        raise Stop()

    def build(self, slot, job):
        """The job's Outcome: built in the slot, or recorded as its parent (it touches none of
        the project's paths and the parent's build is recorded), or why it cannot be built
        here.  A job of a declared build builds that one only."""
        sha, build = job.sha, job.build or None
        if not gitrepo.has_info(self.repo, sha):
            # Recording asks git for the commit's metadata: one git for the coming jobs'.
            gitrepo.prefetch_infos(self.repo, [sha] + self.db(
                lambda s: queue.upcoming(s, PREFETCH)))
        if os.path.exists(self.log_file):
            os.unlink(self.log_file)    # a log read after this attempt is this attempt's
        gone = track.Outcome(sha, error="commit %s is not in the repository %s (fetch it there, "
                             "or `bloatwatch queue cancel %s`)" % (sha, self.repo, sha[:12]),
                             build=build)

        def missing():
            return gitrepo.git(self.repo, "cat-file", "-e", sha + "^{commit}",
                               check=False).returncode != 0
        paths = self.project.paths
        if paths and missing():     # asked before the first parent, which needs the commit
            return gone
        parent = gitrepo.first_parent(self.repo, sha) if paths else None
        if parent and self.db(lambda s: recorder.recorded(s, parent, build=build)) and \
                not gitrepo.touches(self.repo, parent, sha, paths):
            return track.Outcome(sha, parent=parent, error="recorded as %s: touches none of "
                                 "paths (%s)" % (parent[:12], " ".join(paths)), build=build)
        try:
            project = self.project.for_build(build)
        except BwError as e:    # a job of a build this runner's bloatwatch.toml lacks
            return track.Outcome(sha, error=str(e), build=build)
        # On the runner's own connection, kept from job to job (opening one costs round trips
        # and the schema check); an outage during the lookups builds again once reconnected.
        outcome = self.db(lambda s: track.build_in(slot, sha, project, self.analyzer, store=s))
        # A commit this clone lacks fails its checkout: only then is git asked why.
        if outcome.error and outcome.error.startswith("git ") and not paths and missing():
            return gone
        return outcome

    def settle(self, job, outcome, lost):
        """Record the outcome and end the claim: done, retried or failed."""
        sha = job.name()
        if lost is None and not self.db(lambda s: queue.renew(s.d, job, self.lease)):
            lost = "the claim on %s is no longer ours" % sha
        if lost:
            self.say("%s: %s; this result is dropped" % (sha, lost))
            return
        unknown = outcome.error and outcome.error.startswith("commit %s is not" % job.sha)
        if outcome.error and outcome.parent is None and job.attempts < job.max_attempts:
            log = self._log(outcome)
            if self.db(lambda s: queue.finish(s, job, "pending", outcome.error, log)):
                self.say("%s failed (attempt %d of %d, retried): %s" % (
                    sha, job.attempts, job.max_attempts, outcome.error.splitlines()[0]))
            return
        if not unknown:
            status = self.db(lambda s: record_job(s, self.repo, outcome))
        else:
            status = "failed"
        state = "done" if status == "ok" or outcome.parent is not None else "failed"
        log = self._log(outcome) if state == "failed" and outcome.parent is None else ""
        if self.db(lambda s: queue.finish(s, job, state, outcome.error or "", log)):
            self.done += 1
        what = "ok" if status == "ok" else status
        if outcome.parent is not None:
            what += ", as %s" % outcome.parent[:12]
        detail = outcome.stats.text() if outcome.parent is None else "not built"
        if state == "failed":
            detail = outcome.error.splitlines()[0]
        self.say("%s %s (%.1f s; %s)" % (sha, what, outcome.seconds, detail))

    def _record_lost(self, job):
        """A job whose runners all died: recorded as failed, when the commit is known here."""
        if gitrepo.git(self.repo, "cat-file", "-e", job.sha + "^{commit}",
                       check=False).returncode == 0:
            self.db(lambda s: record_job(s, self.repo, track.Outcome(job.sha, error=job.lost,
                                                                     build=job.build or None)))

    def _log(self, outcome):
        """The end of the build log of the attempt (what the job row keeps)."""
        try:
            with open(self.log_file, "rb") as f:
                f.seek(max(0, os.path.getsize(self.log_file) - LOG_KEEP))
                return f.read().decode(errors="replace")
        except OSError:
            return outcome.error or ""
