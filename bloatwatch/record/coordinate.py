# SPDX-License-Identifier: GPL-2.0
"""An object's coordinate (arch, compiler, label, extra keys, object), decided once, here.

decide() is the one place that weighs what says where an object sits; ingest stores what it
decided (the FILE entry's `_coordinate`) and weighs nothing. For each part, the first source
that says it wins:

1. the manifest (contract 1, build/matrix.json): the matrix writes each coordinate once;
2. the [[objects]] group's `coordinate` in bloatwatch.toml, and for the compiler the family
   its Kbuild .config names (CONFIG_CC_VERSION_TEXT);
3. the build record the analyzer read beside the object (`build`: arch, compiler, scenario,
   and its string keys as extra keys: those bloatwatch.toml declares, when it exists);
4. the object itself: the ELF header for the arch; for the compiler .comment and
   DW_AT_producer (an archive's members together), else the entry's own.

1 and 2 reach decide() as the collector's Found.coord (the entry's `_coord`); a tree with a
manifest is not globbed, so they never meet. A part nothing says is '-' (ingest.NONE); an
object without a manifest, group or build record is keyed by its path.
"""
import os

from .. import arch as archnames
from ..db import toolchain
from ..db.ingest import NONE, keys_text
from ..errors import BwError

# Keys of a build record (the analyzer's JSON `build`) that are not extra coordinate keys
# (`format` and `record` say which record the analyzer read, not where the object sits).
RECORD_KEYS = ("cmd", "compiler_version", "source", "object", "arch", "compiler", "scenario",
               "config", "format", "record")


def compiler_family(version):
    """gcc, clang or rustc from a compiler's version line (`cc --version`,
    CONFIG_CC_VERSION_TEXT); '-' when it names none."""
    return toolchain.family(version or "") or NONE


def decide(entry, tools=None):
    """(arch, compiler, label, keys text, object) of a FILE entry, by the precedence above.
    `tools` is the entry's toolchain.of_files() value (else its own .comment and producers)."""
    build = entry.get("build") or {}
    given = entry.get("_coord") or {}
    member = entry.get("member")
    if "object" in given:
        obj = given["object"]
    elif build.get("arch") and build.get("scenario"):   # a Bloatwatch record: the folder says the rest
        obj = os.path.basename(build.get("object") or entry["file"])
    else:
        obj = entry["file"]
    if member:
        obj += "(%s)" % member
    arch = given.get("arch") or build.get("arch")
    arch = archnames.normalize(arch) if arch else archnames.from_elf(entry.get("machine"),
                                                                     entry.get("class"))
    compiler = given.get("compiler") or build.get("compiler") or \
        compiler_family(entry.get("_compiler_version") or build.get("compiler_version"))
    if compiler == NONE:
        compiler = (tools or toolchain.of_entry(entry)).family
    label = given.get("config") or build.get("scenario") or NONE
    keys = {k: v for k, v in build.items() if k not in RECORD_KEYS and isinstance(v, str)}
    if entry.get("_declared") is not None:   # bloatwatch.toml declares which keys exist
        keys = {k: v for k, v in keys.items() if k in entry["_declared"]}
    keys.update(given.get("keys") or {})
    return (arch or NONE, str(compiler), str(label), keys_text(keys), obj)


def decide_all(files, where):
    """Give every FILE entry (mode all, or a cache stub) its `_coordinate`: decide() with the
    toolchain of its whole file (an archive's members together). An entry decided before
    keeps its coordinate. A malformed entry is a BwError naming `where` and the entry."""
    if all("_coordinate" in e for e in files if isinstance(e, dict)):
        return files
    try:
        tools = toolchain.of_files(files)
    except (KeyError, TypeError, AttributeError) as e:
        raise BwError("%s: malformed comment or compileunits field (%s)" % (where, e))
    for i, entry in enumerate(files):
        try:
            if "_coordinate" not in entry:
                entry["_coordinate"] = decide(entry, tools[entry["file"]])
        except (KeyError, TypeError, AttributeError) as e:
            raise BwError("%s: files[%d] (%s): missing or malformed field %s"
                          % (where, i, entry.get("file") if isinstance(entry, dict) else "?", e))
    return files
