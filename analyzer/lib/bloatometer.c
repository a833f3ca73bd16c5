// SPDX-License-Identifier: GPL-2.0
/* The comparison core of bloat-o-meter: a name -> size map per side and calc()'s counts and ordering. */
#include <stdlib.h>
#include <string.h>

#include "bloatometer.h"

static uint64_t hash(const char *s)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static int rehash(struct bw_sizemap *m)
{
	size_t ncap = m->cap ? m->cap * 2 : 64;
	struct bw_sizemap_entry *nv = calloc(ncap, sizeof(*nv));

	if (!nv)
		return -1;
	for (size_t i = 0; i < m->cap; i++) {
		size_t k;

		if (!m->v[i].name)
			continue;
		for (k = hash(m->v[i].name) & (ncap - 1); nv[k].name; k = (k + 1) & (ncap - 1))
			;
		nv[k] = m->v[i];
	}
	free(m->v);
	m->v = nv;
	m->cap = ncap;
	return 0;
}

int bw_sizemap_add(struct bw_sizemap *m, const char *name, uint64_t size)
{
	size_t k;

	if ((m->n + 1) * 2 > m->cap && rehash(m))
		return -1;
	for (k = hash(name) & (m->cap - 1); m->v[k].name; k = (k + 1) & (m->cap - 1))
		if (!strcmp(m->v[k].name, name)) {
			m->v[k].size += size;
			m->total += size;
			return 0;
		}
	m->v[k].name = strdup(name);
	if (!m->v[k].name)
		return -1;
	m->v[k].size = size;
	m->total += size;
	m->n++;
	return 0;
}

const struct bw_sizemap_entry *bw_sizemap_get(const struct bw_sizemap *m, const char *name)
{
	if (!m->cap)
		return NULL;
	for (size_t k = hash(name) & (m->cap - 1); m->v[k].name; k = (k + 1) & (m->cap - 1))
		if (!strcmp(m->v[k].name, name))
			return &m->v[k];
	return NULL;
}

void bw_sizemap_free(struct bw_sizemap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->v[i].name);
	free(m->v);
	memset(m, 0, sizeof(*m));
}

/* Python's delta.sort(); delta.reverse() on (delta, name) tuples. */
static int delta_order(const void *pa, const void *pb)
{
	const struct bw_delta *a = pa, *b = pb;

	if (a->delta != b->delta)
		return a->delta > b->delta ? -1 : 1;
	return -strcmp(a->name, b->name);
}

int bw_compare_maps(const struct bw_sizemap *old, const struct bw_sizemap *new,
		    struct bw_compare *c)
{
	memset(c, 0, sizeof(*c));
	c->v = calloc(old->n + new->n + 1, sizeof(*c->v));
	if (!c->v)
		return -1;
	for (size_t i = 0; i < old->cap; i++) {
		const struct bw_sizemap_entry *o = &old->v[i], *n;

		if (!o->name)
			continue;
		n = bw_sizemap_get(new, o->name);
		c->v[c->n++] = (struct bw_delta){
			o->name, n ? (int64_t)(n->size - o->size) : -(int64_t)o->size, o, n
		};
		if (!n) {
			c->remove++;
			c->down += o->size;
		} else if (n->size > o->size) {
			c->grow++;
			c->up += n->size - o->size;
		} else if (n->size < o->size) {
			c->shrink++;
			c->down += o->size - n->size;
		}
	}
	for (size_t i = 0; i < new->cap; i++) {
		const struct bw_sizemap_entry *n = &new->v[i];

		if (!n->name || bw_sizemap_get(old, n->name))
			continue;
		c->v[c->n++] = (struct bw_delta){ n->name, (int64_t)n->size, NULL, n };
		c->add++;
		c->up += n->size;
	}
	qsort(c->v, c->n, sizeof(*c->v), delta_order);
	return 0;
}

void bw_compare_free(struct bw_compare *c)
{
	free(c->v);
	memset(c, 0, sizeof(*c));
}

/* getsizes() of the script: the generated symbols it leaves out. */
bool bw_bom_skips(const char *name)
{
	return !strncmp(name, "__mod_", 6) || !strncmp(name, "__se_sys", 8) ||
	       !strncmp(name, "__se_compat_sys", 15) || !strncmp(name, "__addressable_", 14) ||
	       !strcmp(name, "linux_banner") || !strcmp(name, "vermagic");
}

/* print_result() calls at the end of each script: 6.1, and the current one. */
static const struct bw_bom_table tables[2][4][3] = {
	[BW_BOM_61] = {
		{ { "Function", "tTdDbBrR" } },
		{ { "Function", "tT" }, { "Data", "dDbB" }, { "RO Data", "rR" } },
		{ { "Data", "dDbBrR" } },
		{ { "Function", "tT" } },
	},
	[BW_BOM_UPSTREAM] = {
		{ { "Function", "tTdDbBrRvVwW" } },
		{ { "Function", "tTwW" }, { "Data", "dDbBvV" }, { "RO Data", "rR" } },
		{ { "Data", "dDbBrRvV" } },
		{ { "Function", "tTwW" } },
	},
};

size_t bw_bom_tables(enum bw_bom_script script, char category, const struct bw_bom_table **out)
{
	int k = category == 'c' ? 1 : category == 'd' ? 2 : category == 't' ? 3 : 0;

	*out = tables[script == BW_BOM_UPSTREAM][k];
	return k == 1 ? 3 : 1;
}
