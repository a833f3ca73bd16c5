# SPDX-License-Identifier: GPL-2.0
"""compare: the one comparison engine (bloat-o-meter, objects, structs, CONFIG) for
`bloatwatch diff` and the report's diff pages."""
