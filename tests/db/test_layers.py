# SPDX-License-Identifier: GPL-2.0
"""No import runs back up the pipeline (issue 30): db imports no record, report, compare or
render module, and report nothing that runs git or make or reads build folders; imports inside
functions and through other modules count too."""
import ast
import os

from conftest import ROOT

PACKAGE = os.path.join(ROOT, "bloatwatch")
# Modules that run git or make or read build folders (they import subprocess, or collect).
RUNS = ("bloatwatch.gitrepo", "bloatwatch.record", "bloatwatch.fleet", "bloatwatch.kbuild",
        "bloatwatch.scaffold", "bloatwatch.cli")


def modules():
    """{module name: path} of the package."""
    out = {}
    for folder, _, files in os.walk(PACKAGE):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                name = os.path.relpath(path, ROOT)[:-3].replace(os.sep, ".")
                out[name[:-len(".__init__")] if name.endswith(".__init__") else name] = path
    return out


def imported(name, path, known):
    """The package modules a module imports, at any depth of its code."""
    package = name if path.endswith("__init__.py") else name.rsplit(".", 1)[0]
    out = set()
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            for a in node.names:
                full = base + "." + a.name
                out.add(full if full in known else base)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            assert node.args and isinstance(node.args[0], (ast.Constant, ast.BinOp)), path
    return {m for m in out if m in known}


def reached(top):
    """{module: the module that imports it} of everything a package's modules import,
    directly or not (a package's __init__ included)."""
    known = modules()
    via, todo = {}, [m for m in known if m == top or m.startswith(top + ".")]
    for m in todo:
        via[m] = None
    while todo:
        m = todo.pop()
        parents = [".".join(m.split(".")[:i]) for i in range(1, m.count(".") + 1)]
        for dep in imported(m, known[m], known) | {p for p in parents if p in known}:
            if dep not in via:
                via[dep] = m
                todo.append(dep)
    return via


def chain(via, m):
    out = [m]
    while via.get(out[-1]):
        out.append(via[out[-1]])
    return " <- ".join(out)


def test_db_imports_nothing_above_it():
    via = reached("bloatwatch.db")
    bad = [chain(via, m) for m in via if m.split(".")[1:2] in (["record"], ["report"],
                                                               ["compare"], ["render"])]
    bad += [chain(via, m) for m in via if m.startswith(RUNS)]
    assert bad == []


def test_report_imports_nothing_that_runs_git_or_make():
    via = reached("bloatwatch.report")
    assert [chain(via, m) for m in via if m.startswith(RUNS)] == []
