#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
# bench-analyzer: bloatwatch-analyze against size, nm, eu-size, llvm-size, llvm-nm on the same inputs;
# hyperfine medians, one ratio per tool (tool time / analyzer time: above 1 means the analyzer is faster).
# usage: analyzer-speed.py ANALYZER WORKDIR MATRIX-LIST BIGLIB BIGDWARF...
import json
import os
import shutil
import subprocess
import sys

bw, work, matrix_list, biglib = sys.argv[1:5]
bigdwarf = sys.argv[5:]
runs = os.environ.get("BENCH_RUNS", "9")


def human(n):
    return "%.1f MiB" % (n / 1048576.0) if n >= 1048576 else "%.0f KiB" % (n / 1024.0)


def group(title, files, ours, others):
    """Time our command and each other tool on @files; print medians and ratios."""
    size = sum(os.path.getsize(f) for f in files)
    cmds = [("bloatwatch-analyze " + " ".join(ours), [bw] + ours + files)]
    for name, argv in others:
        if shutil.which(argv[0]):
            cmds.append((name, argv + files))
        else:
            print("  (%s not installed: skipped)" % argv[0])
    out = os.path.join(work, "hyperfine.json")
    hf = ["hyperfine", "-N", "-i", "--style", "none", "--warmup", "2", "--runs", runs, "--export-json", out]
    for name, argv in cmds:
        hf += ["-n", name, " ".join(argv)]
    run = subprocess.run(hf, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode:
        sys.exit("hyperfine failed:\n" + run.stderr)
    res = json.load(open(out))["results"]
    print("\n== %s: %d file%s, %s, one process per tool =="
          % (title, len(files), "" if len(files) == 1 else "s", human(size)))
    base = res[0]["median"]
    for r in res:
        ratio = "" if r is res[0] else "  ratio %.2fx (%s / analyzer)" % (r["median"] / base, r["command"].split()[0])
        print("  %-44s median %9.2f ms%s" % (r["command"], r["median"] * 1000.0, ratio))


matrix = [l.strip() for l in open(matrix_list) if l.strip()]
os.makedirs(work, exist_ok=True)
print("bench-analyzer: %s runs per command after 2 warm-ups (BENCH_RUNS=N to change)" % runs)
if matrix:
    group("size, build matrix", matrix, ["size"],
          [("size", ["size"]), ("eu-size", ["eu-size"]), ("llvm-size", ["llvm-size"])])
    group("size -A, build matrix", matrix, ["size", "-A"],
          [("size -A", ["size", "-A"]), ("eu-size -A", ["eu-size", "-A"]), ("llvm-size -A", ["llvm-size", "-A"])])
    group("symbols, build matrix", matrix, ["symbols"],
          [("nm -S --size-sort", ["nm", "-S", "--size-sort"]), ("llvm-nm", ["llvm-nm", "-S", "--size-sort"])])
group("size, large shared library", [biglib], ["size"],
      [("size", ["size"]), ("eu-size", ["eu-size"]), ("llvm-size", ["llvm-size"])])
group("symbols, large shared library (dynamic symbols)", [biglib], ["symbols"],
      [("nm -D", ["nm", "-D", "-S", "--size-sort"]), ("llvm-nm -D", ["llvm-nm", "-D", "-S", "--size-sort"])])
for obj in bigdwarf:
    group("size -A, large object with DWARF (%s)" % os.path.basename(obj), [obj], ["size", "-A"],
          [("size -A", ["size", "-A"]), ("eu-size -A", ["eu-size", "-A"]), ("llvm-size -A", ["llvm-size", "-A"])])
    group("symbols, large object with DWARF (%s)" % os.path.basename(obj), [obj], ["symbols"],
          [("nm -S --size-sort", ["nm", "-S", "--size-sort"]), ("llvm-nm", ["llvm-nm", "-S", "--size-sort"])])
