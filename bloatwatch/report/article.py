# SPDX-License-Identifier: GPL-2.0
"""The declared table's closing comparison, computed from figures: ours, or the published ones.

The rows, the subject and the published figures come from bloatwatch.toml (report/spec.py);
the same sentence builder phrases the published figures and ours, so the two closing notes
can be read side by side.
"""


def times(r):
    """A ratio as the sentence says it: 'about 2.0 times'."""
    return "about %.1f times" % r


def compare_phrase(subject_total, name, other_total):
    """'about 2.0 times smaller than B (895 bytes saved)' (or larger, or equal)."""
    if subject_total <= 0 or other_total <= 0:
        return "not comparable with %s (a zero total)" % name
    if other_total == subject_total:
        return "the same size as %s (%d bytes)" % (name, other_total)
    if other_total > subject_total:
        return "%s smaller than %s (%d bytes saved)" % (
            times(other_total / subject_total), name, other_total - subject_total)
    return "%s larger than %s (%d bytes more)" % (
        times(subject_total / other_total), name, subject_total - other_total)


def closing(s, totals, expected=None, where=""):
    """The closing comparison for {row name: total bytes} under the Spec s; says plainly
    what is missing.

    `expected` are the rows the sentence is about (default: every row of the table); `where`
    describes the configuration for the missing-row note (e.g. 'i386/gcc !SMP, NO_HZ')."""
    order = lambda n: (s.names.index(n) if n in s.names else len(s.names), n)  # noqa: E731
    expected = s.names if expected is None else expected
    present = [n for n in sorted(totals, key=order) if n in expected or not expected]
    missing = [n for n in sorted(expected, key=order) if n not in totals]
    if not present:
        return "No variant has a recorded build%s." % (" for " + where if where else "")
    subject = s.subject if s.subject in totals else min(present, key=lambda n: (totals[n], n))
    others = [n for n in present if n != subject]
    if others:
        parts = [compare_phrase(totals[subject], n, totals[n]) for n in others]
        body = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + ", and " + parts[-1]
        sentence = "%s is %s." % (subject, body)
    else:
        sentence = "%s totals %d bytes." % (subject, totals[subject])
    if missing:
        listed = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " and " + missing[-1]
        verb = "has" if len(missing) == 1 else "have"
        sentence += " %s %s no recorded build%s, so %s not compared." % (
            listed, verb, " for " + where if where else "",
            "it is" if len(missing) == 1 else "they are")
    return sentence


def published_closing(s):
    return closing(s, {n: s.published_total(n) for n in s.names})
