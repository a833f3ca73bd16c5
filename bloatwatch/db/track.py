# SPDX-License-Identifier: GPL-2.0
"""Walk a range of commits: check each out in a temporary worktree, build, analyze, record.

Builds and analyses run in worker threads (each is a subprocess); recording happens in the
calling thread, one transaction per commit, so a store connection is never shared.
"""
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from . import gitrepo, recorder
from ..errors import BwError

_worktree_lock = threading.Lock()   # git serializes worktree bookkeeping badly


class Outcome:
    def __init__(self, sha, files=None, uses=None, error=None, seconds=0.0, adigest=None):
        self.sha, self.files, self.uses, self.error, self.seconds = sha, files, uses, error, seconds
        self.adigest = adigest


def build_one(repo, sha, project, analyzer, jobs=None, target=None):
    """Build and analyze one commit in a throw-away worktree; an Outcome, never an exception.

    With target (the database), objects already analyzed are looked up, not re-analyzed;
    this thread opens its own connection for that (connections are not shared)."""
    start = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="bloatwatch-track-")
    tree = os.path.join(tmp, "tree")
    try:
        with _worktree_lock:
            r = gitrepo.git(repo, "worktree", "add", "--detach", "--force", tree, sha, check=False)
        if r.returncode != 0:
            return Outcome(sha, error="git worktree add failed: " + r.stderr.strip()[-500:])
        log = os.path.join(tmp, "build.log")
        with open(log, "wb") as out:
            try:
                b = subprocess.run(project.build, shell=True, cwd=tree, stdout=out,
                                   stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   timeout=project.build_timeout,
                                   env=dict(os.environ, BLOATWATCH_TRACK="1"))
                status = b.returncode
            except subprocess.TimeoutExpired:
                status = "timeout after %d s" % project.build_timeout
        if status != 0:
            with open(log, "rb") as f:
                tail = f.read()[-3000:].decode(errors="replace")
            why = "exit %s" % status if isinstance(status, int) else status
            return Outcome(sha, error="build failed (%s): %s\n%s" % (why, project.build, tail),
                           seconds=time.monotonic() - start)
        store = None
        try:
            if target:
                from .store import Store
                store = Store(target)
            files, uses, adigest = recorder.collect(tree, project, analyzer, jobs=jobs, store=store)
        except BwError as e:
            return Outcome(sha, error=str(e).replace(tree + "/", ""), seconds=time.monotonic() - start)
        finally:
            if store:
                store.close()
        return Outcome(sha, files, uses, seconds=time.monotonic() - start, adigest=adigest)
    finally:
        with _worktree_lock:
            gitrepo.git(repo, "worktree", "remove", "--force", tree, check=False)
            gitrepo.git(repo, "worktree", "prune", check=False)
        shutil.rmtree(tmp, ignore_errors=True)


def store_outcome(store, repo, outcome):
    """Record an Outcome; returns 'ok' or 'failed'."""
    commit = recorder.commit_of(repo, outcome.sha, dirty=False)
    if outcome.error is not None:
        recorder.record_failure(store, commit, outcome.error)
        return "failed"
    recorder.record_files(store, commit, outcome.files, outcome.uses, outcome.sha[:12],
                          outcome.adigest)
    return "ok"


class Progress:
    """A one-line progress bar with ETA on a terminal; plain lines otherwise."""

    def __init__(self, total, stream=sys.stderr):
        self.total, self.done, self.stream = total, 0, stream
        self.tty = stream.isatty()
        self.start = time.monotonic()

    def step(self, sha, status, seconds):
        self.done += 1
        if not self.tty:
            print("track: %d/%d %s %s (%.1f s)" % (self.done, self.total, sha[:12], status, seconds),
                  file=self.stream, flush=True)
            return
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done)
        width = 30
        fill = int(width * self.done / self.total)
        self.stream.write("\r[%s%s] %d/%d  %s %-6s  ETA %s " % (
            "#" * fill, "." * (width - fill), self.done, self.total, sha[:12], status,
            clock(eta)))
        if self.done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def clock(seconds):
    seconds = int(seconds + 0.5)
    if seconds >= 3600:
        return "%dh%02dm" % (seconds // 3600, seconds % 3600 // 60)
    return "%dm%02ds" % (seconds // 60, seconds % 60)


def track(store, repo, shas, project, analyzer, jobs=1, force=False, retry_failed=False,
          target=None):
    """Build and record the commits not recorded yet; {'ok': n, 'failed': n, 'skipped': n}."""
    counts = {"ok": 0, "failed": 0, "skipped": 0}
    todo = []
    for sha in shas:
        state = recorder.recorded(store, sha)
        if state is None or force or (state == "failed" and retry_failed):
            todo.append(sha)
        else:
            counts["skipped"] += 1
    progress = Progress(len(todo)) if todo else None
    analyzer_jobs = 1 if jobs > 1 else None
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        futures = [pool.submit(build_one, repo, sha, project, analyzer, analyzer_jobs, target)
                   for sha in todo]
        try:
            for fut in concurrent.futures.as_completed(futures):
                outcome = fut.result()
                status = store_outcome(store, repo, outcome)
                counts[status] += 1
                progress.step(outcome.sha, status, outcome.seconds)
        except BaseException:
            for f in futures:
                f.cancel()
            raise
    return counts
