/* SPDX-License-Identifier: GPL-2.0 */
/* The one walk over a unit's DIEs: iterative, bounded in depth, checked for corrupt chains. */
#ifndef BW_DWWALK_H
#define BW_DWWALK_H

#include <elfutils/libdw.h>

#include "bw.h"

#define BW_DW_WALK_DEPTH 256 /* deeper children are not entered */

/*
 * bw_die_fn - called on each DIE the walk reaches, @depth 0 for the unit DIE's children.
 * Return: 1 to enter its children (if any), 0 to go on with its siblings, -1 to stop with
 * @e set.
 */
typedef int (*bw_die_fn)(Dwarf_Die *d, int tag, int depth, void *arg, struct bw_err *e);

/* Every DIE below @cudie that @visit enters, in DWARF order. Return: 0, or -1 with @e set. */
int bw_dw_walk_unit(Dwarf_Die *cudie, const char *file, bw_die_fn visit, void *arg,
		    struct bw_err *e);

#endif /* BW_DWWALK_H */
