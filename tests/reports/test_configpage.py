# SPDX-License-Identifier: GPL-2.0
"""The config page on the matrix's CONFIG sweep (i386/gcc and x86_64/gcc): figures equal
binutils `size` of the base's and the flip's objects, symbol reports equal the kernel's
scripts/bloat-o-meter on the pair, a choice member (Tree RCU on a Classic base) is the variant
swap, and the NR_CPUS curve has one point per built value. `make report`'s two passes: the
matrix alone with the sweep pending, then the sweep added.

The sweep's rules come from `matrix/gen.py sweep` (after `make objects`); this builds the few
sweep objects it reads (`make` of their paths, ccache keeps a second time cheap) and records
them with the matrix's base objects into a database of its own."""
import json
import os
import subprocess

import pytest

from conftest import generate
from tests.db import oracle
from tests.htmltables import read_page, rows_by

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ANALYZER = os.path.join(ROOT, "bin", "bloatwatch-analyze")

COORDS = [("i386", "gcc"), ("x86_64", "gcc")]
LABELS = ["TINY02", "TINY02+PREEMPT", "TINY02+SMP", "CLASSIC05", "CLASSIC05+TREE_RCU",
          "CLASSIC05-HOTPLUG_CPU", "TREE05"]
CURVE = "TREE05:NR_CPUS="


def linux_src():
    r = subprocess.run([os.path.join(ROOT, "tests", "kernel", "linux.sh"), "src"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode == 77:
        pytest.skip("linux.sh src: %s" % r.stderr.strip().splitlines()[-1])
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout.strip()


def size(path):
    line = subprocess.run(["size", path], stdout=subprocess.PIPE, text=True,
                          check=True).stdout.splitlines()[1].split()
    return [int(x) for x in line[:3]]


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    assert os.access(ANALYZER, os.X_OK), "bin/bloatwatch-analyze missing: `make analyzer` first"
    assert os.path.isfile(os.path.join(ROOT, "build", "matrix.json")), "`make objects` first"
    env = dict(os.environ, MATRIX_ANALYZER=ANALYZER)
    r = subprocess.run(["/usr/bin/python3", "matrix/gen.py", "sweep", "build"], cwd=ROOT, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, r.stderr
    doc = json.load(open(os.path.join(ROOT, "build", "sweep.json.in")))
    keep = [c for c in doc["coordinates"] if (c["arch"], c["compiler"]) in COORDS and
            (c["config"] in LABELS or c["config"].startswith(CURVE))]
    targets = sorted({o["path"] for c in keep for o in c["objects"] if "/sweep/" in o["path"]})
    targets += [t + ".json" for t in targets]
    r = subprocess.run(["make", "--no-print-directory", "-j2"] + targets, cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert r.returncode == 0, r.stdout[-3000:]
    top = tmp_path_factory.mktemp("configpage")
    manifest = str(top / "sweep.json")
    with open(manifest, "w") as f:
        json.dump(dict(doc, coordinates=keep), f)
    from bloatwatch import project
    from bloatwatch.record import collect, recorder
    from bloatwatch.db.store import Store
    proj = project.load(None, ROOT)
    found = collect.from_manifest(ROOT, manifest)
    for f in found:
        f.declared = tuple(proj.keys)
    db = str(top / "history.db")
    store = Store(db, create=True)
    try:
        recorder.record(store, ROOT, recorder.Job(proj, ANALYZER, found, jobs=2, where=manifest))
    finally:
        store.close()
    out = top / "out"
    generate(db, str(out))
    return dict(coords={(c["arch"], c["compiler"], c["config"]): c for c in keep},
                page=read_page(out / "config.html"), out=out, doc=dict(doc, coordinates=keep),
                manifest=manifest)


def sums(c):
    t = [0, 0, 0]
    for o in c["objects"]:
        for i, v in enumerate(size(os.path.join(ROOT, o["path"]))):
            t[i] += v
    return t


@pytest.mark.parametrize("label,option,base", [
    ("TINY02+PREEMPT", "PREEMPT", "TINY02"), ("TINY02+SMP", "SMP", "TINY02"),
    ("CLASSIC05-HOTPLUG_CPU", "HOTPLUG_CPU", "CLASSIC05"),
    ("CLASSIC05+TREE_RCU", "TREE_RCU", "CLASSIC05")])
def test_cost_figures_are_size_of_base_and_flip(sweep, label, option, base):
    table = sweep["page"].tables[("c-%s-%s-t" % (option, base)).lower()]
    rows = rows_by(table)
    for arch, cc in COORDS:
        b = sums(sweep["coords"][(arch, cc, base)])
        f = sums(sweep["coords"][(arch, cc, label)])
        sign = -1 if label[len(base)] == "-" else 1
        want = [sign * (x - y) for x, y in zip(f, b)]
        row = rows[(arch, cc)]
        assert [int(row[k]) for k in ("text", "data", "bss", "total")] == want + [sum(want)]
        assert (int(row["base total"]), int(row["flip total"])) == (sum(b), sum(f))


def test_symbols_are_the_kernels_bloat_o_meter(sweep, tmp_path):
    script = os.path.join(linux_src(), "scripts", "bloat-o-meter")
    pres = sweep["page"].pres
    jobs = []       # (label, arch, old, new, the page's blocks)
    for label, option, base in (("TINY02+PREEMPT", "PREEMPT", "TINY02"),
                                ("CLASSIC05-HOTPLUG_CPU", "HOTPLUG_CPU", "CLASSIC05"),
                                ("CLASSIC05+TREE_RCU", "TREE_RCU", "CLASSIC05")):
        shown = [p.rstrip("\n") for p in pres.get(("c-%s-%s" % (option, base)).lower(), [])]
        for arch, cc in COORDS:
            old = {os.path.basename(o["path"]): o["path"]
                   for o in sweep["coords"][(arch, cc, base)]["objects"]}
            new = {os.path.basename(o["path"]): o["path"]
                   for o in sweep["coords"][(arch, cc, label)]["objects"]}
            pairs = [(old[n], new[n]) for n in old if n in new]
            gone, came = set(old) - set(new), set(new) - set(old)
            if len(gone) == 1 and len(came) == 1:      # the swap: the variants' objects
                pairs.append((old[gone.pop()], new[came.pop()]))
            jobs += [(label, arch, a, b, shown) for a, b in pairs]
    # The unmodified script for every pair in one Python process over binutils nm
    # (tests/db/oracle.py), not a Python and two nm processes per pair.
    outs = oracle.Oracle(script, tmp_path).run(
        [("default", os.path.join(ROOT, a), os.path.join(ROOT, b)) for _, _, a, b, _ in jobs])
    checked = 0
    for (label, arch, a, b, shown), want in zip(jobs, outs):
        want = want.rstrip("\n")
        if want.startswith("add/remove: 0/0 grow/shrink: 0/0"):
            continue
        assert want in shown, (label, arch, a, b, want)
        checked += 1
    assert checked >= 6


def test_choice_member_is_the_variant_swap(sweep):
    text = " ".join(sweep["page"].text)
    assert "TREE_RCU on CLASSIC05 (Classic RCU): variant swap Classic RCU -> Hierarchical RCU" \
        in text
    # SMP on Tiny is a swap too: Kconfig picks the choice's default with it.
    assert "SMP on TINY02 (Tiny RCU): variant swap Tiny RCU -> Classic RCU" in text
    assert "Flipping SMP also set" in text and "NR_CPUS=4" in text
    assert "not measured" not in text


def test_nr_cpus_curve_has_a_point_per_built_value(sweep):
    table = sweep["page"].tables["k-nr_cpus-tree05"]
    head = table["rows"][1]
    built = {}
    for (arch, cc, label), c in sweep["coords"].items():
        if label.startswith(CURVE):
            built.setdefault((arch, cc), {})[label[len(CURVE):]] = sum(sums(c))
    for (arch, cc), want in built.items():
        base = sweep["coords"][(arch, cc, "TREE05")]
        want.setdefault(base["config_values"]["CONFIG_NR_CPUS"], sum(sums(base)))
        row = rows_by(table)[(arch, cc)]
        got = {v: int(row[v]) for v in head[2:] if row[v] != "-"}
        assert got == want, (arch, cc)
    assert len(built) == len(COORDS) and all(len(v) == 13 for v in built.values())
    svg = sweep["out"] / "plots" / "configcost-nr_cpus-tree05.svg"
    assert svg.is_file()


def bloatwatch(*args):
    r = subprocess.run(["/usr/bin/python3", "bin/bloatwatch"] + [str(a) for a in args], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, (args, r.stderr[-2000:])
    return r.stdout


def test_first_report_says_the_sweep_is_pending_then_shows_it(sweep, tmp_path):
    """make report with a sweep to build: the matrix's objects recorded alone (`record
    --manifest`) and every page written, the CONFIG page saying the sweep is being built; then
    the same commit recorded with the sweep and written again into the same folder."""
    db, out = tmp_path / "history.db", tmp_path / "out"
    matrix = tmp_path / "matrix.json"
    with open(matrix, "w") as f:
        json.dump(dict(sweep["doc"], coordinates=[c for c in sweep["doc"]["coordinates"]
                                                  if c["kind"] == "base"]), f)
    bloatwatch("--db", db, "record", "--manifest", matrix)
    bloatwatch("--db", db, "report", "--out", out, "-q", "--sweep-pending")
    first = {str(p.relative_to(out)) for p in out.rglob("*.html")}
    page = read_page(out / "config.html")
    text = " ".join(" ".join(page.text).split())
    assert "The CONFIG sweep is being built" in text
    assert "No CONFIG sweep is recorded" not in text
    assert not [t for t in page.tables if t and t.startswith("c-")], sorted(page.tables)
    # Complete: every page of the navigation bar and the usage table, as the final report.
    index = (out / "index.html").read_text()
    for rel in ("index.html", "history.html", "structs.html", "stack.html", "config.html"):
        assert rel in first and 'href="%s"' % rel in index, rel
    assert "Options the sources use" in text and len(page.all) == 1     # the usage table

    bloatwatch("--db", db, "record", "--manifest", sweep["manifest"])
    bloatwatch("--db", db, "report", "--out", out, "-q")
    page = read_page(out / "config.html")
    text = " ".join(" ".join(page.text).split())
    assert "The CONFIG sweep is being built" not in text
    assert "c-preempt-tiny02-t" in page.tables
    assert first <= {str(p.relative_to(out)) for p in out.rglob("*.html")}
    assert "--manifest" in bloatwatch("record", "--help")


def test_record_manifest_that_does_not_exist_is_an_error(tmp_path):
    r = subprocess.run(["/usr/bin/python3", "bin/bloatwatch", "--db", str(tmp_path / "h.db"),
                        "record", "--manifest", "build/no-such.json"], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert r.returncode != 0 and "build/no-such.json: no such manifest" in r.stderr, r.stderr
    assert not (tmp_path / "h.db").exists()
