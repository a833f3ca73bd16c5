# SPDX-License-Identifier: GPL-2.0
"""The thin layer between one SQL code path and its two engines, SQLite and PostgreSQL.

Everything else writes SQLite-flavoured SQL with `?` placeholders; a dialect rewrites the
few spellings that differ, opens connections and owns transactions.
"""
import re
import sqlite3
import time

from ..errors import BwError

BUSY_TIMEOUT_MS = 120000


def split_statements(script):
    """Split an SQL script into statements where SQLite's own tokenizer says one ends.

    sqlite3.complete_statement knows string literals, comments and a trigger's BEGIN...END,
    so a `;` inside any of them does not end a statement; our PostgreSQL scripts are the
    same plain SQL. Comment lines between statements are dropped.
    """
    statements, lines = [], []
    for line in script.splitlines():
        if not lines and (not line.strip() or line.lstrip().startswith("--")):
            continue
        lines.append(line)
        text = "\n".join(lines)
        if sqlite3.complete_statement(text):
            statements.append(text.strip())
            lines = []
    rest = [line for line in lines if line.strip() and not line.lstrip().startswith("--")]
    if rest:
        raise BwError("SQL script ends inside a statement (no closing ';'): %s"
                      % rest[0].strip()[:60])
    return statements


class SQLite:
    """SQLite through the stdlib module: WAL, busy timeout, explicit BEGIN IMMEDIATE."""

    name = "sqlite"
    retryable = (sqlite3.OperationalError,)

    def __init__(self, path):
        self.path = path
        try:
            self.conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000,
                                        isolation_level=None, check_same_thread=False)
            self.conn.execute("PRAGMA busy_timeout = %d" % BUSY_TIMEOUT_MS)
            self._set_wal()
            self.conn.execute("PRAGMA foreign_keys = OFF")
            self.conn.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.DatabaseError as e:
            raise BwError("%s: not a usable SQLite database (%s)" % (path, e))

    def _set_wal(self):
        # Switching to WAL needs a moment of exclusive access; other openers may hold it.
        deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
        while True:
            try:
                mode = self.conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if mode.lower() != "wal" and self.path != ":memory:":
                    raise BwError("%s: cannot switch to WAL mode (journal mode %s)"
                                  % (self.path, mode))
                return
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def sql(self, text):
        return text

    def ddl(self, text):
        return text

    def begin(self):
        # IMMEDIATE takes the write lock now, so the busy timeout (not a failed lock
        # upgrade halfway through) is what waits for a concurrent recorder.
        self.conn.execute("BEGIN IMMEDIATE")

    def begin_read(self):
        self.conn.execute("BEGIN")

    def commit(self):
        self.conn.execute("COMMIT")

    def rollback(self):
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def lock_schema(self):
        pass  # BEGIN IMMEDIATE already excludes every other writer

    def execute(self, sql, params=()):
        return self.conn.execute(sql, params)

    def insert_many(self, sql, rows):
        self.conn.executemany(sql, rows)

    def insert_returning(self, sql, rows):
        """Insert rows one by one; return what RETURNING gave for the rows inserted."""
        out = []
        for row in rows:
            got = self.conn.execute(sql, row).fetchone()
            if got is not None:
                out.append(got)
        return out

    def user_version(self):
        return self.conn.execute("PRAGMA user_version").fetchone()[0]

    def set_user_version(self, version):
        self.conn.execute("PRAGMA user_version = %d" % int(version))

    def tables(self):
        rows = self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return {r[0] for r in rows}

    def views(self):
        rows = self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'view'")
        return {r[0] for r in rows}

    def drop_view(self, name):
        self.conn.execute("DROP VIEW IF EXISTS %s" % name)

    def blob(self, data):
        return data

    def close(self):
        self.conn.close()


class PostgreSQL:
    """PostgreSQL through Debian's psycopg2; same SQL after a few rewrites."""

    name = "postgresql"

    def __init__(self, url):
        try:
            import psycopg2
            import psycopg2.extras
        except ImportError as e:
            raise BwError("PostgreSQL needs python3-psycopg2 (%s)" % e)
        self.pg = psycopg2
        self.extras = psycopg2.extras
        self.retryable = (psycopg2.errors.DeadlockDetected,
                          psycopg2.errors.SerializationFailure)
        self.path = re.sub(r"//[^@/]*@", "//", url)   # never print a password
        try:
            self.conn = psycopg2.connect(url)
        except psycopg2.Error as e:
            raise BwError("%s: cannot connect (%s)" % (self.path, str(e).strip().splitlines()[0]))
        self.conn.autocommit = True
        # SUM(bigint) is NUMERIC in PostgreSQL: hand back int (as SQLite does), not Decimal.
        numeric = psycopg2.extensions.new_type(
            psycopg2.extensions.DECIMAL.values, "BW_NUMERIC",
            lambda v, cur: None if v is None else (float(v) if "." in v else int(v)))
        psycopg2.extensions.register_type(numeric, self.conn)
        self.cur = self.conn.cursor()

    def sql(self, text):
        return text.replace("%", "%%").replace("?", "%s")

    def ddl(self, text):
        text = re.sub(r"\bINTEGER PRIMARY KEY\b",
                      "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", text)
        text = re.sub(r"\bBLOB\b", "BYTEA", text)
        return re.sub(r"\)\s*WITHOUT ROWID", ")", text)

    # BEGIN is sent with the transaction's first statement ("BEGIN; ..."), not on its own:
    # one round trip less per transaction (a claim, a record, a finish).
    begun = False

    def begin(self):
        self.begun = True

    begin_read = begin

    def _run(self, text, params=None):
        if self.begun:
            self.begun = False
            text = "BEGIN; " + text
        self.cur.execute(text, params)

    def _flush(self):
        """Send a pending BEGIN on its own (before what cannot carry it)."""
        if self.begun:
            self.begun = False
            self.cur.execute("BEGIN")

    def commit(self):
        if self.begun:      # nothing was run: nothing to commit
            self.begun = False
            return
        self.cur.execute("COMMIT")

    def rollback(self):
        self.begun = False
        if self.conn.get_transaction_status() != self.pg.extensions.TRANSACTION_STATUS_IDLE:
            self.cur.execute("ROLLBACK")

    def lock_schema(self):
        # Two first openers must not both create the schema.
        self._run("SELECT pg_advisory_xact_lock(7120934)")

    def execute(self, sql, params=()):
        self._run(self.sql(sql), tuple(params))
        return self.cur

    def _values(self, sql, rows, fetch=False):
        # execute_values sends one statement per page instead of one per row: the VALUES
        # tuple becomes its template.
        self._flush()
        sql = self.sql(sql)
        values = re.search(r"\bVALUES\s*(\([^)]*\))", sql)
        sql = sql[:values.start(1)] + "%s" + sql[values.end(1):]
        return self.extras.execute_values(self.cur, sql, rows, template=values.group(1),
                                          page_size=1000, fetch=fetch)

    def insert_many(self, sql, rows):
        self._values(sql, rows)

    def insert_returning(self, sql, rows):
        return self._values(sql, rows, fetch=True)

    def user_version(self):
        if "schema_version" not in self.tables():
            return 0
        self._run("SELECT max(version) FROM schema_version")
        return self.cur.fetchone()[0] or 0

    def set_user_version(self, version):
        pass  # schema_version holds it

    def tables(self):
        self._run("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {r[0] for r in self.cur.fetchall()}

    def views(self):
        self._run("SELECT viewname FROM pg_views WHERE schemaname = current_schema()")
        return {r[0] for r in self.cur.fetchall()}

    def drop_view(self, name):
        self._run("DROP VIEW IF EXISTS %s CASCADE" % name)

    def blob(self, data):
        return self.pg.Binary(data)

    def close(self):
        self.conn.close()


def connect(target):
    """Open `target`: a postgresql:// URL or a SQLite file path."""
    if re.match(r"^postgres(ql)?://", target):
        return PostgreSQL(target)
    return SQLite(target)
