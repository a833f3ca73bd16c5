# SPDX-License-Identifier: GPL-2.0
"""make install into a DESTDIR: the staged commands run from anywhere (the Python command
finds its package and the analyzer beside it), the man pages render, uninstall removes it all."""
import os
import subprocess

from tests.bwrun import ROOT

PREFIX = "/usr/local"


def make(*args):
    # A make of its own: not the jobserver of the `make test` that runs this.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    r = subprocess.run(["make", "-s", "--no-print-directory"] + list(args), cwd=ROOT, env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    assert r.returncode == 0, "make %s:\n%s%s" % (" ".join(args), r.stdout, r.stderr)
    return r.stdout


def test_install_and_uninstall(tmp_path):
    stage = str(tmp_path / "stage")
    make("install", "DESTDIR=" + stage, "PREFIX=" + PREFIX)
    root = stage + PREFIX
    bw, analyzer = root + "/bin/bloatwatch", root + "/bin/bloatwatch-analyze"
    assert os.path.islink(bw) and os.readlink(bw) == "../lib/bloatwatch/bin/bloatwatch"
    assert os.path.isfile(root + "/lib/bloatwatch/bloatwatch/db/schema.sql")
    templates = root + "/lib/bloatwatch/bloatwatch/report/templates"
    assert any(n.endswith(".j2") for n in os.listdir(templates)), templates
    # The command's analyzer ("the one beside this command") is the installed binary.
    beside = root + "/lib/bloatwatch/bin/bloatwatch-analyze"
    assert os.path.realpath(beside) == os.path.realpath(analyzer)

    env = dict(os.environ, PATH="/usr/bin:/bin")
    env.pop("BLOATWATCH_ANALYZE", None)
    env.pop("PYTHONPATH", None)
    r = subprocess.run([bw, "--help"], cwd=str(tmp_path), env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0 and "usage: bloatwatch" in r.stdout, r.stderr
    # It runs the staged package, not this checkout's.
    r = subprocess.run(["/usr/bin/python3", "-c",
                        "import runpy, sys; sys.argv = [sys.argv[1], '--help']; "
                        "runpy.run_path(sys.argv[0], run_name='not_main'); "
                        "import bloatwatch; print(bloatwatch.__file__)", bw],
                       cwd=str(tmp_path), env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().startswith(root + "/lib/bloatwatch/bloatwatch/"), r.stdout
    r = subprocess.run([analyzer, "--version"], env=env, stdout=subprocess.PIPE, text=True)
    assert r.returncode == 0 and r.stdout.startswith("bloatwatch-analyze"), r.stdout
    for page in ("bloatwatch.1", "bloatwatch-analyze.1"):
        path = root + "/share/man/man1/" + page
        r = subprocess.run(["man", "-l", path], env=dict(env, MANWIDTH="80"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert r.returncode == 0 and "NAME" in r.stdout, r.stderr

    make("uninstall", "DESTDIR=" + stage, "PREFIX=" + PREFIX)
    left = [os.path.join(d, f) for d, _, files in os.walk(stage) for f in files]
    assert not left, "left after uninstall: %s" % left
