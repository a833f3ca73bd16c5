# SPDX-License-Identifier: GPL-2.0
"""record: a tree's objects -> the history database: collecting them (manifests, [[objects]],
Kbuild), running the analyzer, building commits (track, bisect, configcost's sweeps) and
recorder.record(), the one way anything is recorded."""
