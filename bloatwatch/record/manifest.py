# SPDX-License-Identifier: GPL-2.0
"""The manifest (contract 1, docs/matrix.md): its schema, its one writer and its one reader.

The matrix (matrix/gen.py, matrix/sweep.py) and `bloatwatch configcost` write manifests
through text(); collect.py reads them through read(), and the refusals they list (flips
Kconfig would not keep) through refusals().
"""
import json
import os

from .. import atomic
from ..db.ingest import load_json
from ..errors import BwError

SCHEMA = "bloatwatch-manifest"
VERSION = 1


def text(coords, excluded):
    """The manifest of coordinates and excluded ones: sorted, no timestamps, so the same
    matrix gives the same bytes."""
    doc = {"schema": SCHEMA, "version": VERSION,
           "coordinates": sorted(coords, key=lambda c: (c["arch"], c["compiler"], c["config"])),
           "excluded": sorted(excluded, key=lambda e: (e["arch"], e["compiler"], e.get("config", ""),
                                                       e["why"]))}
    return json.dumps(doc, indent=1) + "\n"


def write(path, coords, excluded):
    atomic.write_if_changed(path, text(coords, excluded))


def read(root, rel):
    """The manifest document at root/rel, schema and version checked; BwError naming it."""
    doc = load_json(os.path.join(root, rel), rel)
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        raise BwError("%s: not a bloatwatch manifest (schema %r)"
                      % (rel, doc.get("schema") if isinstance(doc, dict) else None))
    if doc.get("version") != VERSION:
        raise BwError("%s: manifest version %r is not supported (this bloatwatch reads version %d)"
                      % (rel, doc.get("version"), VERSION))
    if not isinstance(doc.get("coordinates"), list):
        raise BwError("%s: manifest has no coordinates list" % rel)
    return doc


def refusals(doc, rel):
    """[(arch, compiler, config label, CONFIG_X or '', why)] of the configurations a sweep
    lists as excluded (a coordinate left out as a whole, with no label, is not one)."""
    out = []
    for i, e in enumerate(doc.get("excluded") or []):
        if not isinstance(e, dict) or not e.get("config"):
            continue
        try:
            out.append((str(e["arch"]), str(e["compiler"]), str(e["config"]),
                        str(e.get("option") or ""), str(e.get("why") or "")))
        except KeyError as k:
            raise BwError("%s: excluded[%d]: missing field %s" % (rel, i, k))
    return out
