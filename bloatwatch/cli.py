# SPDX-License-Identifier: GPL-2.0
"""The bloatwatch command line: parse, dispatch, and turn every failure into one line."""
import argparse
import os
import re
import sqlite3
import sys
import time

from . import gitrepo
from .db import query
from .render import text
from .render.cells import Delta
from .errors import BwError
from .db.store import Store, default_target

DESCRIPTION = "Record object sizes per git commit and ask how they changed."
EXAMPLES = {
    "init": "bloatwatch init                        # in the tree: writes ./bloatwatch.toml\n"
            "  bloatwatch init --kbuild ../out/x86 --label tinyconfig --print",
    "record": "bloatwatch record                      # the built matrix, under HEAD\n"
              "  bloatwatch record build/arm/gcc/TREE01/*.o\n"
              "  bloatwatch --db ~/bw.db -C linux-6.12 record --label v6.12 --date 2024-11-17\n"
              "  bloatwatch record --json all.json --configs-json configs.json --rev v1.0",
    "track": "bloatwatch track -j2 HEAD~20..HEAD\n"
             "  bloatwatch track --all-parents --fresh v6.0..v6.1",
    "queue": "bloatwatch --db postgresql://bw@db/bw queue add v6.0..v6.1\n"
             "  bloatwatch --db postgresql://bw@db/bw queue status --json",
    "runner": "bloatwatch --db postgresql://bw@db/bw runner --lease 120",
    "history": "bloatwatch history total --arch arm --object rcutree.o --key variant=tree\n"
               "  bloatwatch history struct:rcu_node.padding --by arch --csv\n"
               "  bloatwatch history --moves --range HEAD~1..HEAD --json   # for CI",
    "diff": "bloatwatch diff HEAD~1 HEAD --arch arm\n"
            "  bloatwatch diff HEAD:arm/gcc/TREE01 HEAD:arm/clang/TREE01",
    "check": "bloatwatch check --budget budgets.toml --baseline origin/main --markdown",
    "bisect": "bloatwatch bisect v1.0..HEAD total --threshold 4096 --arch arm --object rcutree.o",
    "log": "bloatwatch log",
    "gc": "bloatwatch gc",
    "report": "bloatwatch report                      # reports/out/: text, Markdown, HTML\n"
              "  bloatwatch report --out /tmp/site --commit HEAD~3",
    "stamp": "bloatwatch stamp head reports/out/.state/head",
    "configcost": "bloatwatch configcost --kbuild out/tiny --label tinyconfig PRINTK PREEMPT SMP\n"
                  "  bloatwatch configcost --target kernel/rcu/ NR_CPUS=64 --report /tmp/site",
}


class Context:
    """Global options, with the repository and database found on demand."""

    def __init__(self, args):
        self.args = args
        self._root = None

    def root(self):
        if self._root is None:
            self._root = gitrepo.toplevel(self.args.repo or os.getcwd())
        return self._root

    def root_or_none(self):
        try:
            return self.root()
        except BwError:
            if self.args.repo:
                raise
            return None

    def target(self):
        if self.args.db:
            return self.args.db
        try:
            return default_target(self.root)
        except BwError as e:
            raise BwError("%s (give --db or set BLOATWATCH_DB)" % e)

    def open(self, create=False):
        return Store(self.target(), create=create)

    def project(self, need=False):
        """The project's bloatwatch.toml; need: the command cannot go on with the defaults."""
        from . import project   # tomllib: only the commands that build need it
        p = project.load(self.args.config, None if self.args.config else self.root())
        if need and p.path is None:
            raise BwError("%s: no bloatwatch.toml, which says how to build a commit and which "
                          "objects to record: run `bloatwatch init` there to write one "
                          "(or give --config FILE)" % self.root())
        return p

    def filters(self):
        """The coordinate filters; an --object naming an existing file is taken relative to
        the repository root, as recorded paths are."""
        f = query.parse_filters(self.args)
        root = self.root_or_none()
        if root and "object" in f:
            f["object"] = [os.path.relpath(os.path.abspath(p), root)
                           if "/" in p and os.path.exists(p) else p for p in f["object"]]
        return f

    def analyzer(self):
        from .record import analyze
        return self.args.analyzer or analyze.default_analyzer()


def add_filters(p):
    for f in query.FIELDS:
        p.add_argument("--" + f, action="append", metavar="NAME",
                       help="only this %s (repeatable, comma list, glob)" % (
                           "config label" if f == "label" else f))
    p.add_argument("--key", action="append", metavar="KEY=VALUE",
                   help="only this value of an extra coordinate key, e.g. variant=tree "
                        "(repeatable, comma list, glob)")


def parser():
    from .report import run as report_run
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", default=argparse.SUPPRESS,
                        help="database: a SQLite file or postgresql://... URL "
                             "(default: $BLOATWATCH_DB, else bloatwatch.db at the repository root)")
    common.add_argument("-C", "--repo", default=argparse.SUPPRESS, metavar="DIR",
                        help="the git repository (default: the one containing the current directory)")
    common.add_argument("--config", default=argparse.SUPPRESS, metavar="TOML",
                        help="project config (default: bloatwatch.toml at the repository root)")
    common.add_argument("--analyzer", default=argparse.SUPPRESS, metavar="PATH",
                        help="bloatwatch-analyze binary (default: the one beside this command)")
    top = argparse.ArgumentParser(prog="bloatwatch", description=DESCRIPTION, parents=[common])
    sub = top.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    def cmd(name, help_):
        return sub.add_parser(name, parents=[common], help=help_, description=help_,
                              epilog="example:\n  " + EXAMPLES[name],
                              formatter_class=argparse.RawDescriptionHelpFormatter)

    p = cmd("init", "write a commented bloatwatch.toml for this tree, saying what it guessed")
    p.add_argument("--kbuild", action="append", default=[], metavar="DIR",
                   help="a configured Kbuild output folder (O=) whose configuration to use "
                        "(repeatable; default: those found in the tree)")
    p.add_argument("--label", help="the config label of the Kbuild builds (default: the output "
                                   "folder's name)")
    p.add_argument("--force", action="store_true", help="overwrite an existing bloatwatch.toml")
    p.add_argument("--print", action="store_true", dest="stdout",
                   help="print the file instead of writing it")

    p = cmd("record", "analyze the built objects and record them under the current commit")
    p.add_argument("objects", nargs="*", help="objects to analyze (default: the project's object globs)")
    p.add_argument("--json", action="append", default=[], metavar="FILE",
                   help="ingest this analyzer JSON (mode all) instead of running the analyzer")
    p.add_argument("--configs-json", action="append", default=[], metavar="FILE",
                   help="with --json: CONFIG usage from the analyzer's configs mode")
    p.add_argument("--rev", help="record under this commit (default: HEAD, dirty if the tree is)")
    p.add_argument("--dirty", action="store_true", help="with --rev: mark the record dirty")
    p.add_argument("--label", help="record the tree (-C DIR, need not be a git checkout: an "
                                   "unpacked release) as this release, e.g. v6.12, instead of a "
                                   "commit; needs --date and --db")
    p.add_argument("--date", help="with --label: the release's date, YYYY-MM-DD (UTC), which "
                                  "orders it among the commits")
    p.add_argument("--subject", help="with --label: its subject (default: 'Linux VERSION' of a "
                                     "Linux source tree, else 'release LABEL')")
    p.add_argument("-j", "--jobs", type=int, default=None, help="analyzer processes (default: cores, max 4)")
    p.add_argument("--no-cache", action="store_true",
                   help="analyze every object, even if its bytes were analyzed before or make wrote its analysis")
    p.add_argument("--manifest", action="append", default=[], metavar="FILE",
                   help="read the objects of this manifest instead of bloatwatch.toml's (make "
                        "report records the matrix alone before its sweep is built)")
    p.add_argument("--seed", type=int, default=0, metavar="N",
                   help="when the history holds no other commit, first track the last N commits")
    p.add_argument("--seed-jobs", type=int, default=1, metavar="J",
                   help="with --seed: commits built in parallel")

    p = cmd("track", "build and record every commit of a range, in kept worktrees (--fresh: new ones)")
    p.add_argument("range", metavar="REV_RANGE", help="git revision range, e.g. v1.0..HEAD")
    p.add_argument("-j", "--jobs", type=int, default=1, help="commits built in parallel")
    p.add_argument("--all-parents", action="store_true",
                   help="every commit of the range, merged branches too (default: first parents)")
    p.add_argument("--first-parent", action="store_true", help=argparse.SUPPRESS)  # the default
    p.add_argument("--fresh", action="store_true",
                   help="build each commit in a new worktree (default: reuse kept worktrees, "
                        "building incrementally)")
    p.add_argument("--force", action="store_true", help="re-record commits already recorded")
    p.add_argument("--retry-failed", action="store_true", help="rebuild commits recorded as failed")

    p = cmd("queue", "a fleet's work queue in PostgreSQL: add a range (one job per commit and "
                     "build), status, retry, cancel")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    actions.required = True

    def action(name, help_):
        return actions.add_parser(name, parents=[common], help=help_, description=help_)

    q = action("add", "queue one job per commit of a range and declared build not recorded yet")
    q.add_argument("range", metavar="REV_RANGE", help="git revision range, e.g. v1.0..HEAD")
    q.add_argument("--all-parents", action="store_true",
                   help="every commit of the range, merged branches too (default: first parents)")
    q.add_argument("--force", action="store_true",
                   help="queue commits already recorded, and again those whose job ended")
    q.add_argument("--retry-failed", action="store_true", help="queue commits recorded as failed")
    q.add_argument("--max-attempts", type=int, default=3, metavar="N",
                   help="builds of a job before it is recorded as failed (default: 3)")
    q = action("status", "pending, running (runner, host, commit, age), done, failed (reason)")
    q.add_argument("--json", action="store_true", help="JSON instead of text")
    q = action("retry", "failed or cancelled jobs pending again, their attempts reset")
    q.add_argument("revs", nargs="*", metavar="REV",
                   help="these commits, or SHA/BUILD (default: every failed job)")
    q = action("cancel", "take pending or running jobs off the queue")
    q.add_argument("revs", nargs="*", metavar="REV",
                   help="these commits, or SHA/BUILD (default: every pending job)")

    p = cmd("runner", "serve a fleet's work queue: claim a job, build it in a kept worktree, "
                      "record it, repeat")
    p.add_argument("--name", help="this runner's name in the queue (default: HOST.PID)")
    p.add_argument("--lease", type=float, default=60.0, metavar="SECONDS",
                   help="how long a claim lasts unless renewed; renewed every quarter of it "
                        "(default: 60)")
    p.add_argument("--poll", type=float, default=5.0, metavar="SECONDS",
                   help="pause between looks at an empty queue (default: 5)")
    p.add_argument("--drain", action="store_true",
                   help="leave once no job is pending or running (default: serve until "
                        "SIGTERM)")

    p = cmd("history", "a metric over recorded commits, or the moves above the noise floor, "
                       "as a table, CSV or JSON")
    p.add_argument("metric", nargs="?",
                   help="total | text | data | bss | symbol:NAME | struct:NAME[.size|.padding|.holes] "
                        "| stack[:FUNCTION][.worst|.frame|.sum]")
    p.add_argument("--moves", action="store_true",
                   help="instead of a metric: every move above the noise floor of a coordinate, "
                        "build, folder, object or declared row, newest first, with the symbols "
                        "that moved most (the report's list)")
    add_filters(p)
    p.add_argument("--by", default="", metavar="FIELDS",
                   help="one series per value of these fields (comma list of %s or extra keys)"
                        % ",".join(query.FIELDS))
    p.add_argument("--range", metavar="REV_RANGE", help="only the commits of this git range, in its order")
    p.add_argument("--changes", action="store_true", help="only rows where the value changed")
    p.add_argument("--limit", type=int, default=0, metavar="N", help="only the last N rows")
    p.add_argument("--csv", action="store_true", help="CSV instead of a table")
    p.add_argument("--json", action="store_true", help="with --moves: JSON instead of a table")
    report_run.add_noise(p)

    p = cmd("diff", "compare two recorded commits (or builds): objects, symbols, structs, CONFIG")
    p.add_argument("a", metavar="A", help="REV or REV:ARCH[/COMPILER[/LABEL]]")
    p.add_argument("b", metavar="B", help="REV or REV:ARCH[/COMPILER[/LABEL]]")
    add_filters(p)
    p.add_argument("--all", action="store_true", help="list unchanged objects too")
    p.add_argument("--no-symbols", action="store_true", help="skip the per-symbol sections")
    p.add_argument("--no-demangle", action="store_true",
                   help="C++ and Rust symbols by their raw names (default: as nm -C spells them)")

    p = cmd("check", "check size budgets; exit 0 when all are met, 1 when one is exceeded")
    p.add_argument("--budget", required=True, metavar="FILE", help="budget TOML")
    p.add_argument("--rev", default="HEAD", help="commit to check (default: HEAD; REV-dirty for a dirty record)")
    p.add_argument("--baseline", help="commit to measure growth against (default: the file's baseline)")
    p.add_argument("--markdown", action="store_true", help="markdown for a pull-request comment")

    p = cmd("bisect", "find the first commit of a range where a metric crosses a threshold")
    p.add_argument("range", metavar="REV_RANGE")
    p.add_argument("metric")
    p.add_argument("--threshold", type=float, required=True, help="bytes")
    p.add_argument("--below", action="store_true", help="look for the metric dropping below the threshold")
    p.add_argument("--no-build", action="store_true", help="use recorded commits only")
    add_filters(p)

    p = cmd("log", "list the recorded commits, with why a build failed")
    p.add_argument("--limit", type=int, default=0, metavar="N", help="only the last N")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="the whole note (the build log's tail), not its telling line")

    cmd("gc", "delete analyses, layouts and slices no recorded commit uses any more")

    report_run.add_arguments(cmd("report", "write the footprint report: text, Markdown and HTML"))

    p = cmd("configcost", "what each CONFIG option costs: flip it alone in a Kbuild tree "
                          "(scripts/config, olddefconfig), build, record")
    p.add_argument("options", nargs="*", metavar="OPTION",
                   help="options to flip: NAME or CONFIG_NAME (a bool: the other value) or "
                        "NAME=VALUE (default: those the target's sources use)")
    p.add_argument("--kbuild", metavar="DIR",
                   help="a configured Kbuild output folder (default: the project's, else the "
                        "one in the tree)")
    p.add_argument("--base", metavar="FILE", help="the base .config (default: the folder's)")
    p.add_argument("--label", help="the base's config label (default: the project's label of "
                                   "the folder, else its name)")
    p.add_argument("--target", action="append", metavar="TARGET",
                   help="make target, e.g. kernel/rcu/ (repeatable; default: the folders the "
                        "output folder holds objects in)")
    p.add_argument("--manifest", metavar="FILE",
                   help="where the sweep manifest goes (default: bloatwatch-configcost.json "
                        "at the tree root)")
    p.add_argument("-j", "--jobs", type=int, default=None, help="make -j (default: cores)")
    p.add_argument("--rev", help="record under this commit (default: HEAD, dirty if the tree is)")
    p.add_argument("--no-record", action="store_true", help="build and write the manifest only")
    p.add_argument("--report", metavar="DIR", help="then write the report into DIR")

    p = cmd("stamp", "write a state stamp for make (rewritten only when it changes)")
    p.add_argument("what", choices=("head", "db"),
                   help="head: HEAD and its record status; db: every recorded commit")
    p.add_argument("file", metavar="FILE")
    return top


def cmd_init(ctx):
    from . import scaffold
    a = ctx.args
    here = os.path.abspath(a.repo or os.getcwd())
    try:
        root = gitrepo.toplevel(here)
    except BwError:
        root = here              # not a git repository: the folder itself
    dest = a.config or os.path.join(root, "bloatwatch.toml")
    for line in scaffold.run(root, dest, a.kbuild, a.label, a.force, a.stdout):
        print(line)
    return 0


def cmd_record(ctx):
    from .db import ingest
    from .record import collect, recorder
    a = ctx.args
    release = release_of(ctx) if a.label or a.date or a.subject else None
    root = ctx.root()
    if a.seed:
        seed_history(ctx, a.seed, a.seed_jobs)
    job = recorder.Job(rev=a.rev, dirty=True if a.dirty else None, jobs=a.jobs,
                       cache=not a.no_cache, release=release)
    if a.json:
        files, uses = [], []
        for path in a.json:
            doc = ingest.load_json(path)
            ingest.check_envelope(doc, path, ("all",))
            files += doc["files"]
        for path in a.configs_json:
            doc = ingest.load_json(path)
            ingest.check_envelope(doc, path, ("configs",))
            uses += [(f["file"], c) for f in doc["files"] for c in f.get("configs", [])]
        job.where, job.analysis = a.json[0], recorder.Analysis(files, uses)
    else:
        job.project, job.analyzer = ctx.project(), ctx.analyzer()
        if a.manifest:
            for m in a.manifest:
                if not os.path.isfile(os.path.join(root, m)):
                    raise BwError("%s: no such manifest" % m)
            job.project.manifests = a.manifest
        if a.objects:
            paths = []
            for p in a.objects:
                if not os.path.exists(p):
                    raise BwError("%s: no such file" % p)
                full = os.path.abspath(p)
                paths.append(os.path.relpath(full, root) if full.startswith(root + os.sep) else full)
            job.objects = collect.named(job.project, root, paths)
        if not job.objects:
            job.objects = collect.objects(job.project, root)   # bad input fails before the db opens
    start = time.monotonic()
    done = recorder.record(lambda: ctx.open(create=True), root, job)
    print("recorded %s: %d objects, %d new analyses (%.2f s)"
          % (query.label(done.commit), done.objects, done.new, time.monotonic() - start))
    return 0


def release_of(ctx):
    """record --label: the release's commits row; the tree is -C DIR (else the current
    folder), git or not, and is the root objects are found under."""
    from .record import release
    a = ctx.args
    if not (a.label and a.date):
        raise BwError("record: --label and --date go together (a release is a label and the "
                      "date it was released)")
    for opt, given in (("--rev", a.rev), ("--dirty", a.dirty), ("--seed", a.seed)):
        if given:
            raise BwError("record: %s names a git commit; --label records a release" % opt)
    if not a.db and not default_target():
        raise BwError("record --label: give --db or set BLOATWATCH_DB (the history the release "
                      "joins; a release tree holds none)")
    tree = os.path.abspath(a.repo or os.getcwd())
    if not os.path.isdir(tree):
        raise BwError("%s: no such directory" % tree)
    ctx._root = tree
    return release.commit(tree, a.label, a.date, a.subject)


def seed_history(ctx, count, jobs):
    """Into a history that holds no other commit, track the last `count` commits first."""
    from .record import stamp
    rng = stamp.seed_range(ctx.target(), ctx.root(), count)
    if rng:
        print("record: the history is empty: tracking %s (%d commits at most, -j%d) so the "
              "plots have real data" % (rng, count, jobs), flush=True)
        track_range(ctx, rng, jobs)


def cmd_track(ctx):
    a = ctx.args
    counts = track_range(ctx, a.range, a.jobs, not a.all_parents, a.force, a.retry_failed,
                         a.fresh)
    return 1 if counts["failed"] else 0


def track_range(ctx, rng, jobs, first_parent=True, force=False, retry_failed=False, fresh=False):
    from .record import analyze, track
    root = ctx.root()
    shas = gitrepo.rev_list(root, rng, first_parent)
    proj = ctx.project(need=True)
    analyzer = ctx.analyzer()
    analyze.check_analyzer(analyzer)
    store = ctx.open(create=True)
    counts = track.track(store, root, shas, proj, analyzer, max(1, jobs), force,
                         retry_failed, ctx.target(), fresh)
    same = "; %d recorded as their parent (they touch none of paths)" % counts["same"] \
        if counts["same"] else ""
    built = "; %d built, %s" % (counts["built"], counts.stats.text()) if counts["built"] else ""
    print("track %s: %d commits: %d recorded, %d failed to build, %d already recorded%s%s"
          % (rng, len(shas), counts["ok"], counts["failed"], counts["skipped"], same, built),
          flush=True)
    for name, error in counts.failures:
        print("  failed %s: %s" % (name, reason(error)))
    return counts


def cmd_queue(ctx):
    from .fleet import queue
    a = ctx.args
    queue.require_postgresql(ctx.target(), "queue")
    if a.action == "add":
        if a.max_attempts < 1:
            raise BwError("queue add: --max-attempts must be at least 1")
        shas = gitrepo.rev_list(ctx.root(), a.range, not a.all_parents)
        store = ctx.open(create=True)
        builds = ctx.project().builds()
        recorded = queue.recorded(store, builds)
        every = [(s, b or "") for s in shas for b in builds]
        todo = [j for j in every if a.force or recorded.get(j) is None or
                (recorded[j] == "failed" and a.retry_failed)]
        added, again, queued = queue.add(store, todo, a.max_attempts,
                                         todo if a.force or a.retry_failed else ())
        per = " x %d builds" % len(builds) if len(builds) > 1 else ""
        print("queue add %s: %d commits%s: %d jobs added, %d queued again, %d already queued, "
              "%d already recorded" % (a.range, len(shas), per, added, again, queued,
                                       len(every) - len(todo)))
        return 0
    store = ctx.open()
    if a.action == "status":
        st = queue.status(store)
        sys.stdout.write(queue.status_json(st) if a.json else queue.status_text(st, reason))
        return 0
    ids = queue.match(store, [(gitrepo.resolve(ctx.root(), r) or r) if ctx.root_or_none() and
                              not re.match(r"^[0-9a-f]{4,40}$", r) else r for r in a.revs]) \
        if a.revs else None
    n = (queue.retry if a.action == "retry" else queue.cancel)(store, ids)
    print("queue %s: %d jobs %s" % (a.action, n, "pending again" if a.action == "retry"
                                    else "cancelled"))
    return 0


def cmd_runner(ctx):
    from .record import analyze
    from .fleet import queue, runner
    a = ctx.args
    queue.require_postgresql(ctx.target(), "runner")
    if a.lease <= 0 or a.poll <= 0:
        raise BwError("runner: --lease and --poll must be positive")
    proj = ctx.project(need=True)
    analyzer = ctx.analyzer()
    analyze.check_analyzer(analyzer)
    r = runner.Runner(ctx.target(), ctx.root(), proj, analyzer, a.name, a.lease, a.poll, a.drain)
    n = r.serve()
    r.say("%d jobs finished" % n)
    return 0


def history_rows(ctx, store):
    a = ctx.args
    metric = query.Metric(a.metric)
    by = [f.strip() for f in a.by.split(",") if f.strip()]
    known = list(query.FIELDS) + query.extra_keys(store)
    for f in by:
        if f not in known:
            raise BwError("--by %s: not one of %s" % (f, ", ".join(known)))
    coords = query.require_coordinates(store, ctx.filters())
    commits = query.commits(store)
    if a.range:
        order = {sha: i for i, sha in enumerate(gitrepo.rev_list(ctx.root(), a.range))}
        commits = sorted((c for c in commits if c["sha"] in order),
                         key=lambda c: (order[c["sha"]], c["dirty"]))
        if not commits:
            raise BwError("no commit of %s is recorded" % a.range)
    group = (lambda c: tuple(coords[c].get(f) for f in by)) if by else None
    series = {}   # series key -> {commit_id: (value, objects)}
    for (cid, key), v in query.values(store, metric, coords, None, key=group).items():
        series.setdefault(key or (), {})[cid] = v
    rows = []
    for key in sorted(series):
        prev = None
        for c in commits:
            if c["status"] != "ok":
                if not by:
                    rows.append((c, key, None, 0, None, "build failed"))
                continue
            if c["id"] not in series[key]:
                continue
            v, n = series[key][c["id"]]
            delta = v - prev if v is not None and prev is not None else None
            if a.changes and prev is not None and delta == 0:
                continue
            if a.changes and v is None and prev is None:
                continue
            rows.append((c, key, v, n, delta, ""))
            if v is not None:
                prev = v
    return metric, by, rows


def cmd_history(ctx):
    a = ctx.args
    if a.moves:
        return history_moves(ctx)
    if a.metric is None:
        raise BwError("history: give a metric (total, text, data, bss, symbol:NAME, "
                      "struct:NAME) or --moves")
    if a.json or a.noise_bytes is not None or a.noise_pct is not None:
        raise BwError("history: --json, --noise-bytes and --noise-pct go with --moves")
    store = ctx.open()
    metric, by, rows = history_rows(ctx, store)
    if a.limit:
        rows = rows[-a.limit:]
    headers = ["commit", "date", "subject"] + by + ["objects", metric.spec, "delta"]
    out = []
    dates = {}
    for c, key, v, n, delta, note in rows:
        day = c["commit_date"] // 86400
        date = dates.get(day)
        if date is None:
            date = dates[day] = time.strftime("%Y-%m-%d", time.gmtime(day * 86400))
        if a.csv:
            out.append([c["sha"] + ("-dirty" if c["dirty"] else ""), date, c["subject"]] + list(key)
                       + [n, v, delta if delta is not None else ""])
        else:
            out.append([query.label(c), date, c["subject"][:40]] + list(key)
                       + [n, note or ("-" if v is None else v), Delta(delta)])
    if a.csv:
        sys.stdout.write(text.csv_text(headers, out))
    else:
        right = {len(headers) - 3, len(headers) - 2, len(headers) - 1}
        sys.stdout.write(text.plain(headers, out, right))
    return 0


def history_moves(ctx):
    from .report import moves, run as report_run
    a = ctx.args
    if a.metric is not None:
        raise BwError("history --moves takes no metric (%s): it lists every series' moves"
                      % a.metric)
    if a.csv and a.json:
        raise BwError("history --moves: --csv or --json, not both")
    project = ctx.project() if ctx.root_or_none() or a.config else None
    noise = report_run.noise(a, project)
    shas = set(gitrepo.rev_list(ctx.root(), a.range)) if a.range else None
    history = query.History(ctx.target())
    try:
        with history.snapshot():
            found = moves.find(history, project, noise, ctx.filters(), shas, a.limit)
    finally:
        history.close()
    sys.stdout.write(moves.render(found, noise, "json" if a.json else "csv" if a.csv else "text"))
    return 0


def cmd_diff(ctx):
    from .compare import command
    a = ctx.args
    from . import discards, project
    drops = discards.of(project.load(a.config, None if a.config else ctx.root_or_none()))
    history = query.History(ctx.target(), demangle=not a.no_demangle)
    try:
        with history.snapshot():
            text = command.run(history, ctx.root_or_none(), a.a, a.b, ctx.filters(),
                               a.all, not a.no_symbols, drops)
    finally:
        history.close()
    sys.stdout.write(text)
    return 0


def cmd_check(ctx):
    from .compare import budget
    a = ctx.args
    budgets = budget.Budgets(a.budget)
    store = ctx.open()
    repo = ctx.root_or_none()
    commit = query.resolve(store, a.rev, gitrepo.finder(repo))
    if commit["status"] != "ok":
        raise BwError("%s (%s): recorded as failed to build" % (a.rev, commit["sha"][:12]))
    base_rev = a.baseline or budgets.baseline
    base = query.resolve(store, base_rev, gitrepo.finder(repo)) if base_rev else None
    if base and base["status"] != "ok":
        raise BwError("baseline %s (%s): recorded as failed to build" % (base_rev, base["sha"][:12]))
    report = budget.evaluate(store, budgets, commit, base)
    text, ok = (budget.markdown_report if a.markdown else budget.text_report)(report, commit, base)
    sys.stdout.write(text)
    return 0 if ok else 1


def cmd_bisect(ctx):
    from .record import bisect
    a = ctx.args
    root = ctx.root()
    metric = query.Metric(a.metric)
    store = ctx.open(create=not a.no_build)
    filters = ctx.filters()
    if a.no_build:
        query.require_coordinates(store, filters)
    gitrepo.rev_list(root, a.range, True)   # a bad range is said before a missing toml
    proj = ctx.project(need=not a.no_build)
    analyzer = ctx.analyzer()

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    text, found = bisect.run(store, root, proj, analyzer, a.range, metric,
                             filters, a.threshold, a.below,
                             not a.no_build, log)
    sys.stdout.write(text)
    return 0 if found else 1


def cmd_log(ctx):
    store = ctx.open()
    commits = query.commits(store, ctx.args.limit)
    counts = query.object_counts(store, [c["id"] for c in commits])
    rows = [[query.label(c), time.strftime("%Y-%m-%d", time.gmtime(c["commit_date"])), c["status"],
             counts.get(c["id"], 0), c["subject"][:50], reason(c["error"], ctx.args.verbose)]
            for c in commits]
    sys.stdout.write(text.plain(["commit", "date", "status", "objects", "subject", "note"],
                                rows, {3}))
    return 0


def reason(error, full=False):
    """What a commit's error text says in one line: the build's exit and its first error
    line (a compiler's `error:`, make's `***`), else its last line; or the whole text."""
    lines = [l.strip() for l in (error or "").splitlines() if l.strip()]
    if not lines:
        return ""
    if full:
        return " | ".join(lines)
    head, rest = lines[0], lines[1:]
    if not rest or not head.startswith("build failed"):
        return head[:100]
    pick = next((l for l in rest if re.search(r"\berror\b", l, re.I) and "***" not in l), None) \
        or next((l for l in rest if "***" in l), None) or rest[-1]
    exit_ = re.match(r"build failed \(([^)]*)\)", head)
    return ("%s: %s" % (exit_.group(1), pick) if exit_ else pick)[:120]


def cmd_gc(ctx):
    from .db import gc
    counts = gc.collect(ctx.open())
    total = sum(counts.values())
    print("gc: %d rows deleted%s" % (total, "".join(
        "\n  %-16s %d" % (t, n) for t, n in counts.items() if n)))
    return 0


def cmd_configcost(ctx):
    from .record import configcost
    return configcost.command(ctx)


def cmd_report(ctx):
    from .report import run
    project = ctx.project() if ctx.root_or_none() or ctx.args.config else None
    for line in run.run(ctx.target(), ctx.args, project):
        print(line)
    return 0


def cmd_stamp(ctx):
    from . import atomic
    from .record import stamp
    a = ctx.args
    text = stamp.head_key(ctx.target(), ctx.root()) if a.what == "head" else \
        stamp.db_key(ctx.target())
    atomic.write_if_changed(a.file, text)
    return 0


COMMANDS = {"init": cmd_init, "configcost": cmd_configcost, "report": cmd_report,
            "stamp": cmd_stamp, "gc": cmd_gc, "record": cmd_record,
            "track": cmd_track, "history": cmd_history, "diff": cmd_diff,
            "check": cmd_check, "bisect": cmd_bisect, "log": cmd_log,
            "queue": cmd_queue, "runner": cmd_runner}


def main(argv=None):
    args = parser().parse_args(argv)
    for name in ("db", "repo", "config", "analyzer"):
        if not hasattr(args, name):
            setattr(args, name, None)
    try:
        return COMMANDS[args.command](Context(args))
    except BwError as e:
        print("bloatwatch: %s" % e, file=sys.stderr)
        return e.status
    except sqlite3.DatabaseError as e:
        print("bloatwatch: %s: database error: %s" % (args.db or "database", e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("bloatwatch: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:   # psycopg2 errors and the like: still one line
        mod = type(e).__module__ or ""
        if mod.startswith("psycopg2"):
            print("bloatwatch: PostgreSQL: %s" % str(e).strip().splitlines()[0], file=sys.stderr)
            return 2
        raise
