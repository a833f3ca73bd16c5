# SPDX-License-Identifier: GPL-2.0
"""configcost on Linux 6.1 tinyconfig, kernel/rcu/, x86_64: five one-option flips through the
kernel's scripts/config and olddefconfig, one that Kconfig refuses; the recorded figures are
`size` of the objects the flipped builds made, the diffs are scripts/bloat-o-meter's, and a
second sweep builds nothing. Builds are kept in $BW_CACHE/configcost."""
import json
import os
import re
import time

from tests.bwrun import sql
import pages
from conftest import bw, git, scratch_repo, size_of

OPTIONS = ["CONFIG_PRINTK", "PREEMPT", "RCU_EXPERT", "RCU_TRACE", "SMP", "HOTPLUG_CPU"]


def blocks(diff_text):
    """{object: [lines]} of the symbol blocks of `bloatwatch diff`."""
    out, name = {}, None
    for line in diff_text.splitlines():
        m = re.match(r"^== (\S+)( \(the same moves: (.*)\))? ==$", line)
        if m:
            name = m.group(1)
            out[name] = []
            for other in (m.group(3) or "").split(", "):
                if other:
                    out[other] = out[name]
        elif name and line:
            out[name].append(line)
        else:
            name = None
    return out


def test_configcost_on_kernel_rcu(tmp_path, rcu_x86_64, analyzer):
    repo = scratch_repo(tmp_path / "tree", links={"tiny": rcu_x86_64})
    bw("init", "--label", "tinyconfig", cwd=repo)
    git(repo, "add", "bloatwatch.toml")
    git(repo, "commit", "-q", "-m", "toml")
    start = time.monotonic()
    r = bw("configcost", *OPTIONS, cwd=repo)
    first = time.monotonic() - start
    # The flips build at the base's path (configcost's work folder), so ccache serves what they
    # share with it: objtool and every object the flip does not reach (in folders of their own,
    # about half of their compiles were misses). A cache that already held them builds nothing.
    rates = [int(m.group(1)) for m in re.finditer(
        r"^configcost: [1-9][0-9]*/[0-9]+ \S+: built in [0-9.]+ s "
        r"\([0-9]+ ccache hits, [0-9]+ misses \(([0-9]+)%\)\)", r.stderr, re.M)]
    assert all(rate >= 75 for rate in rates), r.stderr
    doc = json.load(open(os.path.join(repo, "bloatwatch-configcost.json")))
    assert doc["schema"] == "bloatwatch-manifest" and doc["version"] == 1
    coords = {c["config"]: c for c in doc["coordinates"]}
    assert sorted(coords) == ["tinyconfig", "tinyconfig+PREEMPT", "tinyconfig+PRINTK",
                              "tinyconfig+RCU_EXPERT", "tinyconfig+RCU_TRACE", "tinyconfig+SMP"]
    base = coords["tinyconfig"]
    assert (base["kind"], base["base"], base["flip"], base["implied"]) == \
        ("base", "tinyconfig", {}, {})
    smp = coords["tinyconfig+SMP"]
    assert smp["flip"] == {"CONFIG_SMP": "y"} and smp["option"] == "CONFIG_SMP"
    assert smp["implied"]["CONFIG_TREE_RCU"] == "y"
    assert smp["implied"]["CONFIG_TINY_RCU"] is None      # left out: it depends on !SMP
    assert {o["object"] for o in smp["objects"]} >= {"kernel/rcu/tree.o", "kernel/rcu/update.o"}
    assert "kernel/rcu/tiny.o" not in {o["object"] for o in smp["objects"]}
    assert coords["tinyconfig+PRINTK"]["config_values"]["CONFIG_PRINTK"] == "y"
    # HOTPLUG_CPU needs SMP: Kconfig does not keep it, and the reason names the dependency.
    (ex,) = doc["excluded"]
    assert ex["config"] == "tinyconfig+HOTPLUG_CPU" and "Kconfig did not keep" in ex["why"]
    assert "depends on" in ex["why"] and "SMP" in ex["why"]
    assert "excluded tinyconfig+HOTPLUG_CPU" in r.stdout
    # Every recorded figure is `size` of the object the flipped build made.
    db = os.path.join(repo, "bloatwatch.db")
    table = {l.split()[0]: l.split() for l in r.stdout.splitlines() if l.startswith("tinyconfig")}
    for label, c in coords.items():
        got = dict(((o, (t, d, b)) for o, t, d, b in sql(
            db, "SELECT object, text, data, bss FROM v_footprint WHERE label = ?", (label,))))
        want = {o["object"]: size_of(o["path"])[0][:3] for o in c["objects"]}
        assert got == want, label
        total = sum(sum(v) for v in want.values())
        assert table[label][6] == str(total), (label, table[label])
    # The diff of the base and each flip is the kernel's own scripts/bloat-o-meter.
    script = os.path.join(os.path.realpath(os.path.join(rcu_x86_64, "source")), "scripts",
                          "bloat-o-meter")
    compared = 0
    base_paths = {o["object"]: o["path"] for o in base["objects"]}
    pages.prefetch(script, [(base_paths[o["object"]], o["path"]) for label, c in coords.items()
                            if label != "tinyconfig" for o in c["objects"]
                            if o["object"] in base_paths], tmp_path)
    for label, c in coords.items():
        if label == "tinyconfig":
            continue
        text = bw("diff", "HEAD:x86_64/gcc/tinyconfig", "HEAD:x86_64/gcc/" + label, cwd=repo).stdout
        got = blocks(text)
        for o in c["objects"]:
            if o["object"] not in base_paths:
                continue
            want = pages.bloat_o_meter_text(script, base_paths[o["object"]], o["path"]).splitlines()
            if want[0].startswith("add/remove: 0/0 grow/shrink: 0/0"):
                assert o["object"] not in got, (label, o["object"])
            else:
                assert got[o["object"]] == want, (label, o["object"])
                compared += 1
    assert compared >= 3
    # A second sweep with nothing changed builds nothing and analyzes nothing.
    start = time.monotonic()
    r = bw("configcost", *OPTIONS, cwd=repo)
    second = time.monotonic() - start
    assert re.search(r"configcost: 6 configurations, 1 excluded, 0 built, in [0-9.]+ s", r.stderr)
    assert "building" not in r.stderr and ", 0 new analyses" in r.stdout
    print("configcost: first run %.1f s (ccache hits of the flips it built: %s), second run %.1f s"
          % (first, ", ".join("%d%%" % rate for rate in rates) or "none built", second))
