/* SPDX-License-Identifier: GPL-2.0 */
/* Symbol name normalization: the compiler-generated suffixes that make one function look like two. */
#ifndef BW_SYMNAMES_H
#define BW_SYMNAMES_H

#include <stdbool.h>
#include <stddef.h>

/*
 * bw_norm_name - @name's first @len bytes without compiler suffixes, newly allocated
 * @exact false: drop every ".component" that is all digits or one of isra, constprop,
 *   part, cold, lto_priv, localalias, llvm (so foo.isra.0, foo.constprop.3.isra.0,
 *   foo.cold and foo.lto_priv.0 all become foo; CSWTCH.123 becomes CSWTCH);
 * @exact true: scripts/bloat-o-meter's rule, re.sub(r'\.[0-9]+', '', name).
 * Return: the normalized name, or NULL when out of memory.
 */
char *bw_norm_name(const char *name, size_t len, bool exact);

#endif /* BW_SYMNAMES_H */
