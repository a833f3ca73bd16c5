# SPDX-License-Identifier: GPL-2.0
"""Stack frames compared: per function, frame and worst case before and after, and the lines
that say it ("helper_frame worst case +400: via helper_frame, frame +400").

Input is query.frames() rows of two build rows (None: the stack was not recorded there): a
worst case and its chain are the build's, across its objects.  A function is matched by its
normalized name; two functions of one name in one object (static functions of two units in a
linked image) are compared by their largest figures.  A worst case that moved names the
functions of its chain whose frames moved, in whichever object of the build they are
(frame_changes over the build's rows).
"""
from dataclasses import dataclass

from ..render.cells import Delta


@dataclass
class Move:
    """One function whose frame or worst case changed (or that came or went)."""
    function: str
    old: dict = None          # its frame row on each side; None: absent there
    new: dict = None

    @staticmethod
    def _get(row, key):
        return None if row is None else row[key]

    @property
    def frame_delta(self):
        a, b = self._get(self.old, "frame"), self._get(self.new, "frame")
        return (b or 0) - (a or 0)

    @property
    def worst_delta(self):
        a, b = self._get(self.old, "worst"), self._get(self.new, "worst")
        return None if a is None or b is None else b - a

    @property
    def size(self):
        """How much it moved, for sorting: the worst case's move when both have one."""
        w = self.worst_delta
        return abs(w) if w is not None else abs(self.frame_delta)


def by_function(rows):
    """{normalized name: the row with the largest frame and worst case} of one side."""
    out = {}
    for r in rows or ():
        old = out.get(r["function"])
        if old is None or (r["frame"] or 0, r["worst"] or 0) > (old["frame"] or 0, old["worst"] or 0):
            out[r["function"]] = r
    return out


def moves(old_rows, new_rows):
    """[Move] of the functions whose frame, kind, worst case or boundedness changed, largest
    move first; [] when either side's stack was not recorded."""
    if old_rows is None or new_rows is None:
        return []
    old, new = by_function(old_rows), by_function(new_rows)
    out = []
    for name in set(old) | set(new):
        a, b = old.get(name), new.get(name)
        keys = ("frame", "kind", "worst", "unbounded")
        if a is not None and b is not None and all(a[k] == b[k] for k in keys):
            continue
        out.append(Move(name, a, b))
    out.sort(key=lambda m: (-m.size, m.function))
    return out


def frame_changes(old_rows, new_rows):
    """{function: (old row, new row)} of the functions whose frame or kind changed between
    two sides, each side the rows of all objects of one build (by_function)."""
    old, new = by_function(old_rows), by_function(new_rows)
    return {n: (old[n], new[n]) for n in set(old) & set(new)
            if (old[n]["frame"], old[n]["kind"]) != (new[n]["frame"], new[n]["kind"])}


def grown_in_chain(m, changes):
    """[(function, old row, new row)] of the move's new chain whose frame changed (changes:
    frame_changes() of its build), the largest change first."""
    if not changes or m.new is None or not m.new.get("chain"):
        return []
    out = [(f,) + changes[f] for f in dict.fromkeys(m.new["chain"]) if f in changes]
    out.sort(key=lambda x: -abs((x[2]["frame"] or 0) - (x[1]["frame"] or 0)))
    return out


def cause(m, changes):
    """The function whose frame made the move: the function itself when its frame moved,
    else the chain's function whose frame moved most, else the function."""
    if m.old is None or m.new is None or m.frame_delta:
        return m.function
    grown = grown_in_chain(m, changes)
    return grown[0][0] if grown else m.function


def figure(row, key):
    """A frame or worst case as printed: bytes, '?' unknown, 'unbounded', '-' absent."""
    if row is None:
        return "-"
    if key == "worst" and row["unbounded"]:
        return "unbounded"
    v = row[key]
    if v is None:
        return "?" if key == "frame" else "-"
    return (">=%d" if row["kind"] == "fp" and key == "frame" else "%d") % v


def chain_text(row):
    """The worst-case chain as `a -> b -> c`, '' when none is recorded."""
    return " -> ".join(row["chain"]) if row and row.get("chain") else ""


def line(m, changes=None):
    """One line per move: worst case first when both sides have one (with the frames of its
    chain that moved, changes: frame_changes() of the build), then the function's frame."""
    if m.old is None:
        return "%s added: frame %s%s" % (m.function, figure(m.new, "frame"), _worst_tail(m.new))
    if m.new is None:
        return "%s removed: frame %s was" % (m.function, figure(m.old, "frame"))
    parts = []
    if m.worst_delta is not None and m.worst_delta:
        via = m.new["chain"][1] if m.new["chain"] and len(m.new["chain"]) > 1 else None
        parts.append("worst case %s%s" % (Delta(m.worst_delta).text(), ": via %s" % via if via else ""))
        others = [g for g in grown_in_chain(m, changes) if g[0] != m.function]
        if others:
            parts.append("in its chain %s" % ", ".join(
                "%s frame %s (%s -> %s)" % (f, Delta((b["frame"] or 0) - (a["frame"] or 0)).text(),
                                            figure(a, "frame"), figure(b, "frame"))
                for f, a, b in others))
    elif (m.old["unbounded"] is None) != (m.new["unbounded"] is None):
        parts.append("worst case %s -> %s" % (figure(m.old, "worst"), figure(m.new, "worst")))
    fd = m.frame_delta
    if fd or m.old["kind"] != m.new["kind"]:
        parts.append("frame %s (%s -> %s)" % (Delta(fd).text(), figure(m.old, "frame"),
                                              figure(m.new, "frame")))
    return "%s %s" % (m.function, ", ".join(parts))


def _worst_tail(row):
    w = figure(row, "worst")
    return "" if w == "-" else ", worst case %s" % w


def over(rows, field, limit):
    """The functions of one side above a maximum stack: [(row, why)], largest first; with
    field 'worst' an unbounded function is over any maximum, and a function without a worst
    case is held to its frame."""
    out = []
    for r in rows or ():
        if field == "worst" and r["unbounded"]:
            out.append((r, "unbounded: %s" % r["unbounded"]))
            continue
        v = r["worst"] if field == "worst" and r["worst"] is not None else r["frame"]
        what = "worst case" if field == "worst" and r["worst"] is not None else "frame"
        if v is not None and v > limit:
            out.append((r, "%s %d > max %d" % (what, v, limit)))
    out.sort(key=lambda x: (-(x[0]["worst"] or x[0]["frame"] or 0), x[0]["function"]))
    return out
