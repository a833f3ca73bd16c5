# SPDX-License-Identifier: GPL-2.0
"""Bad input: one line `bloatwatch: ...`, a non-zero exit, and nothing half-written."""
import json
import os

import pytest

from conftest import run_bw, sql, write_json, small_matrix, synth


def one_line_error(r, *needles):
    assert r.returncode != 0, r.stdout
    assert r.stderr.startswith("bloatwatch: ") and r.stderr.count("\n") == 1, r.stderr
    assert "Traceback" not in r.stderr
    for n in needles:
        assert n in r.stderr, r.stderr


@pytest.fixture
def recorded(tmp_path, repo):
    repo.commit({"a.c": "1\n"}, "base")
    db = str(tmp_path / "ok.db")
    j = write_json(tmp_path / "m.json", synth.document(small_matrix(0)))
    run_bw("--db", db, "-C", repo.path, "record", "--json", j, check=0)
    return db, j


def test_garbage_file_is_not_a_database(tmp_path, repo):
    repo.commit({"a.c": "1\n"}, "base")
    db = tmp_path / "garbage.db"
    db.write_bytes(b"this is not a database at all\n" * 100)
    before = db.read_bytes()
    j = write_json(tmp_path / "m.json", synth.document(small_matrix(0)))
    for args in (["log"], ["history", "total"], ["-C", repo.path, "record", "--json", j]):
        r = run_bw("--db", db, *args)
        one_line_error(r, str(db), "not a SQLite database")
    assert db.read_bytes() == before
    assert not os.path.exists(str(db) + "-wal")


def test_damaged_database_pages(tmp_path, repo, recorded):
    db, j = recorded
    run_bw("--db", db, "log", check=0)   # checkpoint happens on close; now damage the file
    data = bytearray(open(db, "rb").read())
    assert len(data) > 8192
    for i in range(4096, len(data) - 100, 1024):   # keep the header page, smash the rest
        data[i:i + 64] = b"\xa5" * 64
    open(db, "wb").write(bytes(data))
    for f in (db + "-wal", db + "-shm"):
        if os.path.exists(f):
            os.remove(f)
    before = open(db, "rb").read()
    r = run_bw("--db", db, "history", "total")
    one_line_error(r)
    r = run_bw("--db", db, "-C", repo.path, "record", "--json", j)
    one_line_error(r)
    assert open(db, "rb").read() == before


@pytest.mark.parametrize("change, message", [
    ({"version": 2}, "analyzer JSON version 2 is not supported"),
    ({"schema": "something-else"}, "not bloatwatch-analyze JSON"),
    ({"mode": "size"}, "expected 'all'"),
    ({"errors": [{"file": "x.o", "message": "truncated ELF"}]}, "x.o: truncated ELF"),
])
def test_wrong_analyzer_json_is_refused_before_writing(tmp_path, repo, recorded, change, message):
    db, _ = recorded
    doc = synth.document(small_matrix(1))
    doc.update(change)
    j = write_json(tmp_path / "bad.json", doc)
    before = sql(db, "SELECT count(*) FROM v_builds")
    one_line_error(run_bw("--db", db, "-C", repo.path, "record", "--json", j), message, str(j))
    assert sql(db, "SELECT count(*) FROM v_builds") == before
    # A database that does not exist yet is not created by a refused record.
    fresh = tmp_path / "fresh.db"
    one_line_error(run_bw("--db", fresh, "-C", repo.path, "record", "--json", j), message)
    assert not fresh.exists()


def test_malformed_entries_and_unreadable_json(tmp_path, repo, recorded):
    db, _ = recorded
    doc = synth.document(small_matrix(1))
    del doc["files"][3]["symbols"][0]["size"]
    j = write_json(tmp_path / "bad.json", doc)
    one_line_error(run_bw("--db", db, "-C", repo.path, "record", "--json", j),
                   "files[3]", "missing or malformed field 'size'")
    trunc = tmp_path / "trunc.json"
    trunc.write_text(json.dumps(synth.document(small_matrix(0)))[:500])
    one_line_error(run_bw("--db", db, "-C", repo.path, "record", "--json", trunc), "not valid JSON")
    one_line_error(run_bw("--db", db, "-C", repo.path, "record", "--json", tmp_path / "nope.json"),
                   "No such file")


@pytest.mark.parametrize("change, message", [
    (lambda o: o[:1], "is not a list of its 3 members"),
    (lambda o: o[:2] + o[:1], "names 'm0' once more than the struct has such a member"),
    (lambda o: o[:2] + ["nosuch"], "names 'nosuch' once more"),
])
def test_reorganized_order_that_is_not_the_members_is_refused(tmp_path, repo, recorded, change, message):
    db, _ = recorded
    doc = synth.document(small_matrix(2))
    s = doc["files"][5]["structs"][0]
    assert [m["name"] for m in s["members"]] == ["m0", "m1", "m2"]
    s["reorganized"]["order"] = change(s["reorganized"]["order"])
    j = write_json(tmp_path / "bad.json", doc)
    before = sql(db, "SELECT count(*) FROM v_builds"), sql(db, "SELECT count(*) FROM layouts")
    one_line_error(run_bw("--db", db, "-C", repo.path, "record", "--json", j),
                   "files[5]", "struct %s: reorganized order" % s["name"], message)
    assert (sql(db, "SELECT count(*) FROM v_builds"), sql(db, "SELECT count(*) FROM layouts")) == before


def test_range_naming_no_commit(tmp_path, repo, recorded):
    db, _ = recorded
    one_line_error(run_bw("--db", db, "-C", repo.path, "track", "HEAD..HEAD"), "names no commit")
    one_line_error(run_bw("--db", db, "-C", repo.path, "track", "nosuchbranch..HEAD"), "bad range")
    one_line_error(run_bw("--db", db, "-C", repo.path, "bisect", "HEAD..HEAD", "total",
                          "--threshold", "1"), "names no commit")
    one_line_error(run_bw("--db", db, "-C", repo.path, "diff", "HEAD", "nosuchrev"),
                   "nosuchrev", "not a revision")


def test_not_a_git_repository(tmp_path):
    plain = tmp_path / "plain"
    plain.mkdir()
    for args in (["record"], ["track", "HEAD~2..HEAD"], ["log"]):
        one_line_error(run_bw(*args, cwd=plain), "not a git repository")
    one_line_error(run_bw("-C", plain, "track", "HEAD~1..HEAD", "--db", tmp_path / "x.db"),
                   "not a git repository")
    assert not (tmp_path / "x.db").exists()
    assert not (plain / "bloatwatch.db").exists()


def test_bad_arguments(tmp_path, repo, recorded):
    db, _ = recorded
    one_line_error(run_bw("--db", db, "history", "bogus"), "bad metric")
    one_line_error(run_bw("--db", db, "history", "total", "--arch", "vax"), "no recorded object")
    one_line_error(run_bw("--db", tmp_path / "missing.db", "log"), "no such database")


def test_every_subcommand_has_help():
    top = run_bw("--help", check=0).stdout
    for sub in ("record", "track", "history", "diff", "check", "bisect", "log", "gc"):
        assert sub in top
        r = run_bw(sub, "--help", check=0)
        assert r.stdout.startswith("usage: bloatwatch %s" % sub) and "example:" in r.stdout
