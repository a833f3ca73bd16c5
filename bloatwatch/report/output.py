# SPDX-License-Identifier: GPL-2.0
"""Writing the output tree: every file replaced atomically, untouched when its bytes are equal,
and files a previous run left behind (a commit no longer recorded, say) removed; work whose
inputs did not change since the previous run (a diff page, a plot) is skipped, its files kept.

The previous run's work is in MANIFEST, in the output folder: for each unit of work (a name)
the digest of everything its files were made from and the files with their size and mtime,
plus small values kept between runs (a diff's causes of a move). Digests are salted with the
code that makes the files (this package, its templates, the versions of matplotlib and
Jinja2), so a changed Bloatwatch remakes everything; a file changed or removed by hand is
remade."""
import json
import os
import re
import hashlib

from .. import atomic

MANIFEST = ".bloatwatch-report.json"

SAFE = re.compile(r"[^A-Za-z0-9_.-]")


def slug(name):
    """A file/anchor name for any string from a binary or a build record.

    Only [A-Za-z0-9_.-], never starting with a dot; when that changed the string (or could
    collide on a case-insensitive host) a short hash of the original keeps names distinct."""
    s = SAFE.sub("_", name)[:60].lstrip(".") or "_"
    if s != name or s.lower() != s:
        s += "-" + hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    return s


def name_slug(name):
    """A readable file name for a declared name ('Tiny RCU' -> 'tiny-rcu'), safe as slug()."""
    return slug(re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "_")


def code_digest():
    """Digest of what makes the report's files: this package's sources, templates and static
    files, and the libraries whose output the files hold."""
    import jinja2
    import matplotlib
    h = hashlib.sha256(("%s %s" % (matplotlib.__version__, jinja2.__version__)).encode())
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # the bloatwatch package
    for dirpath, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith((".py", ".j2", ".css", ".js", ".sql")):
                full = os.path.join(dirpath, f)
                h.update(os.path.relpath(full, top).encode() + b"\0")
                with open(full, "rb") as fh:
                    h.update(hashlib.sha256(fh.read()).digest())
    return h.hexdigest()


class Tree:
    """The files of one output directory written by one run."""

    def __init__(self, root):
        self.root = root
        self.written = set()
        self.changed = 0
        self.salt = code_digest()
        self.old = {"units": {}, "values": {}}
        try:
            with open(self.path(MANIFEST), encoding="utf-8") as f:
                old = json.load(f)
            if old.get("salt") == self.salt:
                self.old = old
        except (OSError, ValueError):
            pass        # no previous run (or an unreadable manifest): everything is made
        self.units, self.values = {}, {}
        self._unit = None
        self.reused = 0
        self.batch = None       # [(name, key, make)] of the units left to workers.batch

    def path(self, rel):
        return os.path.join(self.root, rel)

    def write(self, rel, content):
        data = content.encode("utf-8") if isinstance(content, str) else content
        full = self.path(rel)
        self.written.add(rel)
        if self._unit is not None:
            self._unit["files"].append(rel)
        if atomic.write_if_changed(full, data):
            self.changed += 1
        return full

    # ---- work kept from the previous run --------------------------------------------------

    def key(self, *parts):
        """Digest of JSON-able parts (dicts in key order), salted with the code."""
        text = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=repr)
        return hashlib.sha256((self.salt + text).encode("utf-8", "surrogateescape")).hexdigest()

    def _stat(self, rel):
        st = os.stat(self.path(rel))
        return [st.st_size, st.st_mtime_ns]

    def kept(self, name, key):
        """True, and the unit kept with the units made within it, when the previous run made
        `name` from inputs of the same key and its files are as it left them."""
        old = self.old["units"].get(name)
        if old is not None and old["key"] == key:
            try:
                if all(self._stat(rel) == st for rel, st in old["files"].items()):
                    self._keep(name, old)
                    self.reused += 1
                    return True
            except OSError:
                pass    # a file is gone: made again
        return False

    def unit(self, name, key, make):
        """make() (which writes the unit's files with write()) unless the unit is kept().
        True when make() ran (or, within workers.batch, is left to it)."""
        if self.batch is not None and self._unit is None:
            self.batch.append((name, key, make))    # made by workers.batch, on leaving it
            return True
        if self.kept(name, key):
            return False
        outer, self._unit = self._unit, {"files": [], "inner": []}
        try:
            make()
            self.units[name] = {"key": key, "inner": self._unit["inner"],
                                "files": {rel: self._stat(rel) for rel in self._unit["files"]}}
        finally:
            if outer is not None:
                outer["files"].extend(self._unit["files"])
                outer["inner"].append(name)
            self._unit = outer
        return True

    def _keep(self, name, old):
        self.written.update(old["files"])
        self.units[name] = old
        if self._unit is not None:      # kept within a unit made again
            self._unit["files"].extend(old["files"])
            self._unit["inner"].append(name)
        todo = list(old.get("inner", ()))
        while todo:
            n = todo.pop()
            if n in self.old["units"]:
                self.units[n] = self.old["units"][n]
                todo.extend(self.old["units"][n].get("inner", ()))

    def value(self, key, compute):
        """compute() (JSON-able), or what it returned for the same key in the previous run."""
        if key in self.values:
            return self.values[key]
        got = self.old["values"].get(key)
        if got is None:
            got = compute()
        self.values[key] = got
        return got

    def work(self):
        """What this run made so far (units, files written, values, counts): what a worker
        process (workers.py) hands back to be merge()d."""
        return (self.units, self.written, self.values, self.changed, self.reused)

    def merge(self, work):
        units, written, values, changed, reused = work
        self.units.update(units)
        self.written.update(written)
        self.values.update(values)
        self.changed += changed
        self.reused += reused

    def save(self):
        """Keep this run's work for the next one (what it did not make or ask for is dropped)."""
        atomic.write_if_changed(self.path(MANIFEST), json.dumps(
            {"salt": self.salt, "units": self.units, "values": self.values},
            sort_keys=True, separators=(",", ":")))

    def remove(self, rel):
        """Remove a file an earlier run wrote and this one does not (a page with nothing left
        to show); nothing when it is not there."""
        try:
            os.remove(self.path(rel))
            return True
        except FileNotFoundError:
            return False

    def prune(self, subdirs):
        """Remove files in subdirs that this run did not write."""
        removed = 0
        for sub in subdirs:
            top = self.path(sub)
            if not os.path.isdir(top):
                continue
            for dirpath, _, files in os.walk(top):
                for f in files:
                    rel = os.path.relpath(os.path.join(dirpath, f), self.root)
                    if rel not in self.written:
                        os.remove(os.path.join(dirpath, f))
                        removed += 1
        return removed
