# SPDX-License-Identifier: GPL-2.0
"""Struct layouts compared: whether a layout changed and which members did, with the meaning
the analyzer's `diff --structs` gives them (analyzer/structdiff.c).

A member changed when it is new (+), gone (-), or present on both sides with another offset,
size, bit-field position or type (~); a member is looked up by name (the first of that name).
A layout changed when its size, holes, hole bytes, padding, bit holes or member count differ,
or any member changed.
"""

GEOMETRY = ("size", "holes", "hole_bytes", "padding", "bit_holes")


def _placement(m):
    return (m["byte_offset"], m["size"], m.get("bit_size", 0), m.get("bit_offset", 0), m["type"])


def member_changes(old, new):
    """[(how, name)] for member rows (dicts: member, type, byte_offset, size, bit_size,
    bit_offset) in declaration order: '+'/'~' in the new order, then '-' in the old."""
    first_old, first_new = {}, {}
    for m in old:
        first_old.setdefault(m["member"], m)
    for m in new:
        first_new.setdefault(m["member"], m)
    out = []
    for m in new:
        o = first_old.get(m["member"])
        if o is None:
            out.append(("+", m["member"]))
        elif _placement(o) != _placement(m):
            out.append(("~", m["member"]))
    out += [("-", m["member"]) for m in old if m["member"] not in first_new]
    return out


def layout_changed(old, new, old_members, new_members):
    """Whether two layouts of one struct differ (rows with GEOMETRY fields, and their members)."""
    if any(old.get(f, 0) != new.get(f, 0) for f in GEOMETRY):
        return True
    return len(old_members) != len(new_members) or bool(member_changes(old_members, new_members))


def describe(changes):
    """'~blimit +extra -gone', as the analyzer prints them."""
    return " ".join(how + (name or "(anonymous)") for how, name in changes)
