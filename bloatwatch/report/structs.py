# SPDX-License-Identifier: GPL-2.0
"""Struct layouts as drawable rows of bytes: members, holes, tail padding, cacheline boundaries,
and a member order that closes the holes.

The database keeps each layout's members (offset, size, bit-field position) and the
analyzer's reorganized order, size and saving (pahole's --reorganize), but not the offsets
pahole gives the reordered members.  place() lays the members out in that order at the
alignment each must have; alignments are not recorded, so each is bounded from what is: the
lowest set bit of the member's (element) size, a type's size being a multiple of its
alignment, the ABI's largest alignment, the lowest set bit of its offset and of the struct's
size.  The page draws that layout only when it comes to pahole's size.  Layouts recorded
before the database kept the order (schema version 4) have none: reorganize() then proposes
the report's own, storage units sorted by alignment, largest first, labelled as such.
"""
import re
from dataclasses import dataclass, field

ROW_BYTES = 16
CACHELINE = 64


@dataclass
class Member:
    name: str
    type: str
    offset: int
    size: int
    bit_size: int = 0
    bit_offset: int = 0

    def describe(self):
        bits = " bits %d..%d" % (self.bit_offset, self.bit_offset + self.bit_size - 1) \
            if self.bit_size else ""
        return "%s %s: offset %d, size %d%s" % (self.type, self.name, self.offset, self.size, bits)


@dataclass
class Segment:
    start: int
    end: int
    kind: str               # member | hole | pad
    members: list = field(default_factory=list)

    @property
    def size(self):
        return self.end - self.start

    def label(self):
        if self.kind == "hole":
            return "hole %d" % self.size
        if self.kind == "pad":
            return "padding %d" % self.size
        return " / ".join(m.name + (":%d" % m.bit_size if m.bit_size else "") for m in self.members)

    def title(self):
        if self.kind != "member":
            return "%s: bytes %d..%d" % (self.label(), self.start, self.end - 1)
        return "; ".join(m.describe() for m in self.members)


@dataclass
class Piece:
    """The part of a segment that falls in one drawn row."""
    col: int
    span: int
    segment: Segment
    index: int              # segment number, for alternating colours
    first: bool             # the segment starts in this row (label it)


@dataclass
class Row:
    offset: int
    cacheline: int          # > 0 when a cacheline starts at this row
    pieces: list
    skipped: int = 0        # > 0: stands for this many rows inside one member (an array, say)
    skipped_lines: int = 0  # cacheline boundaries inside the skipped rows


def stored_order(rows):
    """Indexes of member rows in the analyzer's reorganized order, or None when the database
    has no order for the layout."""
    if not rows or any(r.get("reorg_seq") is None for r in rows):
        return None
    return sorted(range(len(rows)), key=lambda i: rows[i]["reorg_seq"])


def label(m):
    """A member's name, or what it is when it has none (an anonymous struct or union)."""
    return m.name or "(anonymous %s)" % m.type


def members_of(rows):
    return [Member(r["member"], r["type"], r["byte_offset"], r["size"], r["bit_size"] or 0,
                   r["bit_offset"] or 0) for r in rows]


def segments(size, members):
    """Maximal byte runs covered by the same members; uncovered runs are holes, or tail padding."""
    if size <= 0:
        return []
    spans = [(max(0, m.offset), min(size, m.offset + m.size), m) for m in members]
    spans = [(lo, hi, m) for lo, hi, m in spans if hi > lo]
    end = max([hi for _, hi, _ in spans], default=0)
    cuts = sorted({0, size, end} | {lo for lo, _, _ in spans} | {hi for _, hi, _ in spans})
    out = []
    for a, b in zip(cuts, cuts[1:]):
        cover = [m for lo, hi, m in spans if lo <= a and b <= hi]
        kind = "member" if cover else ("hole" if a < end else "pad")
        last = out[-1] if out else None
        if last and last.kind == kind and [id(m) for m in last.members] == [id(m) for m in cover]:
            last.end = b
        else:
            out.append(Segment(a, b, kind, cover))
    return out


def rows(size, members):
    """Drawing rows of ROW_BYTES bytes, each segment split at row boundaries."""
    segs = segments(size, members)
    out = []
    for r in range(0, size, ROW_BYTES):
        cl = r // CACHELINE if r and r % CACHELINE == 0 else 0
        out.append(Row(r, cl, []))
    for i, s in enumerate(segs):
        b = s.start
        while b < s.end:
            row = b // ROW_BYTES
            stop = min(s.end, (row + 1) * ROW_BYTES)
            out[row].pieces.append(Piece(b % ROW_BYTES, stop - b, s, i, b == s.start))
            b = stop
    return _collapse(out)


def _inner(row):
    """The segment a row lies wholly inside (not its first or last row), else None."""
    if len(row.pieces) != 1:
        return None
    p = row.pieces[0]
    if p.first or p.span != ROW_BYTES or p.segment.end <= row.offset + ROW_BYTES:
        return None
    return p.segment


def _collapse(rows, keep=2):
    """Rows inside one big member beyond the first `keep` become one elided row, so a
    40 KB array of structs draws in a few lines."""
    out, i = [], 0
    while i < len(rows):
        seg = _inner(rows[i])
        j = i
        while seg is not None and j < len(rows) and _inner(rows[j]) is seg:
            j += 1
        if j - i > keep + 1:
            out += rows[i:i + keep]
            hidden = rows[i + keep:j]
            out.append(Row(hidden[0].offset, 0, [], len(hidden), sum(1 for r in hidden if r.cacheline)))
            i = j
        else:
            out.append(rows[i])
            i += 1
    return out


def _element_size(type_, size):
    """Size of one element of an array type spelled `T [2][3]` (else the size itself): a
    type's size is a multiple of its alignment, so its lowest set bit bounds it."""
    count = 1
    for n in re.findall(r"\[(\d+)\]", type_[type_.rfind(")") + 1:]):
        count *= int(n)
    return size // count if count and size % count == 0 and size >= count else size


def _lowbit(n):
    return n & -n if n > 0 else 1 << 30


def max_align(bits, arches):
    """The largest scalar alignment the ABI uses inside structs (i386 aligns 8-byte members to 4)."""
    if bits == 64:
        return 8
    return 4 if arches and set(arches) <= {"i386"} else 8


def _units(size, members, bits, arches, empty_ok=False):
    """{unit key: (alignment, size, [(index, Member)])}: a bit-field storage unit or one
    member, in order of first member; None when the members cannot be moved (overlapping
    storage; a member of size 0 unless empty_ok: a flexible array must stay last)."""
    units = {}
    for i, m in enumerate(members):
        if m.size <= 0 and not empty_ok:
            return None
        units.setdefault((m.offset, m.size) if m.bit_size else ("m", i), []).append((i, m))
    spans = sorted((ms[0][1].offset, ms[0][1].offset + max(x.size for _, x in ms))
                   for ms in units.values())
    if any(a[1] > b[0] for a, b in zip(spans, spans[1:])):
        return None
    top = max_align(bits, arches)
    word = bits // 8 if bits else 4
    struct_cap = _lowbit(size)
    out = {}
    for key, ms in units.items():
        first = ms[0][1]
        usize = max(m.size for _, m in ms)
        if "*" in first.type or "(" in first.type:
            align = min(word, usize)
        else:
            align = min(_lowbit(_element_size(first.type, usize)) if usize else 1, top)
        out[key] = (max(1, min(align, _lowbit(first.offset), struct_cap)), usize, ms)
    return out


def _pack(units):
    """(order of member names, their new Members, size) of units laid out in this order."""
    off, new, order, salign = 0, [], [], 1
    for align, usize, ms in units:
        off = (off + align - 1) // align * align
        salign = max(salign, align)
        base = ms[0][1].offset
        for _, m in ms:
            new.append(Member(m.name, m.type, off + (m.offset - base), m.size, m.bit_size, m.bit_offset))
            order.append(m.name)
        off += usize
    return order, new, (off + salign - 1) // salign * salign


def reorganize(kind, size, members, bits, arches=()):
    """(order of member names, their new Members, size) packing units by alignment, or None.

    Bit-fields stay in their storage unit; unions and overlapping layouts are left alone."""
    if kind == "union" or not members or size <= 0:
        return None
    units = _units(size, members, bits, arches)
    if units is None:
        return None
    packed = sorted(units.values(), key=lambda u: (-u[0], -u[1], u[2][0][0]))
    order, new, new_size = _pack(packed)
    if new_size >= size:
        return None
    return order, new, new_size


def place(size, members, ordered, bits, arches=()):
    """(new Members, size) of `members` (declaration order) laid out in the order of
    `ordered` (the same Members, reordered), or None when that order splits a bit-field
    storage unit or the members cannot be moved.  Members of size 0 (an empty struct, a
    flexible array) go where the order puts them."""
    if not members or size <= 0:
        return None
    units = _units(size, members, bits, arches, empty_ok=True)
    if units is None:
        return None
    unit_of = {id(m): key for key, (_, _, ms) in units.items() for _, m in ms}
    keys = []
    for m in ordered:
        key = unit_of.get(id(m))
        if key is None:
            return None
        if not keys or keys[-1] != key:
            if key in keys:
                return None     # the order splits a storage unit
            keys.append(key)
    if len(keys) != len(units):
        return None
    # Inside a storage unit the bit-fields keep their bit positions.
    _, new, new_size = _pack([units[k] for k in keys])
    return new, new_size
