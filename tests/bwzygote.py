# SPDX-License-Identifier: GPL-2.0
"""A started bin/bloatwatch that forks one child per command line (tests/bwrun.py runs it).

A bin/bloatwatch run spends ~0.1 s starting Python, importing the package and, at the end,
freeing everything; the suites make hundreds of runs. This process starts once (python3 -P,
the checkout first on the import path, as bin/bloatwatch puts it), imports bloatwatch.cli and
builds its parser, then serves requests on the socket it was given: argv, working folder,
environment, and the stdin, stdout and stderr descriptors. For each it forks a child that
takes those and runs bloatwatch.cli.main() as bin/bloatwatch does. The child ends as the
interpreter ends (non-daemon threads joined, atexit handlers run, its own unreachable
objects collected, so databases close, stdio flushed) except that it does not free the
objects it inherited one by one (on pages shared with this process, that would cost more
than the run). The server answers with the child's pid, then its wait status.

usage (by tests/bwrun.py): PYTHONPATH=ROOT python3 -P -c 'from tests.bwzygote import serve; serve(FD)'
"""
import atexit
import gc
import json
import os
import socket
import struct
import sys
import threading

import bloatwatch.cli


def _recv(sock):
    """One request: (dict, [fds]), or (None, []) when the socket closed."""
    head, fds, _, _ = socket.recv_fds(sock, 4, 3)
    if len(head) < 4:
        return None, []
    size = struct.unpack("!I", head)[0]
    data = b""
    while len(data) < size:
        more = sock.recv(size - len(data))
        if not more:
            return None, []
        data += more
    return json.loads(data), fds


def _exit(code):
    """The interpreter's end of a run (see above); never returns."""
    try:
        threading._shutdown()
        atexit._run_exitfuncs()
        gc.collect()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)


def _run(req):
    """bloatwatch.cli.main() as `python3 bin/bloatwatch ARGV` runs it: the exit status."""
    sys.argv = [req["argv0"]] + req["argv"]
    try:
        code = bloatwatch.cli.main()
    except SystemExit as e:
        code = e.code
    except BaseException:
        sys.excepthook(*sys.exc_info())
        return 1
    if code is None:
        return 0
    if not isinstance(code, int):
        print(code, file=sys.stderr)
        return 1
    return code


def serve(fd):
    sock = socket.socket(fileno=fd)
    bloatwatch.cli.parser()   # its first build imports what argparse needs (shutil): once
    while True:
        req, fds = _recv(sock)
        if req is None:
            return
        gc.freeze()           # the children's collections leave what exists now alone
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                sock.close()
                for fd, target in zip(fds, (0, 1, 2)):
                    os.dup2(fd, target)
                    os.close(fd)
                os.chdir(req["cwd"])
                os.environ.clear()
                os.environ.update(req["env"])
                code = _run(req)
            finally:
                _exit(code)
        for f in fds:
            os.close(f)
        sock.sendall(struct.pack("!i", pid))
        sock.sendall(struct.pack("!i", os.waitpid(pid, 0)[1]))
