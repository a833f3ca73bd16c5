# SPDX-License-Identifier: GPL-2.0
"""The config page on a Kbuild sweep: `bloatwatch configcost --report` on Linux 6.1
tinyconfig, kernel/rcu/, x86_64. Its byte figures are binutils `size` of the base's and each
flip's objects, its symbol reports are the kernel's scripts/bloat-o-meter on each pair, what
Kconfig changed is the two .config files' difference, and a refused flip is shown with its
reason. Builds are shared with test_configcost.py ($BW_CACHE/configcost)."""
import json
import os
import re

from tests.htmltables import read_page, rows_by
import pages
from conftest import bw, git, scratch_repo, size_of

OPTIONS = ["CONFIG_PRINTK", "PREEMPT", "RCU_EXPERT", "RCU_TRACE", "SMP", "HOTPLUG_CPU"]


def test_config_page_on_kernel_rcu(tmp_path, rcu_x86_64, analyzer):
    repo = scratch_repo(tmp_path / "tree", links={"tiny": rcu_x86_64})
    bw("init", "--label", "tinyconfig", cwd=repo)
    git(repo, "add", "bloatwatch.toml")
    git(repo, "commit", "-q", "-m", "toml")
    out = tmp_path / "site"
    bw("configcost", *OPTIONS, "--report", out, cwd=repo)
    doc = json.load(open(os.path.join(repo, "bloatwatch-configcost.json")))
    coords = {c["config"]: c for c in doc["coordinates"]}
    base = coords["tinyconfig"]
    page = read_page(out / "config.html")
    script = os.path.join(os.path.realpath(os.path.join(rcu_x86_64, "source")), "scripts",
                          "bloat-o-meter")

    def sizes(c):
        t = [0, 0, 0]
        for o in c["objects"]:
            for i, v in enumerate(size_of(o["path"])[0][:3]):
                t[i] += v
        return t

    bsize = sizes(base)
    checked = 0
    base_paths = {o["object"]: o["path"] for o in base["objects"]}
    pages.prefetch(script, [(base_paths[o["object"]], o["path"]) for c in coords.values()
                            if c["kind"] != "base" for o in c["objects"]
                            if o["object"] in base_paths], tmp_path)
    for label, c in coords.items():
        if c["kind"] == "base":
            continue
        short = c["option"][len("CONFIG_"):]
        anchor = "c-%s-tinyconfig-t" % short.lower()
        assert anchor in page.tables, (label, sorted(page.tables))
        row = rows_by(page.tables[anchor])[("x86_64", "gcc")]
        fsize = sizes(c)
        sign = -1 if c["flip"][c["option"]] == "n" else 1
        want = [sign * (f - b) for f, b in zip(fsize, bsize)]
        got = [int(row[k]) for k in ("text", "data", "bss", "total")]
        assert got == want + [sum(want)], (label, got, want)
        assert (int(row["base total"]), int(row["flip total"])) == (sum(bsize), sum(fsize))
        # What Kconfig changed with it: the two resolved .config files' difference.
        implied = c["implied"]
        shown = row["Kconfig also set"]
        for k, v in implied.items():
            assert "%s=%s" % (k[len("CONFIG_"):], "unset" if v is None else v) in shown, (label, k)
        assert (shown == "-") == (not implied)
        # The symbols: scripts/bloat-o-meter of every object the two builds share.
        pres = page.pres.get("c-%s-tinyconfig" % short.lower(), [])
        base_paths = {o["object"]: o["path"] for o in base["objects"]}
        for o in c["objects"]:
            if o["object"] not in base_paths:
                continue
            want = pages.bloat_o_meter_text(script, base_paths[o["object"]], o["path"])
            if want.startswith("add/remove: 0/0 grow/shrink: 0/0"):
                continue
            assert want.rstrip("\n") in [p.rstrip("\n") for p in pres], (label, o["object"])
            checked += 1
    assert checked >= 3
    # SMP swaps Tiny RCU's objects for Tree RCU's: shown as the swap it is.
    text = " ".join(page.text)
    assert re.search(r"SMP on tinyconfig: variant swap [^>]*kernel/rcu/tiny\.o -> [^:]*"
                     r"kernel/rcu/tree\.o", text)
    # HOTPLUG_CPU needs SMP: refused, with Kconfig's reason, not "not measured".
    assert re.search(r"Kconfig refused it on tinyconfig: .*depends on", text)
    assert "not measured" not in text
