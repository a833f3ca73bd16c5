# SPDX-License-Identifier: GPL-2.0
"""bloatwatch.toml and where objects come from: a manifest (contract 1) with the analyses make
wrote, globs with per-group coordinates, a Kbuild tree's .config; arch names; bad input."""
import json
import os
import subprocess

import pytest

from conftest import ANALYZER, ROOT, run_bw, sql, write_json
from bloatwatch import arch, project
from bloatwatch.record import collect
from bloatwatch.errors import BwError

SRC = {"a.c": "int a_table[7];\nint a(int x) { return a_table[x] + x; }\n",
       "b.c": "static const char b_msg[] = \"bloat\";\nconst char *b(void) { return b_msg; }\n"}


def compile_to(tree, rel, src, flags=()):
    obj = os.path.join(tree, rel)
    os.makedirs(os.path.dirname(obj), exist_ok=True)
    c = os.path.join(tree, os.path.basename(rel)[:-2] + ".c")
    with open(c, "w") as f:
        f.write(src)
    subprocess.run(["gcc", "-O2", "-g", "-c", c, "-o", obj] + list(flags), check=True)
    return rel


def analyze_into(tree, rel):
    """What make's analysis stage writes: <obj>.json = bloatwatch-analyze all --json <obj>."""
    out = subprocess.run([ANALYZER, "all", "--json", rel], cwd=tree, stdout=subprocess.PIPE,
                         check=True).stdout
    with open(os.path.join(tree, rel + ".json"), "wb") as f:
        f.write(out)
    return rel + ".json"


@pytest.fixture
def manifest_tree(repo, analyzer):
    """A repository whose build wrote a manifest: two coordinates, three objects, analyses."""
    tree = repo.path
    coords = []
    for arch_, flags, label in (("x86_64", [], "SMALL"), ("i386", ["-m32"], "SMALL")):
        objs = []
        for name in ("a", "b") if arch_ == "x86_64" else ("a",):
            rel = compile_to(tree, "out/%s/gcc/%s/%s.o" % (arch_, label, name), SRC[name + ".c"], flags)
            objs.append({"path": rel, "source": name + ".c", "record": rel + ".cmd",
                         "analysis": analyze_into(tree, rel)})
        coords.append({"arch": arch_, "compiler": "gcc", "config": label,
                       "compiler_version": "gcc (Test) 12", "base": label, "flip": {},
                       "implied": {}, "config_values": {"CONFIG_SMALL": "y", "CONFIG_N": "4"},
                       "objects": objs})
    write_json(os.path.join(tree, "out", "matrix.json"),
               {"schema": "bloatwatch-manifest", "version": 1, "coordinates": coords, "excluded": []})
    with open(os.path.join(tree, "bloatwatch.toml"), "w") as f:
        f.write('build = "true"\nmanifest = "out/matrix.json"\n')
    repo.commit({"README": "manifest tree\n"}, "base")
    return tree


def test_manifest_gives_coordinates_config_and_the_analyses_make_wrote(tmp_path, manifest_tree):
    tree = manifest_tree
    # Mark the analysis make wrote: if record reads it (and does not analyze again), the
    # database holds the marked figure.
    jpath = os.path.join(tree, "out/x86_64/gcc/SMALL/a.o.json")
    doc = json.load(open(jpath))
    real_text = doc["files"][0]["text"]
    doc["files"][0]["text"] += 1000
    doc["files"][0]["dec"] += 1000
    json.dump(doc, open(jpath, "w"))
    # An object's extra keys are the manifest's (the matrix's variant).
    mpath = os.path.join(tree, "out", "matrix.json")
    m = json.load(open(mpath))
    m["coordinates"][1]["objects"][0]["keys"] = {"variant": "tiny"}
    write_json(mpath, m)
    db = str(tmp_path / "m.db")
    r = run_bw("--db", db, "-C", tree, "record", check=0)
    assert "3 objects" in r.stdout
    rows = sql(db, "SELECT arch, compiler, label, keys, object, text, compiler_version FROM v_footprint "
                   "ORDER BY arch, object")
    assert [r[:5] for r in rows] == [("i386", "gcc", "SMALL", '{"variant":"tiny"}', "a.o"),
                                     ("x86_64", "gcc", "SMALL", "", "a.o"),
                                     ("x86_64", "gcc", "SMALL", "", "b.o")]
    assert rows[1][5] == real_text + 1000 and {r[6] for r in rows} == {"gcc (Test) 12"}
    assert sql(db, "SELECT DISTINCT config, value FROM v_config_values ORDER BY 1") == \
        [("CONFIG_N", "4"), ("CONFIG_SMALL", "y")]
    # Make decides whether its analysis is current: an object newer than it (a hand-run record
    # after make objects alone) does not make record analyze again (make's rule would; `make
    # record` runs it first), nor store the old analysis: record refuses, naming both.
    os.utime(os.path.join(tree, "out/x86_64/gcc/SMALL/a.o"))
    os.utime(jpath, (1, 1))
    before = sql(db, "SELECT count(*) FROM commits")
    r = run_bw("--db", db, "-C", tree, "record", check=2)
    assert "out/x86_64/gcc/SMALL/a.o.json: older than its object out/x86_64/gcc/SMALL/a.o " \
        "(rebuilt since): run make analysis" in r.stderr
    assert sql(db, "SELECT count(*) FROM commits") == before
    os.utime(jpath)    # what make analysis does when the analysis it writes is the same
    run_bw("--db", db, "-C", tree, "record", check=0)
    assert sql(db, "SELECT text FROM v_footprint WHERE arch = 'x86_64' AND object = 'a.o'") == \
        [(real_text + 1000,)]
    os.utime(jpath, (1, 1))
    # --no-cache analyzes every object, make's analyses too.
    run_bw("--db", db, "-C", tree, "record", "--no-cache", check=0)
    assert sql(db, "SELECT text FROM v_footprint WHERE arch = 'x86_64' AND object = 'a.o'") == [(real_text,)]
    # An analysis make has not written (yet) is run, and bad JSON there names the file.
    os.unlink(jpath)
    run_bw("--db", db, "-C", tree, "record", check=0)
    assert sql(db, "SELECT text FROM v_footprint WHERE arch = 'x86_64' AND object = 'a.o'") == [(real_text,)]
    with open(jpath, "w") as f:
        f.write("{")
    r = run_bw("--db", db, "-C", tree, "record")
    assert r.returncode != 0 and "out/x86_64/gcc/SMALL/a.o.json: not valid JSON" in r.stderr, r.stderr


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(schema="other"), "not a bloatwatch manifest"),
    (lambda d: d.update(version=2), "manifest version 2 is not supported"),
    (lambda d: d["coordinates"][0].pop("arch"), "coordinates[0]: missing or malformed field 'arch'"),
    (lambda d: d["coordinates"][1]["objects"][0].update(path="out/nowhere.o"), "out/nowhere.o"),
    (lambda d: d["coordinates"][0]["objects"][0].update(keys=["variant"]),
     "coordinates[0]: objects[0]: keys is not an object of strings"),
])
def test_bad_manifest_is_one_line(tmp_path, manifest_tree, change, message):
    path = os.path.join(manifest_tree, "out", "matrix.json")
    doc = json.load(open(path))
    change(doc)
    json.dump(doc, open(path, "w"))
    db = tmp_path / "bad.db"
    r = run_bw("--db", db, "-C", manifest_tree, "record")
    assert r.returncode != 0 and r.stderr.count("\n") == 1 and message in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and not db.exists()


def test_a_sweep_manifest_beside_the_matrix_files_objects_under_its_labels(tmp_path, manifest_tree):
    """A sweep lists its base (the matrix's own coordinate: recorded once) and may file the
    base's objects under a flip's label (Kconfig resolved the flip to the base's config)."""
    tree = manifest_tree
    doc = json.load(open(os.path.join(tree, "out", "matrix.json")))
    base = [c for c in doc["coordinates"] if c["arch"] == "x86_64"][0]
    flip = dict(base, config="SMALL:N=4", flip={"CONFIG_N": "4"}, kind="curve", option="CONFIG_N")
    write_json(os.path.join(tree, "out", "sweep.json"),
               dict(doc, coordinates=[dict(base, kind="base"), flip]))
    with open(os.path.join(tree, "bloatwatch.toml"), "w") as f:
        f.write('build = "true"\nmanifest = ["out/matrix.json", "out/sweep.json"]\n')
    db = str(tmp_path / "s.db")
    r = run_bw("--db", db, "-C", tree, "record", check=0)
    assert "5 objects" in r.stdout, r.stdout
    rows = sql(db, "SELECT arch, label, object, path FROM v_footprint ORDER BY 1, 2, 3")
    assert [r[:3] for r in rows] == [("i386", "SMALL", "a.o"), ("x86_64", "SMALL", "a.o"),
                                     ("x86_64", "SMALL", "b.o"), ("x86_64", "SMALL:N=4", "a.o"),
                                     ("x86_64", "SMALL:N=4", "b.o")]
    assert rows[1][3] == rows[3][3]          # one file, two coordinates


KCONFIG = """#
# Automatically generated file; DO NOT EDIT.
#
CONFIG_CC_VERSION_TEXT="gcc (Debian 12.2.0-14) 12.2.0"
CONFIG_NR_CPUS=1
# CONFIG_SMP is not set
CONFIG_TINY_RCU=y
CONFIG_LOCALVERSION="-\\"quoted\\""
"""


def test_kbuild_tree_globs_and_dot_config(tmp_path, repo, analyzer):
    tree = repo.path
    compile_to(tree, "obj/kernel/rcu/tiny.o", SRC["a.c"])
    compile_to(tree, "obj/lib/b.o", SRC["b.c"])
    with open(os.path.join(tree, "obj", ".config"), "w") as f:
        f.write(KCONFIG)
    with open(os.path.join(tree, "bloatwatch.toml"), "w") as f:
        f.write('[[objects]]\nkbuild = "obj"\nglob = "**/*.o"\n'
                'coordinate = { config = "tinyconfig", flavour = "tiny" }\n[keys.flavour]\n')
    repo.commit({"README": "kbuild tree\n"}, "base")
    db = str(tmp_path / "k.db")
    run_bw("--db", db, "-C", tree, "record", check=0)
    rows = sql(db, "SELECT arch, compiler, label, keys, object, compiler_version FROM v_footprint "
                   "ORDER BY object")
    assert rows == [("x86_64", "gcc", "tinyconfig", '{"flavour":"tiny"}', o,
                     "gcc (Debian 12.2.0-14) 12.2.0") for o in ("kernel/rcu/tiny.o", "lib/b.o")]
    cfg = dict(sql(db, "SELECT DISTINCT config, value FROM v_config_values"))
    assert cfg["CONFIG_SMP"] == "n" and cfg["CONFIG_NR_CPUS"] == "1"
    assert cfg["CONFIG_LOCALVERSION"] == '-"quoted"'
    # A missing or malformed .config: one line naming the file (and the line).
    os.remove(os.path.join(tree, "obj", ".config"))
    r = run_bw("--db", db, "-C", tree, "record")
    assert r.returncode == 2 and "obj/.config: No such file" in r.stderr
    with open(os.path.join(tree, "obj", ".config"), "w") as f:
        f.write(KCONFIG + "this is not a config line\n")
    r = run_bw("--db", db, "-C", tree, "record")
    assert r.returncode == 2 and "obj/.config:9: not a CONFIG_X=value line" in r.stderr


GOOD = """build = "make"
manifest = ["out/a.json", "out/b.json"]
paths = ["src/"]

[keys.variant.labels]
t = "Tiny"

[[objects]]
glob = ["x/*.o", "y/*.o"]
config = "x/.config"
coordinate = { arch = "arm", compiler = "gcc", config = "c1", variant = "t" }

[[table]]
name = "t"
where = { arch = "arm" }
config_values = { CONFIG_SMP = "n" }
subject = "Tiny"

[[table.row]]
name = "Tiny"
objects = ["a.o", "b.o"]
published = [["a.o", 1, 2, 3]]
"""


# Two declared builds, one per arch: a commit's jobs are (commit, out/x86_64), (commit, out/arm64).
BUILDS = """[[objects]]
kbuild = "out/x86_64"
build = "make O=out/x86_64 ARCH=x86_64 kernel/rcu/"
glob = "kernel/rcu/*.o"

[[objects]]
kbuild = "out/arm64"
build = "make O=out/arm64 ARCH=arm64 kernel/rcu/"
glob = "kernel/rcu/*.o"
"""


@pytest.mark.parametrize("text, line, message", [
    ("build = 'x'\nbuidl = 'y'\n", 2, "unknown key 'buidl'"),
    (GOOD.replace('config = "x/.config"', 'confg = "x/.config"'), 10, "unknown key 'confg' in [[objects]]"),
    (GOOD.replace("variant = \"t\" }", "varaint = \"t\" }"), 11, "unknown key 'varaint' in a coordinate"),
    (GOOD.replace('name = "Tiny"\nobjects', 'name = "Tiny"\nobject'), 21, "unknown key 'object' in [[table.row]]"),
    (GOOD.replace("[[\"a.o\", 1, 2, 3]]", "[[\"a.o\", 1, 2]]"), 22, "published entries are [object, text, data, bss]"),
    (GOOD.replace('subject = "Tiny"', 'subject = "Small"'), 17, "subject 'Small' is not one of the rows"),
    (GOOD.replace('CONFIG_SMP = "n"', 'SMP = "n"'), 16, "SMP is not a CONFIG_ option"),
    ("build_timeout = 'long'\n", 1, "build_timeout must be an integer"),
    ("[keys.arch]\n", 1, "arch is a built-in coordinate field"),
    ("build = [\n", 1, "bad TOML"),
    (BUILDS.replace('build = "make O=out/arm64', 'buidl = "make O=out/arm64'), 8,
     "unknown key 'buidl' in [[objects]]"),
    (BUILDS.replace('build = "make O=out/arm64 ARCH=arm64 kernel/rcu/"\n', ''), 6,
     "[[objects]] 2 has no build, but other groups declare their own"),
    (BUILDS.replace('kbuild = "out/arm64"', 'kbuild = "out/arm64"\nname = "out/x86_64"'), 9,
     "build 'out/x86_64' is declared twice"),
    ("build = 'make'\n" + BUILDS, 1, "build and [[objects]] groups with their own build exclude"),
    (BUILDS.replace('glob = "kernel/rcu/*.o"', 'glob = "kernel/rcu/*.o"\nname = 7', 1), 5,
     "name must be a string"),
])
def test_bad_toml_names_file_and_line(tmp_path, text, line, message):
    path = tmp_path / "bloatwatch.toml"
    path.write_text(text)
    with pytest.raises(BwError) as e:
        project.load(str(path))
    assert str(e.value).startswith("%s:%d: " % (path, line)), str(e.value)
    assert message in str(e.value)


def test_good_toml_loads_every_key(tmp_path):
    path = tmp_path / "bloatwatch.toml"
    path.write_text(GOOD)
    p = project.load(str(path))
    assert p.manifests == ["out/a.json", "out/b.json"] and p.paths == ["src/"]
    assert p.label("variant", "t") == "Tiny" and p.label("variant", "x") == "x"
    g = p.groups[0]
    assert g.glob == ["x/*.o", "y/*.o"] and g.config == "x/.config"
    assert g.coordinate == {"arch": "arm", "compiler": "gcc", "config": "c1", "variant": "t"}
    t = p.table("t")
    assert t.where == {"arch": ["arm"]} and t.config_values == {"CONFIG_SMP": "n"}
    assert t.row("Tiny").published == [("a.o", 1, 2, 3)] and t.group_by == ["CONFIG_SMP"]


def test_declared_builds_each_see_their_own_group(tmp_path):
    path = tmp_path / "bloatwatch.toml"
    path.write_text(BUILDS)
    p = project.load(str(path))
    assert p.builds() == ["out/x86_64", "out/arm64"]
    arm = p.for_build("out/arm64")
    assert arm.build == "make O=out/arm64 ARCH=arm64 kernel/rcu/" and arm.build_name == "out/arm64"
    assert [g.kbuild for g in arm.groups] == ["out/arm64"] and len(p.groups) == 2
    with pytest.raises(BwError, match="declares no build 'riscv'"):
        p.for_build("riscv")
    path.write_text(GOOD)
    one = project.load(str(path))
    assert one.builds() == [None] and one.for_build(None) is one


def test_this_repositorys_toml_declares_the_article_table():
    p = project.load(None, ROOT)
    t = p.table("article")
    for row in t.rows:   # the published figures add up to the totals the article printed
        assert sum(sum(x[1:]) for x in row.published) == row.published_total, row.name
    assert t.subject == "Tiny RCU" and t.where == {"arch": ["i386"], "compiler": ["gcc"]}


def test_arch_names_are_one_vocabulary():
    """Every arch of the built matrix is its own normal form, and the ELF header of each of
    its objects names the same arch."""
    found = collect.objects(project.load(None, ROOT), ROOT)
    assert found, "no matrix objects (make objects)"
    paths = {}
    for f in found:
        folder_arch = f.coord.get("arch") or f.path.split("/")[1]
        paths.setdefault(folder_arch, f.path)
    doc = json.loads(subprocess.run([ANALYZER, "size", "--json"] + sorted(paths.values()), cwd=ROOT,
                                    stdout=subprocess.PIPE, check=True).stdout)
    got = {f["file"]: arch.from_elf(f["machine"], f["class"]) for f in doc["files"]}
    assert {a: got[p] for a, p in paths.items()} == {a: a for a in paths}
    assert {a: arch.normalize(a) for a in paths} == {a: a for a in paths}
    for alias, name in (("386", "i386"), ("amd64", "x86_64"), ("aarch64", "arm64"),
                        ("riscv", "riscv64"), ("ppc", "powerpc"), ("mipsel", "mips")):
        assert arch.normalize(alias) == name


def test_the_documented_example_loads(tmp_path):
    """docs/bloatwatch.toml.md's example is a valid file (the manual cannot drift from the code)."""
    import re
    with open(os.path.join(ROOT, "docs", "bloatwatch.toml.md")) as f:
        example = re.search(r"## Example: a Kbuild tree\n.*?```toml\n(.*?)```", f.read(), re.S).group(1)
    path = str(tmp_path / "bloatwatch.toml")
    with open(path, "w") as f:
        f.write(example)
    p = project.load(path)
    assert p.groups[0].kbuild == "out/x86" and p.table("rcu").subject == "Tiny RCU"
