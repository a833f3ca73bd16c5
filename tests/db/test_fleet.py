# SPDX-License-Identifier: GPL-2.0
"""A fleet of runners on one PostgreSQL (conftest.pg): `queue` and `runner` as processes.

The project is tests/makeproject.py's (a Makefile, objects in build/); each runner is a real
`bloatwatch runner --drain` process, so a SIGKILL is a runner dying for real.  Only a
runner that dies costs the test its lease, so only that one's is short (half a second); the
tests wait on conditions (a row's state, a file), never for a fixed time.
"""
import itertools
import json
import os
import signal
import socket
import subprocess
import time

import pytest

import pgserver
from conftest import BLOATWATCH, run_bw, sql
from test_postgres import q
from tests import makeproject
from tests.bwrun import PYTHON, one_line

# SLOW makes each build last that many seconds more (the kill test needs one in flight).
TOML = """build = "make -s && sleep ${SLOW:-0}"
[[objects]]
root = "build"
glob = "*.o"
"""
# Two declared builds of each commit (-O2 and -Os), each copying its objects to a folder of
# its own (the Makefile writes build/): a job is a commit and one of them.
BUILDS = """[[objects]]
name = "O2"
build = "make -s -B && sleep ${SLOW:-0} && rm -rf out/O2 && mkdir -p out/O2 && cp build/*.o out/O2/"
root = "out/O2"
glob = "*.o"
coordinate = { config = "O2" }

[[objects]]
name = "Os"
build = "make -s -B CFLAGS='-Os -g' && sleep ${SLOW:-0} && rm -rf out/Os && mkdir -p out/Os && cp build/*.o out/Os/"
root = "out/Os"
glob = "*.o"
coordinate = { config = "Os" }
"""
_n = itertools.count()


@pytest.fixture
def url(pg):
    """A fresh database on the session's server."""
    return pg.create_db("fleet%d_%d" % (os.getpid(), next(_n)))


FOOTPRINT = "SELECT sha, path, text, data, bss FROM v_footprint ORDER BY sha, path"


def project(tmp_path, sizes, broken=(), toml=TOML):
    """The Makefile project with one commit per size ("broken" indexes do not compile);
    (repo, config, shas after the first)."""
    repo = str(tmp_path / "repo")
    shas = makeproject.make(repo, sizes)
    for i in broken:
        shas.append(makeproject.commit(repo, {"src/helper.c": "not C;\n"}, "broken %d" % i,
                                       len(shas)))
        shas.append(makeproject.commit(repo, {"src/helper.c": makeproject.helper(i)},
                                       "fixed %d" % i, len(shas)))
    conf = tmp_path / "fleet.toml"
    conf.write_text(toml)
    return repo, str(conf), shas


def start(url, repo, conf, name, lease=5, slow=0, env=None, poll=0.05, drain=True):
    env = dict(os.environ, SLOW=str(slow), **(env or {}))
    env.pop("BLOATWATCH_DB", None)
    return subprocess.Popen([PYTHON, BLOATWATCH, "--db", url, "-C", repo, "--config", conf,
                             "runner", "--name", name, "--lease", str(lease), "--poll",
                             str(poll)] + (["--drain"] if drain else []), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(procs, timeout=120):
    out = {}
    for name, p in procs.items():
        stdout, stderr = p.communicate(timeout=timeout)
        assert p.returncode == 0, "%s: exit %d\n%s\n%s" % (name, p.returncode, stdout, stderr)
        out[name] = stdout
    return out


def built(outputs, sha, build=None):
    """How many runners said they recorded sha (that declared build of it)."""
    name = sha[:12] + ("/" + build if build else "")
    return sum(line.split(": ", 1)[1].startswith(name + " ok")
               for text in outputs.values() for line in text.splitlines() if ": " in line)


def test_three_runners_build_each_commit_once_as_track_does(tmp_path, url, analyzer):
    repo, conf, shas = project(tmp_path, [8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88])
    r = run_bw("--db", url, "-C", repo, "queue", "add", "%s..HEAD" % shas[0], check=0)
    assert "11 commits: 11 jobs added, 0 queued again, 0 already queued, 0 already " \
        "recorded" in r.stdout, r.stdout
    # Adding the range again queues nothing twice.
    r = run_bw("--db", url, "-C", repo, "queue", "add", "HEAD", check=0)
    assert "12 commits: 1 jobs added, 0 queued again, 11 already queued" in r.stdout
    out = finish({n: start(url, repo, conf, n) for n in ("r1", "r2", "r3")})
    assert q(url, "SELECT state, count(*), min(attempts), max(attempts) FROM jobs "
                  "GROUP BY state") == [("done", 12, 1, 1)]
    assert all(built(out, sha) == 1 for sha in shas), out
    assert len({row[0] for row in q(url, "SELECT runner FROM jobs")}) >= 2, out
    # What one machine's `track` records for the same range, object by object.
    single = str(tmp_path / "single.db")
    run_bw("--db", single, "-C", repo, "--config", conf, "track", "HEAD",
           check=0)
    fleet = q(url, FOOTPRINT)
    assert len(fleet) == 24 and fleet == sql(single, FOOTPRINT)
    st = json.loads(run_bw("--db", url, "-C", repo, "queue", "status", "--json",
                           check=0).stdout)
    assert st["counts"] == {"pending": 0, "running": 0, "done": 12, "failed": 0,
                            "cancelled": 0} and st["running"] == st["failed"] == []
    # The commit's diff page says which runner built it, on which host.
    (runner, host), = q(url, "SELECT runner, host FROM jobs WHERE sha = %s", (shas[-1],))
    site = tmp_path / "site"
    run_bw("--db", url, "-C", repo, "--config", conf, "report", "--out", site, check=0)
    page, = [p for p in (site / "diff").iterdir() if p.name.startswith(shas[-1][:12])]
    assert "Built by runner %s on %s" % (runner, host) in page.read_text()


RECORD = ("SELECT c.sha, cs.build, s.digest FROM commit_slices cs JOIN commits c ON "
          "c.id = cs.commit_id JOIN slices s ON s.id = cs.slice_id ORDER BY 1, 2, 3")
BUILT = ("SELECT c.sha, b.build, b.status FROM commit_builds b JOIN commits c ON "
         "c.id = b.commit_id ORDER BY 1, 2")


def plain(rows):
    """Rows as tuples of plain values (PostgreSQL gives a BYTEA as a memoryview)."""
    return [tuple(bytes(v) if isinstance(v, memoryview) else v for v in r) for r in rows]


def test_killed_runner_job_is_built_again_elsewhere(tmp_path, url, analyzer):
    """Three runners on 13 commits x 2 declared builds, one SIGKILLed in a build."""
    repo, conf, shas = project(tmp_path, [8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96],
                               toml=BUILDS)
    r = run_bw("--db", url, "-C", repo, "--config", conf, "queue", "add", "HEAD", check=0)
    assert "13 commits x 2 builds: 26 jobs added" in r.stdout, r.stdout
    assert q(url, "SELECT sha, build FROM jobs ORDER BY seq")[:3] == \
        [(shas[0], "O2"), (shas[0], "Os"), (shas[1], "O2")]
    # A sub-second lease: once the runner is dead, its job waits that long for another.
    doomed = start(url, repo, conf, "doomed", lease=0.5, slow=30)
    wait_running(url, doomed)
    (sha, build), = q(url, "SELECT sha, build FROM jobs WHERE state = 'running'")
    # Into the build (its log is opened as the build starts), past the claim and checkout.
    slot = os.path.join(repo, ".git", "bloatwatch", "worktrees", "0")
    wait_for(lambda: building(slot, sha), doomed)
    status = run_bw("--db", url, "-C", repo, "queue", "status", check=0).stdout
    assert "running %s/%s  doomed on " % (sha[:12], build) in status and \
        "attempt 1/3" in status, status
    doomed.send_signal(signal.SIGKILL)
    doomed.communicate()
    (lease,), = q(url, "SELECT lease_until FROM jobs WHERE sha = %s AND build = %s",
                  (sha, build))
    out = finish({n: start(url, repo, conf, n) for n in ("r1", "r2")})
    assert q(url, "SELECT state, count(*) FROM jobs GROUP BY state") == [("done", 26)]
    assert q(url, "SELECT attempts, runner IN ('r1', 'r2') FROM jobs WHERE sha = %s AND "
                  "build = %s", (sha, build)) == [(2, True)]
    # Every (commit, build) recorded once, each build's slices its own.
    assert all(built(out, s, b) == 1 for s in shas for b in ("O2", "Os")), out
    assert q(url, BUILT) == sorted((s, b, "ok") for s in shas for b in ("O2", "Os"))
    # Claimed again only once the dead runner's lease passed (the database's clock).
    assert q(url, "SELECT claimed_at >= %s FROM jobs WHERE sha = %s AND build = %s",
             (lease, sha, build)) == [(True,)]
    assert q(url, "SELECT count(*) FROM commits WHERE status = 'ok'") == [(13,)]
    # The history one machine's `track` records for the same range, row for row.
    single = str(tmp_path / "single.db")
    run_bw("--db", single, "-C", repo, "--config", conf, "track", "HEAD", check=0)
    fleet = q(url, FOOTPRINT)
    assert len(fleet) == 13 * 2 * 2 and fleet == sql(single, FOOTPRINT)
    assert plain(q(url, RECORD)) == plain(sql(single, RECORD))
    assert q(url, BUILT) == [tuple(r) for r in sql(single, BUILT)]
    # One (commit, build) recorded again changes nothing.
    before = plain(q(url, RECORD)), q(url, BUILT), q(url, FOOTPRINT)
    r = run_bw("--db", url, "-C", repo, "--config", conf, "queue", "add", "--force",
               "HEAD~1..HEAD", check=0)
    assert "1 commits x 2 builds: 0 jobs added, 2 queued again" in r.stdout, r.stdout
    out = finish({"r3": start(url, repo, conf, "r3")})
    assert built(out, shas[-1], "O2") == built(out, shas[-1], "Os") == 1, out
    assert (plain(q(url, RECORD)), q(url, BUILT), q(url, FOOTPRINT)) == before


def test_failing_commit_is_retried_then_recorded_failed(tmp_path, url, analyzer):
    repo, conf, shas = project(tmp_path, [8], broken=[12])
    bad = shas[2]
    r = run_bw("--db", url, "-C", repo, "queue", "add", "--max-attempts", "2",
               "%s..HEAD" % shas[0], check=0)
    assert "3 jobs added" in r.stdout
    out = finish({"r1": start(url, repo, conf, "r1")})
    assert "%s failed (attempt 1 of 2, retried)" % bad[:12] in out["r1"], out
    (state, attempts, error, log), = q(url, "SELECT state, attempts, error, log FROM jobs "
                                       "WHERE sha = %s", (bad,))
    assert (state, attempts) == ("failed", 2)
    assert error.startswith("build failed (exit 2)") and "src/helper.c:1" in log, (error, log)
    assert q(url, "SELECT status FROM commits WHERE sha = %s", (bad,)) == [("failed",)]
    assert q(url, "SELECT count(*) FROM jobs WHERE state = 'done'") == [(2,)]
    st = run_bw("--db", url, "-C", repo, "queue", "status", check=0).stdout
    assert st.startswith("queue: 3 jobs: 0 pending, 0 running, 2 done, 1 failed, 0 cancelled")
    assert "failed  %s  after 2 attempt(s), last on " % bad[:12] in st and "error" in st, st
    # retry puts it back, cancel takes it off
    assert "1 jobs pending again" in run_bw("--db", url, "-C", repo, "queue", "retry",
                                            check=0).stdout
    assert "1 jobs cancelled" in run_bw("--db", url, "-C", repo, "queue", "cancel", bad[:10],
                                        check=0).stdout
    assert q(url, "SELECT state, attempts FROM jobs WHERE sha = %s", (bad,)) == [("cancelled", 0)]
    one_line(run_bw("--db", url, "-C", repo, "queue", "cancel", "abcdef0"), "abcdef0: no such job")


def test_a_fleet_needs_postgresql(tmp_path, repo):
    db = tmp_path / "one.db"
    for argv in (["queue", "add", "HEAD"], ["queue", "status"], ["runner"]):
        one_line(run_bw("--db", db, "-C", repo.path, *argv), "a fleet needs PostgreSQL",
                 "--db postgresql://")
    assert not db.exists()


def test_unreachable_database_is_one_line(tmp_path, repo, pg):
    one_line(run_bw("--db", "postgresql://bw@127.0.0.1:1/none", "-C", repo.path, "queue",
                    "status"), "cannot connect")


def test_job_for_a_commit_this_repository_lacks(tmp_path, url, analyzer):
    repo, conf, shas = project(tmp_path, [8])
    run_bw("--db", url, "-C", repo, "queue", "add", "%s..HEAD" % shas[0], check=0)
    ghost = "0123456789abcdef0123456789abcdef01234567"
    with __import__("psycopg2").connect(url) as con:
        con.cursor().execute("INSERT INTO jobs (sha, seq, state, max_attempts, enqueued_at) "
                             "VALUES (%s, 0, 'pending', 1, 0)", (ghost,))
    out = finish({"r1": start(url, repo, conf, "r1")})
    assert "commit %s is not in the repository" % ghost in out["r1"]
    assert q(url, "SELECT sha, state FROM jobs ORDER BY seq") == \
        [(ghost, "failed"), (shas[1], "done")]


@pytest.fixture
def redis(tmp_path):
    """A Redis server of our own on loopback (Debian's redis-server, a listed dependency) and
    a ccache built with its Redis backend: ccache's remote storage URL."""
    version = subprocess.run(["ccache", "--version"], stdout=subprocess.PIPE, text=True).stdout
    assert "redis-storage" in version, "ccache lacks Redis remote storage: " + version[:200]
    port = pgserver.free_port()
    server = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                               "--save", "", "--appendonly", "no", "--dir", str(tmp_path)],
                              stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            break
        except OSError:
            assert server.poll() is None and time.monotonic() < deadline, "redis-server failed"
            time.sleep(0.05)
    yield "redis://127.0.0.1:%d" % port
    server.terminate()
    server.wait()


def test_second_machine_gets_remote_ccache_hits(tmp_path, url, analyzer, redis):
    """Two runners, each with its own clone and local cache (two machines), sharing Redis:
    what the first compiled is a remote hit for the second, and the objects are the same."""
    repo, conf, shas = project(tmp_path, [8, 16])
    with open(conf, "w") as f:
        f.write(TOML.replace("make -s", "make -s CC='ccache gcc'"))
    stats = {}
    for m in ("a", "b"):
        clone = str(tmp_path / ("clone-" + m))
        subprocess.run(["git", "clone", "-q", repo, clone], check=True)
        run_bw("--db", url, "-C", clone, "queue", "add", "--force", "HEAD", check=0)
        cache = str(tmp_path / ("ccache-" + m))
        # Two clones at two paths share hits: the folder is not hashed (docs/fleet.md).
        env = dict(CCACHE_DIR=cache, CCACHE_REMOTE_STORAGE=redis, CCACHE_NOHASHDIR="1")
        out = finish({m: start(url, clone, conf, m, env=env)})[m]
        counters = subprocess.run(["ccache", "--print-stats"], env=dict(os.environ, **env),
                                  stdout=subprocess.PIPE, text=True, check=True).stdout
        stats[m] = dict(line.split("\t") for line in counters.splitlines() if "\t" in line)
        stats[m]["out"] = out
    assert int(stats["a"]["remote_storage_hit"]) == 0 and int(stats["a"]["cache_miss"]) == 4
    assert int(stats["b"]["remote_storage_hit"]) == 4 and int(stats["b"]["cache_miss"]) == 0
    assert "2 ccache hits, 0 misses (100%): 0 local, 2 remote hits" in stats["b"]["out"], stats["b"]["out"]
    tree = os.path.join(".git", "bloatwatch", "worktrees", "0", "build")
    for obj in ("main.o", "helper.o"):
        with open(os.path.join(tmp_path, "clone-a", tree, obj), "rb") as a, \
                open(os.path.join(tmp_path, "clone-b", tree, obj), "rb") as b:
            assert a.read() == b.read(), obj
    assert q(url, "SELECT runner, count(*) FROM jobs GROUP BY runner") == [("b", 3)]


def wait_for(cond, proc, timeout=60):
    """Poll cond() until it holds; the runner proc must live meanwhile."""
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
        time.sleep(0.02)


def building(slot, sha):
    """Is the kept worktree slot building sha (checked out, its build log opened)?"""
    try:
        with open(slot + ".state") as f:
            state = json.load(f)
    except (OSError, ValueError):
        return False
    return state == {"building": sha} and \
        os.path.exists(os.path.join(slot + ".log.d", "build.log"))


def wait_running(url, proc, count=1):
    wait_for(lambda: len(q(url, "SELECT sha FROM jobs WHERE state = 'running'")) >= count, proc)


def test_an_idle_runner_wakes_when_jobs_are_queued(tmp_path, url, analyzer):
    """A runner waiting on an empty queue is woken by `queue add` (NOTIFY), not its poll."""
    repo, conf, shas = project(tmp_path, [8])
    run_bw("--db", url, "-C", repo, "queue", "add", shas[0], check=0)
    r = start(url, repo, conf, "r1", poll=3600, drain=False)
    wait_for(lambda: q(url, "SELECT state FROM jobs") == [("done",)], r)
    run_bw("--db", url, "-C", repo, "queue", "add", "HEAD", check=0)     # while it waits
    wait_for(lambda: q(url, "SELECT count(*) FROM jobs WHERE state = 'done'") == [(2,)], r)
    r.send_signal(signal.SIGTERM)
    stdout, _ = r.communicate(timeout=60)
    assert r.returncode == 0 and "2 jobs finished" in stdout, stdout


def test_sigterm_gives_the_job_back(tmp_path, url, analyzer):
    repo, conf, shas = project(tmp_path, [])
    run_bw("--db", url, "-C", repo, "queue", "add", "HEAD", check=0)
    r = start(url, repo, conf, "r1", slow=30)
    wait_running(url, r)
    r.send_signal(signal.SIGTERM)
    stdout, _ = r.communicate(timeout=60)
    assert r.returncode == 0 and "given back to the queue" in stdout, stdout
    assert q(url, "SELECT state, attempts, runner FROM jobs") == [("pending", 0, "r1")]


def test_runners_ride_out_a_database_restart(tmp_path, url, pg, analyzer):
    repo, conf, shas = project(tmp_path, [8, 16, 24, 32, 40])
    run_bw("--db", url, "-C", repo, "queue", "add", "HEAD", check=0)
    # Builds of half a second: both runners are in one when the server restarts.
    procs = {n: start(url, repo, conf, n, lease=6, slow=0.5) for n in ("r1", "r2")}
    wait_running(url, procs["r1"], 2)
    pg.restart()
    out = finish(procs)
    assert "database unreachable" in "".join(out.values()), out
    assert q(url, "SELECT state, count(*) FROM jobs GROUP BY state") == [("done", 6)]
    assert q(url, "SELECT count(*), count(DISTINCT sha) FROM commits") == [(6, 6)]
    assert all(built(out, s) == 1 for s in shas), out
