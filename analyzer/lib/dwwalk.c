// SPDX-License-Identifier: GPL-2.0
/* The one walk over a unit's DIEs (compile units, call graph): see dwwalk.h. */
#include <dwarf.h>

#include "dwwalk.h"

int bw_dw_walk_unit(Dwarf_Die *cudie, const char *file, bw_die_fn visit, void *arg,
		    struct bw_err *e)
{
	Dwarf_Die stack[BW_DW_WALK_DEPTH];
	Dwarf_Off last[BW_DW_WALK_DEPTH];
	int sp = 0, r = dwarf_child(cudie, &stack[0]);

	if (r)
		return r < 0 ? bw_fail(e, file, "corrupt unit DIE: %s", dwarf_errmsg(-1)) : 0;
	last[0] = 0;
	for (;;) {
		Dwarf_Die *d = &stack[sp];
		int tag = dwarf_tag(d), into;
		Dwarf_Off off = dwarf_dieoffset(d);

		if (tag < 0)
			return bw_fail(e, file, "DIE 0x%llx: unreadable DIE: %s",
				       (unsigned long long)off, dwarf_errmsg(-1));
		/* Offsets grow along a chain: one that does not is a loop. */
		if (last[sp] && off <= last[sp])
			return bw_fail(e, file, "DIE 0x%llx: sibling chain loops",
				       (unsigned long long)off);
		last[sp] = off;
		into = visit(d, tag, sp, arg, e);
		if (into < 0)
			return -1;
		if (into && dwarf_haschildren(d) && sp + 1 < BW_DW_WALK_DEPTH) {
			r = dwarf_child(d, &stack[sp + 1]);
			if (r < 0)
				return bw_fail(e, file, "DIE 0x%llx: corrupt children: %s",
					       (unsigned long long)off, dwarf_errmsg(-1));
			if (r == 0) {
				last[++sp] = 0;
				continue;
			}
		}
		for (;;) {
			r = dwarf_siblingof(&stack[sp], &stack[sp]);
			if (r < 0)
				return bw_fail(e, file, "DIE 0x%llx: corrupt sibling chain: %s",
					       (unsigned long long)last[sp], dwarf_errmsg(-1));
			if (r == 0)
				break;
			if (sp == 0)
				return 0;
			sp--;
		}
	}
}
