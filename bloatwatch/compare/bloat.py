# SPDX-License-Identifier: GPL-2.0
"""bloat-o-meter: the kernel's scripts/bloat-o-meter, byte for byte, over recorded symbol tables.

The script reads `nm --size-sort`; the analyzer records exactly that list (name, nm letter,
size), so the same rules apply to the database's rows: keep the letters of the table, drop
generated symbols and names with a colon, strip every `.NUMBER`, sum sizes by the result.
A name present on one side only is added or removed whatever its size (zero included); the
rows are sorted by (delta, name) and reversed, so equal deltas list names in descending order.
C++ and Rust names take part raw, as the script reads them; a row only shows a name as nm -C
spells it (with the script's .NUMBER rule applied to that spelling) when the rows carry it.
"""
import re
from dataclasses import dataclass, field

NUMBER = re.compile(r"\.[0-9]+")
SKIP_PREFIXES = ("__mod_", "__se_sys", "__se_compat_sys", "__addressable_")
SKIP_NAMES = ("linux_banner", "vermagic")

# The script's options: one table (default, -d, -t) or three (-c), each (title, nm letters).
TABLES = {
    "default": (("Function", "tTdDbBrR"),),
    "c": (("Function", "tT"), ("Data", "dDbB"), ("RO Data", "rR")),
    "d": (("Data", "dDbBrR"),),
    "t": (("Function", "tT"),),
}


def sizes(symbols, letters):
    """{name: bytes} of (raw name, nm letter, size[, demangled]) rows, as the script's
    getsizes() sums them."""
    out = {}
    for name, letter, size, *_ in symbols:
        # The script splits an nm line on whitespace and skips any line with a colon.
        if ":" in name or not letter or letter not in letters:
            continue
        if name.startswith(SKIP_PREFIXES) or name in SKIP_NAMES:
            continue
        name = NUMBER.sub("", name)
        out[name] = out.get(name, 0) + size
    return out


def shown(symbols):
    """{script name: how it reads} of (raw name, letter, size, demangled) rows whose name is
    mangled: the demangled spelling under the script's .NUMBER rule (`foo(int) [clone
    .isra]` for _Z3fooi.isra.0, as for _Z3fooi.isra.1)."""
    return {NUMBER.sub("", r[0]): NUMBER.sub("", r[3]) for r in symbols if len(r) > 3 and r[3]}


@dataclass
class Table:
    """One compared table: counts, the rows that moved, the totals."""
    title: str
    old: dict
    new: dict
    add: int = 0
    remove: int = 0
    grow: int = 0
    shrink: int = 0
    up: int = 0
    down: int = 0                     # bytes lost, as a positive number (printed negated)
    rows: list = field(default_factory=list)   # (delta, name), delta != 0, in output order
    names: dict = field(default_factory=dict)  # name -> how it reads (mangled names only)

    def show(self, name):
        return self.names.get(name, name)

    @property
    def net(self):
        return self.up - self.down

    @property
    def total_old(self):
        return sum(self.old.values())

    @property
    def total_new(self):
        return sum(self.new.values())


def compare(old, new, title="Function"):
    """The script's calc() over two {name: bytes} maps."""
    t = Table(title, old, new)
    moves = []
    for name, size in old.items():
        if name not in new:
            t.remove += 1
            t.down += size
            moves.append((-size, name))
    for name, size in new.items():
        if name not in old:
            t.add += 1
            t.up += size
            moves.append((size, name))
        else:
            d = size - old[name]
            if d > 0:
                t.grow += 1
                t.up += d
            elif d < 0:
                t.shrink += 1
                t.down -= d
            moves.append((d, name))
    # Names are distinct, so sort-then-reverse is a descending sort of (delta, name).
    moves.sort(reverse=True)
    t.rows = [m for m in moves if m[0]]
    return t


def tables(old_symbols, new_symbols, mode="default"):
    """[Table] of two symbol lists ((raw name, nm letter, size) rows) for a script option."""
    if mode not in TABLES:
        raise ValueError("bloat-o-meter mode %r (want one of %s)" % (mode, ", ".join(TABLES)))
    old_symbols, new_symbols = list(old_symbols), list(new_symbols)
    names = {**shown(old_symbols), **shown(new_symbols)}
    out = [compare(sizes(old_symbols, letters), sizes(new_symbols, letters), title)
           for title, letters in TABLES[mode]]
    for t in out:
        t.names = names
    return out


def lines(table, top=None):
    """The script's printout of one table: (lines, rows left out). Rows keep the script's
    order (of the raw names); each name reads as the table shows it.

    With `top`, only the `top` largest moves are listed (in the script's order) and the
    second value counts the rows cut; without it the lines are the script's exactly."""
    rows, more = table.rows, 0
    if top is not None and len(rows) > top:
        keep = set(sorted(rows, key=lambda m: (-abs(m[0]), m[1]))[:top])
        more = len(rows) - top
        rows = [m for m in rows if m in keep]
    out = ["add/remove: %s/%s grow/shrink: %s/%s up/down: %s/%s (%s)"
           % (table.add, table.remove, table.grow, table.shrink, table.up, -table.down,
              table.net),
           "%-40s %7s %7s %+7s" % (table.title, "old", "new", "delta")]
    for d, name in rows:
        out.append("%-40s %7s %7s %+7d" % (table.show(name), table.old.get(name, "-"),
                                           table.new.get(name, "-"), d))
    otot, ntot = table.total_old, table.total_new
    percent = (ntot - otot) * 100.0 / otot if otot else 0
    out.append("Total: Before=%d, After=%d, chg %+.2f%%" % (otot, ntot, percent))
    return out, more


def report(old_symbols, new_symbols, mode="default"):
    """What `scripts/bloat-o-meter [-c|-d|-t] OLD NEW` prints for these symbol lists (raw
    names, as the script reads them)."""
    old_symbols = [r[:3] for r in old_symbols]
    new_symbols = [r[:3] for r in new_symbols]
    return "".join("\n".join(lines(t)[0]) + "\n" for t in tables(old_symbols, new_symbols, mode))
