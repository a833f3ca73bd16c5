// SPDX-License-Identifier: GPL-2.0
/* Layout arithmetic: pahole's hole, bit-hole and padding search, layout identity and lifetime. */
#include <stdlib.h>
#include <string.h>

#include "layouts.h"

/*
 * The search follows pahole's class__find_holes(): members are visited in order, a running
 * "last seen bit" marks the end of what is used, and bit-fields extend to the end of the
 * storage unit of their base type. Holes are assigned to the member *before* them; a bit-field
 * whose storage unit starts past the last seen bit also opens a byte hole. Signed 64-bit
 * arithmetic: overlapping members give negative holes, which are not counted as byte holes
 * (as in pahole) but are counted as bit holes when non-zero (also as in pahole).
 */
void bw_layout_find_holes(struct bw_layout *l, unsigned cacheline, struct bw_hole_info *per,
			  struct bw_layout_sums *sums)
{
	int64_t cur_bf_end = (int64_t)l->size * 8, cur_bf_size = 0, last_seen = 0;
	bool in_bf = false;
	struct bw_layout_sums s;
	size_t i;

	memset(&s, 0, sizeof(s));
	if (per)
		memset(per, 0, l->nmembers * sizeof(*per));
	if (!cacheline)
		cacheline = 64;
	l->cachelines = (uint32_t)((l->size + cacheline - 1) / cacheline);
	l->holes = 0;
	l->hole_bytes = 0;
	l->bit_holes = 0;
	l->bit_hole_bits = 0;
	l->padding = 0;
	for (i = 0; i < l->nmembers; i++) {
		const struct bw_layout_member *m = &l->members[i];

		if (m->bit_size)
			s.sum_bits += m->bit_size;
		else
			s.sum_members += m->size;
	}
	if (strcmp(l->kind, "union") == 0) {
		if (sums)
			*sums = s;
		return;
	}
	for (i = 0; i < l->nmembers; i++) {
		const struct bw_layout_member *m = &l->members[i];
		int64_t bit_start = (int64_t)(m->offset * 8 + m->bit_offset);
		int64_t bit_end =
			bit_start + (m->bit_size ? (int64_t)m->bit_size : (int64_t)m->size * 8);
		int64_t bit_holes = 0, byte_holes = 0;

		if (in_bf) {
			int64_t bf_end = bit_start < cur_bf_end ? bit_start : cur_bf_end;

			bit_holes = bf_end - last_seen;
			last_seen = bf_end;
		}
		if (m->bit_size) {
			int64_t aligned_start = (int64_t)m->offset * 8;

			if (last_seen < aligned_start && aligned_start <= bit_start) {
				byte_holes = (int64_t)m->offset - last_seen / 8;
				last_seen = aligned_start;
			}
			bit_holes += bit_start - last_seen;
		} else {
			byte_holes = bit_start / 8 - last_seen / 8;
		}
		last_seen = bit_end;
		if (m->bit_size) {
			in_bf = true;
			if (bit_end > cur_bf_end || (int64_t)m->size * 8 > cur_bf_size) {
				cur_bf_size = (int64_t)m->size * 8;
				cur_bf_end = (int64_t)m->offset * 8 + cur_bf_size;
				/* A bit-field that borrowed bits from the previous unit ends in
				 * the next one. */
				if (bit_end > cur_bf_end)
					cur_bf_end += cur_bf_size;
			}
		} else {
			in_bf = false;
			cur_bf_size = 0;
			cur_bf_end = bit_end;
		}
		if (i == 0) {
			s.pre_hole = byte_holes > 0 ? (uint64_t)byte_holes : 0;
			s.pre_bit_hole = bit_holes > 0 ? (uint32_t)bit_holes : 0;
		} else if (per) {
			per[i - 1].hole = byte_holes > 0 ? (uint64_t)byte_holes : 0;
			per[i - 1].bit_hole = bit_holes > 0 ? (uint32_t)bit_holes : 0;
		}
		if (bit_holes) {
			l->bit_holes++;
			if (bit_holes > 0)
				l->bit_hole_bits += (uint64_t)bit_holes;
		}
		if (byte_holes > 0) {
			l->holes++;
			l->hole_bytes += (uint64_t)byte_holes;
		}
	}
	if (in_bf) {
		int64_t bf_end = (int64_t)l->size * 8 < cur_bf_end ? (int64_t)l->size * 8 :
								     cur_bf_end;

		s.bit_padding = bf_end > last_seen ? (uint32_t)(bf_end - last_seen) : 0;
		last_seen = bf_end;
	}
	s.padding = (int64_t)l->size - last_seen / 8;
	l->padding = s.padding > 0 ? (uint64_t)s.padding : 0;
	if (sums)
		*sums = s;
}

static void enum_free(struct bw_enum *e)
{
	if (!e)
		return;
	for (size_t i = 0; i < e->n && e->names; i++)
		free(e->names[i]);
	free(e->names);
	free(e->values);
	free(e);
}

static struct bw_enum *enum_dup(const struct bw_enum *e)
{
	struct bw_enum *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->size = e->size;
	d->names = calloc(e->n ? e->n : 1, sizeof(*d->names));
	d->values = calloc(e->n ? e->n : 1, sizeof(*d->values));
	if (!d->names || !d->values) {
		enum_free(d);
		return NULL;
	}
	for (; d->n < e->n; d->n++) {
		d->names[d->n] = strdup(e->names[d->n]);
		d->values[d->n] = e->values[d->n];
		if (!d->names[d->n]) {
			enum_free(d);
			return NULL;
		}
	}
	return d;
}

static bool enum_equal(const struct bw_enum *a, const struct bw_enum *b)
{
	if (!a || !b)
		return a == b;
	if (a->n != b->n || a->size != b->size)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (a->values[i] != b->values[i] || strcmp(a->names[i], b->names[i]))
			return false;
	return true;
}

void bw_layout_free(struct bw_layout *l)
{
	size_t i;

	if (!l)
		return;
	for (i = 0; i < l->nmembers && l->members; i++) {
		free(l->members[i].name);
		free(l->members[i].type);
		if (l->members[i].anon) {
			bw_layout_free(l->members[i].anon);
			free(l->members[i].anon);
		}
		enum_free(l->members[i].enm);
	}
	free(l->members);
	if (l->reorg_order) {
		for (i = 0; i < l->nmembers; i++)
			free(l->reorg_order[i]);
		free(l->reorg_order);
	}
	free(l->name);
	free(l->decl_file);
	memset(l, 0, sizeof(*l));
}

void bw_layout_set_free(struct bw_layout_set *set)
{
	size_t i;

	if (!set)
		return;
	for (i = 0; i < set->n; i++)
		bw_layout_free(&set->v[i]);
	free(set->v);
	set->v = NULL;
	set->n = 0;
}

static struct bw_layout *layout_dup(const struct bw_layout *l)
{
	struct bw_layout *d = calloc(1, sizeof(*d));

	if (!d)
		return NULL;
	d->name = strdup(l->name ? l->name : "");
	d->kind = l->kind;
	d->decl_file = l->decl_file ? strdup(l->decl_file) : NULL;
	d->decl_line = l->decl_line;
	d->size = l->size;
	d->alignment = l->alignment;
	d->nmembers = l->nmembers;
	d->members = bw_members_dup(l->members, l->nmembers);
	if (!d->name || (!d->members && l->nmembers) || (l->decl_file && !d->decl_file)) {
		d->nmembers = d->members ? d->nmembers : 0;
		bw_layout_free(d);
		free(d);
		return NULL;
	}
	return d;
}

struct bw_layout_member *bw_members_dup(const struct bw_layout_member *m, size_t n)
{
	struct bw_layout_member *v;
	size_t i;

	if (!n)
		return NULL;
	v = calloc(n, sizeof(*v));
	if (!v)
		return NULL;
	for (i = 0; i < n; i++) {
		v[i] = m[i];
		v[i].name = strdup(m[i].name);
		v[i].type = strdup(m[i].type);
		v[i].anon = m[i].anon ? layout_dup(m[i].anon) : NULL;
		v[i].enm = m[i].enm ? enum_dup(m[i].enm) : NULL;
		if (!v[i].name || !v[i].type || (m[i].anon && !v[i].anon) ||
		    (m[i].enm && !v[i].enm)) {
			struct bw_layout tmp = { .members = v, .nmembers = i + 1 };

			bw_layout_free(&tmp);
			return NULL;
		}
	}
	return v;
}

/* A multiply-rotate hash over 8-byte words: de-duplication hashes every member of every
 * struct of every unit, where FNV's byte loop showed in profiles. */
uint64_t bw_hash_bytes(uint64_t h, const void *p, size_t len)
{
	const unsigned char *b = p;
	uint64_t k;

	while (len >= 8) {
		memcpy(&k, b, 8);
		h ^= k * 0x9e3779b97f4a7c15ULL;
		h = ((h << 31) | (h >> 33)) * 0x87c37b91114253d5ULL;
		b += 8;
		len -= 8;
	}
	k = 0;
	memcpy(&k, b, len);
	h ^= (k + len) * 0x9e3779b97f4a7c15ULL;
	h = ((h << 31) | (h >> 33)) * 0x87c37b91114253d5ULL;
	return h ^ (h >> 29);
}

static uint64_t hash_str(uint64_t h, const char *s)
{
	return bw_hash_bytes(h, s, strlen(s) + 1);
}

static uint64_t hash_layout(uint64_t h, const struct bw_layout *l)
{
	size_t i;

	h = hash_str(h, l->name);
	h = hash_str(h, l->kind);
	h = hash_str(h, l->decl_file ? l->decl_file : "");
	h = bw_hash_bytes(h, &l->size, sizeof(l->size));
	h = bw_hash_bytes(h, &l->alignment, sizeof(l->alignment));
	h = bw_hash_bytes(h, &l->nmembers, sizeof(l->nmembers));
	for (i = 0; i < l->nmembers; i++) {
		const struct bw_layout_member *m = &l->members[i];
		uint64_t nums[7] = { m->offset,	     m->size,	   m->bit_size,
				     m->bit_offset,  m->alignment, m->natural_alignment,
				     m->type_padding };

		h = hash_str(h, m->name);
		h = hash_str(h, m->type);
		h = bw_hash_bytes(h, nums, sizeof(nums));
		if (m->anon)
			h = hash_layout(h, m->anon);
		for (size_t k = 0; m->enm && k < m->enm->n; k++)
			h = hash_str(h, m->enm->names[k]);
	}
	return h;
}

uint64_t bw_layout_hash(const struct bw_layout *l)
{
	return hash_layout(BW_HASH_INIT, l);
}

bool bw_layout_equal(const struct bw_layout *a, const struct bw_layout *b)
{
	size_t i;

	if (a->size != b->size || a->alignment != b->alignment || a->nmembers != b->nmembers ||
	    strcmp(a->name, b->name) || strcmp(a->kind, b->kind) ||
	    !a->decl_file != !b->decl_file || (a->decl_file && strcmp(a->decl_file, b->decl_file)))
		return false;
	for (i = 0; i < a->nmembers; i++) {
		const struct bw_layout_member *x = &a->members[i], *y = &b->members[i];

		if (x->offset != y->offset || x->size != y->size || x->bit_size != y->bit_size ||
		    x->bit_offset != y->bit_offset || x->alignment != y->alignment ||
		    x->natural_alignment != y->natural_alignment ||
		    x->type_padding != y->type_padding || x->name_at != y->name_at ||
		    x->base_len != y->base_len || strcmp(x->name, y->name) ||
		    strcmp(x->type, y->type) || !x->anon != !y->anon ||
		    (x->anon && !bw_layout_equal(x->anon, y->anon)) || !enum_equal(x->enm, y->enm))
			return false;
	}
	return true;
}

bool bw_layout_packed(const struct bw_layout *l)
{
	uint32_t max = 1;
	size_t i;

	/* pahole's class__infer_packed_attributes, as its output shows it: a struct without
	 * holes or tail padding with a member off its natural alignment, or a size that is not a
	 * multiple of the largest one. */
	if (strcmp(l->kind, "union") == 0 || !l->size || l->holes || l->padding)
		return false;
	for (i = 0; i < l->nmembers; i++) {
		uint32_t na = l->members[i].natural_alignment ? l->members[i].natural_alignment : 1;

		if (l->members[i].offset % na)
			return true;
		if (na > max)
			max = na;
	}
	return l->size % max != 0;
}
