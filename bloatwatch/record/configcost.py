# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch configcost`: what each CONFIG option costs on a Kbuild tree.

From a base .config, each option is flipped alone with the kernel's own `scripts/config` and
resolved by `make olddefconfig` (so Kconfig's dependencies hold: what it changed besides the
option is `implied`, a flip it refused is listed with the option's `depends on`), built for a
target (e.g. kernel/rcu/) and written to a sweep manifest with the matrix's schema (contract 1:
`config` labels such as `tinyconfig+PREEMPT`, `base`, `flip`, `implied`), which is recorded.

Builds are kept in the cache, one O= folder per resolved .config: a folder whose source tree
has not changed since it was built is not built again, so a second sweep builds nothing; a
changed tree is rebuilt incrementally by Kbuild. Every build runs at one work path per tree,
ARCH and targets (Sweep.build says why). Resolutions are memoized the same way.
"""
import fcntl
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field

from . import ccache, manifest as manifests
from .collect import read_config
from .. import atomic, gitrepo, kbuild
from ..errors import BwError

RECIPE = "configcost 2"     # bump when the way a folder is built changes


def bw_cache():
    """The shared cache: $BLOATWATCH_CACHE, else $XDG_CACHE_HOME/bloatwatch, else
    ~/.cache/bloatwatch (the matrix's ccache and the kernel fixtures live there too)."""
    return os.environ.get("BLOATWATCH_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "bloatwatch")


def cache_root():
    return os.path.join(bw_cache(), "configcost")


def key(*parts):
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]


def source_identity(src):
    """What the sources' state is: the git tree and uncommitted changes, or for a tree outside
    git its path, version and top Makefile's time."""
    try:
        tree = gitrepo.git(src, "rev-parse", "HEAD^{tree}").strip()
        top = gitrepo.git(src, "rev-parse", "--show-toplevel").strip()
    except BwError:
        tree = None
    if tree and os.path.realpath(top) == os.path.realpath(src):
        diff = gitrepo.git(src, "diff", "HEAD", "--binary")
        return "git %s %s" % (tree, hashlib.sha256(diff.encode()).hexdigest() if diff else "")
    st = os.stat(os.path.join(src, "Makefile"))
    return "dir %s %s %d" % (os.path.realpath(src), kbuild.version(src), st.st_mtime_ns)


class Locked:
    """An flock held on a file until closed (builders of one folder serialize)."""

    def __init__(self, path, say=None):
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            if say:
                say("waiting for another bloatwatch using %s" % path)
            fcntl.flock(self.fd, fcntl.LOCK_EX)

    def close(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


@dataclass
class Flip:
    option: str            # CONFIG_X
    value: str             # y, n, m, a number or a "string"
    label: str = ""
    kind: str = "flip"
    values: dict = None    # the resolved .config
    implied: dict = field(default_factory=dict)
    why: str = ""          # why it is excluded
    out: str = None        # its build folder
    seconds: float = 0.0
    stats: object = None
    built: bool = False


def parse_option(text, base):
    """A Flip of `X`, `CONFIG_X` or `X=VALUE`; without a value the opposite of base's."""
    m = re.fullmatch(r"(?:CONFIG_)?([A-Za-z0-9_]+)(?:=(.+))?", text.strip())
    if not m:
        raise BwError("option %r: want NAME, CONFIG_NAME or NAME=VALUE" % text)
    name = "CONFIG_" + m.group(1)
    value = m.group(2)
    if value is None:
        now = base.get(name, "n")
        if now not in ("y", "m", "n"):
            raise BwError("%s is %s in the base .config, not a bool: give %s=VALUE"
                          % (name, now, name))
        value = "n" if now in ("y", "m") else "y"
    return Flip(name, value)


def label_of(base_label, flip):
    short = flip.option[len("CONFIG_"):]
    if flip.value == "y":
        return "%s+%s" % (base_label, short)
    if flip.value == "n":
        return "%s-%s" % (base_label, short)
    return "%s:%s=%s" % (base_label, short, flip.value.strip('"'))


class Sweep:
    """One sweep: a Kbuild configuration, its options, the builds and the manifest."""

    def __init__(self, out, base_config, targets, base_label, jobs=None, cache=None, log=None):
        self.out = out                      # kbuild.Output giving src, ARCH, CROSS_COMPILE
        self.base_config = base_config      # path of the base .config
        self.targets = list(targets)
        self.base_label = base_label
        self.jobs = jobs or os.cpu_count() or 1
        self.cache = cache or cache_root()
        self.log = log or (lambda msg: print("configcost: " + msg, file=sys.stderr, flush=True))
        self.src = out.src
        self.identity = source_identity(self.src)
        os.makedirs(self.cache, exist_ok=True)

    # ---- running the kernel's make -----------------------------------------------------------

    def env(self, statslog=None):
        env = dict(os.environ, LC_ALL="C", KBUILD_BUILD_TIMESTAMP="Sun Jan  1 00:00:00 UTC 2023",
                   KBUILD_BUILD_USER="bloatwatch", KBUILD_BUILD_HOST="bloatwatch",
                   KBUILD_BUILD_VERSION="1")
        if os.path.isdir("/usr/lib/ccache") and not env.get("BLOATWATCH_NO_CCACHE"):
            env["PATH"] = "/usr/lib/ccache:" + env.get("PATH", "")   # the .cmd files name plain gcc
        if statslog:
            env["CCACHE_STATSLOG"] = statslog
        return env

    def make(self, folder, args, logfile, statslog=None):
        """Run make for `folder`; None, or the telling line of its failure."""
        cmd = self.out.make(*args, out=folder)
        with open(logfile, "ab") as f:
            f.write(("$ %s\n" % cmd).encode())
            f.flush()
            r = subprocess.run(cmd, shell=True, stdout=f, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, env=self.env(statslog))
        if r.returncode == 0:
            return None
        with open(logfile, "rb") as f:
            lines = f.read()[-4000:].decode(errors="replace").splitlines()
        pick = next((l for l in lines if "error" in l.lower() and "***" not in l), None) or \
            (lines[-1] if lines else "")
        return "make %s failed (exit %d): %s (log: %s)" % (args[-1], r.returncode, pick.strip(),
                                                           logfile)

    # ---- Kconfig ------------------------------------------------------------------------------

    def base_text(self):
        with open(self.base_config, encoding="utf-8", errors="replace") as f:
            return f.read()

    def resolve(self, flips):
        """(resolved .config values, why not kept or '') of the base with `flips` applied."""
        base = self.base_text()
        spec = " ".join("%s=%s" % (f.option, f.value) for f in flips)
        memo = os.path.join(self.cache, "resolve", key(RECIPE, base, spec, self.identity,
                                                       self.out.karch, self.out.cross))
        if os.path.exists(memo + ".json"):
            with open(memo + ".json") as f:
                why = json.load(f)["why"]
            return read_config(memo + ".config"), why
        os.makedirs(os.path.dirname(memo), exist_ok=True)
        scratch = os.path.join(self.cache, "kconfig-" + key(RECIPE, self.src, self.out.karch,
                                                            self.out.cross))
        os.makedirs(scratch, exist_ok=True)
        lock = Locked(scratch + ".lock", self.log)
        try:
            cfg = os.path.join(scratch, ".config")
            with open(cfg, "w") as f:
                f.write(base)
            for fl in flips:
                words = [os.path.join(self.src, "scripts", "config"), "--file", cfg]
                name = fl.option[len("CONFIG_"):]
                # Undefine first: the line goes to the end, where it wins over the other
                # members of a choice when Kconfig reads the file.
                words += ["--undefine", name]
                if fl.value == "y":
                    words += ["--enable", name]
                elif fl.value == "n":
                    words += ["--disable", name]
                elif fl.value == "m":
                    words += ["--module", name]
                elif fl.value.startswith('"'):
                    words += ["--set-str", name, fl.value.strip('"')]
                else:
                    words += ["--set-val", name, fl.value]
                r = subprocess.run(words, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                if r.returncode != 0:
                    raise BwError("%s: %s" % (" ".join(shlex.quote(w) for w in words),
                                              r.stdout.decode(errors="replace").strip()))
            err = self.make(scratch, ["olddefconfig"], os.path.join(scratch, "bloatwatch.log"))
            if err:
                raise BwError("olddefconfig of %s with %s: %s"
                              % (self.base_config, spec or "no flip", err))
            values = read_config(cfg)
            why = ""
            for fl in flips:
                got = values.get(fl.option, "n")
                if got != fl.value:
                    why = "Kconfig did not keep %s=%s (resolved %s)%s" % (
                        fl.option, fl.value, "absent" if fl.option not in values else got,
                        self.depends(fl.option))
            with open(cfg) as f:
                atomic.write(memo + ".config", f.read())
            atomic.write(memo + ".json", json.dumps({"flips": spec, "why": why}))
            return values, why
        finally:
            lock.close()

    def depends(self, option):
        """': depends on ...' of an option's Kconfig entry (empty when not found)."""
        name = option[len("CONFIG_"):]
        r = subprocess.run(["grep", "-rn", "-A12", "--include=Kconfig*", "-E",
                            r"^(menu)?config %s$" % name, self.src], stdout=subprocess.PIPE)
        deps = []
        for line in r.stdout.decode(errors="replace").splitlines()[1:]:
            text = re.sub(r"^.*?[-:]\d+[-:]", "", line).strip()
            if re.match(r"(menu)?config ", text) or text.startswith(("choice", "endchoice", "if ")):
                break
            if text.startswith("depends on "):
                deps.append(text[len("depends on "):])
        return ": depends on %s" % " && ".join("(%s)" % d for d in deps) if deps else \
            (": not a symbol of this tree" if not r.stdout else "")

    # ---- builds -------------------------------------------------------------------------------

    def build(self, flip):
        """Build flip's resolved .config (or find it built); sets out, built, stats, why.

        Kbuild runs in the sweep's work folder, one fixed path per tree, ARCH and targets: the
        flip's folder is moved there for the build and back after it. The compiler records the
        folder in every object's debug information, which puts it in ccache's key, and x86's
        objtool is built with absolute paths, so in a folder of its own each configuration
        compiled everything again. At the one path ccache serves what configurations share
        (objtool, and each object the flipped options do not reach: 89-100% hits after the
        first, against about half), and Kbuild updates a stale folder in place as before."""
        text = "".join("%s=%s\n" % kv for kv in sorted(flip.values.items()))
        targets = " ".join(self.targets)
        tree = (os.path.realpath(self.src), self.out.karch, self.out.cross, targets)
        folder = os.path.join(self.cache, "build-" + key(RECIPE, text, *tree))
        flip.out = folder
        done = os.path.join(folder, ".bw-built")
        want = "%s\n%s\n" % (self.identity, targets)
        if _read(done) == want:
            return
        lock = Locked(folder + ".lock", self.log)
        start = time.monotonic()
        try:
            if _read(done) == want:
                return
            work = os.path.join(self.cache, "work-" + key(RECIPE, *tree))
            work_lock = Locked(work + ".lock", self.log)
            try:
                shutil.rmtree(work, ignore_errors=True)     # what a killed build left
                if os.path.isdir(folder):
                    os.rename(folder, work)
                else:
                    os.makedirs(work)
                try:
                    self._build_in(work, flip, want)
                finally:
                    os.rename(work, folder)
            finally:
                work_lock.close()
            flip.why = flip.why.replace(work, folder)
            flip.seconds = time.monotonic() - start
        finally:
            lock.close()

    def _build_in(self, work, flip, want):
        """make olddefconfig and the targets in the work folder for flip's .config, and mark it
        built (`want` in .bw-built) when that succeeded; sets built, stats, why."""
        done = os.path.join(work, ".bw-built")
        if os.path.exists(done):
            os.unlink(done)
        self.log("%s: building %s in %s" % (flip.label, " ".join(self.targets), flip.out))
        with open(os.path.join(work, ".config"), "w") as f:
            f.write(_config_text(flip.values))
        logfile = os.path.join(work, "bloatwatch-build.log")
        statslog = os.path.join(work, "bloatwatch-ccache.log")
        for path in (logfile, statslog):
            if os.path.exists(path):
                os.unlink(path)
        err = self.make(work, ["olddefconfig"], logfile) or \
            self.make(work, ["-j%d" % self.jobs] + self.targets, logfile, statslog)
        flip.stats = ccache.read(statslog)
        flip.built = True
        if err:
            flip.why = "build failed: " + err
        else:
            with open(done, "w") as f:
                f.write(want)

    def objects(self, flip):
        """[Found] of a built folder: every kernel object in the target folders."""
        dirs, vmlinux, modules = kbuild.built("/", flip.out)
        wanted = [t for t in self.targets if t.endswith("/")]
        paths = []
        for d in dirs:
            if any(d.startswith(t) for t in wanted):
                for name in sorted(os.listdir(os.path.join(flip.out, d))):
                    if name.endswith(".o") and not name.endswith(".mod.o") and \
                            os.path.exists(os.path.join(flip.out, d, ".%s.cmd" % name)):
                        paths.append(d + name)
        if "vmlinux" in self.targets and vmlinux:
            paths.append("vmlinux")
        if "modules" in self.targets:
            paths += modules
        return paths


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def _config_text(values):
    """A .config for make olddefconfig from resolved values (n written as `is not set`)."""
    out = []
    for k, v in values.items():
        if v == "n":
            out.append("# %s is not set" % k)
        elif re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)|[ym]", v):
            out.append("%s=%s" % (k, v))
        else:
            out.append('%s="%s"' % (k, v.replace("\\", "\\\\").replace('"', '\\"')))
    return "\n".join(out) + "\n"


def default_options(sweep, analyzer):
    """The CONFIG_ options the target folders' sources use (the analyzer's configs mode,
    extractconfig.sh's logic)."""
    from . import analyze
    sources = []
    for t in sweep.targets:
        d = os.path.join(sweep.src, t)
        if t.endswith("/") and os.path.isdir(d):
            sources += sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith((".c", ".h")))
    if not sources:
        raise BwError("no sources in %s of %s: give the options (--option)"
                      % (" ".join(sweep.targets), sweep.src))
    doc = analyze.run(analyzer, "configs", sources, sweep.src)
    return sorted({c for f in doc["files"] for c in f.get("configs", [])})


def manifest(sweep, coords, excluded):
    """The sweep's coordinates and excluded flips, as manifests.text() takes them."""
    from .coordinate import compiler_family
    out = []
    for fl, objs in coords:
        entry = {"arch": sweep.out.arch, "compiler": compiler_family(sweep.out.compiler),
                 "config": fl.label,
                 "compiler_version": fl.values.get("CONFIG_CC_VERSION_TEXT", ""),
                 "base": sweep.base_label,
                 "flip": {} if fl.kind == "base" else {fl.option: fl.value},
                 "implied": fl.implied, "kind": fl.kind}
        if fl.kind != "base":
            entry["option"] = fl.option
        entry["config_values"] = dict(sorted(fl.values.items()))
        entry["objects"] = []
        for rel in objs:
            src = os.path.join(sweep.src, rel[:-2] + ".c")
            d, name = os.path.split(rel)
            o = {"path": os.path.join(fl.out, rel), "object": rel,
                 "record": os.path.join(fl.out, d, ".%s.cmd" % name)}
            if rel.endswith(".o") and os.path.exists(src):
                o["source"] = os.path.relpath(src, sweep.src)
            entry["objects"].append(o)
        out.append(entry)
    cc = compiler_family(sweep.out.compiler)
    return out, [{"arch": sweep.out.arch, "compiler": cc, "config": fl.label,
                  "option": fl.option, "why": fl.why} for fl in excluded]


def implied(base, values, option):
    """Options whose value changed besides the flipped one (absent counts as n): the new value,
    None where Kconfig left the option out (its dependencies are not met), as the matrix's
    sweep writes them."""
    return {k: values.get(k) for k in sorted(set(base) | set(values))
            if k != option and base.get(k, "n") != values.get(k, "n")}


def settings(values):
    """`X=v` words of {CONFIG_X: v} (unset for None)."""
    return " ".join("%s=%s" % (k[len("CONFIG_"):], "unset" if v is None else v)
                    for k, v in values.items())


def run(sweep, options, manifest_path):
    """Resolve, build and describe every flip; (base Flip, [(Flip, objects)], [excluded Flip])."""
    base = Flip("", "", label=sweep.base_label, kind="base")
    base.values, why = sweep.resolve([])
    if why:
        raise BwError(why)
    flips = []
    seen = set()
    for text in options:
        fl = parse_option(text, base.values)
        if fl.option in seen:
            continue
        seen.add(fl.option)
        fl.label = label_of(sweep.base_label, fl)
        flips.append(fl)
    start = time.monotonic()
    sweep.build(base)
    if base.why:
        raise BwError("the base configuration: " + base.why)
    coords, excluded = [(base, sweep.objects(base))], []
    if not coords[0][1]:
        raise BwError("the base build made no kernel object in %s" % " ".join(sweep.targets))
    sweep.log("0/%d %s (base): %s" % (len(flips), base.label, "built in %.1f s (%s)" % (
        base.seconds, base.stats.text()) if base.built else "up to date"))
    for i, fl in enumerate(flips, 1):
        fl.values, fl.why = sweep.resolve([fl])
        if fl.values == base.values and not fl.why:
            fl.why = "already %s=%s in the base" % (fl.option, fl.value)
        if not fl.why:
            fl.implied = implied(base.values, fl.values, fl.option)
            sweep.build(fl)
        if fl.why:
            excluded.append(fl)
            sweep.log("%d/%d %s: excluded: %s" % (i, len(flips), fl.label, fl.why))
            continue
        objs = sweep.objects(fl)
        coords.append((fl, objs))
        sweep.log("%d/%d %s: %s%s" % (i, len(flips), fl.label, (
            "built in %.1f s (%s)" % (fl.seconds, fl.stats.text())) if fl.built else "up to date",
            "; also " + settings(fl.implied) if fl.implied else ""))
    manifests.write(manifest_path, *manifest(sweep, coords, excluded))
    builds = sum(1 for fl, _ in coords if fl.built)
    sweep.log("%d configurations, %d excluded, %d built, in %.1f s; manifest %s" % (
        len(coords), len(excluded), builds, time.monotonic() - start, manifest_path))
    return base, coords, excluded


def project_objects(project, root, sweep_keys):
    """[Found] of the project's own objects (what `record` records), less those whose
    coordinate the sweep gives too; [] when the tree has none."""
    from . import collect
    try:
        found = collect.objects(project, root)
    except BwError:
        return []
    arch_of = {}
    for g in project.groups:
        if g.kbuild and "arch" not in g.coordinate:
            try:
                arch_of[os.path.normpath(g.kbuild)] = kbuild.output(root, g.kbuild).arch
            except BwError:
                pass
    out = []
    for f in found:
        arch = f.coord.get("arch") or next((a for k, a in arch_of.items()
                                            if f.path.startswith(k + "/")), None)
        if (arch, f.coord.get("compiler"), f.coord.get("config"), f.coord.get("object")) \
                not in sweep_keys:
            out.append(f)
    return out


def table(coords, rows):
    """Rows of the cost table from the recorded objects (footprint rows): per configuration
    its sizes and the change against the base."""
    sizes = {}
    for r in rows:
        t = sizes.setdefault(r["label"], [0, 0, 0])
        t[0] += r["text"]
        t[1] += r["data"]
        t[2] += r["bss"]
    rows = []
    base = sizes.get(coords[0][0].label, [0, 0, 0])
    for fl, objs in coords:
        s = sizes.get(fl.label, [0, 0, 0])
        delta = sum(s) - sum(base)
        rows.append([fl.label, fl.option or "-", len(objs), s[0], s[1], s[2], sum(s),
                     "" if fl.kind == "base" else "%+d" % delta,
                     settings(fl.implied)[:60]])
    return rows


def command(ctx):
    """`bloatwatch configcost` (cli.py parses its arguments)."""
    from ..db import query
    from ..render import text
    a = ctx.args
    root = ctx.root_or_none() if a.no_record else ctx.root()
    root = root or os.getcwd()
    proj = ctx.project() if not a.no_record or ctx.root_or_none() else None
    folder, label = a.kbuild, a.label
    if folder is None:
        groups = [g for g in (proj.groups if proj and proj.path else []) if g.kbuild]
        if groups:
            folder, label = groups[0].kbuild, label or groups[0].coordinate.get("config")
        else:
            found = kbuild.find_outputs(root)
            if not found:
                raise BwError("%s: no Kbuild output folder (a configured O= folder) in this tree "
                              "or in bloatwatch.toml: give --kbuild DIR" % root)
            folder = found[0]
    elif not os.path.isabs(folder):
        folder = os.path.relpath(os.path.abspath(folder), root)
    out = kbuild.output(root, folder)
    targets = a.target or kbuild.built(root, folder)[0]
    if not targets:
        raise BwError("%s: no kernel object built yet: give --target (e.g. kernel/rcu/)" % folder)
    base = a.base or os.path.join(root, folder, ".config")
    if not os.path.isfile(base):
        raise BwError("%s: no such .config" % base)
    label = label or os.path.basename(os.path.abspath(os.path.join(root, folder)))
    sweep = Sweep(out, base, targets, label, a.jobs)
    options = a.options or default_options(sweep, ctx.analyzer())
    manifest = a.manifest or os.path.join(root, "bloatwatch-configcost.json")
    _, coords, excluded = run(sweep, options, manifest)
    if a.no_record:
        return 0
    from . import collect, recorder
    sweep_found = collect.from_manifest(root, manifest)
    keys = {(f.coord["arch"], f.coord["compiler"], f.coord["config"], f.coord["object"])
            for f in sweep_found}
    own = project_objects(proj, root, keys) if proj.path else []
    for f in sweep_found:
        f.declared = tuple(proj.keys) if proj.path else None
    done = recorder.record(ctx.open(create=True), root, recorder.Job(
        proj, ctx.analyzer(), own + sweep_found, (manifest,), a.rev, jobs=a.jobs,
        where=manifest))
    cid = done.id
    print("recorded %s: %d objects (%d of the sweep, %d of the tree), %d new analyses"
          % (query.label(done.commit), done.objects, len(sweep_found), len(own), done.new))
    heads = ["config", "option", "objects", "text", "data", "bss", "total", "vs base",
             "Kconfig also set"]
    history = query.History(ctx.target())
    try:
        rows = [r for r in history.footprint(cid) if r["arch"] == sweep.out.arch]
    finally:
        history.close()
    sys.stdout.write(text.plain(heads, table(coords, rows), {2, 3, 4, 5, 6, 7}))
    for fl in excluded:
        print("excluded %s: %s" % (fl.label, fl.why))
    if a.report:
        from argparse import Namespace
        from ..report import run as report
        for line in report.run(ctx.target(), Namespace(
                out=a.report, commit=None, noise_bytes=8, noise_pct=0.5, text_only=False,
                quiet=False), proj):
            print(line)
    return 0
