# SPDX-License-Identifier: GPL-2.0
"""A throw-away PostgreSQL server on loopback for the tests: initdb, pg_ctl start, stop.

As root (CI runs as root) the server runs as the unprivileged `postgres` user, which owns
the temporary directory; otherwise as the current user.
"""
import os
import pwd
import shutil
import socket
import subprocess
import tempfile

PG_BIN = os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self):
        self.tmp = tempfile.mkdtemp(prefix="bloatwatch-pg-")
        self.data = os.path.join(self.tmp, "data")
        self.port = free_port()
        self.prefix = []
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.tmp, user.pw_uid, user.pw_gid)
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self.started = False

    def _run(self, *argv):
        r = subprocess.run(self.prefix + list(argv), stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, cwd=self.tmp)
        if r.returncode != 0:
            raise RuntimeError("%s failed (%d): %s" % (argv[0], r.returncode, r.stdout[-2000:]))
        return r.stdout

    def start(self):
        self._run(os.path.join(PG_BIN, "initdb"), "-D", self.data, "-A", "trust", "-U", "bw",
                  "-E", "UTF8", "--no-sync")
        opts = "-c listen_addresses=127.0.0.1 -p %d -k %s -c fsync=off -c max_connections=50" % (
            self.port, self.tmp)
        self._run(os.path.join(PG_BIN, "pg_ctl"), "-D", self.data, "-o", opts, "-l",
                  os.path.join(self.tmp, "log"), "-w", "-t", "60", "start")
        self.started = True
        self._run(os.path.join(PG_BIN, "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                  "-U", "bw", "template_bw")
        return self

    def create_db(self, name):
        self._run(os.path.join(PG_BIN, "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                  "-U", "bw", name)
        return self.url(name)

    def url(self, name):
        return "postgresql://bw@127.0.0.1:%d/%s" % (self.port, name)

    def restart(self):
        """pg_ctl restart (fast: sessions are cut), logging where start does; its own pipe
        would otherwise stay open in the new server and never reach EOF."""
        self._run(os.path.join(PG_BIN, "pg_ctl"), "-D", self.data, "-m", "fast", "-l",
                  os.path.join(self.tmp, "log"), "-w", "-t", "60", "restart")

    def stop(self):
        if self.started:
            try:
                self._run(os.path.join(PG_BIN, "pg_ctl"), "-D", self.data, "-m", "immediate",
                          "-w", "stop")
            finally:
                self.started = False
        shutil.rmtree(self.tmp, ignore_errors=True)


def serve():
    """The body of a pytest fixture: a started server, stopped afterwards.  PostgreSQL is a
    listed dependency, so a server that cannot start fails the test instead of skipping it."""
    import pytest
    server = Server()
    try:
        server.start()
    except Exception as e:
        server.stop()
        pytest.fail("cannot start PostgreSQL (%s): it is a listed dependency" % e)
    yield server
    server.stop()
