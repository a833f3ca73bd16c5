# SPDX-License-Identifier: GPL-2.0
"""Reading a TOML file (bloatwatch.toml, budget files) with errors that name it and the line.

tomllib gives no positions, so a key's line is found again in the text: the section header
that opens its table (counting `[[array]]` entries), then the first `key =` after it.
"""
import re
import tomllib

from .errors import BwError


class TomlFile:
    """A parsed file that can say on which line a key stands."""

    def __init__(self, path):
        self.path = path
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError as e:
            raise BwError("%s: %s" % (path, e.strerror))
        try:
            self.data = tomllib.loads(raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise BwError("%s: not UTF-8 (%s)" % (path, e))
        except tomllib.TOMLDecodeError as e:
            m = re.search(r"\(at line (\d+), column \d+\)", str(e))
            line = m.group(1) if m else len(raw.splitlines()) if "end of document" in str(e) else 0
            where = "%s:%s" % (path, line) if line else path
            raise BwError("%s: bad TOML (%s)" % (where, re.sub(r"\s*\(at (line|end).*\)", "", str(e))))
        self.lines = raw.decode("utf-8").splitlines()

    def line(self, keys):
        """Line number (1-based) of keys, e.g. ("objects", 1, "arch"); 0 when not found."""
        keys = list(keys)
        for cut in range(len(keys), 0, -1):
            header = self._header(keys[:cut])
            if header is not None:
                break
        else:
            cut, header = 0, -1
        rest = [k for k in keys[cut:] if isinstance(k, str)]
        if not rest:
            return header + 1
        end = next((n for n, _, _ in self._headers() if n > header), len(self.lines))
        pat = re.compile(r"(^|[\s{,.])[\"']?%s[\"']?\s*=" % re.escape(rest[-1]))
        for n in range(header + 1, end):
            if pat.search(self.lines[n].split("#", 1)[0]):
                return n + 1
        return header + 1

    def _headers(self):
        """[(line index, is [[array]], dotted name)] of every table header."""
        out = []
        for n, text in enumerate(self.lines):
            m = re.match(r"\s*(\[\[?)\s*([^\]]+?)\s*\]", text)
            if m:
                out.append((n, m.group(1) == "[[", m.group(2).replace(" ", "")))
        return out

    def _header(self, keys):
        """Line index of the header of table `keys` (a [section] or the n-th [[entry]] of an
        array, counted inside its parent entry), or None when it has none."""
        if not keys or isinstance(keys[0], int):
            return None
        heads, lo, hi, prefix = self._headers(), -1, len(self.lines), ""
        for i, k in enumerate(keys):
            if isinstance(k, str):
                prefix = k if not prefix else prefix + "." + k
                if i + 1 < len(keys) and isinstance(keys[i + 1], int):
                    continue
                hits = [n for n, arr, name in heads if lo < n < hi and not arr and name == prefix]
                if i + 1 == len(keys):
                    return hits[0] if hits else None
                continue
            entries = [n for n, arr, name in heads if lo < n < hi and arr and name == prefix]
            if k >= len(entries):
                return None
            lo = entries[k]
            hi = next((n for n, _, name in heads if n > lo and not name.startswith(prefix + ".")),
                      hi)
        return lo if lo >= 0 else None

    def error(self, keys, message):
        """A BwError 'FILE:LINE: message' for the key at keys."""
        n = self.line(keys)
        return BwError("%s%s: %s" % (self.path, ":%d" % n if n else "", message))


def load_toml(path):
    """The file as a dict; a missing, unreadable or malformed file is a BwError naming it."""
    return TomlFile(path).data
