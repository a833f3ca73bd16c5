# SPDX-License-Identifier: GPL-2.0
"""Walk a range of commits: build each in a worktree, analyze, record; skip what `paths` rules out.

A commit is built in a *slot*: a worktree kept under <git dir>/bloatwatch/worktrees/ and
checked out commit after commit, so a build there is incremental like a developer's (and
DWARF paths stay the same from one commit to the next). A slot is cleaned (`git clean -ffdx`)
before a build when its last build failed or was interrupted, or when the commit deletes or
renames files, whose old objects would otherwise linger. `fresh` builds each commit in a
throw-away worktree instead. A commit that changes no file under the project's `paths` is
recorded as its parent, without building.

Builds and analyses run in worker threads (each is a subprocess); recording happens in the
calling thread, one transaction per commit, so a store connection is never shared.
"""
import concurrent.futures
import fcntl
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from . import ccache, recorder
from .. import atomic, gitrepo
from ..errors import BwError

_worktree_lock = threading.Lock()   # git serializes worktree bookkeeping badly


class Outcome:
    def __init__(self, sha, analysis=None, error=None, seconds=0.0, stats=None, parent=None,
                 build=None):
        self.sha, self.analysis, self.error, self.seconds = sha, analysis, error, seconds
        self.stats = stats or ccache.Stats()
        self.parent = parent     # recorded as this commit, not built
        self.build = build       # the declared build it is of (None: the tree's one build)

    def name(self):
        """The commit, and the declared build when there is one: 1a2b3c4d5e6f/x86_64."""
        return self.sha[:12] + ("/" + self.build if self.build else "")


# ---- where a commit is built -----------------------------------------------------------------

class Slot:
    """A worktree kept between builds (reuse) or made for one build (fresh), held by one worker.

    Its state file says what the worktree last built: {"sha": ..., "ok": bool}, or
    {"building": sha} while a build runs (found so later: an interrupted build)."""

    def __init__(self, repo, path, lock_fd=None, fresh=False):
        self.repo, self.path, self.lock_fd, self.fresh = repo, path, lock_fd, fresh
        self.state_file = path + ".state"
        self.known = False      # git knows the worktree (checked once per holder: it is locked)

    def _state(self):
        try:
            with open(self.state_file) as f:
                return json.load(f)
        except (OSError, ValueError):
            return {}

    def _set_state(self, state):
        atomic.write(self.state_file, json.dumps(state))

    def make(self, sha="HEAD"):
        """The worktree, made at sha if git does not know it (a new slot, or one git lost);
        None or the reason it failed.  A runner makes its slot as it starts, so that its
        first job does not pay for it."""
        if not self.known and os.path.exists(os.path.join(self.path, ".git")) and \
                gitrepo.git(self.path, "rev-parse", "--git-dir", check=False).returncode != 0:
            shutil.rmtree(self.path, ignore_errors=True)
        self.known = True
        if os.path.exists(os.path.join(self.path, ".git")):
            return None
        with _worktree_lock:
            gitrepo.git(self.repo, "worktree", "prune", check=False)
            r = gitrepo.git(self.repo, "worktree", "add", "--detach", "--force", self.path, sha,
                            check=False)
        if r.returncode != 0:
            return "git worktree add failed: " + r.stderr.strip()[-500:]
        self._set_state({})     # nothing built there yet: the first build cleans
        return None

    def checkout(self, sha):
        """Put sha in the worktree, cleaned when an incremental build could go wrong; None or
        the reason it failed. A kept worktree git no longer knows is made again."""
        fresh = not os.path.exists(os.path.join(self.path, ".git"))
        why = self.make(sha)
        if why:
            return why
        if fresh:       # made at sha just now
            self._set_state({"building": sha})
            return None
        state = self._state()
        clean = not state.get("ok") or state.get("sha") is None
        r = gitrepo.git(self.path, "checkout", "-q", "--detach", "--force", sha, check=False)
        if r.returncode != 0:
            return "git checkout failed: " + r.stderr.strip()[-500:]
        if not clean and state["sha"] != sha:
            try:
                clean = gitrepo.drops_files(self.repo, state["sha"], sha)
            except BwError:
                clean = True    # the slot's last commit is gone from the repository
        self._set_state({"building": sha})
        if clean:
            r = gitrepo.git(self.path, "clean", "-ffdxq", check=False)
            if r.returncode != 0:
                return "git clean failed: " + r.stderr.strip()[-500:]
        return None

    def built(self, sha, ok):
        self._set_state({"sha": sha, "ok": ok})

    def work_dir(self):
        """Where a build's logs go (build.log, ccache.log): beside a kept worktree."""
        return self.path + ".log.d" if not self.fresh else os.path.dirname(self.path)

    def release(self):
        if self.fresh:
            with _worktree_lock:
                gitrepo.git(self.repo, "worktree", "remove", "--force", self.path, check=False)
                gitrepo.git(self.repo, "worktree", "prune", check=False)
            shutil.rmtree(os.path.dirname(self.path), ignore_errors=True)
        elif self.lock_fd is not None:
            os.close(self.lock_fd)
            self.lock_fd = None


def slots_dir(repo):
    return os.path.join(gitrepo.common_dir(repo), "bloatwatch", "worktrees")


def take_slots(repo, count, fresh=False):
    """`count` slots: the first kept worktrees no other bloatwatch process holds (flock)."""
    if fresh:
        out = []
        for _ in range(count):
            tmp = tempfile.mkdtemp(prefix="bloatwatch-track-")
            out.append(Slot(repo, os.path.join(tmp, "tree"), fresh=True))
        return out
    top = slots_dir(repo)
    os.makedirs(top, exist_ok=True)
    out = []
    n = 0
    while len(out) < count:
        path = os.path.join(top, str(n))
        fd = os.open(path + ".lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
        else:
            out.append(Slot(repo, path, fd))
        n += 1
    return out


# ---- one build -------------------------------------------------------------------------------

def build_in(slot, sha, project, analyzer, jobs=None, target=None, store=None):
    """Build and analyze one commit in a slot; an Outcome, never an exception (but the
    database's, which the caller handles).  `project` is one declared build's
    (Project.for_build) or the tree's.

    With the database, objects already analyzed are looked up, not re-analyzed: through
    `store`, a connection of the caller's thread (the runner's own, kept from job to job), else
    a connection this thread opens to `target` for this build (connections are not shared)."""
    outcome = _build_in(slot, sha, project, analyzer, jobs, target, store)
    outcome.build = project.build_name
    return outcome


def _build_in(slot, sha, project, analyzer, jobs, target, store):
    start = time.monotonic()
    why = slot.checkout(sha)
    if why:
        return Outcome(sha, error=why, seconds=time.monotonic() - start)
    tree = slot.path
    work = slot.work_dir()
    os.makedirs(work, exist_ok=True)
    log, statslog = os.path.join(work, "build.log"), os.path.join(work, "ccache.log")
    if os.path.exists(statslog):
        os.unlink(statslog)
    own_log = os.path.join(tree, project.ccache_log) if project.ccache_log else None
    own_since = ccache.size(own_log) if own_log else 0
    env = dict(os.environ, BLOATWATCH_TRACK="1", BLOATWATCH_ROOT=slot.repo,
               CCACHE_STATSLOG=statslog)
    with open(log, "wb") as out:
        status = run_build(project.build, project.build_timeout, cwd=tree, stdout=out,
                           stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    stats = ccache.read(statslog)
    if own_log:
        stats = stats + ccache.read(own_log, own_since)
    if status != 0:
        slot.built(sha, False)
        with open(log, "rb") as f:
            tail = f.read()[-3000:].decode(errors="replace")
        why = "exit %s" % status if isinstance(status, int) else status
        return Outcome(sha, error="build failed (%s): %s\n%s" % (why, project.build, tail),
                       seconds=time.monotonic() - start, stats=stats)
    slot.built(sha, True)
    own = None
    try:
        if store is None and target:
            from ..db.store import Store
            store = own = Store(target)
        analysis = recorder.analyze_tree(tree, recorder.Job(project, analyzer, jobs=jobs), store)
    except BwError as e:
        return Outcome(sha, error=str(e).replace(tree + "/", ""), seconds=time.monotonic() - start,
                       stats=stats)
    finally:
        if own:
            own.close()
    return Outcome(sha, analysis, seconds=time.monotonic() - start, stats=stats)


def run_build(command, timeout, **popen):
    """Run a build command in a shell: its exit status, or "timeout after N s" (killed).

    A blocking wait with a timer that kills it, not subprocess.run's timeout, which polls
    with sleeps of up to 50 ms: every build would end up to that much late."""
    p = subprocess.Popen(command, shell=True, **popen)
    late = threading.Event()

    def kill():
        late.set()
        p.kill()
    timer = threading.Timer(timeout, kill)
    timer.daemon = True
    timer.start()
    try:
        status = p.wait()
    except BaseException:      # the runner told to stop (SIGTERM): the build goes too
        p.kill()
        p.wait()
        raise
    finally:
        timer.cancel()
    return "timeout after %d s" % timeout if late.is_set() else status


def build_one(repo, sha, project, analyzer, jobs=None, target=None, fresh=False):
    """Build and analyze one commit in a slot of its own (bisect)."""
    slot = take_slots(repo, 1, fresh)[0]
    try:
        return build_in(slot, sha, project, analyzer, jobs, target)
    finally:
        slot.release()


def store_outcome(store, repo, outcome):
    """Record an Outcome; returns 'ok' or 'failed'."""
    job = recorder.Job(rev=outcome.sha, dirty=False, where=outcome.name(),
                       analysis=outcome.analysis, error=outcome.error, parent=outcome.parent,
                       build=outcome.build)
    return recorder.record(store, repo, job).commit["status"]


# ---- progress ----------------------------------------------------------------------------------

class Progress:
    """k/N, builds, ccache hits and an ETA: an updating bar on a terminal, plain lines otherwise."""

    def __init__(self, total, builds, stream=sys.stderr):
        self.total, self.builds, self.stream = total, builds, stream
        self.done = self.built = 0
        self.stats = ccache.Stats()
        self.tty = stream.isatty()
        self.start = time.monotonic()

    def eta(self):
        if not self.built:
            return "?"
        left = self.builds - self.built
        return clock((time.monotonic() - self.start) / self.built * left)

    def step(self, outcome, status):
        self.done += 1
        built = outcome.parent is None
        if built:
            self.built += 1
            self.stats = self.stats + outcome.stats
        what = status if built else "%s, as %s" % (status, outcome.parent[:12])
        cc = outcome.stats.text() if built else "not built: touches none of paths"
        if not self.tty:
            print("track: %d/%d %s %s (%.1f s; %s)" % (self.done, self.total, outcome.name(),
                                                       what, outcome.seconds, cc),
                  file=self.stream, flush=True)
            return
        width = 24
        fill = int(width * self.done / self.total)
        hits = "ccache %d/%d hits" % (self.stats.hits, self.stats.hits + self.stats.misses) \
            if self.stats.used else "ccache not used"
        self.stream.write("\r[%s%s] %d/%d  %s %-7s builds %d/%d  %s  ETA %s \x1b[K" % (
            "#" * fill, "." * (width - fill), self.done, self.total, outcome.name(), status,
            self.built, self.builds, hits, self.eta() if self.done < self.total else "0m00s"))
        if self.done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def clock(seconds):
    seconds = int(seconds + 0.5)
    if seconds >= 3600:
        return "%dh%02dm" % (seconds // 3600, seconds % 3600 // 60)
    return "%dm%02ds" % (seconds // 60, seconds % 60)


# ---- a range ---------------------------------------------------------------------------------

class Counts(dict):
    """ok, failed, skipped (already recorded), same (recorded as their parent), and the
    builds' ccache figures."""

    def __init__(self):
        super().__init__(ok=0, failed=0, skipped=0, same=0, built=0)
        self.stats = ccache.Stats()
        self.failures = []     # (name, error) of the builds that failed, in the order met


def plan(store, repo, shas, project, force=False, retry_failed=False):
    """What to do of each commit and declared build (Project.builds(); None: the tree's one
    build): ([(sha, build) to build], [(sha, parent, build) to record as the parent],
    already recorded count)."""
    build, same, skipped = [], [], 0
    coming = set()
    for sha in shas:
        parent = touched = None
        for b in project.builds():
            state = recorder.recorded(store, sha, build=b)
            if not (state is None or force or (state == "failed" and retry_failed)):
                skipped += 1
                continue
            if project.paths and parent is None:
                parent = gitrepo.first_parent(repo, sha) or ""
            if parent and ((parent, b) in coming or recorder.recorded(store, parent, build=b)):
                if touched is None:
                    touched = gitrepo.touches(repo, parent, sha, project.paths)
                if not touched:
                    same.append((sha, parent, b))
                    coming.add((sha, b))
                    continue
            build.append((sha, b))
            coming.add((sha, b))
    return build, same, skipped


def track(store, repo, shas, project, analyzer, jobs=1, force=False, retry_failed=False,
          target=None, fresh=False):
    """Build and record the commits not recorded yet; a Counts."""
    counts = Counts()
    todo, same, counts["skipped"] = plan(store, repo, shas, project, force, retry_failed)
    total = len(todo) + len(same)
    progress = Progress(total, len(todo)) if total else None

    def note(outcome, status):
        counts[status] += 1
        if status == "failed":
            counts.failures.append((outcome.name(), outcome.error))
        if outcome.parent is None:
            counts["built"] += 1
            counts.stats = counts.stats + outcome.stats
        else:
            counts["same"] += 1
        progress.step(outcome, status)

    jobs = max(1, min(jobs, len(todo))) if todo else 1
    analyzer_jobs = 1 if jobs > 1 else None
    slots = take_slots(repo, jobs, fresh) if todo else []
    free = queue.Queue()
    for s in slots:
        free.put(s)

    def work(sha, b):
        slot = free.get()
        try:
            return build_in(slot, sha, project.for_build(b), analyzer, analyzer_jobs, target)
        finally:
            if slot.fresh:   # a fresh worktree per build
                slot.release()
                slot = take_slots(repo, 1, True)[0]
                slots.append(slot)
            free.put(slot)

    try:
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            futures = [pool.submit(work, sha, b) for sha, b in todo]
            try:
                for fut in concurrent.futures.as_completed(futures):
                    outcome = fut.result()
                    note(outcome, store_outcome(store, repo, outcome))
            except BaseException:
                for f in futures:
                    f.cancel()
                raise
    finally:
        for s in slots:
            s.release()
    for sha, parent, b in same:   # oldest first: a parent is recorded before its children
        outcome = Outcome(sha, parent=parent, error="recorded as %s: touches none of paths (%s)"
                          % (parent[:12], " ".join(project.paths)), build=b)
        note(outcome, store_outcome(store, repo, outcome))
    return counts
