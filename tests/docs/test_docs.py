# SPDX-License-Identifier: GPL-2.0
"""The manual stays true: generated blocks equal what their commands print now, links inside
the repository resolve, nothing cites a document outside it, and the README stays short.

The blocks run the tools on the built matrix (make test-docs depends on objects, analysis and
the analyzer, so they exist); a block that cannot run is a failure naming its file and line.
"""
import glob
import os
import re
import subprocess

import pytest

from tests import citations
from tests.bwrun import ROOT

DOCS = sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
MARKDOWN = [os.path.join(ROOT, "README.md")] + DOCS
TEXTS = MARKDOWN + sorted(glob.glob(os.path.join(ROOT, "docs", "man", "*.1")))
# Pages other branches write; linked from the index already (a skip names them until then).
PENDING = {"docs/testing.md"}


def rel(path):
    return os.path.relpath(path, ROOT)


def test_generated_blocks_are_fresh():
    """docgen --check: every block equals its command's output now (else: run make docs)."""
    r = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "docs", "docgen.py"), "--check"]
                       + [rel(p) for p in MARKDOWN], cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=900)
    assert r.returncode == 0, "stale generated blocks (run `make docs`):\n%s%s" % (
        r.stdout[-6000:], r.stderr)


def test_docs_have_generated_blocks():
    """The figures of the manual come from the generator: the pages that quote tool output
    have blocks (a page losing all of them would go back to copied figures)."""
    counts = {}
    for path in MARKDOWN:
        with open(path, encoding="utf-8") as f:
            counts[rel(path)] = f.read().count("<!-- generated: ")
    for page in ("docs/analyzer.md", "docs/variants.md", "docs/matrix.md", "docs/make.md",
                 "docs/database.md"):
        assert counts.get(page, 0) > 0, "%s has no generated block" % page


def test_links_resolve():
    missing, pending = [], set()
    for path in MARKDOWN:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for n, line in enumerate(text.splitlines(), 1):
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue
                dest = os.path.normpath(os.path.join(os.path.dirname(path), target.split("#")[0]))
                if os.path.exists(dest):
                    continue
                if rel(dest) in PENDING:
                    pending.add(rel(dest))
                else:
                    missing.append("%s:%d: %s" % (rel(path), n, target))
    assert not missing, "links to nothing:\n" + "\n".join(missing)
    if pending:
        pytest.skip("linked pages not written yet (other branches): " + ", ".join(sorted(pending)))


def test_nothing_cites_an_outside_document():
    found = citations.findings(TEXTS, rel)
    assert not found, "\n".join(found)


def test_readme_is_a_front_door():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    assert len(lines) <= 150, "README.md has %d lines (at most 150)" % len(lines)
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[:2] == ["## The two commands", "## Use it on your own tree"], headings
