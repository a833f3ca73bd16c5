# SPDX-License-Identifier: GPL-2.0
"""Struct layouts as drawable rows of bytes: members, holes, tail padding, cacheline boundaries,
and a member order that closes the holes.

The database keeps each layout's members (offset, size, bit-field position) and the
analyzer's reorganized size and saving (pahole's algorithm), but not the order it found.
reorganize() therefore proposes its own order: storage units sorted by alignment, largest
first.  Alignments are not recorded either, so each is bounded from what is: a power of two
no larger than the member's size, the ABI's largest alignment, the lowest set bit of its
offset and of the struct's size.  An over-estimate only wastes bytes, never yields a layout
a compiler could not produce; the page shows both sizes.
"""
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
    40 KB array of rcu_node draws in a few lines."""
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


def _pow2_floor(n):
    p = 1
    while p * 2 <= n:
        p *= 2
    return p


def _lowbit(n):
    return n & -n if n > 0 else 1 << 30


def max_align(bits, arches):
    """The largest scalar alignment the ABI uses inside structs (i386 aligns 8-byte members to 4)."""
    if bits == 64:
        return 8
    return 4 if arches and set(arches) <= {"i386"} else 8


def reorganize(kind, size, members, bits, arches=()):
    """(order of member names, their new Members, size) packing units by alignment, or None.

    Bit-fields stay in their storage unit; unions and overlapping layouts are left alone."""
    if kind == "union" or not members or size <= 0:
        return None
    units = {}
    for i, m in enumerate(members):
        if m.size <= 0:
            return None     # flexible array: must stay last
        units.setdefault((m.offset, m.size) if m.bit_size else ("m", i), []).append((i, m))
    spans = sorted((ms[0][1].offset, ms[0][1].offset + max(x.size for _, x in ms))
                   for ms in units.values())
    if any(a[1] > b[0] for a, b in zip(spans, spans[1:])):
        return None
    top = max_align(bits, arches)
    word = bits // 8 if bits else 4
    struct_cap = _lowbit(size)
    packed = []
    for key, ms in units.items():
        first = ms[0][1]
        usize = max(m.size for _, m in ms)
        if "*" in first.type or "(" in first.type:
            align = min(word, usize)
        else:
            align = min(_pow2_floor(usize), top)
        align = max(1, min(align, _lowbit(first.offset), struct_cap))
        packed.append((align, usize, ms[0][0], ms))
    packed.sort(key=lambda u: (-u[0], -u[1], u[2]))
    off, new, order, salign = 0, [], [], 1
    for align, usize, _, ms in packed:
        off = (off + align - 1) // align * align
        salign = max(salign, align)
        base = ms[0][1].offset
        for _, m in ms:
            new.append(Member(m.name, m.type, off + (m.offset - base), m.size, m.bit_size, m.bit_offset))
            order.append(m.name)
        off += usize
    new_size = (off + salign - 1) // salign * salign
    if new_size >= size:
        return None
    return order, new, new_size
