# SPDX-License-Identifier: GPL-2.0
"""Write every output: footprint.txt and footprint.md, then the HTML site and its plots."""
from . import layout, spec
from ..render import text
from .data import Data
from .output import Tree

TITLE = "Bloatwatch: memory footprint"


def text_sections(data):
    return [(s.title, s.build(data)) for s in layout.layout(data.spec)]


def generate(history, out, head=None, noise=(8, 0.5), html=True, project=None,
             sweep_pending=False):
    """Write the reports under `out` as `project` (bloatwatch.toml; default: this checkout's)
    declares them; [(kind, path)] of the entry points. sweep_pending: the CONFIG page says the
    sweep is still being built."""
    data = Data(history, spec.load(project), head)
    tree = Tree(out)
    sections = text_sections(data)
    intro = [("Bloatwatch footprint report", [layout.header(data)])]
    tree.write("summary.txt", text.document_text(sections[:1]))    # what `make report` prints
    paths = [("text", tree.write("footprint.txt", text.document_text(intro + sections))),
             ("markdown", tree.write("footprint.md", text.document_md(
                 TITLE, [("Commit", [layout.header(data)])] + sections)))]
    if html:
        from . import html as html_site
        paths.append(("html", html_site.write(tree, data, sections, noise, sweep_pending)))
    return paths
