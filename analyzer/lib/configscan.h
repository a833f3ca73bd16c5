/* SPDX-License-Identifier: GPL-2.0 */
/* CONFIG_ usage: the seed extractconfig.sh pipeline reproduced byte for byte, and the complete set. */
#ifndef BW_CONFIGSCAN_H
#define BW_CONFIGSCAN_H

#include "bw.h"

struct bw_strset {
	char **v; /* distinct strings, unsorted until bw_strset_sort() */
	size_t n, cap;
};

/*
 * bw_configs_scan - the CONFIG_ names extractconfig.sh reports for one file's text
 * @prefix: the "FILE:" grep puts before each line when the script is given several files
 *          (NULL for one file); the script's later stages see it, so it can matter.
 * @all: also add every CONFIG_ token the pipeline drops (see configs.c).
 * Return: 0, or -1 when out of memory.
 */
int bw_configs_scan(const char *text, size_t len, const char *prefix, bool all,
		    struct bw_strset *out);

int bw_strset_add(struct bw_strset *s, const char *str, size_t len);
/* Sort (strcoll when @coll, as sort(1) in the user's locale; bytewise otherwise), drop duplicates. */
void bw_strset_sort(struct bw_strset *s, bool coll);
void bw_strset_free(struct bw_strset *s);

#endif /* BW_CONFIGSCAN_H */
