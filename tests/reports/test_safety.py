# SPDX-License-Identifier: GPL-2.0
"""Names from binaries cannot inject markup: planted hostile names come out escaped everywhere."""
import os
import re

import fixture
import htmlcheck

HOSTILE = [fixture.HOSTILE_SYMBOL, fixture.HOSTILE_STRUCT, fixture.HOSTILE_MEMBER,
           fixture.HOSTILE_TYPE, fixture.HOSTILE_SECTION, fixture.HOSTILE_OBJECT,
           fixture.HOSTILE_ARCH, fixture.HOSTILE_SUBJECT]
ALLOWED_TAGS = {"html", "head", "meta", "title", "link", "body", "header", "nav", "a", "span", "main",
                "footer", "h1", "h2", "h3", "h4", "p", "section", "table", "caption", "thead", "tbody",
                "tr", "th", "td", "div", "figure", "img", "figcaption", "ul", "li", "details",
                "summary", "pre",
                # the treemaps: a build selector and the site's own scripts (src only)
                "label", "select", "optgroup", "option", "noscript", "script"}
SCRIPTS = ("js/", "treemap/")


def test_hostile_names_are_escaped_in_every_page(hostile):
    seen = set()
    for rel in hostile.files(".html"):
        raw = hostile.read(rel)
        for name in HOSTILE:
            assert name not in raw, "%s: %r appears unescaped" % (rel, name)
        page = htmlcheck.parse(os.path.join(hostile.out, rel))
        for tag, attrs in page.tags:
            assert tag in ALLOWED_TAGS, "%s: unexpected <%s>" % (rel, tag)
            for a in attrs:
                assert not htmlcheck.ON_ATTR.match(a), "%s: <%s %s=...>" % (rel, tag, a)
            for a in ("href", "src", "data-src"):
                if a in attrs:
                    assert not attrs[a].lower().startswith(("javascript:", "http", "//")), attrs[a]
            if tag == "script":
                src = os.path.normpath(os.path.join(os.path.dirname(rel), attrs.get("src", "")))
                assert src.startswith(SCRIPTS) and src.endswith(".js"), (rel, attrs)
        # No inline script: every <script> element is empty, its code in the site's files.
        assert not re.search(r"<script[^>]*>[^<]", raw), rel
        text = "".join(page.text)
        for name in HOSTILE:
            if name in text:           # the parser decoded the escaped text back to the name
                seen.add(name)
    # Every planted name reached some page as text (so escaping, not dropping, kept it safe).
    assert seen == set(HOSTILE), set(HOSTILE) - seen


def test_hostile_names_are_escaped_in_titles_and_attributes(hostile):
    coord = [r for r in hostile.files(".html") if r.startswith("coord/x86_svg") and "-gcc-" in r]
    assert coord, "the hostile arch has a page with a safe file name"
    page = hostile.read(coord[0])
    assert "<title>x86&lt;svg onload=alert(1)&gt;/gcc - Bloatwatch</title>" in page
    from bloatwatch.report.output import slug
    structs = hostile.read("structs/%s.html" % slug(fixture.HOSTILE_OBJECT))
    assert 'title="&lt;img src=x onerror=alert(1)&gt; &#34; onmouseover=&#34;alert(1): offset 0' in structs


def test_hostile_names_are_escaped_in_svg(hostile):
    found = False
    for rel in hostile.files(".svg"):
        raw = hostile.read(rel)
        assert fixture.HOSTILE_ARCH not in raw
        root = htmlcheck.svg(os.path.join(hostile.out, rel))   # well-formed XML
        for el in root.iter():
            assert not el.tag.endswith("script") and not el.tag.endswith("foreignObject")
            for a in el.attrib:
                assert not htmlcheck.ON_ATTR.match(a.split("}")[-1]), (rel, el.tag, a)
            if el.text and fixture.HOSTILE_ARCH in el.text:
                found = True
    assert found, "the hostile arch name is drawn as text in some plot"


def test_every_output_file_name_is_safe(hostile):
    for dirpath, _, names in os.walk(hostile.out):
        for n in names:
            rel = os.path.relpath(os.path.join(dirpath, n), hostile.out)
            assert re.fullmatch(r"[A-Za-z0-9_./-]+", rel) and ".." not in rel, rel
