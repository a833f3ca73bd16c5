# SPDX-License-Identifier: GPL-2.0
"""The article's published Memory Footprint table, and its closing comparison computed from figures.

Figures from "RCU: The Bloatwatch Edition" (McKenney, 2009), which names no architecture,
compiler or config; reference/rcu-variants.md §6.2 shows they fit a 32-bit UP build with
NO_HZ and without PREEMPT.  The same sentence builder phrases the article's figures and
ours, so the two closing notes can be read side by side.
"""
from .model import variant_name, variant_sort

# variant -> ((object, text, data, bss), ...): the shared rcupdate.o first.
PUBLISHED = {
    "classic": (("rcupdate.o", 363, 12, 24), ("rcuclassic.o", 1237, 64, 124)),
    "tree": (("rcupdate.o", 363, 12, 24), ("rcutree.o", 2344, 240, 184)),
    "tiny": (("rcupdate.o", 294, 12, 24), ("rcutiny.o", 563, 36, 0)),
}
PUBLISHED_TOTALS = {"classic": 1824, "tree": 3167, "tiny": 929}   # as printed
SUBJECT = "tiny"   # the article's subject: everything is compared with Tiny RCU


def published_total(variant):
    return sum(t + d + b for _, t, d, b in PUBLISHED[variant])


def times(r):
    """A ratio as the sentence says it: 'about 2.0 times'."""
    return "about %.1f times" % r


def compare_phrase(subject, subject_total, other, other_total):
    """'about 2.0 times smaller than Classic RCU (895 bytes saved)' (or larger, or equal)."""
    name = variant_name(other)
    if subject_total <= 0 or other_total <= 0:
        return "not comparable with %s (a zero total)" % name
    if other_total == subject_total:
        return "the same size as %s (%d bytes)" % (name, other_total)
    if other_total > subject_total:
        return "%s smaller than %s (%d bytes saved)" % (
            times(other_total / subject_total), name, other_total - subject_total)
    return "%s larger than %s (%d bytes more)" % (
        times(subject_total / other_total), name, subject_total - other_total)


def closing(totals, expected=("classic", "tree", "tiny"), where=""):
    """The closing comparison for {variant: total bytes}; says plainly what is missing.

    `expected` are the variants the sentence is about; `where` describes the configuration
    for the missing-variant note (e.g. 'i386/gcc UP, !PREEMPT, NO_HZ')."""
    present = [v for v in sorted(totals, key=variant_sort) if v in expected or not expected]
    missing = [v for v in sorted(expected, key=variant_sort) if v not in totals]
    if not present:
        return "No variant has a recorded build%s." % (" for " + where if where else "")
    subject = SUBJECT if SUBJECT in totals else min(present, key=lambda v: (totals[v], v))
    others = [v for v in present if v != subject]
    sentence = ""
    if others:
        parts = [compare_phrase(subject, totals[subject], v, totals[v]) for v in others]
        if len(parts) == 1:
            body = parts[0]
        else:
            body = ", ".join(parts[:-1]) + ", and " + parts[-1]
        sentence = "%s is %s." % (variant_name(subject), body)
    else:
        sentence = "%s totals %d bytes." % (variant_name(subject), totals[subject])
    if missing:
        names = [variant_name(v) for v in missing]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        verb = "has" if len(names) == 1 else "have"
        sentence += " %s %s no recorded build%s, so %s not compared." % (
            listed, verb, " for " + where if where else "",
            "it is" if len(names) == 1 else "they are")
    return sentence


def published_closing():
    return closing(PUBLISHED_TOTALS)
