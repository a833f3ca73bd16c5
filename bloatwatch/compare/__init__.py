# SPDX-License-Identifier: GPL-2.0
"""compare: the one comparison engine (bloat-o-meter, objects, structs, CONFIG) behind
`bloatwatch diff`, `bloatwatch check`'s size budgets and the symbol moves it shows, and the
report's diff pages."""
