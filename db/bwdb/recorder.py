# SPDX-License-Identifier: GPL-2.0
"""Analyze one tree's objects and record them under its commit (used by record, track, bisect)."""
import os
import time

from . import analyze, gitrepo, ingest
from .errors import BwError


def collect(root, project, analyzer, paths=None, jobs=None):
    """(FILE entries, CONFIG uses) for the objects under root (paths, else the object globs)."""
    if paths is None:
        paths = project.find_objects(root)
        if not paths:
            raise BwError("%s: no objects match %s (build them first)"
                          % (root, " ".join(project.objects)))
    files = analyze.analyze_all(analyzer, paths, root, jobs)
    sources = project.find_sources(root)
    if not sources:   # no globs configured: the sources the build records name
        sources = sorted({(f.get("build") or {}).get("source") for f in files} - {None, ""})
        sources = [s for s in sources if os.path.isfile(os.path.join(root, s))]
    uses = analyze.config_uses(analyzer, sources, root)
    return files, uses


def record_files(store, commit, files, uses, where):
    """Prepare (outside the transaction) and record; (commit id, new analyses, objects)."""
    prepared = ingest.prepare(files, uses, where)
    commit = dict(commit, status="ok", error="")
    cid, new = ingest.record(store, commit, prepared)
    return cid, new, len(prepared.builds)


def record_failure(store, commit, error):
    """A commit whose build failed: recorded as such, with no objects."""
    prepared = ingest.prepare([], [], "")
    return ingest.record(store, dict(commit, status="failed", error=error[-4000:]), prepared)[0]


def recorded(store, sha, dirty=False):
    """'ok', 'failed' or None."""
    rows = store.query("SELECT status FROM commits WHERE sha = ? AND dirty = ?", (sha, int(dirty)))
    return rows[0][0] if rows else None


def commit_of(repo, rev=None, dirty=None):
    """Commit metadata for rev (default HEAD, dirty when the tree has uncommitted changes)."""
    info = gitrepo.commit_info(repo, rev or "HEAD")
    if dirty is None:
        dirty = rev is None and gitrepo.is_dirty(repo)
    info["dirty"] = bool(dirty)
    return info


def timed(fn):
    start = time.monotonic()
    result = fn()
    return result, time.monotonic() - start
