# SPDX-License-Identifier: GPL-2.0
"""Two sets of recorded objects compared: objects, symbols (bloat-o-meter), structs, CONFIG.

The one comparison behind `bloatwatch diff` and the report's diff pages. Objects are paired
by a key (their coordinate, less what both sides fix); an object changed when its loaded
bytes did: sizes, loaded sections, symbols or struct layouts. Debug-only sections do not
count, so one source built in two folders (whose DWARF names different paths) is unchanged.
Symbol tables, struct layouts and CONFIG values of the pairs that changed are compared, and
equal findings are listed once with every key they hold for.
"""
import collections
from dataclasses import dataclass, field

from . import bloat, structs


@dataclass
class ObjectChange:
    key: tuple
    old: object     # an object (analysis_id, config_id, text, data, bss, total), or None
    new: object

    def delta(self, f):
        return (getattr(self.new, f) if self.new else 0) - (getattr(self.old, f) if self.old else 0)


@dataclass
class SymbolBlock:
    """bloat-o-meter's report, shared by every key whose symbols moved the same way."""
    keys: list
    table: object           # bloat.Table
    lines: list
    more: int               # rows left out by a top-N cut

    @property
    def net(self):
        return self.table.net


@dataclass
class StructChange:
    name: str
    kind: str
    old: dict               # layout row | None
    new: dict
    members: list           # [(how, member)]
    keys: list = field(default_factory=list)
    decl_file: str = None   # where it is declared (None: not recorded)
    shared_name: bool = False   # its name is declared in another file too (either side)

    def title(self):
        """'struct foo', with its declaring file when the name alone does not tell which."""
        t = "%s %s" % (self.kind, self.name)
        return t + " (%s)" % self.decl_file if self.shared_name and self.decl_file else t


@dataclass
class Diff:
    compared: int           # keys on either side
    objects: list           # [ObjectChange] that differ, largest change first
    total_old: int
    total_new: int
    symbols: list           # [SymbolBlock]
    structs: list           # [StructChange]
    config: list            # [(option, old, new, [where])]


def compute(old, new, source, top=None, where=lambda key: key):
    """Diff of {key: object} maps. `source` answers symbols_of(analysis_id) (nm rows),
    structs_of(analysis_id) ({(name, kind, decl_file): layout row}), members_of(layout_ids) and
    config_of(config_id) (query.History does, and the report's Data); `top` cuts symbol
    tables to their largest moves; where(key) names the build of a key in CONFIG findings."""
    keys = sorted(set(old) | set(new), key=_sortable)
    changes = [ObjectChange(k, old.get(k), new.get(k)) for k in keys
               if k not in old or k not in new or not same_bytes(old[k], new[k], source)]
    changes.sort(key=lambda c: (-abs(c.delta("total")), _sortable(c.key)))
    both = [c for c in changes if c.old and c.new]
    paired = [k for k in keys if k in old and k in new]
    return Diff(len(keys), changes, sum(o.total for o in old.values()),
                sum(o.total for o in new.values()), symbol_blocks(both, source, top),
                struct_changes(both, source), config_changes(paired, old, new, source, where))


def same_bytes(a, b, source):
    """Are two recorded objects the same but for what is not loaded (debug info, comments)?
    A source without sections_of() compares analyses whole."""
    if a.analysis_id == b.analysis_id:
        return True
    if not hasattr(source, "sections_of") or (a.text, a.data, a.bss) != (b.text, b.data, b.bss):
        return False

    def loaded(aid):
        return [s for s in source.sections_of(aid) if s[2] != "other"]
    if loaded(a.analysis_id) != loaded(b.analysis_id) or \
            source.symbols_of(a.analysis_id) != source.symbols_of(b.analysis_id):
        return False
    pairs = paired(source.structs_of(a.analysis_id), source.structs_of(b.analysis_id))
    if any(x is None or y is None for _, x, y in pairs):
        return False
    differ = [(x, y) for _, x, y in pairs if x["layout_id"] != y["layout_id"]]
    if not differ:
        return True
    m = source.members_of([x["layout_id"] for pair in differ for x in pair])
    return not any(structs.layout_changed(x, y, m[x["layout_id"]], m[y["layout_id"]])
                   for x, y in differ)


def _sortable(k):
    return tuple("" if x is None else x for x in k) if isinstance(k, tuple) else k


def symbol_blocks(both, source, top=None):
    """[SymbolBlock] of the changed pairs whose symbols moved, biggest net change first."""
    pairs = collections.defaultdict(list)
    for c in sorted(both, key=lambda c: _sortable(c.key)):  # a shared block is its first key's
        pairs[(c.old.analysis_id, c.new.analysis_id)].append(c.key)
    blocks = {}
    for (a, b), keys in pairs.items():
        table = bloat.tables(source.symbols_of(a), source.symbols_of(b))[0]
        if not (table.rows or table.add or table.remove):
            continue        # only sections or structs changed
        moves = (tuple(table.rows), table.add, table.remove)
        if moves in blocks:  # equal moves in other objects: one block (old/new of its first)
            blocks[moves].keys.extend(keys)
            continue
        lines, more = bloat.lines(table, top)
        blocks[moves] = SymbolBlock(list(keys), table, lines, more)
    out = list(blocks.values())
    for b in out:
        b.keys.sort(key=_sortable)
    out.sort(key=lambda b: (-abs(b.net), _sortable(b.keys[0])))
    return out


def paired(lo, ln):
    """[(key, old row or None, new row or None)] of two analyses' structs ({(name, kind,
    decl_file): layout row}), sorted by key.  A struct is its name, kind and declaring file
    (docs/structs.md); a name declared in one file on each side is one struct wherever it is
    declared (moved to another header, or recorded without its file before schema version
    15), keyed by the new side's file."""
    common = set(lo) & set(ln)
    matched = {k[:2] for k in common}
    out = [(k, lo[k], ln[k]) for k in common]
    rest = collections.defaultdict(lambda: ([], []))
    for side, rows in ((0, lo), (1, ln)):
        for k in rows:
            if k not in common:
                rest[k[:2]][side].append(k)
    for a, b in rest.values():
        if len(a) == 1 and len(b) == 1 and a[0][:2] not in matched:
            out.append((b[0] if b[0][2] is not None else a[0], lo[a[0]], ln[b[0]]))
            continue
        out += [(k, lo[k], None) for k in a] + [(k, None, ln[k]) for k in b]
    return sorted(out, key=lambda x: _sortable(x[0]))


def struct_changes(both, source):
    """[StructChange] of layouts that differ between the pairs, each distinct change once."""
    groups = {}
    for c in sorted(both, key=lambda c: _sortable(c.key)):
        lo, ln = source.structs_of(c.old.analysis_id), source.structs_of(c.new.analysis_id)
        files = collections.defaultdict(set)   # the declaring files of each name
        for k in list(lo) + list(ln):
            files[k[:2]].add(k[2])
        for sk, a, b in paired(lo, ln):
            if a and b and a["layout_id"] == b["layout_id"]:
                continue
            gk = (sk, a["layout_id"] if a else None, b["layout_id"] if b else None)
            if gk not in groups:
                members = []
                if a and b:
                    m = source.members_of([a["layout_id"], b["layout_id"]])
                    if not structs.layout_changed(a, b, m[a["layout_id"]], m[b["layout_id"]]):
                        groups[gk] = None     # the same layout but for what a diff ignores
                        continue
                    members = structs.member_changes(m[a["layout_id"]], m[b["layout_id"]])
                groups[gk] = StructChange(sk[0], sk[1], a, b, members, decl_file=sk[2],
                                          shared_name=len(files[sk[:2]]) > 1)
            if groups[gk] is not None:
                groups[gk].keys.append(c.key)
    return sorted((g for g in groups.values() if g),
                  key=lambda s: (s.name, s.kind, s.decl_file or "", s.keys))


def config_changes(paired, old, new, source, where):
    """[(option, old value, new value, [where(key)])] of the CONFIG values that differ."""
    out = collections.defaultdict(set)
    for k in paired:
        ca, cb = old[k].config_id, new[k].config_id
        if ca == cb:
            continue
        a, b = source.config_of(ca), source.config_of(cb)
        for opt in set(a) | set(b):
            if a.get(opt) != b.get(opt):
                out[(opt, a.get(opt), b.get(opt))].add(where(k))
    return [(k[0], k[1], k[2], sorted(v)) for k, v in
            sorted(out.items(), key=lambda x: (x[0][0], str(x[0][1:])))]


def usage_changes(old_uses, new_uses):
    """(added, removed) (source, CONFIG) pairs between two commits' CONFIG usage."""
    return sorted(set(new_uses) - set(old_uses)), sorted(set(old_uses) - set(new_uses))
