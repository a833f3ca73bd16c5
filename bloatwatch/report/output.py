# SPDX-License-Identifier: GPL-2.0
"""Writing the output tree: every file replaced atomically, untouched when its bytes are equal,
and files a previous run left behind (a commit no longer recorded, say) removed."""
import os
import re
import hashlib

from .. import atomic

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


class Tree:
    """The files of one output directory written by one run."""

    def __init__(self, root):
        self.root = root
        self.written = set()
        self.changed = 0

    def path(self, rel):
        return os.path.join(self.root, rel)

    def write(self, rel, content):
        data = content.encode("utf-8") if isinstance(content, str) else content
        full = self.path(rel)
        self.written.add(rel)
        if atomic.write_if_changed(full, data):
            self.changed += 1
        return full

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
