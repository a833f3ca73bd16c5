# SPDX-License-Identifier: GPL-2.0
"""record(): a tree's manifest recorded under its commit in one transaction, refusals included,
the same each time it runs; the report reads the refusals back from the database only."""
import json
import os
import shutil

import pytest

from conftest import diff_pair, sql

from bloatwatch import project
from bloatwatch.db.query import History
from bloatwatch.db.store import Store
from bloatwatch.errors import BwError
from bloatwatch.record import manifest, recorder
from bloatwatch.report import configcost

REFUSED = "CONFIG_Y depends on CONFIG_Z"


def sweep_tree(repo, tmp_path, excluded):
    """A repository holding two objects filed under a base and a flip, and a manifest (written
    by the one writer) that lists `excluded`."""
    objs = diff_pair(tmp_path)
    os.makedirs(os.path.join(repo.path, "out"), exist_ok=True)
    coords = []
    for label, obj in (("B", objs[0]), ("B+X", objs[1])):
        rel = "out/%s.o" % label.replace("+", "_")
        shutil.copy(obj, os.path.join(repo.path, rel))
        coords.append({"arch": "x86_64", "compiler": "gcc", "config": label,
                       "config_values": {"CONFIG_X": "y" if "+" in label else "n"},
                       "objects": [{"path": rel, "object": "a.o"}]})
    manifest.write(os.path.join(repo.path, "sweep.json"), coords, excluded)
    sha = repo.commit({"bloatwatch.toml": 'manifest = ["sweep.json"]\n'}, "sweep")
    return project.load(None, repo.path), sha


def test_record_keeps_refusals_once(repo, tmp_path, analyzer):
    excluded = [{"arch": "x86_64", "compiler": "gcc", "config": "B-Y", "option": "CONFIG_Y",
                 "why": REFUSED},
                {"arch": "arm", "compiler": "gcc", "why": "MATRIX_EXCLUDE"}]   # not a refusal
    proj, sha = sweep_tree(repo, tmp_path, excluded)
    db = str(tmp_path / "h.db")
    store = Store(db)
    try:
        first = recorder.record(store, repo.path, recorder.Job(proj, analyzer))
        again = recorder.record(store, repo.path, recorder.Job(proj, analyzer))
    finally:
        store.close()
    assert (first.commit["sha"], first.objects, again.id) == (sha, 2, first.id)
    assert again.new == 0            # the same analyses: nothing new the second time
    assert sql(db, "SELECT count(*) FROM commits") == [(1,)]
    assert sql(db, "SELECT sha, arch, compiler, label, option_name, why FROM v_refusals") == \
        [(sha, "x86_64", "gcc", "B-Y", "CONFIG_Y", REFUSED)]
    history = History(db)
    try:
        assert configcost.refusals(history, first.id) == [
            {"arch": "x86_64", "compiler": "gcc", "base": "B", "option": "CONFIG_Y",
             "why": REFUSED}]
    finally:
        history.close()


def test_bad_refusal_is_named_before_anything_is_written(repo, tmp_path, analyzer):
    proj, _ = sweep_tree(repo, tmp_path, [])
    path = os.path.join(repo.path, "sweep.json")
    with open(path) as f:
        doc = json.load(f)
    doc["excluded"] = [{"compiler": "gcc", "config": "B-Y", "why": "?"}]
    with open(path, "w") as f:
        json.dump(doc, f)
    db = str(tmp_path / "h.db")
    with pytest.raises(BwError, match=r"sweep.json: excluded\[0\]: missing field 'arch'"):
        recorder.record(lambda: Store(db), repo.path, recorder.Job(proj, analyzer))
    assert not os.path.exists(db)
