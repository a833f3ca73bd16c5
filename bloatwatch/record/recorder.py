# SPDX-License-Identifier: GPL-2.0
"""record(): analyze one tree's objects and record them under its commit, in one transaction.

`bloatwatch record`, `track` (and so `bisect`), `configcost` and the fleet runner all record
through it: a Job says which objects, analyzed how, under which commit (or release: a tree
without git, under a label); recording a commit again replaces its earlier record.
"""
import hashlib
import os
from dataclasses import dataclass, field

from . import analyze, coordinate
from .. import gitrepo
from ..db import ingest, query
from ..errors import BwError
from .collect import Found, objects as collect_objects, refusals


def file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.digest()[:16]


_analyzer_digests = {}   # (path, size, mtime) -> digest: a runner hashes its analyzer once


def digest_of_analyzer(path):
    """The analyzer binary's digest, computed again only when the file changed."""
    st = os.stat(path)
    key = (os.path.abspath(path), st.st_size, st.st_mtime_ns, st.st_ino)
    if key not in _analyzer_digests:
        _analyzer_digests[key] = file_digest(path)
    return _analyzer_digests[key]


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


def made_analysis(root, found):
    """The FILE entries of the analysis make wrote for an object (its manifest's `analysis`),
    or None. Make decides whether it is current (its rule depends on the object, its record
    and the analyzer; `make record` and `make report` run it first): read as it is. One
    older than its object (a hand-run record after `make objects` alone) is refused, not
    analyzed again here: make stays the one judge of the matrix's analyses."""
    if not found.analysis:
        return None
    try:
        made = os.stat(os.path.join(root, found.analysis)).st_mtime_ns
    except FileNotFoundError:
        return None
    if made < os.stat(os.path.join(root, found.path)).st_mtime_ns:
        raise BwError("%s: older than its object %s (rebuilt since): run make analysis, then "
                      "record again (or record --no-cache)" % (found.analysis, found.path))
    doc = ingest.load_json(os.path.join(root, found.analysis), found.analysis)
    ingest.check_envelope(doc, found.analysis, ("all",))
    for f in doc["files"]:
        f["file"] = found.path     # as the manifest names it, whatever make's working folder
    return doc["files"]


@dataclass
class Analysis:
    """What the analyzer said of a tree's objects, ready to record."""
    files: list                 # FILE entries (mode all), annotated with their coordinates
    uses: list                  # [(source, CONFIG_X)]
    adigest: bytes = None       # the analyzer binary's digest (None: JSON given, not run)
    refusals: list = field(default_factory=list)    # flips a sweep could not build


@dataclass
class Job:
    """What record() records of a tree: which objects, analyzed how, under which commit."""
    project: object = None      # bloatwatch.toml (project.Project)
    analyzer: str = None        # the bloatwatch-analyze binary
    objects: list = None        # [Found] or paths (None: the manifests', else the globs')
    manifests: tuple = ()       # more manifests whose refusals to record (configcost's)
    rev: str = None             # the commit (None: HEAD, dirty when the tree is)
    dirty: bool = None          # None: as the tree is (for rev None), else clean
    jobs: int = None            # analyzer processes
    cache: bool = True          # objects the store has analyzed before are looked up
    where: str = "analyzer"     # what errors name as the input
    analysis: Analysis = None   # already analyzed (track's builders, `record --json`)
    error: str = None           # the build failed: recorded as failed, with no objects
    parent: str = None          # recorded as this commit (it touches none of paths)
    release: dict = None        # recorded as this release (release.commit()), not a commit
    build: str = None           # a declared build: only its part of the commit is recorded


@dataclass
class Result:
    commit: dict                # the commit as recorded (status, error included)
    id: int                     # its row
    objects: int = 0            # objects recorded
    new: int = 0                # analyses new to the store


def record(store, tree, job):
    """Record the tree's objects as `job` says, under its commit, in one transaction (a
    commit recorded before is replaced); a Result. `store` is a Store, or a function opening
    one: called once the input is known good (or to look objects up), so bad input fails
    before a database is created."""
    def opened():
        nonlocal store
        if callable(store):
            store = store()
        return store

    commit = dict(job.release) if job.release else commit_of(tree, job.rev, job.dirty)
    if job.parent is not None:
        status = ingest.record_same(opened(), commit, job.parent, job.error or "", job.build)
        commit = dict(commit, status=status)
        return Result(commit, query.resolve(store, commit["sha"])["id"])
    if job.error is not None:
        commit = dict(commit, status="failed", error=job.error[-4000:])
        return Result(commit, ingest.record(opened(), commit, ingest.prepare([], [], ""),
                                            job.build)[0])
    analysis = job.analysis or analyze_tree(tree, job, opened if job.cache else None)
    coordinate.decide_all(analysis.files, job.where)    # given JSON (`record --json`)
    prepared = ingest.prepare(analysis.files, analysis.uses, job.where, analysis.adigest)
    prepared.refusals = analysis.refusals
    commit = dict(commit, status="ok", error="")
    cid, new = ingest.record(opened(), commit, prepared, job.build)
    return Result(commit, cid, len(prepared.builds), new)


def analyze_tree(root, job, store=None):
    """The Analysis of the job's objects under root. Freshness is decided once per kind of
    tree: the analyses make wrote (a manifest's) are read, make having decided they are
    current; with a store, objects whose bytes it has seen under this analyzer are not
    analyzed again (content hashes: object_cache; store: a Store, or a function opening one,
    called once the manifests read well); the rest go through the analyzer. job.cache False
    (`record --no-cache`) analyzes everything."""
    project, analyzer, jobs = job.project, job.analyzer, job.jobs
    found = job.objects
    if found is None:
        found = collect_objects(project, root)
    found = [f if isinstance(f, Found) else Found(f) for f in found]
    refused = refusals(project, root, job.manifests)
    analyze.check_analyzer(analyzer)
    adigest = digest_of_analyzer(analyzer)
    done = {}
    for f in found if job.cache else ():
        entries = made_analysis(root, f)
        if entries is not None:
            done[f.path] = entries
    store = store() if callable(store) else store    # the made analyses read well
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
    coordinate.decide_all(files, job.where)
    build_stacks(analyzer, root, files, jobs, store)
    sources = project.find_sources(root)
    if not sources:   # no globs configured: the sources the build records name
        sources = sorted({(e.get("build") or {}).get("source") for e in files} - {None, ""})
        sources = [s for s in sources if os.path.isfile(os.path.join(root, s))]
    uses = analyze.config_uses(analyzer, sources, root)
    return Analysis(files, uses, adigest, refused)


def build_stacks(analyzer, root, files, jobs=None, store=None):
    """Give each FILE entry `_build_stack`: its FRAME entries from one stack run over all
    objects of its build, whose call graph spans them, with how many objects that is. A build
    is what the collector found together (`_build`: a manifest's coordinate, a group's
    folder), else the objects of one arch, compiler and config label (extra keys, such as a
    build record's variant, tell objects of one build apart). Entries of one file come in the
    same order from both modes (an archive's members). With a store, a build whose objects
    (decided coordinates and analyses) were recorded together before takes that record's worst cases
    (query.recorded_build_stack) instead of a stack run: they are a function of those."""
    groups = {}
    for e in files:
        build = e.get("_build") or e["_coordinate"][:3]
        groups.setdefault(str(build), {}).setdefault(e["file"], []).append(e)
    order = sorted(groups)
    if store is not None:
        for b in list(order):
            entries = [e for es in groups[b].values() for e in es]
            try:
                members = [(e["_coordinate"], ingest.entry_digest(e))
                           for e in entries]
            except (KeyError, TypeError, AttributeError):
                continue    # a malformed entry: ingest.prepare names what is wrong
            got = query.recorded_build_stack(store, members)
            if got is not None:
                for e in entries:
                    e["_build_stack"] = {"objects": len(entries),
                                         "stack": got[e["_coordinate"]]}
                order.remove(b)
    runs = analyze.build_stacks(analyzer, [list(groups[b]) for b in order], root, jobs)
    for b, got in zip(order, runs):
        n = len(got)
        by_file = {}
        for g in got:
            by_file.setdefault(g["file"], []).append(g)
        for path, entries in groups[b].items():
            mine = by_file.get(path, [])
            if len(mine) != len(entries):
                raise BwError("%s: the analyzer's stack mode gave %d entries, mode all %d"
                              % (path, len(mine), len(entries)))
            for e, g in zip(entries, mine):
                e["_build_stack"] = {"objects": n, "stack": g.get("stack")}


def recorded(store, sha, dirty=False, build=None):
    """'ok', 'failed' or None; with `build`, of that declared build of the commit."""
    return query.status(store, sha, dirty, build)


def commit_of(repo, rev=None, dirty=None):
    """Commit metadata for rev (default HEAD, dirty when the tree has uncommitted changes)."""
    info = gitrepo.commit_info(repo, rev or "HEAD")
    if dirty is None:
        dirty = rev is None and gitrepo.is_dirty(repo)
    info["dirty"] = bool(dirty)
    return info
