#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Benchmark the history database: record of the whole built matrix, history on 10,000 commits.

Prints medians; asserts nothing.  The 10,000-commit database is synthesized once into
build/bench-db/ (40 distinct matrix states recorded through the real ingest path, then
spread over 10,000 commits as real history does: each state lasts 250 commits).
"""
import glob
import os
import resource
import statistics
import subprocess
import time

from bloatwatch import ROOT
from bloatwatch.db import ingest, query, store as bwstore
from bloatwatch.record.coordinate import decide_all
from bloatwatch.errors import BwError
from tests.db import synth

OUT = os.path.join(ROOT, os.environ.get("BUILD", "build"), "bench-db")
BLOATWATCH = os.path.join(ROOT, "bin", "bloatwatch")
COMMITS = int(os.environ.get("BENCH_DB_COMMITS", "10000"))
STATES = 40
GENERATOR = "5"   # bump when the synthesized database changes shape
RUNS = 5


def median_of(fn, runs=RUNS, setup=None):
    """(median, min, max) wall seconds, and the median CPU seconds of child processes."""
    times, cpu = [], []
    for _ in range(runs):
        if setup:
            setup()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(times), min(times), max(times), statistics.median(cpu)


def bw(*args):
    r = subprocess.run(["/usr/bin/python3", BLOATWATCH] + list(args), cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise SystemExit("bench-db: bloatwatch %s failed: %s" % (" ".join(args), r.stderr.strip()))
    return r.stdout


def bench_record():
    from bloatwatch import project
    from bloatwatch.record import collect
    try:
        objects = collect.objects(project.load(None, ROOT), ROOT)
    except BwError as e:
        print("bench-db: record: %s" % e)
        return
    db = os.path.join(OUT, "record.db")

    def fresh():
        for f in glob.glob(db + "*"):
            os.remove(f)

    cold = median_of(lambda: bw("--db", db, "record"), setup=fresh)
    warm = median_of(lambda: bw("--db", db, "record"))
    nocache = median_of(lambda: bw("--db", db, "record", "--no-cache"))
    print("record of the whole matrix (%d objects, bin/bloatwatch record, wall time incl. analyzer):"
          % len(objects))
    for label, t in (("empty database", cold), ("warm: objects analyzed before", warm),
                     ("warm, --no-cache (analyzer runs)", nocache)):
        print("  %-34s median %6.3f s  (min %.3f, max %.3f; CPU %.3f s)" % (label, t[0], t[1], t[2], t[3]))


def synthesize(path):
    tmp = path + ".tmp"
    for f in glob.glob(tmp + "*"):
        os.remove(f)
    s = bwstore.Store(tmp)
    start = time.perf_counter()
    template = []
    for step in range(STATES):
        files = synth.matrix(step)
        p = ingest.prepare(decide_all(files, "synth"), [("tree/tree.c", "CONFIG_SMP")], "synth")
        sha = "%040x" % (0xb0000000 + step)
        cid, _ = ingest.record(s, {"sha": sha, "dirty": False, "subject": "template %d" % step,
                                   "commit_date": 0, "author_date": 0, "status": "ok"}, p)
        template.append(cid)
    per_state = COMMITS // STATES

    def spread():
        d = s.d
        for i in range(COMMITS):
            sha = "%040x" % (0xc0000000 + i)
            cid = d.execute("INSERT INTO commits (sha, dirty, parents, author, author_date, "
                            "commit_date, subject, status, error, recorded_at) VALUES "
                            "(?, 0, '', 'bench', ?, ?, ?, 'ok', '', 0) RETURNING id",
                            (sha, 1600000000 + 600 * i, 1600000000 + 600 * i,
                             "synthetic commit %d" % i)).fetchone()[0]
            src = template[min(i // per_state, STATES - 1)]
            d.execute("INSERT INTO commit_slices SELECT ?, slice_id FROM commit_slices "
                      "WHERE commit_id = ?", (cid, src))
            d.execute("INSERT INTO config_uses SELECT ?, source_id, name_id FROM config_uses "
                      "WHERE commit_id = ?", (cid, src))
        for t in template:   # the templates were scaffolding, not history
            d.execute("DELETE FROM commit_slices WHERE commit_id = ?", (t,))
            d.execute("DELETE FROM config_uses WHERE commit_id = ?", (t,))
            d.execute("DELETE FROM commits WHERE id = ?", (t,))

    s.write(spread)
    s.d.execute("ANALYZE")
    s.d.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    s.close()
    os.rename(tmp, path)
    with open(path + ".version", "w") as f:
        f.write(GENERATOR + " %d\n" % COMMITS)
    print("  synthesized in %.1f s" % (time.perf_counter() - start))


def bench_history():
    path = os.path.join(OUT, "history-%d.db" % COMMITS)
    stamp = path + ".version"
    if not (os.path.exists(path) and os.path.exists(stamp)
            and open(stamp).read().strip() == "%s %d" % (GENERATOR, COMMITS)):
        print("history: synthesizing a %d-commit database (once; kept in %s)"
              % (COMMITS, os.path.relpath(path, ROOT)))
        synthesize(path)
    s = bwstore.Store(path)
    n_commits = s.query("SELECT count(*) FROM commits")[0][0]
    n_builds = s.query("SELECT sum(s.builds) FROM commit_slices cs JOIN slices s "
                       "ON s.id = cs.slice_id")[0][0]
    n_slice_rows = s.query("SELECT count(*) FROM slice_builds")[0][0]
    n_symbols = s.query("SELECT count(*) FROM symbols")[0][0]
    size = os.path.getsize(path)
    print("history on %d commits x %d objects = %d recorded objects, stored as %d slice rows "
          "+ %d commit-slice rows, %d symbol rows: %.1f MiB"
          % (n_commits, n_builds // max(n_commits, 1), n_builds, n_slice_rows,
             s.query("SELECT count(*) FROM commit_slices")[0][0], n_symbols, size / 2**20))
    one = ["--arch", "arm", "--compiler", "gcc", "--label", "TREE01", "--object", "rcutree.o"]
    cases = [
        ("total, one object", ["total"] + one),
        ("total, one object, --limit 20", ["total", "--limit", "20"] + one),
        ("symbol:tree_fn0, one object", ["symbol:tree_fn0"] + one),
        ("struct:tree_s1.padding, one object", ["struct:tree_s1.padding"] + one),
        ("total of rcutree.o on arm (20 objects)", ["total", "--arch", "arm", "--object", "rcutree.o"]),
        ("text by arch, all objects (%d)" % (n_builds // max(n_commits, 1)), ["text", "--by", "arch"]),
    ]
    print("  %-40s %11s %13s %10s %7s" % ("query", "in-process", "command wall", "cmd CPU", "rows"))
    for label, args in cases:
        filt = {}
        metric = query.Metric(args[0])
        for i in range(1, len(args) - 1, 2):
            if args[i].startswith("--") and args[i] not in ("--by", "--limit"):
                filt[args[i][2:]] = [args[i + 1]]
        by = args[args.index("--by") + 1].split(",") if "--by" in args else None

        def inproc():
            coords = query.coordinates(s, filt)
            key = (lambda c: tuple(coords[c].get(f) for f in by)) if by else None
            return query.values(s, metric, coords, None, key=key), query.commits(s)

        inproc()   # warm the page cache like any second query would
        t_in = median_of(inproc, runs=7)
        t_cmd = median_of(lambda: bw("--db", path, "history", *args), runs=5)
        rows = len(bw("--db", path, "history", *args).splitlines()) - 1
        print("  %-40s %8.1f ms %10.1f ms %7.1f ms %7d"
              % (label, t_in[0] * 1000, t_cmd[0] * 1000, t_cmd[3] * 1000, rows))
    t = median_of(lambda: bw("--db", path, "log", "--limit", "1"), runs=5)
    print("  (for scale: `bloatwatch log --limit 1`, mostly interpreter start-up: %.1f ms wall, "
          "%.1f ms CPU)" % (t[0] * 1000, t[3] * 1000))
    print("  load average while measuring: %.2f (2 cores shared with other jobs)" % os.getloadavg()[0])
    s.close()


def main():
    os.makedirs(OUT, exist_ok=True)
    print("bench-db: medians of %d runs" % RUNS)
    bench_record()
    bench_history()


if __name__ == "__main__":
    main()
