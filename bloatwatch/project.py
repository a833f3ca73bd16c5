# SPDX-License-Identifier: GPL-2.0
"""A project's bloatwatch.toml: how to build a commit and where its objects are."""
import glob
import os

from .errors import BwError
from .tomlfile import load_toml

DEFAULTS = {
    "build": "make objects",          # shell command run at the worktree root
    "objects": ["build/*/*/*/*.o"],   # globs, relative to the root
    "sources": [],                    # globs of sources scanned for CONFIG_ usage
    "build_timeout": 3600,            # seconds before a build counts as failed
    "exclude": [],                    # globs of paths the object globs must not pick up
}


class Project:
    """Settings from bloatwatch.toml (or the defaults when there is none)."""

    def __init__(self, values, path=None):
        self.path = path
        self.build = values["build"]
        self.objects = values["objects"]
        self.sources = values["sources"]
        self.build_timeout = values["build_timeout"]
        self.exclude = values["exclude"]

    def find_objects(self, root):
        """Object paths relative to root, sorted, that match the object globs (less exclude)."""
        skip = set(expand(root, self.exclude))
        return [p for p in expand(root, self.objects) if p not in skip]

    def find_sources(self, root):
        return expand(root, self.sources)


def expand(root, patterns):
    found = set()
    for pattern in patterns:
        for path in glob.glob(os.path.join(root, pattern), recursive=True):
            if os.path.isfile(path):
                found.add(os.path.relpath(path, root))
    return sorted(found)


def load(path=None, root=None):
    """The project config: path, else <root>/bloatwatch.toml, else the defaults."""
    if path is None and root is not None:
        candidate = os.path.join(root, "bloatwatch.toml")
        if os.path.exists(candidate):
            path = candidate
    values = dict(DEFAULTS)
    if path is None:
        return Project(values)
    data = load_toml(path)
    for key, value in data.items():
        if key not in DEFAULTS:
            raise BwError("%s: unknown key %r (known: %s)" % (path, key, ", ".join(DEFAULTS)))
        want = type(DEFAULTS[key])
        if want is list:
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise BwError("%s: %s must be a list of strings" % (path, key))
        elif not isinstance(value, want):
            raise BwError("%s: %s must be a %s" % (path, key, want.__name__))
        values[key] = value
    return Project(values, path)
