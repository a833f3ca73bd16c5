# SPDX-License-Identifier: GPL-2.0
"""Typed table cells that render themselves: Bytes, Delta, Ratio, Text, Clip.

A cell knows its plain text and its alignment; the HTML renderer adds `css` as a class and
`href` as a link (both built by the report, never taken from a binary).  No cell produces
markup: escaping is the renderer's job.
"""


class Cell:
    align = "l"
    css = ""

    def __init__(self, value, href=None, title=None):
        self.value = value
        self.href = href
        self.title = title

    def text(self):
        return "" if self.value is None else str(self.value)

    def __str__(self):
        return self.text()

    def __eq__(self, other):
        return type(self) is type(other) and self.value == other.value

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.value)


class Text(Cell):
    """Free text: a name, a file, a label."""


class Clip(Text):
    """Long free text (a commit subject, a symbol name): one line in HTML, cut with an
    ellipsis, the whole text in its title for hover; the text renderers print it whole."""
    css = "clip"

    def __init__(self, value, href=None, title=None):
        super().__init__(value, href, title if title is not None else
                         (None if value is None else str(value)))


class Strong(Text):
    """Text the article prints as a heading cell (an implementation name, a total label)."""
    css = "strong"


class Bytes(Cell):
    """A size in bytes, exactly as size(1) prints it (no separators, no units)."""
    align = "r"
    css = "num"

    def text(self):
        return "" if self.value is None else "%d" % self.value


class Delta(Cell):
    """A signed change in bytes; zero prints as 0."""
    align = "r"

    @property
    def css(self):
        if not self.value:
            return "num"
        return "num grow" if self.value > 0 else "num shrink"

    def text(self):
        if self.value is None:
            return ""
        return "%+d" % self.value if self.value else "0"


class Ratio(Cell):
    """ours / reference, e.g. 0.71x; None when the reference is missing or zero."""
    align = "r"
    css = "num"

    @classmethod
    def of(cls, num, den, **kw):
        return cls(num / den if num is not None and den else None, **kw)

    def text(self):
        return "" if self.value is None else "%.2fx" % self.value


class Percent(Cell):
    """A signed relative change, e.g. +1.25%."""
    align = "r"
    css = "num"

    @classmethod
    def change(cls, old, new, **kw):
        return cls(100.0 * (new - old) / old if old and new is not None else None, **kw)

    def text(self):
        if self.value is None:
            return ""
        return "%+.2f%%" % self.value if round(self.value, 2) else "0.00%"


def blank():
    return Text(None)
