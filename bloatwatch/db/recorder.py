# SPDX-License-Identifier: GPL-2.0
"""Analyze one tree's objects and record them under its commit (used by record, track, bisect)."""
import hashlib
import os
import time

from . import analyze, gitrepo, ingest, query
from .collect import Found, objects as collect_objects


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.digest()[:16]


def cached_entries(store, analyzer, root, paths, analyzer_digest):
    """({path: cache stub}, {path: object digest}) for the objects the database already knows.

    A stub carries what the analysis does not: the build record, read by the analyzer's cheap
    size mode (the one parser of build records)."""
    digests = {}
    for p in paths:
        full = os.path.join(root, p)
        with open(full, "rb") as f:
            if f.read(8) in (b"!<arch>\n", b"!<thin>\n"):
                continue   # archives give several entries: always analyze
        digests[p] = file_digest(full)
    hits = store.cached(analyzer_digest, sorted(set(digests.values())))
    known = [p for p, od in digests.items() if od in hits]
    stubs = {}
    for f in analyze.run(analyzer, "size", known, root)["files"] if known else []:
        ad, machine, tools = hits[digests[f["file"]]]
        stubs[f["file"]] = {"file": f["file"], "member": None, "machine": machine,
                            "class": f.get("class"), "_analysis": ad, "build": f.get("build"),
                            "_toolchain": tools}
    return stubs, digests


def fresh_analysis(root, found, analyzer):
    """The FILE entries of the analysis make wrote for an object, when it is newer than the
    object, its build record and the analyzer binary (what make's rule depends on); else None."""
    if not found.analysis:
        return None
    path = os.path.join(root, found.analysis)
    try:
        made = os.stat(path).st_mtime_ns
        inputs = [os.stat(os.path.join(root, found.path)).st_mtime_ns, os.stat(analyzer).st_mtime_ns]
    except FileNotFoundError:
        return None
    if found.record and os.path.exists(os.path.join(root, found.record)):
        inputs.append(os.stat(os.path.join(root, found.record)).st_mtime_ns)
    if made < max(inputs):
        return None
    doc = ingest.load_json(path)
    ingest.check_envelope(doc, found.analysis, ("all",))
    for f in doc["files"]:
        f["file"] = found.path     # as the manifest names it, whatever make's working folder
    return doc["files"]


def collect(root, project, analyzer, paths=None, jobs=None, store=None, found=None):
    """(FILE entries, CONFIG uses, analyzer digest) for the objects under root (paths, else
    the project's manifest or object globs, or `found` when the caller collected them).
    Analyses make wrote and that are up to date are
    read, not redone; with a store, objects it has seen under this analyzer are not analyzed
    again; the rest go through the analyzer."""
    if found is None:
        found = collect_objects(project, root) if paths is None else [Found(p) for p in paths]
    analyze.check_analyzer(analyzer)
    adigest = file_digest(analyzer)
    done = {}
    for f in found:
        entries = fresh_analysis(root, f, analyzer)
        if entries is not None:
            done[f.path] = entries
    # Once per path: a manifest may file one object under several coordinates (a sweep's
    # flips); analyzed twice, it would give two entries to each of them.
    rest = list(dict.fromkeys(f.path for f in found if f.path not in done))
    stubs, digests = cached_entries(store, analyzer, root, rest, adigest) if store else ({}, {})
    for path, stub in stubs.items():
        done[path] = [stub]
    misses = [p for p in rest if p not in stubs]
    for e in analyze.analyze_all(analyzer, misses, root, jobs):
        if e.get("member") is None and e["file"] in digests:
            e["_object_digest"] = digests[e["file"]]
        done.setdefault(e["file"], []).append(e)
    # A copy per Found: one object may be filed under several coordinates (a sweep's flips).
    files = [f.annotate(dict(e)) for f in found for e in done.get(f.path, [])]
    sources = project.find_sources(root)
    if not sources:   # no globs configured: the sources the build records name
        sources = sorted({(e.get("build") or {}).get("source") for e in files} - {None, ""})
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
    return query.status(store, sha, dirty)


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
