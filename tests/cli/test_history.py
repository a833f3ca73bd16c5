# SPDX-License-Identifier: GPL-2.0
"""track over a real Linux 6.1 history (linux.sh history: the tree plus four commits that move
kernel/rcu sizes), configured by `init --kbuild` from the tinyconfig fixture.

The clone lives in $BW_CACHE/cli/ with track's kept worktree inside it, so a second run
builds incrementally (and through ccache) instead of from scratch."""
import fcntl
import os
import re
import subprocess

from tests.bwrun import sql
from conftest import BW_CACHE, bw, git, linux, size_of


def cached_clone(history):
    """A clone of the history fixture kept in the cache (made once, under a lock)."""
    home = os.path.join(BW_CACHE, "cli", os.path.basename(os.path.dirname(history)))
    os.makedirs(os.path.dirname(home), exist_ok=True)
    with open(home + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        clone = os.path.join(home, "linux")
        if not os.path.exists(os.path.join(home, ".complete")):
            subprocess.run(["rm", "-rf", home], check=True)
            os.makedirs(home)
            subprocess.run(["git", "clone", "-q", "--shared", history, clone], check=True)
            open(os.path.join(home, ".complete"), "w").close()
    return clone


def test_track_linux_history(tmp_path, rcu_x86_64, analyzer):
    clone = cached_clone(linux("history"))
    conf = str(tmp_path / "bloatwatch.toml")
    r = bw("-C", clone, "--config", conf, "init", "--kbuild", rcu_x86_64, "--label", "tinyconfig")
    assert "is a Linux 6.1." in r.stdout and "source tree" in r.stdout
    assert "is not this tree's own output folder: track builds each commit with its .config " \
           "into bloatwatch-out/" in r.stdout
    text = open(conf).read()
    assert 'kbuild = "bloatwatch-out"' in text and 'glob = ["kernel/rcu/*.o"]' in text
    assert 'paths = ["kernel/rcu/", "arch/x86/", "include/"' in text
    db = str(tmp_path / "h.db")
    r = bw("--db", db, "-C", clone, "--config", conf, "track", "HEAD", timeout=5400)
    shas = git(clone, "rev-list", "--reverse", "HEAD").split()
    assert len(shas) == 5
    assert "5 commits: 5 recorded, 0 failed to build, 0 already recorded; 5 built" in r.stdout
    times = [float(t) for t in re.findall(r"^track: \d/5 \w+ ok \(([0-9.]+) s; ", r.stderr, re.M)]
    assert len(times) == 5
    hits = re.search(r"5 built, (\d+) ccache hits, (\d+) misses", r.stdout)
    assert hits, "ccache figures are shown: " + r.stdout
    print("track: per commit %s s; %s" % (" ".join("%.1f" % t for t in times), hits.group(0)))
    # Every commit recorded kernel/rcu's objects with Kbuild's names.
    per = dict(sql(db, "SELECT sha, count(*) FROM v_footprint GROUP BY sha"))
    assert per == {s: 4 for s in shas}, per
    # Each change's diff names the symbols that moved, and they are the ones its patch touches.
    for parent, sha in zip(shas, shas[1:]):
        out = bw("--db", db, "-C", clone, "diff", parent, sha).stdout
        moved = re.findall(r"^(\w+)\s+(?:\d+|-)\s+(?:\d+|-)\s+[+-]\d+$", out, re.M)
        assert moved, out
        patch = git(clone, "show", sha)
        for name in moved:
            assert name in patch, (sha[:12], name, out)
    # The last commit's figures are `size` of the objects its build left in the worktree.
    wt = next(l.split()[0] for l in git(clone, "worktree", "list").splitlines()
              if "/.git/bloatwatch/worktrees/" in l and shas[-1][:9] in l)
    for obj, path, t, d, b in sql(db, "SELECT object, path, text, data, bss FROM v_footprint "
                                  "WHERE sha = ?", (shas[-1],)):
        assert path == "bloatwatch-out/" + obj
        assert size_of(os.path.join(wt, path))[0][:3] == (t, d, b), obj
