# SPDX-License-Identifier: GPL-2.0
"""compare: the one comparison engine (bloat-o-meter, objects, structs, CONFIG) behind
`bloatwatch diff`, the symbol moves `bloatwatch check` shows, and the report's diff pages."""
