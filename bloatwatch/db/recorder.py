# SPDX-License-Identifier: GPL-2.0
"""Analyze one tree's objects and record them under its commit (used by record, track, bisect)."""
import hashlib
import os
import time

from . import analyze, gitrepo, ingest
from ..errors import BwError


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.digest()[:16]


def parse_build_record(path):
    """A `<obj>.cmd` build record (matrix/README.md) as the analyzer's JSON `build`, or None."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return None
    build = {k: None for k in BUILD_KEYS}
    config = {}
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        if " := " not in line:   # the analyzer refuses such a record too
            raise BwError("%s: line %d: not a 'key := value' line" % (path, n))
        key, value = line.split(" := ", 1)
        key = key.strip()
        if key.startswith("CONFIG_"):
            config[key] = value.strip()
        elif key in build:
            build[key] = value.strip() if key != "cmd" else value
    build["config"] = config
    return build


BUILD_KEYS = ("cmd", "compiler_version", "source", "object", "variant", "arch", "compiler",
              "scenario")


def cached_entries(store, root, paths, analyzer_digest):
    """({path: cache stub}, {path: object digest}) for the objects the database already knows."""
    digests = {}
    for p in paths:
        full = os.path.join(root, p)
        with open(full, "rb") as f:
            if f.read(8) == b"!<arch>\n":
                continue   # archives give several entries: always analyze
        digests[p] = file_digest(full)
    hits = store.cached(analyzer_digest, sorted(set(digests.values())))
    stubs = {}
    for p, od in digests.items():
        if od in hits:
            ad, machine = hits[od]
            stubs[p] = {"file": p, "member": None, "machine": machine, "_analysis": ad,
                        "build": parse_build_record(os.path.join(root, p) + ".cmd")}
    return stubs, digests


def collect(root, project, analyzer, paths=None, jobs=None, store=None):
    """(FILE entries, CONFIG uses, analyzer digest) for the objects under root (paths, else
    the object globs).  With a store, objects it has seen under this analyzer are not
    analyzed again."""
    if paths is None:
        paths = project.find_objects(root)
        if not paths:
            raise BwError("%s: no objects match %s (build them first)"
                          % (root, " ".join(project.objects)))
    analyze.check_analyzer(analyzer)
    adigest = file_digest(analyzer)
    stubs, digests = cached_entries(store, root, paths, adigest) if store else ({}, {})
    misses = [p for p in paths if p not in stubs]
    fresh = {}
    for f in analyze.analyze_all(analyzer, misses, root, jobs):
        if f.get("member") is None and f["file"] in digests:
            f["_object_digest"] = digests[f["file"]]
        fresh.setdefault(f["file"], []).append(f)
    files = []
    for p in paths:
        files += [stubs[p]] if p in stubs else fresh.get(p, [])
    sources = project.find_sources(root)
    if not sources:   # no globs configured: the sources the build records name
        sources = sorted({(f.get("build") or {}).get("source") for f in files} - {None, ""})
        sources = [s for s in sources if os.path.isfile(os.path.join(root, s))]
    uses = analyze.config_uses(analyzer, sources, root)
    return files, uses, adigest


def record_files(store, commit, files, uses, where, analyzer_digest=None):
    """Prepare (outside the transaction) and record; (commit id, new analyses, objects)."""
    prepared = ingest.prepare(files, uses, where, analyzer_digest)
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
