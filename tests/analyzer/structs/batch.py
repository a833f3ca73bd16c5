# SPDX-License-Identifier: GPL-2.0
"""Run the structs driver over many files in one process and split its output per file.

`driver --mark` ends each file's stdout and stderr with a line "@end STATUS", so one run gives
every file's own (status, stdout, stderr). A process costs far more than reading one small
object (about 9 ms plain, 85 ms under the sanitizers), and the suites read ~1,000 of them.
A run that does not count (a crash, a hang, output out of place, or what the caller's `bad`
finds in it) is redone with one process per file, so each verdict is still a file's own.
Byte-identical inputs (the matrix builds many objects twice) are read once: `unique`.
The oracle and text suites run the same `pahole --show_private_classes FILE`: `stored` keeps
its output for the other suite (once per make test, see there).
"""
import hashlib
import json
import os
import re
import shutil
import subprocess

PER_RUN = 64
MARK = re.compile(r"^@end ([01])$")


def _split(text):
    """[(status, text)] at the marks, or None when text does not end at one."""
    out, lines = [], []
    # at newlines only: each file's part is rebuilt exactly as its own run prints it
    for line in text.split("\n")[:-1] if text.endswith("\n") else text.split("\n"):
        m = MARK.match(line)
        if m:
            out.append((int(m.group(1)), "".join(l + "\n" for l in lines)))
            lines = []
        else:
            lines.append(line)
    return None if lines else out


def one(driver, opts, path, timeout=None, stdout=subprocess.PIPE):
    """(status, stdout, stderr) of `driver OPTS PATH`, status None and stderr the reason on a
    timeout (a hang)."""
    try:
        r = subprocess.run([driver] + opts + [path], stdout=stdout, stderr=subprocess.PIPE,
                           timeout=timeout, text=True, errors="replace")
    except subprocess.TimeoutExpired:
        return None, "", "timed out (a hang)"
    return r.returncode, r.stdout or "", r.stderr


def _batch(driver, opts, paths, timeout, bad):
    """[(status, stdout, stderr)] per path from one run, or why the run does not count."""
    try:
        r = subprocess.run([driver, "--mark"] + opts + paths, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout, text=True, errors="replace")
    except subprocess.TimeoutExpired:
        return "timed out"
    if r.returncode not in (0, 1):
        return "exit status %d" % r.returncode
    why = bad(r.stderr) if bad else None
    if why:
        return why
    outs, errs = _split(r.stdout), _split(r.stderr)
    if outs is None or errs is None or len(outs) != len(paths) or len(errs) != len(paths):
        return "output of %d files for %d" % (len(errs or ()), len(paths))
    if any(o[0] != e[0] for o, e in zip(outs, errs)) or r.returncode != max(s for s, _ in errs):
        return "exit status %d does not match the files' own" % r.returncode
    return [(s, o, e) for (s, o), (_, e) in zip(outs, errs)]


def runs(driver, opts, paths, timeout=None, bad=None, say=print):
    """(status, stdout, stderr) of `driver OPTS PATH` for every path, PER_RUN files a process."""
    out = []
    for i in range(0, len(paths), PER_RUN):
        chunk = paths[i:i + PER_RUN]
        got = _batch(driver, opts, chunk, timeout, bad)
        if isinstance(got, str):
            say("# files %d-%d in one driver run: %s; each runs on its own"
                % (i + 1, i + len(chunk), got))
            got = [one(driver, opts, p, timeout) for p in chunk]
        out.extend(got)
    return out


def unique(paths):
    """{path: the first path with the same bytes} (itself for the first)."""
    first, seen = {}, {}
    for p in paths:
        with open(p, "rb") as f:
            digest = hashlib.sha256(f.read()).digest()
        first[p] = seen.setdefault(digest, p)
    return first


# The store of tool outputs shared by the suites: $STRUCTS_ORACLE_STORE, inside the analyzer
# suites' oracle store (outside the checkout), so that both suites of a make test and later
# runs in any clone read what one computed while the key stays the same. Unset (a script run
# by hand): every command runs.
STORE = os.environ.get("STRUCTS_ORACLE_STORE")


def _key(cmd):
    """What determines cmd's output: its arguments, the tool (path, size, mtime, inode), the
    installed packages and libraries (dpkg's status file, ld.so.cache), the bytes of the input
    (the last argument) and the locale. Not the input's path: see stored()."""
    tool = os.path.realpath(shutil.which(cmd[0]) or cmd[0])
    ids = [[p, st.st_size, st.st_mtime_ns, st.st_ino] for p in
           (tool, "/var/lib/dpkg/status", "/etc/ld.so.cache") if (st := _stat(p))]
    with open(cmd[-1], "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    parts = [cmd[:-1], ids, digest] + [os.environ.get(v) for v in ("LC_ALL", "LC_CTYPE", "LANG")]
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def _stat(path):
    try:
        return os.stat(path)
    except OSError:
        return None


def stored(cmd):
    """(status, stdout, stderr) of cmd, whose last argument is its input file: from the store
    when another run computed it, else computed and stored (written whole by a rename, so
    two suites side by side each read a complete entry or compute their own). An output that
    names the input's folder is stored under a key with that folder, for it alone."""
    if not STORE:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           errors="replace")
        return r.returncode, r.stdout, r.stderr
    key = _key(cmd)
    folder = os.path.dirname(os.path.abspath(cmd[-1]))
    mine = hashlib.sha256((key + folder).encode()).hexdigest()
    for name in (key, mine):
        try:
            with open(os.path.join(STORE, name)) as f:
                found = tuple(json.load(f))
            os.utime(os.path.join(STORE, name))  # in use: lib.sh prunes entries idle for a day
            return found
        except FileNotFoundError:
            pass
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       errors="replace")
    os.makedirs(STORE, exist_ok=True)
    said = r.stdout + r.stderr
    names = folder in said or cmd[-1] in said
    entry = os.path.join(STORE, mine if names else key)
    tmp = "%s.tmp.%d" % (entry, os.getpid())
    with open(tmp, "w") as f:
        json.dump([r.returncode, r.stdout, r.stderr], f)
    os.replace(tmp, entry)
    return r.returncode, r.stdout, r.stderr
