# SPDX-License-Identifier: GPL-2.0
"""init and record on real Linux 6.1 Kbuild output folders (tinyconfig, kernel/rcu/, x86_64
and i386): Kbuild's names, .cmd files and .config, checked against size and nm; a thin
built-in.a, a linked vmlinux and a .ko; bad input as one line with nothing recorded."""
import glob
import os
import shutil
import subprocess

from tests.bwrun import one_line, sql
from conftest import bw, git, nm_sized, scratch_repo, size_of

from bloatwatch.record.collect import read_config


def kernel_objects(out):
    """kernel/rcu/*.o that Kbuild built (each has its .cmd), as Kbuild names them."""
    return sorted("kernel/rcu/" + os.path.basename(p) for p in glob.glob(out + "/kernel/rcu/*.o")
                  if os.path.exists(os.path.join(os.path.dirname(p),
                                                 ".%s.cmd" % os.path.basename(p))))


def test_init_and_record_two_kbuild_trees(tmp_path, rcu_x86_64, rcu_i386, analyzer):
    repo = scratch_repo(tmp_path / "tree", links={"x86_64": rcu_x86_64, "i386": rcu_i386})
    r = bw("init", "--label", "tinyconfig", cwd=repo)
    assert "guessed: x86_64: Kbuild output folder of" in r.stdout
    assert "(Linux 6.1." in r.stdout and "ARCH=x86_64, gcc" in r.stdout
    assert "ARCH=i386 CROSS_COMPILE=i686-linux-gnu-, i686-linux-gnu-gcc" in r.stdout
    assert r.stdout.count("objects built: kernel/rcu/") == 2
    toml = open(os.path.join(repo, "bloatwatch.toml")).read()
    for arch in ("x86_64", "i386"):
        assert '[[objects]]\nkbuild = "%s"\nglob = ["kernel/rcu/*.o"]\ncoordinate = { config = ' \
               '"tinyconfig" }' % arch in toml, toml
    git(repo, "add", "bloatwatch.toml")
    git(repo, "commit", "-q", "-m", "bloatwatch.toml")
    r = bw("record", cwd=repo)
    db = os.path.join(repo, "bloatwatch.db")
    for arch, out in (("x86_64", rcu_x86_64), ("i386", rcu_i386)):
        config = read_config(os.path.join(out, ".config"))
        objs = kernel_objects(out)
        assert len(objs) >= 4
        got = sql(db, "SELECT object, path, text, data, bss, compiler, label, config_id, "
                  "analysis_id FROM v_footprint WHERE arch = ? ORDER BY object", (arch,))
        assert [g[0] for g in got] == objs, "every object, with Kbuild's names"
        for obj, path, text, data, bss, compiler, label, config_id, aid in got:
            full = os.path.join(repo, path)
            assert size_of(full)[0][:3] == (text, data, bss), (arch, obj)
            syms = sql(db, "SELECT raw_name, type, size FROM v_analysis_symbols "
                       "WHERE analysis_id = ?", (aid,))
            assert sorted(syms) == nm_sized(full), (arch, obj)
            assert (compiler, label) == ("gcc", "tinyconfig")
            values = dict(sql(db, "SELECT config, value FROM v_config_sets WHERE config_id = ?",
                              (config_id,)))
            assert values == config, "the .config's values, `is not set` as n"
        # The build records are Kbuild's own .cmd files, read by the analyzer.
        builds = sql(db, "SELECT object, source, cmd, compiler_version FROM v_builds "
                     "WHERE arch = ?", (arch,))
        for obj, source, cmd, version in builds:
            assert source.endswith(obj[:-2] + ".c"), (obj, source)
            assert "-D__KERNEL__" in cmd and cmd.split()[0].endswith("gcc"), cmd[:80]
            assert version == config["CONFIG_CC_VERSION_TEXT"]
    # CONFIG usage of the sources the records name; the i386 build is 32-bit.
    assert sql(db, "SELECT count(*) FROM v_config_usage WHERE config = 'CONFIG_TINY_RCU'")[0][0] > 0
    assert sql(db, "SELECT DISTINCT format FROM v_footprint WHERE arch = 'i386'") == \
        [("elf32-i386",)]
    # Objects by base name or path; the diff of the two arches pairs objects by Kbuild name.
    h = bw("history", "total", "--object", "tiny.o", "--by", "arch", cwd=repo).stdout
    assert "i386" in h and "x86_64" in h
    h = bw("history", "total", "--object", "x86_64/kernel/rcu/tiny.o", cwd=repo).stdout
    tiny = size_of(os.path.join(rcu_x86_64, "kernel/rcu/tiny.o"))[0]
    assert h.splitlines()[1].split()[-1] == str(sum(tiny[:3]))
    d = bw("diff", "HEAD:x86_64", "HEAD:i386", cwd=repo).stdout
    assert "Objects: %d compared" % len(kernel_objects(rcu_x86_64)) in d
    # Run in an output folder itself (no git there): it is remade where it is.
    r = bw("init", "--print", cwd=rcu_i386)
    assert "ARCH=i386 CROSS_COMPILE=i686-linux-gnu- -j$(nproc) kernel/rcu/" in r.stdout
    assert "O=%s " % os.path.realpath(rcu_i386) in r.stdout and 'kbuild = "."' in r.stdout


def kbuild_copy(src_out, dest, objects=("tiny.o",)):
    """A Kbuild output folder with some of a fixture's objects: .config, source link, the
    objects and their .cmd files (which name the fixture's source tree)."""
    os.makedirs(os.path.join(dest, "kernel", "rcu"))
    shutil.copy(os.path.join(src_out, ".config"), dest)
    os.symlink(os.path.realpath(os.path.join(src_out, "source")), os.path.join(dest, "source"))
    for o in objects:
        for name in (o, ".%s.cmd" % o):
            shutil.copy(os.path.join(src_out, "kernel", "rcu", name),
                        os.path.join(dest, "kernel", "rcu"))
    return dest


def test_thin_archive_vmlinux_and_module(tmp_path, rcu_x86_64, analyzer):
    repo = str(tmp_path / "tree")
    out = kbuild_copy(rcu_x86_64, os.path.join(repo, "out"), ["tiny.o", "update.o", "sync.o",
                                                              "srcutiny.o"])
    rcu = os.path.join(out, "kernel", "rcu")
    shutil.copy(os.path.join(rcu_x86_64, "kernel", "rcu", "built-in.a"), rcu)
    shutil.copy(os.path.join(rcu_x86_64, "kernel", "rcu", ".built-in.a.cmd"), rcu)
    with open(os.path.join(rcu, "built-in.a"), "rb") as f:
        assert f.read(8) == b"!<thin>\n"
    # A linked image and a module, each with a Kbuild record.
    subprocess.run(["ld", "-o", "vmlinux", "-e", "0", "--unresolved-symbols=ignore-all",
                    "--whole-archive", "kernel/rcu/built-in.a"], cwd=out, check=True)
    with open(os.path.join(out, ".vmlinux.cmd"), "w") as f:
        f.write("cmd_vmlinux := ld -o vmlinux --whole-archive kernel/rcu/built-in.a\n")
    subprocess.run(["ld", "-r", "-o", "kernel/rcu/rcu_demo.ko", "kernel/rcu/sync.o"], cwd=out,
                   check=True)
    with open(os.path.join(rcu, ".rcu_demo.ko.cmd"), "w") as f:
        f.write("cmd_kernel/rcu/rcu_demo.ko := ld -r -o kernel/rcu/rcu_demo.ko kernel/rcu/sync.o\n")
    scratch_repo(repo, files={"bloatwatch.toml": '[[objects]]\nkbuild = "out"\nglob = '
                              '["vmlinux", "kernel/rcu/built-in.a", "kernel/rcu/*.ko"]\n'
                              'coordinate = { config = "tinyconfig" }\n'})
    bw("record", cwd=repo)
    db = os.path.join(repo, "bloatwatch.db")
    got = {o: (t, d, b) for o, t, d, b in
           sql(db, "SELECT object, text, data, bss FROM v_footprint")}
    want = {"vmlinux": size_of("vmlinux", out)[0][:3],
            "kernel/rcu/rcu_demo.ko": size_of("kernel/rcu/rcu_demo.ko", out)[0][:3]}
    for t, d, b, name in size_of("kernel/rcu/built-in.a", out):
        member = name.split(" ")[0]           # "tiny.o (ex kernel/rcu/built-in.a)"
        want["kernel/rcu/built-in.a(kernel/rcu/%s)" % os.path.basename(member)] = (t, d, b)
    assert got == want
    assert sql(db, "SELECT DISTINCT elf_type FROM analyses ORDER BY 1") == [("EXEC",), ("REL",)]


def snapshot(db):
    return sql(db, "SELECT sha, status FROM commits"), sql(db, "SELECT count(*) FROM slice_builds")


def test_bad_kbuild_input_is_one_line_and_nothing_recorded(tmp_path, rcu_x86_64, analyzer):
    repo = str(tmp_path / "tree")
    out = kbuild_copy(rcu_x86_64, os.path.join(repo, "out"))
    toml = ('\n[[objects]]\nkbuild = "out"\nglob = "kernel/rcu/*.o"\n'
            'coordinate = { config = "tiny" }\n')
    scratch_repo(repo, files={"bloatwatch.toml": toml})
    bw("record", cwd=repo)
    db = os.path.join(repo, "bloatwatch.db")
    before = snapshot(db)
    assert before[1] == [(1,)]
    git(repo, "commit", "-q", "--allow-empty", "-m", "second")
    # A Kbuild .cmd that cannot be parsed.
    cmd = os.path.join(out, "kernel", "rcu", ".tiny.o.cmd")
    good = open(cmd).read()
    with open(cmd, "w") as f:
        f.write("cmd_kernel/rcu/tiny.o := gcc -c tiny.c\nthis is not Kbuild\n")
    one_line(bw("record", cwd=repo, check=None), "out/kernel/rcu/.tiny.o.cmd", "line 2")
    assert snapshot(db) == before
    with open(cmd, "w") as f:
        f.write(good)
    # A missing .config.
    os.rename(os.path.join(out, ".config"), os.path.join(out, "config.away"))
    one_line(bw("record", cwd=repo, check=None), "out/.config", "No such file",
             "bloatwatch.toml:4")
    assert snapshot(db) == before
    os.rename(os.path.join(out, "config.away"), os.path.join(out, ".config"))
    # An unknown key in bloatwatch.toml.
    with open(os.path.join(repo, "bloatwatch.toml"), "w") as f:
        f.write(toml.replace('config = "tiny"', 'config = "tiny", arhc = "x86_64"'))
    one_line(bw("record", cwd=repo, check=None), "bloatwatch.toml:5", "unknown key 'arhc'")
    assert snapshot(db) == before
    # A Kbuild folder that is not there.
    with open(os.path.join(repo, "bloatwatch.toml"), "w") as f:
        f.write(toml.replace('kbuild = "out"', 'kbuild = "out/x86"'))
    one_line(bw("record", cwd=repo, check=None), "kbuild = 'out/x86': no such folder")
    assert snapshot(db) == before
