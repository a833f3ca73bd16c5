# SPDX-License-Identifier: GPL-2.0
"""Make units of the output tree (output.Tree.unit) in forked worker processes, one per core.

An object page draws two matplotlib plots, which is most of a cold report's time; its units
are independent of each other, so workers forked from the report (sharing everything it has
read) make a share each and hand back what they made (Tree.work) for the report to merge. A
unit's files are the same whichever process makes it. The workers do not read the database:
the report reads what the units need before forking (the `prepare` argument).

A worker costs about half a second of CPU however little it makes (its share of the report's
pages copied as it touches them, a first plot of each layout), so a report brought up to date,
which remakes a dozen units, makes them in its own process."""
import contextlib
import gc
import os
import pickle
import traceback

from ..errors import BwError

# Units per worker below which they are made in the report's own process: a worker costs
# more than this many units (a page and its plots take about 0.1 s each); BLOATWATCH_JOBS set
# forks its workers down to 2 units each (tests make a small report both ways).
MIN_UNITS = 24
MIN_UNITS_ASKED = 2


def cores():
    """(Cores this process may run on, units per worker worth a fork); BLOATWATCH_JOBS
    overrides (1: no workers)."""
    env = os.environ.get("BLOATWATCH_JOBS")
    if env:
        try:
            return max(1, int(env)), MIN_UNITS_ASKED
        except ValueError:
            raise BwError("BLOATWATCH_JOBS=%r: not a number of processes" % env) from None
    try:
        return len(os.sched_getaffinity(0)), MIN_UNITS
    except AttributeError:
        return os.cpu_count() or 1, MIN_UNITS


def units(tree, jobs, prepare=None, child=None):
    """Make each (name, key, make) of jobs as tree.unit would, those not kept in workers.

    prepare(names): called in the report's process with the names of the units to make,
    before any fork (reads what they need from the database); child(): called first in each
    worker (cuts it off the database, whose connection it must not use)."""
    tree.batch = None
    todo = [j for j in jobs if not tree.kept(j[0], j[1])]
    if prepare and todo:
        prepare([j[0] for j in todo])
    procs, least = cores()
    n = min(procs, len(todo) // least)
    if n <= 1:
        for name, key, make in todo:
            tree.unit(name, key, make)
        return
    # What the report holds is frozen out of the collector's reach: a worker's collections
    # would otherwise walk (and so copy) every page of it.
    gc.freeze()
    try:
        _fork(tree, todo, n, child)
    finally:
        gc.unfreeze()


def _fork(tree, todo, n, child):
    """Make every n-th unit of todo in each of n workers; merge what they made."""
    children = []
    for k in range(n):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:        # the worker: every n-th unit, then its work down the pipe
            os.close(r)
            code = 0
            try:
                if child:
                    child()
                base = set(tree.values)
                tree.units, tree.written, tree.changed, tree.reused = {}, set(), 0, 0
                for name, key, make in todo[k::n]:
                    tree.unit(name, key, make)
                units_, written, values, changed, reused = tree.work()
                out = ("ok", (units_, written, {v: values[v] for v in values if v not in base},
                              changed, reused))
            except BaseException:
                out, code = ("error", traceback.format_exc()), 1
            with os.fdopen(w, "wb") as f:
                pickle.dump(out, f, pickle.HIGHEST_PROTOCOL)
            os._exit(code)
        os.close(w)
        children.append((pid, r))
    failed = []
    for pid, r in children:
        with os.fdopen(r, "rb") as f:
            try:
                status, got = pickle.load(f)
            except EOFError:
                status, got = "error", "the worker died without a word"
        os.waitpid(pid, 0)
        if status == "ok":
            tree.merge(got)
        else:
            failed.append(got)
    if failed:
        raise RuntimeError("report worker failed:\n%s" % failed[0])


@contextlib.contextmanager
def batch(tree, prepare=None, child=None):
    """The units tree.unit is asked for within (not those within another unit) are made on
    leaving, by units(): pages and plots only name their files, so they may be drawn later."""
    tree.batch = []
    try:
        yield
        jobs, tree.batch = tree.batch, None
        units(tree, jobs, prepare, child)
    finally:
        tree.batch = None
