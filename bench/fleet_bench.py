#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Benchmark a fleet of runners on a throw-away PostgreSQL: claims per second, and the time 1, 2,
4 and 8 runners take to serve a history whose builds are sleeps.

Prints figures; asserts nothing.  The builds sleep (BENCH_FLEET_SLEEP seconds, default 2) and
copy one small object, so that this machine's cores do not bound the runners: what is left is
the queue, the worktree checkout, the analysis (a cache hit after the first) and the record.
The runners are serving before the jobs are queued: a runner's start-up (Python, its imports,
its first connection, its worktree) is paid once per runner, not per job, and is printed
apart; they wait on an empty queue at the default poll, woken by the queue's NOTIFY.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from bloatwatch import ROOT, gitrepo
from bloatwatch.db.store import Store
from bloatwatch.fleet import queue
from tests.db import pgserver

BLOATWATCH = os.path.join(ROOT, "bin", "bloatwatch")
JOBS = int(os.environ.get("BENCH_FLEET_JOBS", "24"))
SLEEP = float(os.environ.get("BENCH_FLEET_SLEEP", "2"))
CLAIMS = int(os.environ.get("BENCH_FLEET_CLAIMS", "2000"))
RUNNERS = (1, 2, 4, 8)
TOML = """build = "sleep %g && mkdir -p build && cp obj/x.o build/x.o"
[[objects]]
root = "build"
glob = "*.o"
"""
GIT_ENV = dict(os.environ, GIT_AUTHOR_NAME="b", GIT_AUTHOR_EMAIL="b@example.org",
               GIT_COMMITTER_NAME="b", GIT_COMMITTER_EMAIL="b@example.org")


def git(repo, *args):
    subprocess.run(["git", "-C", repo] + list(args), check=True, env=GIT_ENV,
                   stdout=subprocess.DEVNULL)


def history(tmp):
    """A repository of JOBS commits, each building the same small object after a sleep."""
    repo = os.path.join(tmp, "repo")
    os.makedirs(os.path.join(repo, "obj"))
    subprocess.run(["gcc", "-O2", "-c", "-x", "c", "-", "-o", os.path.join(repo, "obj", "x.o")],
                   input=b"int table[64];\nint f(int x) { return table[x]; }\n", check=True)
    git(repo, "init", "-q", "-b", "main")
    with open(os.path.join(repo, "bloatwatch.toml"), "w") as f:
        f.write(TOML % SLEEP)
    for i in range(JOBS):
        with open(os.path.join(repo, "n"), "w") as f:
            f.write("%d\n" % i)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "step %d" % i)
    return repo


def bench_claims(url):
    """claim + finish of CLAIMS empty jobs by 1, 2, 4, 8 threads, each with its connection."""
    warm = False
    print("claims (claim + finish, no build; %d jobs):" % CLAIMS)
    for n in (1,) + RUNNERS:   # the first pass warms the server up and is not shown
        store = Store(url)
        store.d.execute("DELETE FROM jobs")
        queue.add(store, [("%040x" % i, "") for i in range(CLAIMS)])
        store.close()

        def work(name):
            s = Store(url)
            while True:
                job = queue.claim(s, name, "bench", 60)
                if job is None:
                    break
                queue.finish(s, job, "done")
            s.close()
        threads = [threading.Thread(target=work, args=("t%d" % i,)) for i in range(n)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        took = time.perf_counter() - start
        if warm:
            print("  %d claimer(s): %6.0f jobs/s" % (n, CLAIMS / took))
        warm = True


def serving(procs):
    """Wait until each runner said it serves (its start-up done: Python, imports, the first
    connection, its worktree)."""
    for p in procs:
        line = p.stdout.readline()
        if "serving" not in line:
            raise SystemExit("bench-fleet: a runner failed to start (exit %s): %s"
                             % (p.poll(), line))


def bench_runners(url, repo):
    """N runners started first (their start-up timed on its own: paid once per runner), then
    the jobs queued and timed until the last is done."""
    print("runners (%d jobs, builds sleep %g s; analysis, checkout and record included):"
          % (JOBS, SLEEP))
    base = None
    for n in RUNNERS:
        store = Store(url)
        for table in ("jobs", "commit_slices", "commit_builds", "config_uses", "commits"):
            store.d.execute("DELETE FROM %s" % table)
        store.close()
        start = time.perf_counter()
        procs = [subprocess.Popen([sys.executable, BLOATWATCH, "--db", url, "-C", repo, "runner",
                                   "--name", "r%d" % i],
                                  stdout=subprocess.PIPE, text=True) for i in range(n)]
        try:
            serving(procs)
            up = time.perf_counter() - start
            # Queued in this process, as `queue add HEAD` does (its NOTIFY wakes the runners):
            # what is timed is the runners' work, not a Python start-up of the command.
            store = Store(url)
            shas = gitrepo.rev_list(repo, "HEAD")
            start = time.perf_counter()
            queue.add(store, [(sha, "") for sha in shas])
            while store.query("SELECT count(*) FROM jobs WHERE state = 'done'")[0][0] < JOBS:
                if any(p.poll() is not None for p in procs):
                    raise SystemExit("bench-fleet: a runner died")
                time.sleep(0.05)
            took = time.perf_counter() - start
            rows = store.query("SELECT claimed_at, finished_at FROM jobs")
            store.close()
        finally:
            for p in procs:
                p.terminate()
            for p in procs:
                p.communicate()
        spans = sorted((f - c) / 1000.0 - SLEEP for c, f in rows)
        rate = JOBS / took
        base = base or rate
        p99 = spans[min(len(spans) - 1, int(0.99 * len(spans)))]
        print("  %d runner(s): start-up %4.1f s; jobs %5.1f s, %5.2f jobs/s, %3.0f%% of "
              "linear; per job beyond the build: median %.2f s, p99 %.2f s; load %s"
              % (n, up, took, rate, 100 * rate / (base * n), statistics.median(spans), p99,
                 load()))


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def main():
    tmp = tempfile.mkdtemp(prefix="bloatwatch-bench-fleet-")
    server = pgserver.Server()
    try:
        server.start()
        url = server.create_db("fleet")
        bench_claims(url)
        bench_runners(url, history(tmp))
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
