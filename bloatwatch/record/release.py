# SPDX-License-Identifier: GPL-2.0
"""A release as a point of history: a tree that is not a git checkout (an unpacked tarball),
recorded under a label and the release's date, beside the commits.

Its commits row has kind 'release', the label as sha (so a label must not read as a sha
prefix), the date as author and commit date (history orders by them) and no parents.
"""
import calendar
import re
import time

from .. import kbuild
from ..errors import BwError

LABEL = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+~-]{0,39}")
DATE_FORMATS = ("%Y-%m-%d", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S")


def check_label(label):
    """The label, or BwError saying why it cannot name a release."""
    if not LABEL.fullmatch(label or ""):
        raise BwError("--label %r: a release label is 1 to 40 letters, digits and . _ + ~ -, "
                      "starting with a letter or digit (e.g. v6.12)" % label)
    if re.fullmatch(r"[0-9a-fA-F]{4,40}", label):
        raise BwError("--label %s: reads as a commit sha; give a label that does not (e.g. "
                      "v%s)" % (label, label))
    if label.endswith("-dirty"):
        raise BwError("--label %s: -dirty names an uncommitted record, not a release" % label)
    return label


def parse_date(text):
    """Unix seconds of YYYY-MM-DD[THH:MM[:SS]], read as UTC; BwError naming the format."""
    for fmt in DATE_FORMATS:
        try:
            return calendar.timegm(time.strptime(text, fmt))
        except (ValueError, TypeError):
            continue
    raise BwError("--date %r: not a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM[:SS], UTC)" % text)


def commit(tree, label, date, subject=None):
    """The commits row of the release of `tree`: its subject defaults to the Linux version
    of a Linux source tree (its Makefile's), else 'release LABEL'."""
    when = parse_date(date)
    if subject is None:
        subject = ("Linux %s" % kbuild.version(tree)) if kbuild.is_source(tree) else \
            "release %s" % label
    return {"sha": check_label(label), "kind": "release", "dirty": False, "parents": "",
            "author": "", "author_date": when, "commit_date": when, "subject": subject}
