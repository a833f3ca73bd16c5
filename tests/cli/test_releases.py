# SPDX-License-Identifier: GPL-2.0
"""Releases as history: trees that are not git checkouts recorded under a label and a date,
ordered among commits by that date in log, history, diff and the report; one record of an
unpacked Linux tree fills every Kbuild build its bloatwatch.toml declares (checked against
size); bad labels and dates as one line with nothing recorded."""
import glob
import os
import re
import subprocess

from tests.bwrun import one_line, sql
from conftest import bw, git, scratch_repo, size_of
from test_kbuild import kernel_objects

SOURCES = {   # release -> x.c: each release grows a[] and f()
    "v1.0": "int a[10] = {1};\nint f(void) { return a[0]; }\n",
    "v1.1": "int a[20] = {1};\nint f(int i) { return a[i] + a[i + 1]; }\n",
}


def release_tree(path, source):
    """An unpacked 'tarball': a folder, not a git checkout, with x.o built in it."""
    os.makedirs(path)
    with open(os.path.join(path, "x.c"), "w") as f:
        f.write(source)
    subprocess.run(["gcc", "-O2", "-c", "x.c", "-o", "x.o"], cwd=path, check=True)
    return str(path)


def test_releases_and_commits_in_one_history(tmp_path):
    db = str(tmp_path / "bw.db")
    trees = {label: release_tree(tmp_path / label, src) for label, src in SOURCES.items()}
    bw("--db", db, "-C", trees["v1.1"], "record", "--label", "v1.1", "--date", "2021-03-01",
       "x.o", cwd=trees["v1.1"])
    r = bw("--db", db, "-C", trees["v1.0"], "record", "--label", "v1.0", "--date",
           "2020-03-01", "--subject", "the first release", "x.o", cwd=trees["v1.0"])
    assert r.stdout.startswith("recorded v1.0: 1 objects")
    # A git commit dated between the two releases joins the same history.
    repo = scratch_repo(tmp_path / "repo", files={"x.c": SOURCES["v1.0"]})
    git(repo, "commit", "-q", "--amend", "--no-edit", "--date", "1600000000 +0000",
        env={"GIT_COMMITTER_DATE": "1600000000 +0000"})   # 2020-09-13
    subprocess.run(["gcc", "-O2", "-c", "x.c", "-o", "x.o"], cwd=repo, check=True)
    bw("--db", db, "record", "x.o", cwd=repo)
    sha = git(repo, "rev-parse", "HEAD").strip()
    assert sql(db, "SELECT sha, kind, short, parents FROM v_commits ORDER BY ord") == [
        ("v1.0", "release", "v1.0", ""), (sha, "commit", sha[:12], ""),
        ("v1.1", "release", "v1.1", "")]
    log = bw("--db", db, "log").stdout.splitlines()
    assert [l.split()[:2] for l in log[1:]] == [
        ["v1.0", "2020-03-01"], [sha[:12], "2020-09-13"], ["v1.1", "2021-03-01"]]
    assert "the first release" in log[1]
    # Sizes are size(1)'s; history and diff name releases by label.
    sizes = {k: size_of(os.path.join(t, "x.o"))[0] for k, t in trees.items()}
    h = bw("--db", db, "history", "total", "--object", "x.o").stdout.splitlines()
    assert [(l.split()[0], int(l.split()[-2 if i > 1 else -1])) for i, l in enumerate(h[1:], 1)] \
        == [("v1.0", sum(sizes["v1.0"][:3])), (sha[:12], sum(sizes["v1.0"][:3])),
            ("v1.1", sum(sizes["v1.1"][:3]))]
    d = bw("--db", db, "diff", "v1.0", "v1.1").stdout
    assert d.startswith("diff v1.0 (v1.0) -> v1.1 (v1.1)")
    grow = [sizes["v1.1"][i] - sizes["v1.0"][i] for i in range(3)]
    assert "x86_64/gcc/-/x.o  %+d  %+d" % tuple(grow[:2]) in d.replace("   ", "  ")
    # Recording a release again replaces it (its date too), as a commit's record is replaced.
    bw("--db", db, "-C", trees["v1.0"], "record", "--label", "v1.0", "--date", "2019-01-01",
       "x.o", cwd=trees["v1.0"])
    assert sql(db, "SELECT sha, commit_date FROM commits WHERE kind = 'release' ORDER BY 2") == \
        [("v1.0", 1546300800), ("v1.1", 1614556800)]
    # The report: history in date order, a diff page per consecutive point, release ticks.
    out = str(tmp_path / "site")
    bw("--db", db, "report", "--out", out)
    hist = open(os.path.join(out, "history.html")).read()
    rows = re.findall(r"<tr[^>]*><td[^>]*>(\d+)</td><td[^>]*>(?:<a [^>]*>)?([^<]+)<",
                      hist[hist.index('<th class="r">#</th>'):])
    assert rows == [("3", "v1.1"), ("2", sha[:12]), ("1", "v1.0")], "newest first, by date"
    assert sorted(os.listdir(os.path.join(out, "diff"))) == ["%s.html" % sha[:12], "v1.1.html"]
    svgs = [open(p).read() for p in glob.glob(os.path.join(out, "plots", "*.svg"))]
    assert any(">v1.0<" in t and ">%s<" % sha[:7] in t and ">v1.1<" in t for t in svgs), \
        "a history plot's ticks: releases by label, the commit by 7 hex digits"
    page = open(os.path.join(out, "diff", "v1.1.html")).read()
    assert ">%s</a>" % sha[:12] in page
    assert "Bloatwatch report of commit v1.1 " in open(os.path.join(out, "index.html")).read()
    bw("--db", db, "report", "--out", str(tmp_path / "old"), "--commit", "v1.0")


def test_bad_release_input_is_one_line_and_records_nothing(tmp_path):
    tree = release_tree(tmp_path / "t", SOURCES["v1.0"])
    db = str(tmp_path / "bw.db")
    cases = [
        (["--label", "v1"], "--label and --date go together"),
        (["--label", "beef", "--date", "2020-01-01"], "reads as a commit sha"),
        (["--label", "v1 rc", "--date", "2020-01-01"], "a release label is 1 to 40"),
        (["--label", "v1-dirty", "--date", "2020-01-01"], "-dirty names an uncommitted"),
        (["--label", "v1", "--date", "2020-13-01"], "not a date (YYYY-MM-DD"),
        (["--label", "v1", "--date", "2020-01-01", "--rev", "HEAD"], "--rev names a git commit"),
    ]
    for args, want in cases:
        r = bw("--db", db, "-C", tree, "record", "x.o", *args, cwd=tree, check=2)
        assert want in one_line(r), (args, r.stderr)
    r = bw("-C", tree, "record", "--label", "v1", "--date", "2020-01-01", "x.o", cwd=tree,
           check=2, env={"BLOATWATCH_DB": ""})
    assert "give --db or set BLOATWATCH_DB" in one_line(r)
    assert not os.path.exists(db) and not os.path.exists(os.path.join(tree, "bloatwatch.db"))
    bw("--db", db, "-C", tree, "record", "--label", "v1", "--date", "2020-01-01", "x.o", cwd=tree)
    r = bw("--db", db, "diff", "v1", "v2", check=2)
    assert "v2: not a revision git knows, nor a recorded sha or release" in one_line(r)


def test_one_record_of_an_unpacked_linux_tree_fills_every_declared_build(tmp_path, rcu_x86_64,
                                                                         rcu_i386, analyzer):
    """A release tree with two Kbuild output folders (x86_64 and i386 tinyconfig) and the
    bloatwatch.toml declaring them: one `record --label` records both builds."""
    tree = str(tmp_path / "linux-6.1")
    os.makedirs(tree)
    for arch, out in (("x86_64", rcu_x86_64), ("i386", rcu_i386)):
        os.symlink(out, os.path.join(tree, "out-" + arch))
    with open(os.path.join(tree, "bloatwatch.toml"), "w") as f:
        for arch in ("x86_64", "i386"):
            f.write('[[objects]]\nkbuild = "out-%s"\nglob = ["kernel/rcu/*.o"]\n'
                    'coordinate = { config = "tinyconfig" }\n\n' % arch)
    db = str(tmp_path / "bw.db")
    r = bw("--db", db, "-C", tree, "record", "--label", "v6.1", "--date", "2022-12-11", cwd=tree)
    objs = {a: kernel_objects(o) for a, o in (("x86_64", rcu_x86_64), ("i386", rcu_i386))}
    assert r.stdout.startswith("recorded v6.1: %d objects" % sum(map(len, objs.values())))
    for arch, out in (("x86_64", rcu_x86_64), ("i386", rcu_i386)):
        got = sql(db, "SELECT object, text, data, bss FROM v_footprint WHERE sha = 'v6.1' AND "
                  "arch = ? AND label = 'tinyconfig' ORDER BY object", (arch,))
        assert [(o,) + size_of(os.path.join(out, o))[0][:3] for o in objs[arch]] == got
    # Not a Linux source tree at its root: the subject is the default.
    assert sql(db, "SELECT subject, commit_date FROM commits") == [("release v6.1", 1670716800)]
    # The unpacked source tree itself (objects in an output folder elsewhere, named by the
    # --config file): the subject is its Makefile's version.
    src = os.path.realpath(os.path.join(rcu_x86_64, "source"))
    conf = tmp_path / "k.toml"
    conf.write_text('[[objects]]\nkbuild = "%s"\nglob = "kernel/rcu/*.o"\n' % rcu_x86_64)
    bw("--db", db, "--config", str(conf), "-C", src, "record", "--label", "v6.1", "--date",
       "2022-12-11")
    version = subprocess.run(["make", "-s", "-C", src, "kernelversion"], stdout=subprocess.PIPE,
                             text=True, check=True).stdout.strip()
    assert sql(db, "SELECT sha, subject FROM commits") == [("v6.1", "Linux " + version)]
    # An output folder outside the tree keys its objects by Kbuild's names all the same.
    assert sql(db, "SELECT object FROM v_footprint ORDER BY object") == \
        [(o,) for o in objs["x86_64"]]


RCU_SOURCES = {   # object -> C: update.o carries a section Kbuild's link discards
    "update.o": 'int gp;\nstatic int used __attribute__((used, section(".discard.addressable")))'
                ' = 1;\nint sync(void) { return gp++; }\n',
    "tiny.o": "int q[4];\nint call(int i) { return q[i & 3]++; }\n",
    "tree.o": "long nodes[64];\nint call(int i) { return nodes[i & 63]++ + nodes[(i + 1) & 63]; }\n",
}


def rcu_build(folder, flavor):
    """A Kbuild-like output folder: kernel/rcu/update.o and FLAVOR.o, and `vmlinux` (ld -r)."""
    rcu = os.path.join(folder, "kernel", "rcu")
    os.makedirs(rcu)
    objs = []
    for name in ("update.o", flavor + ".o"):
        with open(os.path.join(rcu, name[:-2] + ".c"), "w") as f:
            f.write(RCU_SOURCES[name])
        subprocess.run(["gcc", "-O2", "-c", name[:-2] + ".c", "-o", name], cwd=rcu, check=True)
        objs.append(os.path.join(rcu, name))
    subprocess.run(["ld", "-r", "-o", os.path.join(folder, "vmlinux")] + objs, check=True)


def test_release_columns_beside_the_declared_table(tmp_path):
    """A table whose rows name a release object: a recorded release's builds fill columns beside
    it, size bytes as size(1) sums them and image bytes less the discarded sections, and the
    table's closing sentence per release and arch."""
    tree = tmp_path / "v6.1"
    toml = ""
    for flavor, label in (("tiny", "tinyconfig"), ("tree", "tinyconfig+SMP")):
        rcu_build(str(tree / flavor), flavor)
        toml += ('[[objects]]\nroot = "%s"\nglob = ["kernel/rcu/*.o", "vmlinux"]\n'
                 'coordinate = { config = "%s" }\n\n' % (flavor, label))
    (tree / "bloatwatch.toml").write_text(toml)
    db = str(tmp_path / "bw.db")
    bw("--db", db, "-C", str(tree), "record", "--label", "v6.1", "--date", "2022-12-11")
    spec = tmp_path / "spec.toml"
    spec.write_text(
        '[[table]]\nname = "article"\ntitle = "Memory Footprint"\nsubject = "Tiny RCU"\n'
        'reference = "Article (2009)"\nrelease_objects = "kernel/rcu/*.o"\n'
        'release_image = "vmlinux"\n\n'
        '[[table.row]]\nname = "Hierarchical RCU"\nobjects = ["rcutree.o"]\n'
        'published = [["rcutree.o", 2344, 240, 184]]\nrelease = "kernel/rcu/tree.o"\n\n'
        '[[table.row]]\nname = "Tiny RCU"\nobjects = ["rcutiny.o"]\n'
        'published = [["rcutiny.o", 563, 36, 0]]\nrelease = "kernel/rcu/tiny.o"\n')
    out = str(tmp_path / "site")
    bw("--db", db, "--config", str(spec), "report", "--out", out)
    text = open(os.path.join(out, "footprint.txt")).read()
    assert "Memory Footprint: 2009 beside Linux 6.1" in text

    def size(flavor, objs):
        return sum(sum(size_of(str(tree / flavor / o))[0][:3]) for o in objs)
    discarded = 4   # update.o's .discard.addressable (one int)
    want = {}
    for name, flavor in (("Hierarchical RCU", "tree"), ("Tiny RCU", "tiny")):
        total = size(flavor, ["kernel/rcu/update.o", "kernel/rcu/%s.o" % flavor])
        want[name] = (total - discarded, total)
        row = next(l for l in text.splitlines() if l.startswith(name))
        assert row.split()[-2:] == [str(total - discarded), str(total)], row
        vm = next(l for l in text.splitlines() if l.startswith("vmlinux (%s kernel)" % name))
        assert vm.split()[-1] == str(size(flavor, ["vmlinux"])), vm
    for kind, i in (("image", 0), ("size", 1)):
        r = want["Hierarchical RCU"][i] / want["Tiny RCU"][i]
        assert "v6.1 x86_64, %s bytes: Tiny RCU is about %.1f times smaller than Hierarchical " \
            "RCU (%d bytes saved)." % (kind, r, want["Hierarchical RCU"][i] - want["Tiny RCU"][i]) \
            in " ".join(text.split()), kind
