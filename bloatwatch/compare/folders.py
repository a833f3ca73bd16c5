# SPDX-License-Identifier: GPL-2.0
"""A linked image by source folder, and two images compared folder by folder.

A folder's bytes are its compile units' (the database's analysis_folders: code ranges, and
static variables by section class); what no unit accounts for (alignment padding, string
literals, assembly without DWARF, linker-made tables) is one more row, so that the folders add
up to size(1)'s text, data and bss exactly. A folder's symbol changes are bloat-o-meter's
(compare.bloat) over the symbols whose address lies in that folder's units
(symbols.folder_id), each side restricted alike. A struct's layout change belongs to the
folder of the file that declares it (struct_moves): a header's struct to the header's folder
(include/linux, arch/x86/include/asm), which then has a row of its own.
"""
import collections
import posixpath

from dataclasses import dataclass

from . import bloat

OUTSIDE = "(outside any compile unit)"
UNDECLARED = "(declaring file not recorded)"


@dataclass
class FolderBytes:
    """One folder's bytes in size(1)'s buckets (text: code plus read-only variables)."""
    folder: str
    units: int
    text: int
    data: int
    bss: int

    @property
    def total(self):
        return self.text + self.data + self.bss


def rollup(rows, size):
    """[FolderBytes] of (folder, units, code, data, rodata, bss) rows (query.folders_of), then
    the OUTSIDE row: `size` (text, data, bss) less the folders' sums."""
    out = [FolderBytes(f, units, code + rodata, data, bss)
           for f, units, code, data, rodata, bss in rows]
    rest = [size[0] - sum(f.text for f in out), size[1] - sum(f.data for f in out),
            size[2] - sum(f.bss for f in out)]
    out.append(FolderBytes(OUTSIDE, 0, *rest))
    return out


def split(symbols, folders):
    """{folder (OUTSIDE for none): [symbol rows]} of symbols (query.symbols rows) and their
    folders (query.symbol_folders, in the same order)."""
    out = {}
    for row, f in zip(symbols, folders):
        out.setdefault(f or OUTSIDE, []).append(row)
    return out


def tables(old_symbols, old_folders, new_symbols, new_folders):
    """{folder: bloat.Table} of every folder whose symbols moved (bloat-o-meter's default
    table over that folder's symbols on each side)."""
    old, new = split(old_symbols, old_folders), split(new_symbols, new_folders)
    out = {}
    for f in sorted(set(old) | set(new)):
        t = bloat.tables(old.get(f, []), new.get(f, []))[0]
        if t.rows or t.add or t.remove:
            out[f] = t
    return out


def decl_folder(decl_file):
    """The folder a struct declared in decl_file belongs to: the file's directory ('.' at the
    top of the tree), UNDECLARED when the file is not recorded."""
    if not decl_file:
        return UNDECLARED
    return posixpath.dirname(decl_file) or "."


def size_delta(change):
    """A compare.diff StructChange's size change (a missing side counts 0)."""
    return (change.new["size"] if change.new else 0) - (change.old["size"] if change.old else 0)


def struct_moves(changes):
    """{folder: [StructChange]} of compare.diff StructChanges by their declaring file's folder,
    each folder's largest size change first (then name)."""
    out = collections.defaultdict(list)
    for c in changes:
        out[decl_folder(c.decl_file)].append(c)
    for v in out.values():
        v.sort(key=lambda c: (-abs(size_delta(c)), c.name, c.kind))
    return dict(out)
