/* SPDX-License-Identifier: GPL-2.0 */
/* bloat-o-meter's comparison: symbol sizes summed per normalized name, then added/removed/grown/shrunk. */
#ifndef BW_BLOATOMETER_H
#define BW_BLOATOMETER_H

#include <stdbool.h>
#include <stddef.h>
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
	const char *name; /* owned by one of the maps */
	int64_t delta;
	const struct bw_sizemap_entry *old, *new; /* NULL when absent on that side */
};

struct bw_compare {
	size_t add, remove, grow, shrink;
	uint64_t up, down;
	struct bw_delta *v; /* every name, sorted as bloat-o-meter: delta desc, then name desc */
	size_t n;
};

/* calc() of scripts/bloat-o-meter. Return: 0 or -1 (out of memory). */
int bw_compare_maps(const struct bw_sizemap *old, const struct bw_sizemap *new,
		    struct bw_compare *c);
void bw_compare_free(struct bw_compare *c);

/* Which scripts/bloat-o-meter to be: Linux 6.1's, or the current one, which also counts weak
 * symbols (w and W with the functions, v and V with the data). */
enum bw_bom_script { BW_BOM_61, BW_BOM_UPSTREAM };

/* One table the script prints: its title and the nm letters it counts. */
struct bw_bom_table {
	const char *title;
	const char *letters;
};

/* The tables @script prints for @category (0: default, 'c': three, 'd': data, 't': text). */
size_t bw_bom_tables(enum bw_bom_script script, char category, const struct bw_bom_table **out);

/* The generated kernel symbols the script leaves out (__mod_*, linux_banner...). */
bool bw_bom_skips(const char *name);

#endif /* BW_BLOATOMETER_H */
