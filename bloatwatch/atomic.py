# SPDX-License-Identifier: GPL-2.0
"""Write a file whole or not at all: into a temporary file beside it, renamed over it."""
import os
import threading


def write(path, data):
    """Replace path with data (str: UTF-8, or bytes): a reader sees the old file or the new
    one, and a process killed midway leaves no part of it under the name."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    # Named by process and thread: concurrent writers of one path never share a temporary.
    tmp = "%s.tmp%d-%d" % (path, os.getpid(), threading.get_ident())
    try:
        with open(tmp, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_if_changed(path, data):
    """write() unless path already holds data, so make's timestamps say what changed;
    True when it wrote."""
    want = data.encode("utf-8") if isinstance(data, str) else data
    try:
        with open(path, "rb") as f:
            if f.read() == want:
                return False
    except OSError:
        pass
    write(path, want)
    return True
