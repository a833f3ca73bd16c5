#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Benchmark `bloatwatch report` at the scale of a real history: 1,000 commits x 500 objects.

Prints wall time and peak RSS of a cold report (empty output folder) and of the report brought
up to date after one more recorded commit; asserts nothing.  The store is synthesized once into
build/bench-report/ through the real ingest path (ingest.prepare + ingest.record, one commit at
a time) and reused: the kernel case, two builds (x86_64 and aarch64, gcc, defconfig) of 250
objects in a kernel-like folder tree each, where each commit changes a few objects by a few
bytes, every 97th commit moves one object by kilobytes (and every other such move is undone a
commit later), and objects are added and removed now and then.
"""
import hashlib
import os
import random
import shutil
import subprocess
import sys
import time

from bloatwatch import ROOT
from bloatwatch.db import ingest, store as bwstore
from bloatwatch.record.coordinate import decide_all
from tests.db import synth

OUT = os.path.join(ROOT, os.environ.get("BUILD", "build"), "bench-report")
BLOATWATCH = os.path.join(ROOT, "bin", "bloatwatch")
COMMITS = int(os.environ.get("BENCH_REPORT_COMMITS", "1000"))
OBJECTS = int(os.environ.get("BENCH_REPORT_OBJECTS", "500"))
BUILDS = [("x86_64", "gcc", "defconfig"), ("aarch64", "gcc", "defconfig")]
FOLDERS = ["kernel/", "kernel/rcu/", "kernel/sched/", "mm/", "fs/", "fs/ext4/", "net/core/",
           "net/ipv4/", "drivers/net/", "drivers/tty/", "drivers/base/", "lib/", "block/",
           "security/", "crypto/", "init/"]
GENERATOR = "2"   # bump when the synthesized store changes shape
TARGETS = (60.0, 500.0, 5.0)   # issue 27 item 8: cold s, peak MiB, incremental s


def object_names(n):
    """n object names spread over the folder tree, as a kernel's are."""
    return ["%sobj%03d.o" % (FOLDERS[i % len(FOLDERS)], i) for i in range(n)]


class History:
    """The synthetic history's state: each object's bump (bytes its first symbol grew) and which
    objects exist; step(i) applies commit i's changes."""

    def __init__(self, per_build):
        self.names = object_names(per_build)
        self.bump = {}
        self.alive = set(self.names[:per_build - 4])     # a few appear later
        self.undo = None

    def step(self, i):
        rng = random.Random(i)
        if self.undo:                                   # a big move reverted a commit later
            name, delta = self.undo
            self.bump[name] = self.bump.get(name, 0) - delta
            self.undo = None
        for name in rng.sample(sorted(self.alive), rng.randint(1, 4)):
            self.bump[name] = self.bump.get(name, 0) + rng.choice((-1, 1)) * rng.randint(1, 16) * 4
        if i and i % 97 == 0:
            name = rng.choice(sorted(self.alive))
            delta = rng.randint(1, 8) * 1024
            self.bump[name] = self.bump.get(name, 0) + delta
            if (i // 97) % 2:
                self.undo = (name, delta)
        if i and i % 150 == 0:
            dead = [n for n in self.names if n not in self.alive]
            if dead:
                self.alive.add(dead[0])
            if i % 300 == 0:
                self.alive.discard(rng.choice(sorted(self.alive)))

    def files(self):
        out = []
        for arch, cc, label in BUILDS:
            for name in sorted(self.alive):
                base = os.path.basename(name)[:-2]
                e = synth.entry(arch, cc, label, name, base, name[:-2] + ".c",
                                bump=max(-16, self.bump.get(name, 0)), nstructs=3)
                del e["build"]["variant"]       # a kernel's objects carry no extra key
                e["_coord"] = {"object": name}
                out.append(e)
        return out


def commit(i):
    return {"sha": hashlib.sha1(b"bench-report %d" % i).hexdigest(), "dirty": False, "parents": "",
            "author": "bench", "author_date": 1600000000 + 600 * i,
            "commit_date": 1600000000 + 600 * i, "subject": "synthetic commit %d" % i,
            "status": "ok", "error": ""}


def record(s, hist, i):
    hist.step(i)
    files = decide_all(hist.files(), "bench-report")
    p = ingest.prepare(files, [("kernel/obj000.c", "CONFIG_SMP")], "bench-report")
    ingest.record(s, commit(i), p)


def synthesize(path):
    """The COMMITS-commit store at path, and the state to record commit COMMITS with."""
    tmp = path + ".tmp"
    for f in (tmp, tmp + "-wal", tmp + "-shm"):
        if os.path.exists(f):
            os.remove(f)
    s = bwstore.Store(tmp)
    start = time.perf_counter()
    hist = History(OBJECTS // len(BUILDS))
    for i in range(COMMITS):
        record(s, hist, i)
        if i % 100 == 99:
            print("  %d commits recorded (%.0f s)" % (i + 1, time.perf_counter() - start))
            sys.stdout.flush()
    s.d.execute("ANALYZE")
    s.d.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    s.close()
    os.rename(tmp, path)
    with open(path + ".version", "w") as f:
        f.write("%s %d %d\n" % (GENERATOR, COMMITS, OBJECTS))
    print("  synthesized in %.1f s" % (time.perf_counter() - start))


def store_path():
    path = os.path.join(OUT, "history-%dx%d.db" % (COMMITS, OBJECTS))
    stamp = path + ".version"
    if not (os.path.exists(path) and os.path.exists(stamp) and
            open(stamp).read().split() == [GENERATOR, str(COMMITS), str(OBJECTS)]):
        print("bench-report: synthesizing %d commits x %d objects through ingest (once; kept "
              "in %s)" % (COMMITS, OBJECTS, os.path.relpath(path, ROOT)))
        synthesize(path)
    return path


def timed(db, out, profile=None):
    """(wall seconds, CPU seconds, peak RSS MiB) of one `bloatwatch report` run as a child."""
    cmd = [sys.executable]
    if profile:
        cmd += ["-m", "cProfile", "-o", profile]
    cmd += [BLOATWATCH, "--db", db, "report", "--out", out, "-q"]
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    err = p.stderr.read()
    if status:
        raise SystemExit("bench-report: bloatwatch report failed: %s" % err.strip())
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0


def unchanged(out, before):
    """How many files of out kept their mtime, and how many there are."""
    now = snapshot(out)
    return sum(1 for f, m in now.items() if before.get(f) == m), len(now)


def snapshot(out):
    got = {}
    for d, _, files in os.walk(out):
        for f in files:
            full = os.path.join(d, f)
            got[full] = os.stat(full).st_mtime_ns
    return got


def main():
    os.makedirs(OUT, exist_ok=True)
    path = store_path()
    db = os.path.join(OUT, "work.db")
    out = os.path.join(OUT, "out")
    for f in (db, db + "-wal", db + "-shm"):
        if os.path.exists(f):
            os.remove(f)
    shutil.copyfile(path, db)
    shutil.rmtree(out, ignore_errors=True)
    profile = os.environ.get("BENCH_REPORT_PROFILE")
    cold, cold_cpu, cold_rss = timed(db, out, profile and profile + ".cold")
    files = snapshot(out)
    # One more commit, recorded as `bloatwatch record` would: the history replayed to its end.
    hist = History(OBJECTS // len(BUILDS))
    for i in range(COMMITS):
        hist.step(i)
    s = bwstore.Store(db)
    record(s, hist, COMMITS)
    s.close()
    time.sleep(0.01)        # a rewritten file's mtime differs from the cold run's
    inc, inc_cpu, inc_rss = timed(db, out, profile and profile + ".incremental")
    kept, total = unchanged(out, files)
    print("report of %d commits x %d objects (bin/bloatwatch report, one process each):"
          % (COMMITS, OBJECTS))
    print("  cold (empty output folder)     %6.1f s wall %6.1f s CPU  peak RSS %4.0f MiB  "
          "(target <= %.0f s, <= %.0f MiB)" % (cold, cold_cpu, cold_rss, TARGETS[0], TARGETS[1]))
    print("  one more commit (incremental)  %6.1f s wall %6.1f s CPU  peak RSS %4.0f MiB  "
          "(target <= %.0f s)" % (inc, inc_cpu, inc_rss, TARGETS[2]))
    print("  %d of %d files left untouched by the incremental run" % (kept, total))
    print("  load average while measuring: %.2f (2 cores shared with other jobs)" % os.getloadavg()[0])


if __name__ == "__main__":
    main()
