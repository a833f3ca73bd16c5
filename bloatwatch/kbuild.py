# SPDX-License-Identifier: GPL-2.0
"""What Bloatwatch knows of a Linux tree: source trees, Kbuild output folders (O=), their
.config, and the make command line that rebuilds them (init and configcost use it).
"""
import os
import re
import shlex
from dataclasses import dataclass

from . import arch as archnames
from .record.collect import read_config
from .errors import BwError

# Folders of an output tree holding host programs and generated helpers, not kernel objects.
HOST_DIRS = ("scripts/", "tools/", "usr/", "arch/*/tools/", "arch/*/boot/", "arch/*/vdso/",
             "arch/*/entry/vdso/", "arch/*/kernel/vdso/", "arch/*/realmode/", "certs/")
CONFIG_HEADER = re.compile(r"^# Linux/(\S+) (\S+) Kernel Configuration$")


def is_source(path):
    """A Linux source tree: its top Makefile sets VERSION and PATCHLEVEL, scripts/config exists."""
    try:
        with open(os.path.join(path, "Makefile"), encoding="utf-8", errors="replace") as f:
            head = f.read(4096)
    except OSError:
        return False
    return (re.search(r"^VERSION = \d+", head, re.M) is not None
            and re.search(r"^PATCHLEVEL = \d+", head, re.M) is not None
            and os.path.isfile(os.path.join(path, "scripts", "config")))


def version(src):
    """'6.1.192' from a source tree's Makefile."""
    with open(os.path.join(src, "Makefile"), encoding="utf-8", errors="replace") as f:
        head = f.read(4096)
    parts = [re.search(r"^%s = (\d*)" % k, head, re.M)
             for k in ("VERSION", "PATCHLEVEL", "SUBLEVEL")]
    return ".".join(m.group(1) for m in parts if m and m.group(1))


def source_of(out):
    """The source tree an output folder was configured from (itself for an in-tree build)."""
    link = os.path.join(out, "source")
    if os.path.islink(link):
        return os.path.realpath(link)
    try:
        with open(os.path.join(out, "Makefile"), encoding="utf-8", errors="replace") as f:
            m = re.search(r"^include (\S+)/Makefile$", f.read(4096), re.M)
    except OSError:
        m = None
    if m:
        return os.path.realpath(m.group(1))
    return os.path.realpath(out) if is_source(out) else None


def is_output(path):
    """A configured Kbuild output folder (O=, or a source tree built in place)."""
    return os.path.isfile(os.path.join(path, ".config")) and source_of(path) is not None


@dataclass
class Output:
    """A Kbuild output folder and what its .config says."""
    path: str            # as given (relative to the tree root, or absolute)
    src: str             # its source tree, absolute
    karch: str           # the ARCH= it was configured with (the .config header's)
    arch: str            # Bloatwatch's name of it (x86_64, i386, riscv64 ...)
    cross: str           # CROSS_COMPILE (from CONFIG_CC_VERSION_TEXT), '' for native
    clang: bool
    compiler: str        # CONFIG_CC_VERSION_TEXT
    values: dict         # the .config

    def make(self, *args, out=None, here=False):
        """The make command line for this configuration (into `out`, default its own folder;
        here: run at the source tree's root); args are shell text, used as they are."""
        out = out or self.path
        words = ["make"] + ([] if here else ["-C", self.src])
        words += ([] if out == "." else ["O=%s" % out]) + ["ARCH=%s" % self.karch]
        if self.cross:
            words.append("CROSS_COMPILE=%s" % self.cross)
        if self.clang:
            words.append("LLVM=1")
        return " ".join([shlex.quote(w) for w in words] + list(args))


def output(root, path):
    """The Output of folder `path` (relative to root, or absolute); BwError naming what is
    missing."""
    full = os.path.join(root, path)
    cfg = os.path.join(full, ".config")
    if not os.path.isfile(cfg):
        raise BwError("%s: no .config: not a configured Kbuild output folder" % path)
    src = source_of(full)
    if src is None:
        raise BwError("%s: cannot tell its source tree (no `source` link, no generated Makefile)"
                      % path)
    values = read_config(cfg, os.path.join(path, ".config"))
    karch = None
    with open(cfg, encoding="utf-8", errors="replace") as f:
        for line in f.read(1024).splitlines()[:6]:
            m = CONFIG_HEADER.match(line)
            if m:
                karch = m.group(1)
    if karch is None:
        raise BwError("%s/.config: no `# Linux/ARCH VERSION Kernel Configuration` header: "
                      "cannot tell its ARCH" % path)
    compiler = values.get("CONFIG_CC_VERSION_TEXT", "")
    first = compiler.split()[0] if compiler.split() else ""
    clang = "clang" in compiler
    cross = first[:-len("gcc")] if not clang and first.endswith("gcc") else ""
    return Output(path, src, karch, arch_name(karch, values), cross, clang, compiler, values)


def arch_name(karch, values):
    """Bloatwatch's arch name for a kernel ARCH and its .config (the word size decides x86,
    riscv, powerpc and mips)."""
    wide = values.get("CONFIG_64BIT") == "y"
    base = {"x86": ("i386", "x86_64"), "riscv": ("riscv32", "riscv64"),
            "powerpc": ("powerpc", "powerpc64"), "mips": ("mips", "mips64")}.get(karch)
    if base:
        return base[wide]
    return archnames.normalize(karch)


def host_dir(rel):
    import fnmatch
    return any(fnmatch.fnmatch(rel + "/", pat + "*") for pat in HOST_DIRS)


def built(root, path):
    """(folders holding kernel objects, sorted; vmlinux present; module paths) of an output
    folder, relative to it."""
    full = os.path.join(root, path)
    dirs, modules = set(), []
    for top, subdirs, files in os.walk(full):
        rel = os.path.relpath(top, full)
        rel = "" if rel == "." else rel
        if rel and (host_dir(rel) or rel.split("/")[0] in (".git", "include", "source")):
            subdirs[:] = []
            continue
        subdirs[:] = [d for d in subdirs if not d.startswith(".")]
        for name in files:
            if name.endswith(".ko"):
                modules.append(os.path.join(rel, name))
            elif name.endswith(".o") and not name.endswith((".mod.o", ".tmp.o")) and \
                    os.path.exists(os.path.join(top, ".%s.cmd" % name)) and rel:
                dirs.add(rel + "/")
    return sorted(dirs), os.path.isfile(os.path.join(full, "vmlinux")), sorted(modules)


def find_outputs(root, depth=2):
    """Configured Kbuild output folders at root or up to `depth` folders below it (relative)."""
    found = []
    if is_output(root):
        found.append(".")
    for top, subdirs, _ in os.walk(root, followlinks=True):
        rel = os.path.relpath(top, root)
        level = 0 if rel == "." else rel.count("/") + 1
        keep = []
        for d in sorted(subdirs):
            if d.startswith(".") or d in ("Documentation", "arch", "drivers", "include", "tools",
                                          "scripts", "source", "node_modules"):
                continue
            p = os.path.join(top, d)
            if is_output(p):
                found.append(os.path.normpath(os.path.join(rel, d)))
            elif level + 1 < depth:
                keep.append(d)
        subdirs[:] = keep
    return found
