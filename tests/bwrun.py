# SPDX-License-Identifier: GPL-2.0
"""Running bin/bloatwatch and git from the Python suites (tests/db, tests/cli): one helper each
(bin/bloatwatch runs through tests/bwzygote.py after the first run of each subcommand).

Imported as `tests.bwrun` (pytest puts the checkout root on the import path, pyproject.toml).
"""
import atexit
import json
import locale
import os
import re
import select
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BLOATWATCH = os.path.join(ROOT, "bin", "bloatwatch")
ANALYZER = os.path.join(ROOT, "bin", "bloatwatch-analyze")
GIT_ENV = {"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.org",
           "GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.org",
           "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/nonexistent"}
PYTHON = "/usr/bin/python3"

# A run of bin/bloatwatch spends ~0.1 s starting Python, importing the package and freeing it
# all at the end, and the suites make hundreds. So the first run of each subcommand in a test
# session is the real command line (PYTHON bin/bloatwatch ...) and the later ones are children
# forked by one started bin/bloatwatch, tests/bwzygote.py: each a process of its own (exit
# status, working folder, environment, stdin, stdout and stderr), only without the start.
# BW_TEST_EXEC=1 makes every run the real command line; so does an environment that changes
# how Python starts (PYTHON*, locale, time zone, HOME) from the one the server started with.
START_ENV = re.compile(r"^(PYTHON|LC_|LANG$|LANGUAGE$|TZ$|HOME$|MPL)")
_first = set()
_server = {}


def _zygote():
    """This session's bwzygote server (its socket), started on first use; None where it cannot
    stand in for the command line (BW_TEST_EXEC=1, PYTHONPATH set, not PYTHON) or died."""
    if not _server:
        _server["sock"] = None
        if os.environ.get("BW_TEST_EXEC") == "1" or "PYTHONPATH" in os.environ or \
                os.path.realpath(sys.executable) != os.path.realpath(PYTHON):
            return None
        ours, theirs = socket.socketpair()
        proc = subprocess.Popen([PYTHON, "-P", "-c", "from tests.bwzygote import serve; serve(%d)"
                                 % theirs.fileno()], pass_fds=[theirs.fileno()], cwd="/",
                                env=dict(os.environ, PYTHONPATH=ROOT), stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL)
        theirs.close()
        _server.update(sock=ours, proc=proc,
                       env={k: v for k, v in os.environ.items() if START_ENV.match(k)})
        atexit.register(_stop)
    return _server["sock"] if _server["sock"] and _server["proc"].poll() is None else None


def _stop():
    """The server ends when its socket closes; wait for it (its children's time is ours)."""
    _server["sock"].close()
    _server["proc"].wait()


def _text(data):
    """Output as subprocess.run(text=True) decodes it (locale encoding, universal newlines)."""
    return data.decode(locale.getpreferredencoding(False)).replace("\r\n", "\n").replace("\r", "\n")


def _forked(sock, argv, cwd, env, timeout):
    """subprocess.run's CompletedProcess of `bloatwatch ARGV` run by the server, or None when
    the server is gone (the caller runs the command line itself)."""
    cmd = [PYTHON, BLOATWATCH] + argv
    fds = os.pipe() + os.pipe()     # out_r, out_w, err_r, err_w
    try:
        req = json.dumps({"argv0": BLOATWATCH, "argv": argv, "cwd": cwd, "env": env}).encode()
        socket.send_fds(sock, [struct.pack("!I", len(req)) + req], [0, fds[1], fds[3]])
        os.close(fds[1])
        os.close(fds[3])
        fds = (fds[0], fds[2])
        head = sock.recv(4, socket.MSG_WAITALL)
        if len(head) < 4:
            _server["sock"] = None
            return None
        pid = struct.unpack("!i", head)[0]
        # Both outputs to their ends and the status, as subprocess.run reads them; at the
        # timeout the child is killed, the rest read, then TimeoutExpired.
        data = {fds[0]: b"", fds[1]: b""}
        status, killed = None, False
        deadline = None if timeout is None else time.monotonic() + timeout
        waiting = [fds[0], fds[1], sock]
        while waiting:
            left = None if deadline is None else max(0, deadline - time.monotonic())
            ready = select.select(waiting, [], [], None if killed else left)[0]
            if not ready:
                os.kill(pid, signal.SIGKILL)
                killed = True
            for f in ready:
                if f is sock:
                    status = struct.unpack("!i", sock.recv(4, socket.MSG_WAITALL))[0]
                    waiting.remove(f)
                    continue
                chunk = os.read(f, 65536)
                data[f] += chunk
                if not chunk:
                    waiting.remove(f)
        if killed:      # as subprocess.run raises it: the bytes read so far, or None
            raise subprocess.TimeoutExpired(cmd, timeout, data[fds[0]] or None, data[fds[1]] or None)
        return subprocess.CompletedProcess(cmd, os.waitstatus_to_exitcode(status),
                                           _text(data[fds[0]]), _text(data[fds[1]]))
    finally:
        for f in fds:
            os.close(f)


def run_bw(*args, cwd=None, env=None, check=None, timeout=300):
    """Run bin/bloatwatch; check=0/1/... asserts the exit status and prints output on failure."""
    e = dict(os.environ)
    e.pop("BLOATWATCH_DB", None)
    e.update(env or {})
    argv = [str(a) for a in args]
    from bloatwatch.cli import COMMANDS
    command = next((a for a in argv if a in COMMANDS), None)
    sock = _zygote() if command in _first else None
    _first.add(command)
    r = None
    if sock is not None and (cwd is None or os.path.isdir(cwd)) and all(
            _server["env"].get(k) == e.get(k) for k in set(_server["env"]) | set(e) if START_ENV.match(k)):
        r = _forked(sock, argv, os.path.abspath(cwd if cwd is not None else os.getcwd()), e, timeout)
    if r is None:
        r = subprocess.run([PYTHON, BLOATWATCH] + argv, cwd=cwd, env=e, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, timeout=timeout)
    if check is not None:
        assert r.returncode == check, "exit %d\nstdout:\n%s\nstderr:\n%s" % (
            r.returncode, r.stdout, r.stderr)
    return r


def one_line(r, *needles):
    """A refused command: non-zero exit, one `bloatwatch: ...` line holding every needle."""
    assert r.returncode != 0
    err = r.stderr.strip()
    assert err.count("\n") == 0 and err.startswith("bloatwatch: "), err
    for n in needles:
        assert n in err, err
    return err


def git(repo, *args, env=None):
    e = dict(os.environ, **GIT_ENV)
    e.update(env or {})
    r = subprocess.run(["git", "-C", str(repo)] + list(args), env=e, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def sql(db, query, params=()):
    con = sqlite3.connect(db)
    try:
        return con.execute(query, params).fetchall()
    finally:
        con.close()
