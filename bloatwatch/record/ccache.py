# SPDX-License-Identifier: GPL-2.0
"""ccache's per-build figures: what a build appended to a stats log (CCACHE_STATSLOG format).

ccache writes one entry per compiler call to the file CCACHE_STATSLOG names: a `# SOURCE`
line, then one counter a line (`direct_cache_hit`, `preprocessed_cache_hit`, `cache_miss`,
or why the call could not be cached), and where a hit came from (`local_storage_hit`, or
`remote_storage_hit` when remote storage, e.g. a fleet's Redis, served it). `track` points
CCACHE_STATSLOG at a file of its own for each build; a build that sets its own log (the
matrix's MATRIX_STATSLOG) is read through bloatwatch.toml's `ccache_log`, from the size it
had before the build.
"""
import os
from dataclasses import astuple, dataclass

HITS = ("direct_cache_hit", "preprocessed_cache_hit")
MISS = "cache_miss"
LOCAL_HIT, REMOTE_HIT = "local_storage_hit", "remote_storage_hit"
REMOTE = "remote_storage_"    # any counter of a call that consulted remote storage


@dataclass
class Stats:
    calls: int = 0      # compiler calls ccache saw
    hits: int = 0
    misses: int = 0
    local: int = 0      # hits the local cache served
    remote: int = 0     # hits remote storage served
    remote_calls: int = 0   # calls that consulted remote storage

    def __add__(self, other):
        return Stats(*(a + b for a, b in zip(astuple(self), astuple(other))))

    @property
    def used(self):
        return self.calls > 0

    def rate(self):
        """Hits over cacheable calls, 0..1 (None when nothing was cacheable)."""
        n = self.hits + self.misses
        return self.hits / n if n else None

    def text(self):
        if not self.used:
            return "ccache not used"
        rate = self.rate()
        text = "%d ccache hits, %d misses%s" % (self.hits, self.misses,
                                                "" if rate is None else " (%.0f%%)" % (100 * rate))
        if self.remote_calls:
            text += ": %d local, %d remote hits" % (self.local, self.remote)
        return text


def size(path):
    """A log's size now (0 when it does not exist): give it to read() after the build."""
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def read(path, since=0):
    """Stats of what a log holds past byte `since` (nothing when the log does not exist)."""
    s = Stats()
    try:
        with open(path, "rb") as f:
            f.seek(since)
            lines = f.read().decode(errors="replace").splitlines()
    except OSError:
        return s
    remote = False
    for line in lines:
        if line.startswith("# "):
            s.calls += 1
            remote = False
        elif line.startswith(REMOTE) and not remote:
            s.remote_calls += 1
            remote = True
        if line == LOCAL_HIT:
            s.local += 1
        elif line == REMOTE_HIT:
            s.remote += 1
        elif line in HITS:
            s.hits += 1
        elif line == MISS:
            s.misses += 1
    return s
