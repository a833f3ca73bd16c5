/* SPDX-License-Identifier: GPL-2.0 */
/* bloat-o-meter's comparison: symbol sizes summed per normalized name, then added/removed/grown/shrunk. */
#ifndef BW_BLOATOMETER_H
#define BW_BLOATOMETER_H

#include <stdbool.h>
#include <stdint.h>

#include "bw.h"

struct bw_sizemap_entry {
	char *name;
	uint64_t size;
};

/* Normalized name -> summed size (open addressing). */
struct bw_sizemap {
	struct bw_sizemap_entry *v;
	size_t cap, n;
	uint64_t total;
};

int bw_sizemap_add(struct bw_sizemap *m, const char *name, uint64_t size);
const struct bw_sizemap_entry *bw_sizemap_get(const struct bw_sizemap *m, const char *name);
void bw_sizemap_free(struct bw_sizemap *m);

struct bw_delta {
	const char *name;	/* owned by one of the maps */
	int64_t delta;
	const struct bw_sizemap_entry *old, *new;	/* NULL when absent on that side */
};

struct bw_compare {
	size_t add, remove, grow, shrink;
	uint64_t up, down;
	struct bw_delta *v;	/* every name, sorted as bloat-o-meter: delta desc, then name desc */
	size_t n;
};

/* calc() of scripts/bloat-o-meter. Return: 0 or -1 (out of memory). */
int bw_compare_maps(const struct bw_sizemap *old, const struct bw_sizemap *new, struct bw_compare *c);
void bw_compare_free(struct bw_compare *c);

/* The generated kernel symbols the script leaves out (__mod_*, linux_banner...). */
bool bw_bom_skips(const char *name);

#endif /* BW_BLOATOMETER_H */
