# SPDX-License-Identifier: GPL-2.0
"""Parse the generated site: links, images, ids, tags and attributes of every page and SVG."""
import os
import re
import urllib.parse
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

XLINK = "{http://www.w3.org/1999/xlink}href"
SVG = "{http://www.w3.org/2000/svg}"


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []          # (tag, attrs dict)
        self.ids = set()
        self.text = []

    def handle_starttag(self, tag, attrs):
        d = dict(attrs)
        self.tags.append((tag, d))
        if "id" in d:
            self.ids.add(d["id"])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_data(self, data):
        self.text.append(data)


def parse(path):
    p = Page()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    p.close()
    return p


def links(page):
    """(attribute, url) of every href and src."""
    for tag, attrs in page.tags:
        for a in ("href", "src"):
            if a in attrs:
                yield tag, a, attrs[a]


def resolve(out, page_rel, url):
    """(absolute file path, fragment) of a relative URL, or None for data: URLs."""
    if url.startswith("data:"):
        return None
    parts = urllib.parse.urlsplit(url)
    assert not parts.scheme and not parts.netloc, "absolute URL %r in %s" % (url, page_rel)
    path = urllib.parse.unquote(parts.path)
    target = os.path.normpath(os.path.join(out, os.path.dirname(page_rel), path)) if path \
        else os.path.join(out, page_rel)
    assert os.path.commonpath([target, out]) == out, "%r leaves the site (%s)" % (url, page_rel)
    return target, parts.fragment


def svg(path):
    """The parsed SVG root (raises on malformed XML)."""
    return ET.parse(path).getroot()


def svg_links(root):
    """Links out of an SVG (not its internal #references to glyphs and markers)."""
    for el in root.iter():
        url = el.attrib.get(XLINK) or el.attrib.get("href")
        if url and not url.startswith("#"):
            yield url


ON_ATTR = re.compile(r"^on", re.I)
