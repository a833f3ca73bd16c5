# SPDX-License-Identifier: GPL-2.0
"""A recorder killed with SIGKILL inside its transaction leaves no trace of that commit."""
import os
import signal
import subprocess
import time

from conftest import BLOATWATCH, run_bw, sql, write_json, small_matrix, synth


def wal_size(db):
    return os.path.getsize(db + "-wal") if os.path.exists(db + "-wal") else 0


def kill_mid_transaction(tmp_path, db, repo, json_path, rev, spills=False):
    """Start a recorder that stops with all rows written but uncommitted; SIGKILL it there.

    spills: the transaction is big enough that SQLite has already written uncommitted
    pages into the WAL file; recovery must ignore them."""
    wal_before = wal_size(db)
    marker = tmp_path / ("paused-%s" % rev[:8])
    env = dict(os.environ, BLOATWATCH_TEST_PAUSE=str(marker))
    env.pop("BLOATWATCH_DB", None)
    p = subprocess.Popen(["/usr/bin/python3", BLOATWATCH, "--db", db, "-C", repo.path, "record",
                          "--json", json_path, "--rev", rev], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert p.poll() is None, p.communicate()
        assert time.monotonic() < deadline, "recorder never reached its transaction"
        time.sleep(0.02)
    if spills:
        assert wal_size(db) > wal_before + 1_000_000, "uncommitted pages never reached the WAL"
    os.kill(p.pid, signal.SIGKILL)
    p.wait()
    assert p.returncode == -signal.SIGKILL


def test_sigkill_inside_transaction(tmp_path, repo):
    db = str(tmp_path / "crash.db")
    first = repo.commit({"a.c": "1\n"}, "first")
    second = repo.commit({"a.c": "2\n"}, "second")
    # The second: the full synthetic matrix (840 objects), symbol-heavy: ~50k rows, more than
    # SQLite's page cache holds, so uncommitted pages spill into the WAL before the kill.
    m0, m1 = small_matrix(0), synth.matrix(4, nsyms=60)
    j0 = write_json(tmp_path / "0.json", synth.document(m0))
    j1 = write_json(tmp_path / "1.json", synth.document(m1))
    run_bw("--db", db, "-C", repo.path, "record", "--json", j0, "--rev", first, check=0)
    snapshot = sql(db, "SELECT object, arch, total FROM v_footprint ORDER BY 1, 2, 3")
    counts = [sql(db, "SELECT count(*) FROM %s" % t)[0][0]
              for t in ("commits", "commit_slices", "slice_builds", "analyses", "symbols", "layouts", "names")]

    # 1. A new commit: nothing of it may survive, though much of it was on disk.
    kill_mid_transaction(tmp_path, db, repo, j1, second, spills=True)
    assert sql(db, "PRAGMA integrity_check") == [("ok",)]
    assert sql(db, "SELECT sha FROM commits") == [(first,)]
    assert [sql(db, "SELECT count(*) FROM %s" % t)[0][0]
            for t in ("commits", "commit_slices", "slice_builds", "analyses", "symbols", "layouts", "names")] == counts
    assert sql(db, "SELECT object, arch, total FROM v_footprint ORDER BY 1, 2, 3") == snapshot

    # 2. Re-recording an existing commit: its old record must survive whole.
    kill_mid_transaction(tmp_path, db, repo, j1, first)
    assert sql(db, "PRAGMA integrity_check") == [("ok",)]
    assert sql(db, "SELECT object, arch, total FROM v_footprint ORDER BY 1, 2, 3") == snapshot

    # 3. The database still works: the same record now completes.
    run_bw("--db", db, "-C", repo.path, "record", "--json", j1, "--rev", second, check=0)
    assert sql(db, "SELECT sum(total) FROM v_footprint WHERE sha = ?", (second,))[0][0] == \
        sum(f["dec"] for f in m1)
    assert sql(db, "PRAGMA integrity_check") == [("ok",)]
