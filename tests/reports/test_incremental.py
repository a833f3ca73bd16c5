# SPDX-License-Identifier: GPL-2.0
"""A report brought up to date after more commits are recorded equals a cold one byte for byte,
leaves the files whose content did not change untouched, and does not redo their work."""
import filecmp
import os
import time

import fixture
from bloatwatch.report import diffs, output, plots
from conftest import generate


def tree(out):
    """{relative path: (bytes, mtime_ns)} of every file of a report but its manifest."""
    got = {}
    for dirpath, _, names in os.walk(out):
        for n in names:
            full = os.path.join(dirpath, n)
            rel = os.path.relpath(full, out)
            if rel != output.MANIFEST:
                with open(full, "rb") as f:
                    got[rel] = (f.read(), os.stat(full).st_mtime_ns)
    return got


def same(a, b):
    cmp = filecmp.dircmp(a, b, ignore=[output.MANIFEST])

    def walk(c):
        assert not c.left_only and not c.right_only, (c.left, c.left_only, c.right_only)
        _, mismatch, errors = filecmp.cmpfiles(c.left, c.right, c.common_files, shallow=False)
        assert not mismatch and not errors, (c.left, mismatch, errors)
        for sub in c.subdirs.values():
            walk(sub)
    walk(cmp)


class Counter:
    """Counts calls of a module function while the test runs (monkeypatch restores it)."""

    def __init__(self, monkeypatch, module, name):
        self.n = 0
        real = getattr(module, name)

        def counted(*a, **kw):
            self.n += 1
            return real(*a, **kw)
        monkeypatch.setattr(module, name, counted)


def test_brought_up_to_date_equals_cold_and_keeps_what_did_not_change(tmp_path, monkeypatch):
    db, out = str(tmp_path / "history.db"), str(tmp_path / "out")
    small = dict(arches=("i386", "x86_64"))      # seconds, not minutes
    fixture.build(db, commits=fixture.COMMITS[:3], **small)   # two that built, one failed
    generate(db, out)
    for n in (4, 5):        # Classic shrinks and a Tree struct changes; then docs only
        before = tree(out)
        time.sleep(0.05)    # a file written again gets a later mtime
        fixture.build(db, commits=fixture.COMMITS[:n], first=n - 1, **small)
        computed = Counter(monkeypatch, diffs, "compute")
        drawn = Counter(monkeypatch, plots, "_history_lines")
        # In this process, so that the counters see every page drawn (the cold runs fork
        # workers.units' workers: their pages must come out the same).
        monkeypatch.setenv("BLOATWATCH_JOBS", "1")
        generate(db, out)
        monkeypatch.delenv("BLOATWATCH_JOBS")
        n_computed, n_drawn = computed.n, drawn.n
        cold = str(tmp_path / ("cold%d" % n))
        generate(db, cold)
        same(out, cold)
        after = tree(out)
        kept = [rel for rel, (data, mtime) in after.items()
                if rel in before and before[rel] == (data, mtime)]
        rewritten = [rel for rel, (data, mtime) in after.items()
                     if rel in before and before[rel][0] == data and before[rel][1] != mtime]
        assert not rewritten, rewritten          # same bytes: never written again
        # The diff pages of the commits before stay as they were, and were not made again.
        old_diffs = [c for c in fixture.COMMITS[:n - 1] if c[1] == "ok"][1:]
        for i in range(len(old_diffs)):
            sha = [("%02x" % (k + 1)) * 20 for k, c in enumerate(fixture.COMMITS[:n - 1])
                   if c[1] == "ok"][i + 1]
            assert "diff/%s.html" % sha[:12] in kept
        assert n_computed == 1, n_computed      # the new commit's diff only (cold: every one)
        if n == 5:
            # Docs only: no object changed, so no object's plot is drawn again.
            assert [rel for rel in after if rel.startswith("plots/obj-")]
            plotted = [rel for rel in after if rel.startswith(("plots/obj-", "plots/sym-"))]
            assert all(rel in kept for rel in plotted)
            assert n_drawn < sum(1 for rel in after if rel.endswith(".svg"))
