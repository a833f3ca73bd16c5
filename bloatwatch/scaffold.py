# SPDX-License-Identifier: GPL-2.0
"""`bloatwatch init`: look at a tree, guess how it builds and which objects it makes, and write
a commented bloatwatch.toml saying so.

Recognized, first match wins: a Linux tree (a source tree and/or configured Kbuild output
folders, O=), CMake (CMakeLists.txt), Meson (meson.build), make (a Makefile). ELF files the
tree already holds (objects, archives, executables that git does not track) name the objects.
"""
import json
import os
import shlex
import tempfile

from . import atomic, kbuild
from . import gitrepo
from .errors import BwError

ELF_MAGIC = (b"\x7fELF", b"!<arch>\n", b"!<thin>\n")
SKIP_DIRS = {".git", "node_modules", ".venv", "__pycache__"}
MAX_FILES = 200000
MANY_DIRS = 8       # more folders of objects than this: record vmlinux, not every object
CCACHE_LINKS = "/usr/lib/ccache"   # Debian's ccache: compiler names that go through it


def ccache_path():
    """`PATH=...:$PATH ` putting ccache's compiler links first, when ccache is installed ('')."""
    return "PATH=%s:$PATH " % CCACHE_LINKS if os.path.isdir(CCACHE_LINKS) else ""


class Guess:
    """What init found: toml lines and the sentences it prints."""

    def __init__(self, kind):
        self.kind = kind
        self.said = []           # what was guessed, one sentence each
        self.build = None        # shell command
        self.build_note = []     # comment lines above `build`
        self.paths = []
        self.paths_note = ""
        self.sources = []
        self.groups = []         # [(comment lines, {key: value})]

    def say(self, text):
        self.said.append(text)


def q(value):
    """A TOML value: strings and lists of strings (JSON's quoting is TOML's for these)."""
    return json.dumps(value)


def toml_text(g, root):
    out = ["# bloatwatch.toml for %s, written by `bloatwatch init` (%s)." % (
               os.path.basename(os.path.abspath(root)) or root, g.kind),
           "# What it guessed is said in the comments; every key is described in",
           "# docs/bloatwatch.toml.md of Bloatwatch. Paths are relative to this folder.", ""]
    out += ["# " + line for line in g.build_note]
    out += ["# Run at the root of a worktree of each commit by `track` and `bisect`; a non-zero",
            "# exit records the commit as failed. $BLOATWATCH_ROOT is this checkout.",
            "build = %s" % q(g.build or "false"), ""]
    if g.paths:
        out += ["# A commit that changes none of these paths is recorded as its parent, unbuilt."]
        if g.paths_note:
            out += ["# " + g.paths_note]
        out += ["paths = %s" % q(g.paths), ""]
    else:
        out += ["# paths = [\"src/\", \"include/\"]   # touching none: recorded unbuilt", ""]
    if g.sources:
        out += ["# Sources scanned for CONFIG_ usage (`diff` and the report's config page).",
                "sources = %s" % q(g.sources), ""]
    for comments, group in g.groups:
        out += ["# " + c for c in comments]
        out.append("[[objects]]")
        for k, v in group.items():
            if isinstance(v, dict):
                pairs = ", ".join("%s = %s" % (a, q(b)) for a, b in v.items())
                out.append("%s = { %s }" % (k, pairs))
            else:
                out.append("%s = %s" % (k, q(v)))
        out.append("")
    return "\n".join(out)


# ---- what the tree holds -----------------------------------------------------------------------

def elf_files(root, tracked):
    """ELF objects, archives and executables under root that git does not track (relative)."""
    found = []
    seen = 0
    for top, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for name in sorted(files):
            seen += 1
            if seen > MAX_FILES:
                return found
            rel = os.path.relpath(os.path.join(top, name), root)
            if rel in tracked:
                continue
            try:
                with open(os.path.join(top, name), "rb") as f:
                    head = f.read(8)
            except OSError:
                continue
            if head[:4] == ELF_MAGIC[0] or head in ELF_MAGIC[1:]:
                found.append(rel)
    return found


def tracked_files(root):
    try:
        return set(gitrepo.git(root, "ls-files", "-z").split("\0"))
    except BwError:
        return set()


def object_globs(files, base=""):
    """Globs for ELF files under base: `**/*.o` style for objects, paths for the rest."""
    inside = [os.path.relpath(f, base) if base else f for f in files
              if not base or f.startswith(base.rstrip("/") + "/")]
    globs = []
    if any(f.endswith(".o") for f in inside):
        globs.append("**/*.o")
    globs += sorted(f for f in inside if not f.endswith(".o"))
    return globs


# ---- Linux ---------------------------------------------------------------------------------------

SRCARCH = {"i386": "x86", "x86_64": "x86", "sparc64": "sparc", "parisc64": "parisc", "sh64": "sh"}


def guess_kbuild(root, outputs, label=None):
    source_tree = kbuild.is_source(root)
    g = Guess("a Linux tree")
    if source_tree:
        g.say("%s is a Linux %s source tree" % (root, kbuild.version(root)))
    facts = [kbuild.output(root, o) for o in outputs]
    if not facts:
        g.say("no configured output folder (O=) found: building defconfig into bloatwatch-out/ "
              "(put your .config there, or run init --kbuild DIR with a configured one)")
        g.build = "make O=bloatwatch-out defconfig && make O=bloatwatch-out -j$(nproc) vmlinux"
        g.groups.append((["vmlinux of the defconfig build above."],
                         {"kbuild": "bloatwatch-out", "glob": ["vmlinux"],
                          "coordinate": {"config": label or "defconfig"}}))
        g.paths = [p for p in ("arch/", "include/", "init/", "kernel/", "mm/", "lib/", "Makefile",
                               "scripts/", ":(glob)**/Kconfig*") if p]
        return g
    builds, targets_all, several = [], set(), len(facts) > 1
    for o in facts:
        # In a source tree its commits are built with the folder's .config: in the folder when
        # it is this tree's own (inside it), else in bloatwatch-out/ of each worktree.
        own = source_tree
        inside = not os.path.isabs(o.path) and not o.path.startswith("..") and \
            os.path.realpath(o.src) == os.path.realpath(root)
        dirs, vmlinux, modules = kbuild.built(root, o.path)
        if vmlinux and len(dirs) > MANY_DIRS or not dirs:
            targets, globs = (["vmlinux"] + (["modules"] if modules else []),
                              ["vmlinux"] + (["**/*.ko"] if modules else []))
        else:
            targets, globs = dirs, [d + "*.o" for d in dirs]
        targets_all.update(targets)
        where = o.path if inside else \
            ("bloatwatch-out-%s" % o.arch if several else "bloatwatch-out")
        lbl = label or ("config" if o.path == "." else
                        os.path.basename(os.path.abspath(os.path.join(root, o.path))))
        g.say("%s: Kbuild output folder of %s (Linux %s, ARCH=%s%s, %s), %s built: %s" % (
            o.path, "this tree" if inside else o.src, kbuild.version(o.src), o.karch,
            " CROSS_COMPILE=%s" % o.cross if o.cross else "", o.compiler or "compiler unknown",
            "vmlinux" if "vmlinux" in targets else "objects", " ".join(targets)))
        cfg = ('"${BLOATWATCH_ROOT:-.}/%s/.config"' % o.path) if inside else \
            shlex.quote(os.path.join(os.path.abspath(os.path.join(root, o.path)), ".config"))
        if own:
            make = o.make(out=where, here=True)
            dest = ".config" if where == "." else where + "/.config"
            # Copied only when it differs: a newer .config would make Kbuild reconfigure.
            copy = "{ cmp -s %s %s || cp %s %s; }" % (cfg, dest, cfg, dest)
            if where != ".":
                copy = "mkdir -p %s && %s" % (where, copy)
            builds.append('%s && %s olddefconfig && %s%s -j$(nproc) %s %s' % (
                copy, make, ccache_path(), make, '"KCFLAGS=-fdebug-prefix-map=$PWD=."',
                " ".join(targets)))
            if not inside:
                g.say("%s is not this tree's own output folder: track builds each commit with "
                      "its .config into %s/ (record reads %s/ too: build there first)"
                      % (o.path, where, where))
        else:   # not a source tree: remake the folder where it is
            builds.append(ccache_path() + o.make("-j$(nproc)", *targets, out=os.path.abspath(
                os.path.join(root, o.path))))
            where = o.path
        comments = ["%s: Linux %s, ARCH=%s, %s; its .config gives the CONFIG values and the "
                    "compiler." % (where, kbuild.version(o.src), o.karch, o.compiler or "?")]
        if len(globs) == 1 and globs[0] == "vmlinux":
            comments.append("Every object too: glob = [\"vmlinux\", \"kernel/**/*.o\"].")
        g.groups.append((comments, {"kbuild": where, "glob": globs, "coordinate": {"config": lbl}}))
    if not source_tree:
        g.build_note.append("The Kbuild trees' sources are not this repository: the build below "
                            "remakes them as they are.")
    g.build = " && ".join(builds)
    if ccache_path():
        g.build_note.append("ccache's compiler links come first on PATH: builds of unchanged "
                            "sources are cache hits (Kbuild's .cmd files still name plain gcc).")
    if source_tree:
        arches = sorted({SRCARCH.get(o.karch, o.karch) for o in facts})
        dirs = sorted(t for t in targets_all if t.endswith("/"))
        g.paths = dirs + ["arch/%s/" % a for a in arches] + ["include/", "Makefile", "scripts/",
                                                             ":(glob)**/Kconfig*"]
        if "vmlinux" in targets_all:
            g.paths = []
            g.paths_note = ""
        else:
            g.paths_note = "(the built folders, what they include, the build itself and Kconfig)"
        g.sources = [d + "*.[ch]" for d in dirs]
        if g.sources:
            g.say("CONFIG usage from %s" % " ".join(g.sources))
    return g


# ---- CMake, Meson, make ------------------------------------------------------------------------

def find_dir(root, marker, names):
    """The first folder among names (or any top-level one) holding marker, else names[0]."""
    for d in names + sorted(os.listdir(root)):
        if os.path.exists(os.path.join(root, d, marker)):
            return d
    return names[0]


def group_for(g, root, files, base, excludes=()):
    globs = object_globs(files, base)
    found = len([f for f in files if f.startswith(base + "/")])
    if not globs:
        globs = ["**/*.o"]
        g.say("no ELF output in %s/ yet: guessing **/*.o (build once and run init again to "
              "list executables)" % base)
    else:
        g.say("objects: %d ELF files in %s/ (%s)" % (found, base, ", ".join(globs[:6]) +
                                                     (" ..." if len(globs) > 6 else "")))
    group = {"root": base, "glob": globs}
    if excludes:
        group["exclude"] = list(excludes)
    g.groups.append((["The build folder's ELF outputs, keyed by their path inside it."], group))


def guess_cmake(root, files):
    g = Guess("CMake")
    d = find_dir(root, "CMakeCache.txt", ["build", "out"])
    g.say("CMakeLists.txt: CMake, build folder %s/" % d)
    launcher = " -DCMAKE_C_COMPILER_LAUNCHER=ccache" if ccache_path() else ""
    g.build = ('cmake -S . -B %s -DCMAKE_BUILD_TYPE=RelWithDebInfo%s '
               '"-DCMAKE_C_FLAGS=-fdebug-prefix-map=$PWD=." && cmake --build %s -j$(nproc)'
               % (d, launcher, d))
    g.build_note.append("The prefix map makes objects of one source identical in every worktree.")
    group_for(g, root, files, d, ["CMakeFiles/[0-9]*/**", "CMakeFiles/CMakeScratch/**"])
    return g


def guess_meson(root, files):
    g = Guess("Meson")
    d = find_dir(root, "meson-private", ["build", "builddir"])
    g.say("meson.build: Meson, build folder %s/" % d)
    g.build = ('{ [ -f %s/build.ninja ] || meson setup %s --buildtype=debugoptimized '
               '"-Dc_args=-fdebug-prefix-map=$PWD=."; } && meson compile -C %s' % (d, d, d))
    g.build_note.append("The prefix map makes objects of one source identical in every worktree.")
    group_for(g, root, files, d, ["meson-private/**"])
    return g


def guess_make(root, files, makefile):
    g = Guess("make")
    g.say("%s: make" % makefile)
    g.build = ccache_path() + "make -j$(nproc)"
    globs = object_globs(files)
    if globs:
        g.say("objects: %d ELF files (%s)" % (len(files), ", ".join(globs[:6]) +
                                              (" ..." if len(globs) > 6 else "")))
    else:
        globs = ["**/*.o"]
        g.say("no ELF output yet: guessing **/*.o (build once and run init again to list "
              "executables)")
    g.groups.append((["ELF outputs of the build, keyed by their path."], {"glob": globs}))
    return g


def guess(root, kbuild_dirs=(), label=None):
    """The Guess for the tree at root; BwError when nothing is recognized."""
    if kbuild_dirs or kbuild.is_source(root) or kbuild.is_output(root):
        outputs = list(kbuild_dirs) or kbuild.find_outputs(root)
        return guess_kbuild(root, outputs, label)
    outputs = kbuild.find_outputs(root)
    if outputs:
        return guess_kbuild(root, outputs, label)
    files = elf_files(root, tracked_files(root))
    if os.path.exists(os.path.join(root, "CMakeLists.txt")):
        return guess_cmake(root, files)
    if os.path.exists(os.path.join(root, "meson.build")):
        return guess_meson(root, files)
    for name in ("GNUmakefile", "makefile", "Makefile"):
        if os.path.exists(os.path.join(root, name)):
            return guess_make(root, files, name)
    if files:
        g = Guess("ELF files, no build system")
        g.say("no build system recognized: set `build` for track; objects: %d ELF files"
              % len(files))
        g.groups.append((["ELF files found in the tree."], {"glob": object_globs(files)}))
        return g
    raise BwError("%s: no Kbuild tree, CMakeLists.txt, meson.build, Makefile or ELF file here: "
                  "write bloatwatch.toml by hand (see docs/bloatwatch.toml.md)" % root)


def run(root, dest, kbuild_dirs=(), label=None, force=False, stdout=False):
    """Write (or print) the guessed toml; the lines to print."""
    from . import project
    if not stdout and os.path.exists(dest) and not force:
        raise BwError("%s exists already (--force to overwrite it, --print to see the guess)"
                      % dest)
    for d in kbuild_dirs:
        if not os.path.isdir(os.path.join(root, d)):
            raise BwError("--kbuild %s: no such folder" % d)
    g = guess(root, kbuild_dirs, label)
    text = toml_text(g, root)
    with tempfile.TemporaryDirectory(prefix="bloatwatch-init-") as d:
        check = os.path.join(d, os.path.basename(dest))
        with open(check, "w", encoding="utf-8") as f:
            f.write(text)
        project.load(check, root)       # what init writes must load
    lines = ["bloatwatch init: %s" % g.kind] + ["  guessed: " + s for s in g.said]
    if stdout:
        return [text] + lines
    atomic.write(dest, text)
    return lines + ["wrote %s: check it, then `bloatwatch record` (what is built now) or "
                    "`bloatwatch track A..B` (a range of commits)" % dest]
