# SPDX-License-Identifier: GPL-2.0
"""compare: the one comparison engine (bloat-o-meter, objects, structs, CONFIG) for diff, check and the reports."""
