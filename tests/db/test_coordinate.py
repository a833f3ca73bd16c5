# SPDX-License-Identifier: GPL-2.0
"""record.coordinate: the one decision of an object's coordinate, on a real gcc object.

Each level of the precedence (manifest > [[objects]] coordinate > build record > the ELF
header, .comment and DW_AT_producer) is shown winning over the ones below it; ingest stores
the decided coordinate and refuses an entry without one."""
import json
import os
import subprocess

import pytest

from conftest import ANALYZER
from bloatwatch import project
from bloatwatch.db import ingest
from bloatwatch.errors import BwError
from bloatwatch.record import collect
from bloatwatch.record.coordinate import decide, decide_all

# What the record says where the object sits (all of it other than the object's truth).
RECORD = """# bloatwatch build record v1
variant := rec
arch := arm64
compiler := clang
scenario := FROM_RECORD
"""


@pytest.fixture
def tree(tmp_path, analyzer):
    """A tree with obj/a.o (gcc, this machine's arch) and a build record saying otherwise."""
    os.makedirs(tmp_path / "obj")
    (tmp_path / "obj" / "a.c").write_text("int a_table[16];\nint grow(int x) { return x + 1; }\n")
    subprocess.run(["gcc", "-O2", "-g", "-c", "obj/a.c", "-o", "obj/a.o"], cwd=tmp_path,
                   check=True)
    return str(tmp_path)


def analyzed(root, record=True):
    """The analyzer's FILE entry (mode all) of obj/a.o, with or without its build record."""
    cmd = os.path.join(root, "obj", "a.o.cmd")
    if record:
        with open(cmd, "w") as f:
            f.write(RECORD)
    elif os.path.exists(cmd):
        os.remove(cmd)
    doc = json.loads(subprocess.run([ANALYZER, "all", "--json", "obj/a.o"], cwd=root,
                                    stdout=subprocess.PIPE, check=True).stdout)
    return doc["files"][0]


def elf_facts(path):
    """(arch, compiler family) as readelf tells them: the header's Machine and .comment."""
    machine = subprocess.run(["readelf", "-h", path], stdout=subprocess.PIPE, text=True,
                             check=True).stdout
    comment = subprocess.run(["readelf", "-p", ".comment", path], stdout=subprocess.PIPE,
                             text=True, check=True).stdout
    line = next(x for x in machine.splitlines() if "Machine:" in x).split(":", 1)[1].strip()
    arch = {"Advanced Micro Devices X86-64": "x86_64", "AArch64": "arm64", "ARM": "arm",
            "Intel 80386": "i386"}[line]
    return arch, "clang" if "clang" in comment else "gcc" if "GCC" in comment else "-"


def test_the_object_itself_when_nothing_else_says(tree):
    e = analyzed(tree, record=False)
    arch, cc = elf_facts(os.path.join(tree, "obj", "a.o"))
    assert decide(e) == (arch, cc, "-", "", "obj/a.o")


def test_the_build_record_over_the_object(tree):
    e = analyzed(tree)
    # the record's arch and compiler win over what the ELF header and .comment say
    assert decide(e) == ("arm64", "clang", "FROM_RECORD", '{"variant":"rec"}', "a.o")


def test_the_objects_coordinate_over_the_build_record(tree):
    with open(os.path.join(tree, "bloatwatch.toml"), "w") as f:
        f.write('[[objects]]\nglob = "obj/*.o"\ncoordinate = {compiler = "gcc", config = "G", '
                'variant = "group"}\n[keys.variant]\n')
    found = collect.objects(project.load(None, tree), tree)
    assert [f.path for f in found] == ["obj/a.o"]
    e = found[0].annotate(analyzed(tree))
    # arch: the group says none, so the record's; the rest: the group's
    assert decide(e) == ("arm64", "gcc", "G", '{"variant":"group"}', "obj/a.o")


def test_the_manifest_over_everything(tree):
    with open(os.path.join(tree, "m.json"), "w") as f:
        json.dump({"schema": "bloatwatch-manifest", "version": 1, "coordinates": [
            {"arch": "i386", "compiler": "gcc", "config": "M1",
             "objects": [{"path": "obj/a.o", "keys": {"variant": "man"}}]}]}, f)
    with open(os.path.join(tree, "bloatwatch.toml"), "w") as f:
        f.write('manifest = ["m.json"]\n[[objects]]\nglob = "obj/*.o"\n'
                'coordinate = {compiler = "clang", config = "G"}\n[keys.variant]\n')
    found = collect.objects(project.load(None, tree), tree)
    e = found[0].annotate(analyzed(tree))
    assert decide(e) == ("i386", "gcc", "M1", '{"variant":"man"}', "a.o")


def test_ingest_stores_the_decided_coordinate_and_refuses_none(tree):
    e = analyzed(tree)
    with pytest.raises(BwError, match=r"t: files\[0\] \(obj/a.o\): no decided coordinate"):
        ingest.prepare([dict(e)], [], "t")
    p = ingest.prepare(decide_all([e], "t"), [], "t")
    assert [b[0] for b in p.builds] == [("arm64", "clang", "FROM_RECORD", '{"variant":"rec"}',
                                         "a.o")]


def test_a_malformed_entry_is_named(tree):
    e = analyzed(tree)
    del e["file"]
    with pytest.raises(BwError, match=r"^t: "):
        decide_all([e], "t")
