# SPDX-License-Identifier: GPL-2.0
"""Driving a report's treemap in Chromium (a cdp.Browser): read what it shows, click a box as a
user does (mouse events at the box's centre), pick another build."""
import json
import time

FIGURES = """(function () {
  var f = document.querySelector('.treemap .tm-figures');
  var out = {name: f.dataset.name};
  f.querySelectorAll('.tm-fig').forEach(function (s) {
    out[s.dataset.field] = s.querySelector('.tm-figval').textContent; });
  return JSON.stringify(out); })()"""

BOXES = """JSON.stringify(Array.from(document.querySelectorAll('.treemap .tm-d1')).map(function (b) {
  var r = b.getBoundingClientRect();
  return {name: b.bwNode.n, zoom: b.classList.contains('tm-zoom'), cls: b.className,
          x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height,
          inner: Array.from(b.querySelectorAll('.tm-d2')).map(function (c) {
            return [c.bwNode.n, c.className]; })}; }))"""


def figures(browser):
    """{name, total/text/code/rodata/data/bss or up/down/net: the figures as printed}."""
    return json.loads(browser.evaluate(FIGURES))


def boxes(browser):
    """The boxes at the zoom level shown: name, whether a click zooms, centre, size, the boxes
    drawn inside it."""
    return json.loads(browser.evaluate(BOXES))


def crumbs(browser):
    return browser.evaluate("document.querySelector('.treemap .tm-crumbs').innerText")


def _mouse(browser, name, kinds):
    browser.evaluate("""Array.from(document.querySelectorAll('.treemap .tm-d1'))
      .find(function (b) { return b.bwNode.n === %s; }).scrollIntoView({block: 'center'})"""
                     % json.dumps(name))
    box = [b for b in boxes(browser) if b["name"] == name]
    assert box, "no box %r among %s" % (name, [b["name"] for b in boxes(browser)])
    for kind in kinds:
        browser.call("Input.dispatchMouseEvent", type=kind, x=box[0]["x"], y=box[0]["y"],
                     button="left" if kind != "mouseMoved" else "none", clickCount=1)


def click_box(browser, name):
    """Click the middle of the box named `name` (scrolled into view first); its figures."""
    _mouse(browser, name, ("mouseMoved", "mousePressed", "mouseReleased"))
    return figures(browser)


def hover(browser, name):
    """Move the mouse to the middle of the box named `name`; the tooltip's lines."""
    _mouse(browser, name, ("mouseMoved",))
    assert not browser.evaluate("document.querySelector('.treemap .tm-tip').hidden")
    return browser.evaluate("document.querySelector('.treemap .tm-tip').innerText").splitlines()


def pick_build(browser, name, timeout=10):
    """Choose a build in the overview's selector (its data script loads then); its figures."""
    ok = browser.evaluate("""(function () {
      var s = document.querySelector('.treemap .tm-select');
      var o = Array.from(s.options).find(function (o) { return o.text.indexOf(%s + ' (') === 0; });
      if (!o) return false;
      s.value = o.value; s.dispatchEvent(new Event('change')); return true; })()"""
                          % json.dumps(name))
    assert ok, "no build %r in the selector" % name
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        f = figures(browser)
        if f.get("name") == name:
            return f
        time.sleep(0.05)
    raise AssertionError("the treemap of %s did not load in %d s" % (name, timeout))
