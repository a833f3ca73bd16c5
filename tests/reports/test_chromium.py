# SPDX-License-Identifier: GPL-2.0
"""index.html and its pages render in headless Chromium from file:// without console errors,
and every plot is displayed (decoded with a size, laid out on the page)."""
import pytest

from conftest import url

IMAGES = """JSON.stringify(Array.from(document.images).map(i => ({src: i.getAttribute('src'),
  complete: i.complete, w: i.naturalWidth, h: i.naturalHeight,
  shown: i.getBoundingClientRect().width})))"""


def test_the_harness_sees_console_errors_and_broken_images(browser, tmp_path):
    page = tmp_path / "broken.html"
    page.write_text("<!DOCTYPE html><title>x</title><img src='missing.svg'>"
                    "<script>console.error('planted error')</script>")
    errors = browser.load("file://%s" % page)
    assert any("planted error" in e for e in errors), errors
    assert any("missing.svg" in e or "ERR_FILE_NOT_FOUND" in e for e in errors), errors
    import json
    imgs = json.loads(browser.evaluate(IMAGES))
    assert imgs[0]["w"] == 0


@pytest.mark.parametrize("rel", ["index.html", "history.html", "config.html", "structs/rcutree.o.html", "structs.html",
                                 "obj/rcutiny.o.html", "config-values.html",
                                 "coord/i386-gcc.html"])
def test_page_loads_without_errors_and_plots_are_displayed(browser, fx, rel):
    import json
    errors = browser.load(url(fx, rel))
    assert errors == [], errors
    imgs = json.loads(browser.evaluate(IMAGES))
    if rel in ("index.html", "history.html"):     # config.html plots a sweep (test_configpage)
        assert imgs, "no plot on %s" % rel
    for i in imgs:
        assert i["complete"] and i["w"] > 100 and i["h"] > 100, i
        assert i["shown"] > 100, i
    assert browser.evaluate("document.styleSheets.length") == 1
    assert browser.evaluate("getComputedStyle(document.querySelector('main')).maxWidth") != "none"


def test_diff_page_loads(browser, fx):
    errors = browser.load(url(fx, "diff/%s.html" % fx.commits[3]["sha"][:12]))
    assert errors == []
    assert "add/remove:" in browser.evaluate("document.body.innerText")
