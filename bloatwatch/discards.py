# SPDX-License-Identifier: GPL-2.0
"""Sections the final link discards, so that what reaches the image can be told from size(1).

size(1) counts every allocated section of an object, among them sections the link throws away:
Kbuild's vmlinux.lds.h sends `.discard.*`, `.modinfo`, `.export_symbol` (Linux 6.5 on) and
more to /DISCARD/, so a Berkeley total grows by bytes that never reach the kernel. An object's
image figures are size's text, data and bss minus its sections whose names match these globs
(fnmatch, case-sensitive); size's own figures stay recorded and shown as they are.
"""
import fnmatch
import re

# include/asm-generic/vmlinux.lds.h: COMMON_DISCARDS (the .discard convention, .modinfo,
# .gnu.version*, 6.5's .export_symbol, 6.14's .no_trim_symbol), EXIT_CALL, and NOTES'
# .note.GNU-stack (the other .note.* are kept, in .notes). EXIT_TEXT and EXIT_DATA go only on
# arches without RUNTIME_DISCARD_EXIT, the sanitizer and patchable-entry lists only under some
# CONFIGs, an arch's own /DISCARD/ entries only there: a project adds those it needs.
KBUILD = (".discard", ".discard.*", ".modinfo", ".gnu.version*", ".export_symbol",
          ".no_trim_symbol", ".exitcall.exit", ".note.GNU-stack")
# What GNU ld's own default script discards (ld --verbose): no allocated section, so a program
# or library that declares nothing has image figures equal to size's.
LD = (".note.GNU-stack", ".gnu_debuglink", ".gnu.lto_*")


class Discards:
    """A set of section-name globs: `name in discards` when the link drops that section."""

    def __init__(self, globs):
        self.globs = tuple(dict.fromkeys(globs))
        self._re = re.compile("|".join(fnmatch.translate(g) for g in self.globs)) \
            if self.globs else None

    def __contains__(self, name):
        return bool(self._re and self._re.match(name))

    def __bool__(self):
        return bool(self.globs)

    def split(self, sections):
        """(text, data, bss) bytes of the discarded sections among (name, size, bucket) rows
        (bucket: size's text | data | bss, or other for a section size does not count)."""
        out = {"text": 0, "data": 0, "bss": 0}
        for name, size, bucket in sections:
            if bucket in out and name in self:
                out[bucket] += size
        return out["text"], out["data"], out["bss"]


def of(project):
    """A project's Discards: Kbuild's list when one of its [[objects]] groups is a Kbuild
    output folder, else ld's (unless [image] defaults = false), plus its [image] discard."""
    kbuild = any(g.kbuild for g in project.groups)
    base = (KBUILD if kbuild else LD) if project.discard_defaults else ()
    return Discards(base + tuple(project.discard))
