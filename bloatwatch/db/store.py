# SPDX-License-Identifier: GPL-2.0
"""Open a history database, bring its schema to this version, run write transactions.

A fresh database gets db/schema.sql; an older one is carried forward by db/migrate/NNNN-*.sql,
each step in the same transaction as its version bump; a newer one is refused.  The views of
db/views.sql are (re)installed whenever their text changed.
"""
import glob
import hashlib
import importlib.util
import os
import re
import sqlite3
import time

from . import dialect, toolchain
from ..errors import BwError

DB_DIR = os.path.dirname(os.path.abspath(__file__))
SCHEMA_FILE = os.path.join(DB_DIR, "schema.sql")
VIEWS_FILE = os.path.join(DB_DIR, "views.sql")
MIGRATE_DIR = os.path.join(DB_DIR, "migrate")
SQLITE_MAGIC = b"SQLite format 3\0"
CHUNK = 500   # parameters per IN (...) list


def migrations():
    """{version: path} of db/migrate/NNNN-what.sql|.py; NNNN is the version it produces.

    A .sql step is run statement by statement; a .py step defines migrate(store, run_script)
    for what SQL alone cannot do portably (e.g. computing content digests)."""
    steps = {}
    for path in glob.glob(os.path.join(MIGRATE_DIR, "[0-9][0-9][0-9][0-9]-*.*")):
        if path.endswith((".sql", ".py")):
            steps[int(os.path.basename(path)[:4])] = path
    return steps


def latest_version():
    return max([1] + list(migrations()))


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def chunks(seq, size=CHUNK):
    seq = list(seq)
    for i in range(0, len(seq), size):
        yield seq[i:i + size]


def marks(n):
    return ",".join("?" * n)


class Store:
    """One open history database."""

    def __init__(self, target, create=True):
        self.target = target
        if not re.match(r"^postgres(ql)?://", target):
            self._check_sqlite_file(target, create)
        self.d = dialect.connect(target)
        self.where = self.d.path
        self.name_ids = {}
        self.coord_ids = {}     # coordinate (name ids) -> id (ingest.coords), kept like names
        try:
            self._upgrade()
        except (sqlite3.DatabaseError,) as e:
            raise BwError("%s: %s" % (self.where, e))

    @staticmethod
    def _check_sqlite_file(path, create):
        if path == ":memory:":
            return
        if not os.path.exists(path):
            if not create:
                raise BwError("%s: no such database" % path)
            parent = os.path.dirname(os.path.abspath(path))
            if not os.path.isdir(parent):
                raise BwError("%s: directory %s does not exist" % (path, parent))
            return
        if os.path.isdir(path):
            raise BwError("%s: is a directory, not a database" % path)
        with open(path, "rb") as f:
            head = f.read(16)
        if head and head != SQLITE_MAGIC:
            raise BwError("%s: not a SQLite database (bad header)" % path)

    # ---- schema ------------------------------------------------------------------

    def _upgrade(self):
        latest = latest_version()
        views_digest = hashlib.sha256(read(VIEWS_FILE).encode()).hexdigest()
        version = self.d.user_version()
        self._refuse_newer(version, latest)
        if version == latest and self._views_digest() == views_digest:
            return
        self.write(lambda: self._upgrade_locked(latest, views_digest))

    def _refuse_newer(self, version, latest):
        if version > latest:
            raise BwError("%s: database schema version %d is newer than this bloatwatch "
                          "understands (%d); use a newer bloatwatch" % (self.where, version, latest))

    def _views_digest(self):
        if "meta" not in self.d.tables():
            return None
        row = self.d.execute("SELECT value FROM meta WHERE key = 'views'").fetchone()
        return row[0] if row else None

    def _upgrade_locked(self, latest, views_digest):
        self.d.lock_schema()
        version = self.d.user_version()   # again, now that no other writer runs
        tables = self.d.tables()
        self._refuse_newer(version, latest)
        if version == 0:
            if tables:
                raise BwError("%s: not a bloatwatch database (it has tables %s but no schema "
                              "version)" % (self.where, ", ".join(sorted(tables)[:3])))
            self._run_script(read(SCHEMA_FILE))
            self.d.execute("INSERT INTO schema_version (version) VALUES (?)", (latest,))
        elif "schema_version" not in tables:
            raise BwError("%s: not a bloatwatch database (no schema_version table)" % self.where)
        else:
            steps = migrations()
            for v in range(version + 1, latest + 1):
                if steps[v].endswith(".py"):
                    spec = importlib.util.spec_from_file_location("bw_migrate_%04d" % v, steps[v])
                    module = importlib.util.module_from_spec(spec)
                    spec.loader.exec_module(module)
                    module.migrate(self, self._run_script)
                else:
                    self._run_script(read(steps[v]))
                self.d.execute("UPDATE schema_version SET version = ?", (v,))
        self.d.set_user_version(latest)
        if self._views_digest() != views_digest or version != latest:
            self._install_views(views_digest)

    def _run_script(self, script):
        for stmt in dialect.split_statements(script):
            self.d.execute(self.d.ddl(stmt))

    def _install_views(self, digest):
        script = read(VIEWS_FILE)
        names = re.findall(r"CREATE VIEW (\w+)", script)
        for name in reversed(names):
            self.d.drop_view(name)
        self._run_script(script)
        self.d.execute("DELETE FROM meta WHERE key = 'views'")
        self.d.execute("INSERT INTO meta (key, value) VALUES ('views', ?)", (digest,))

    def version(self):
        return self.d.user_version()

    # ---- transactions ------------------------------------------------------------

    def write(self, fn):
        """Run fn() in one write transaction: all of it lands, or none of it."""
        for attempt in range(8):
            self.d.begin()
            try:
                result = fn()
                self.d.commit()
                return result
            except self.d.retryable as e:
                self._abort()
                transient = self.d.name != "sqlite" or "locked" in str(e) or "busy" in str(e)
                if not transient or attempt == 7:
                    raise
                time.sleep(0.05 * (attempt + 1))
            except BaseException:
                self._abort()
                raise
        raise AssertionError("unreachable")

    def _abort(self):
        self.name_ids.clear()   # ids handed out in the aborted transaction are void
        self.coord_ids.clear()
        try:
            self.d.rollback()
        except Exception:
            pass

    def query(self, sql, params=()):
        return self.d.execute(sql, params).fetchall()

    def close(self):
        self.d.close()

    # ---- interning ---------------------------------------------------------------

    def intern(self, strings):
        """Ids for strings, inserting the new ones into `names` (inside a transaction)."""
        missing = sorted({s for s in strings if s not in self.name_ids})
        if missing:
            self._lookup_names(missing)
            new = [s for s in missing if s not in self.name_ids]
            if new:
                self.d.insert_many("INSERT INTO names (name) VALUES (?) ON CONFLICT (name) DO NOTHING",
                                   [(s,) for s in new])
                self._lookup_names(new)
        return self.name_ids

    def _lookup_names(self, strings):
        for part in chunks(strings):
            for nid, name in self.query("SELECT id, name FROM names WHERE name IN (%s)"
                                        % marks(len(part)), part):
                self.name_ids[name] = nid

    def name_id(self, string):
        """Id of an existing name, or None (read-only)."""
        if string in self.name_ids:
            return self.name_ids[string]
        row = self.d.execute("SELECT id FROM names WHERE name = ?", (string,)).fetchone()
        return row[0] if row else None

    def digests(self, table, digests):
        """{digest: id} of the rows of a content-addressed table that already exist."""
        found = {}
        for part in chunks(digests):
            blobs = [self.d.blob(x) for x in part]
            for rid, dg in self.query("SELECT id, digest FROM %s WHERE digest IN (%s)"
                                      % (table, marks(len(part))), blobs):
                found[bytes(dg)] = rid
        return found

    def cached(self, analyzer_digest, object_digests):
        """{object digest: (analysis digest, machine, Toolchain)} the object cache knows."""
        found = {}
        for part in chunks(object_digests):
            rows = self.query(
                "SELECT c.object_digest, a.digest, a.machine, a.id, cm.name FROM object_cache c "
                "JOIN analyses a ON a.id = c.analysis_id LEFT JOIN names cm ON cm.id = a.comment_id "
                "WHERE c.analyzer_digest = ? AND c.object_digest IN (%s)" % marks(len(part)),
                [self.d.blob(analyzer_digest)] + [self.d.blob(x) for x in part])
            ids = sorted({r[3] for r in rows})
            prods = {}
            for sub in chunks(ids):
                for aid, prod, units in self.query(
                        "SELECT p.analysis_id, n.name, p.units FROM analysis_producers p "
                        "JOIN names n ON n.id = p.producer_id WHERE p.analysis_id IN (%s) "
                        "ORDER BY p.analysis_id, p.seq" % marks(len(sub)), sub):
                    prods.setdefault(aid, []).append((prod, units))
            for od, ad, machine, aid, comment in rows:
                found[bytes(od)] = (bytes(ad), machine, toolchain.identify(
                    comment.split("\n") if comment else [], prods.get(aid, [])))
        return found

    def insert_digests(self, table, cols, rows):
        """Insert content-addressed rows (digest first); return {digest: id} of those WE added.

        A row a concurrent recorder added first is not ours: its children are its job."""
        sql = ("INSERT INTO %s (%s) VALUES (%s) ON CONFLICT (digest) DO NOTHING "
               "RETURNING id, digest" % (table, ", ".join(["digest"] + list(cols)),
                                         marks(len(cols) + 1)))
        rows = [(self.d.blob(r[0]),) + tuple(r[1:]) for r in rows]
        return {bytes(dg): rid for rid, dg in self.d.insert_returning(sql, rows)}


def default_target(repo_root=None):
    """--db default, decided here only: BLOATWATCH_DB, else bloatwatch.db at the repository
    root. repo_root is a function giving it (BwError when there is none), asked only when
    needed; without one, None when BLOATWATCH_DB names no database."""
    env = os.environ.get("BLOATWATCH_DB")
    if env:
        return env
    return os.path.join(repo_root(), "bloatwatch.db") if repo_root else None
