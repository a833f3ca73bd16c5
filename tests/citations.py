# SPDX-License-Identifier: GPL-2.0
"""Citations a reader cannot follow: addresses of outside documents and numbered sections of them.

One list for the manual's check (tests/docs) and `make lint`'s over the sources, tests and
mutants (tests/lint.sh): `python3 tests/citations.py FILE...` prints each finding as
FILE:LINE: what: text and exits 1 if there is one. Imported as `tests.citations`.
"""
import re
import sys

OUTSIDE = [(re.compile(r"\bhttps?://", re.I), "an address outside the repository"),
           (re.compile(r"\bthe issue\b", re.I), "'the issue'"),
           (re.compile(r"§"), "a section sign"),
           (re.compile(r"\breference \d", re.I), "a numbered reference"),
           (re.compile(r"\bsections? \d+\.\d+", re.I), "a numbered section"),
           (re.compile(r"\bQuick Quiz", re.I), "the article's quizzes")]


def findings(paths, name=lambda p: p):
    """FILE:LINE: what: text, for every line of paths that cites an outside document."""
    found = []
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                for pattern, what in OUTSIDE:
                    if pattern.search(line):
                        found.append("%s:%d: %s: %s" % (name(path), n, what, line.strip()))
    return found


if __name__ == "__main__":
    out = findings(sys.argv[1:])
    print("\n".join(out), end="\n" if out else "")
    sys.exit(1 if out else 0)
