#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""docs/gen/abridge.py: shorten a JSON document on stdin for the docs: every array keeps its
first N items (default 2) and a "... K more" string, the build record's config its first 3."""
import json
import sys


def cut(value, n):
    if isinstance(value, list):
        kept = [cut(v, n) for v in value[:n]]
        return kept + (["... %d more" % (len(value) - n)] if len(value) > n else [])
    if isinstance(value, dict):
        out = {}
        for i, (k, v) in enumerate(value.items()):
            if i == n + 1 and k.startswith("CONFIG_"):
                out["..."] = "%d more" % (len(value) - n - 1)
                break
            out[k] = cut(v, n)
        return out
    return value


def main(argv):
    n = int(argv[0]) if argv else 2
    print(json.dumps(cut(json.load(sys.stdin), n), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
