# SPDX-License-Identifier: GPL-2.0
"""Several recorder processes writing one SQLite database at once: nothing fails, nothing is lost."""
import os
import subprocess

from conftest import BLOATWATCH, sql, write_json, small_matrix, synth


def start(db, repo, json_path, rev):
    env = dict(os.environ)
    env.pop("BLOATWATCH_DB", None)
    return subprocess.Popen(["/usr/bin/python3", BLOATWATCH, "--db", db, "-C", repo.path,
                             "record", "--json", json_path, "--rev", rev], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_parallel_recorders_sqlite(tmp_path, repo):
    db = str(tmp_path / "par.db")   # does not exist yet: the recorders race to create it too
    shas = [repo.commit({"a.c": "%d\n" % i}, "commit %d" % i) for i in range(6)]
    docs = [write_json(tmp_path / ("%d.json" % i), synth.document(small_matrix(i)))
            for i in range(6)]
    procs = [start(db, repo, docs[i], shas[i]) for i in range(6)]
    # and three more recording the same commit at the same time
    procs += [start(db, repo, docs[0], shas[0]) for _ in range(3)]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    assert sql(db, "SELECT count(*) FROM commits") == [(6,)]
    for i, sha in enumerate(shas):
        m = small_matrix(i)
        assert sql(db, "SELECT count(*), sum(total) FROM v_footprint WHERE sha = ?", (sha,)) == \
            [(len(m), sum(f["dec"] for f in m))]
    # Content addressing held under concurrency: one row per distinct analysis.
    distinct = {tuple(sorted((y["name"], y["size"]) for y in f["symbols"])) + (f["file"],)
                for i in range(6) for f in small_matrix(i)}
    assert sql(db, "SELECT count(*) FROM analyses")[0][0] == len(distinct)
    assert sql(db, "PRAGMA integrity_check") == [("ok",)]
