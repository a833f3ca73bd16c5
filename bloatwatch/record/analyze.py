# SPDX-License-Identifier: GPL-2.0
"""Run bloatwatch-analyze over many objects: a few processes in parallel, one JSON each."""
import concurrent.futures
import json
import os
import subprocess

from .. import ROOT
from ..errors import BwError
from ..db.ingest import check_envelope

BIN_DIR = os.path.join(ROOT, "bin")


def default_analyzer():
    return os.environ.get("BLOATWATCH_ANALYZE") or os.path.join(BIN_DIR, "bloatwatch-analyze")


def check_analyzer(analyzer):
    if not (os.path.isfile(analyzer) and os.access(analyzer, os.X_OK)):
        raise BwError("%s: analyzer not found (build it with `make analyzer`)" % analyzer)


def run(analyzer, mode, paths, cwd):
    """One analyzer process: its parsed JSON document, envelope checked."""
    check_analyzer(analyzer)
    try:
        r = subprocess.run([analyzer, mode, "--json"] + list(paths), cwd=cwd,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL)
    except OSError as e:
        raise BwError("%s: cannot run (%s)" % (analyzer, e.strerror))
    try:
        doc = json.loads(r.stdout)
    except ValueError:
        err = r.stderr.decode(errors="replace").strip().splitlines()
        raise BwError("%s: exit %d, no JSON output%s" % (analyzer, r.returncode,
                                                         ": " + err[0] if err else ""))
    check_envelope(doc, "%s %s" % (os.path.basename(analyzer), mode), (mode,))
    return doc


def analyze_all(analyzer, paths, cwd, jobs=None):
    """FILE entries (mode all) for paths, in order, from up to `jobs` analyzer processes."""
    if not paths:
        return []
    jobs = max(1, min(jobs or os.cpu_count() or 1, 4, (len(paths) + 63) // 64))
    size = (len(paths) + jobs - 1) // jobs
    parts = [paths[i:i + size] for i in range(0, len(paths), size)]
    if len(parts) == 1:
        return run(analyzer, "all", parts[0], cwd)["files"]
    with concurrent.futures.ThreadPoolExecutor(len(parts)) as pool:
        docs = list(pool.map(lambda part: run(analyzer, "all", part, cwd), parts))
    return [f for doc in docs for f in doc["files"]]


def build_stacks(analyzer, groups, cwd, jobs=None):
    """[[FILE entries]] of mode stack, one analyzer run per group of paths (the objects of one
    build, so that its call graph spans them), in the order of the groups."""
    if not groups:
        return []
    jobs = max(1, min(jobs or os.cpu_count() or 1, 4, len(groups)))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(lambda paths: run(analyzer, "stack", paths, cwd)["files"], groups))


def config_uses(analyzer, sources, cwd):
    """[(source, CONFIG_X)] for the sources, from the analyzer's configs mode."""
    if not sources:
        return []
    doc = run(analyzer, "configs", sources, cwd)
    return [(f["file"], c) for f in doc["files"] for c in f.get("configs", [])]
