// SPDX-License-Identifier: GPL-2.0
/* pahole --reorganize: the member order that removes holes, and the size it gives.
 *
 * This is pahole 1.24's greedy algorithm (dwarves_reorganize.c) re-expressed over an array:
 *  1. for each member followed by a hole, a later member that itself has a hole and fits is
 *     moved into it; failing that, with tail padding, the last member is moved into it when
 *     it starts word-aligned;
 *  2. the tail padding is re-derived from pahole's guess of the alignment;
 *  3. then, for each remaining hole, the last member that fits is moved into it.
 * After each move pahole does not re-lay the struct out: it shifts the following members back
 * by the word size when the move freed at least a word, and shrinks the size by the same,
 * then searches holes again. We reproduce that arithmetic, not a real compiler layout, so the
 * saving is the one pahole reports, including where it ignores alignment forced with
 * __attribute__((aligned)) (see analyzer/STRUCTS.md). Bit-fields are neither moved nor demoted to smaller
 * types: pahole 1.24 is built without its bit-field reorganization (checked against its output
 * on every fixture).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "structs_int.h"

/* Bounds every restart loop: pahole's own loops terminate, ours must on any input. */
#define REORG_MAX_STEPS 4096

struct rm {
	size_t idx;		/* index in the original member array */
	int64_t off;		/* byte offset (pahole's byte_offset) */
	int64_t bsize;		/* byte size */
	int64_t bitoff;		/* absolute bit offset */
	int64_t bf_off;		/* bit offset in the storage unit */
	int64_t bf_size;	/* bit-field width, 0 for ordinary members */
	int64_t type_bits;	/* bits of the declared type: pahole's bit_size */
	int64_t hole, bit_hole;
	bool anon;		/* an unnamed member of an anonymous struct/union type */
	uint8_t tclass;		/* BW_TC_* of the member's type */
};

struct rl {
	struct rm *v;
	size_t n;
	int64_t size, padding, bit_padding;
	unsigned nr_holes;
	unsigned addr;		/* the unit's address size */
};

/* pahole's class__find_holes over the working array (see structs_layout.c). */
static void find_holes(struct rl *c)
{
	int64_t cur_bf_end = c->size * 8, cur_bf_size = 0, last_seen = 0;
	bool in_bf = false;
	size_t i;

	c->nr_holes = 0;
	for (i = 0; i < c->n; i++) {
		struct rm *m = &c->v[i];
		int64_t bit_start = m->bitoff;
		int64_t bit_end = bit_start + (m->bf_size ? m->bf_size : m->bsize * 8);
		int64_t bit_holes = 0, byte_holes = 0;

		m->hole = 0;
		m->bit_hole = 0;
		if (in_bf) {
			int64_t e = bit_start < cur_bf_end ? bit_start : cur_bf_end;

			bit_holes = e - last_seen;
			last_seen = e;
		}
		if (m->bf_size) {
			int64_t aligned_start = m->off * 8;

			if (last_seen < aligned_start && aligned_start <= bit_start) {
				byte_holes = m->off - last_seen / 8;
				last_seen = aligned_start;
			}
			bit_holes += bit_start - last_seen;
		} else {
			byte_holes = bit_start / 8 - last_seen / 8;
		}
		last_seen = bit_end;
		if (m->bf_size) {
			in_bf = true;
			if (bit_end > cur_bf_end || m->type_bits > cur_bf_size) {
				cur_bf_size = m->type_bits;
				cur_bf_end = m->off * 8 + cur_bf_size;
				if (bit_end > cur_bf_end)
					cur_bf_end += cur_bf_size;
			}
		} else {
			in_bf = false;
			cur_bf_size = 0;
			cur_bf_end = bit_end;
		}
		if (i) {
			c->v[i - 1].hole = byte_holes;
			c->v[i - 1].bit_hole = bit_holes;
		}
		if (byte_holes > 0)
			c->nr_holes++;
	}
	c->bit_padding = 0;
	if (in_bf) {
		int64_t e = c->size * 8 < cur_bf_end ? c->size * 8 : cur_bf_end;

		c->bit_padding = e - last_seen;
		last_seen = e;
	}
	c->padding = c->size - last_seen / 8;
}

/* Move v[from] to just after v[dest] (dest < from). */
static void move_after(struct rl *c, size_t dest, size_t from)
{
	struct rm t = c->v[from];

	memmove(&c->v[dest + 2], &c->v[dest + 1], (from - dest - 1) * sizeof(t));
	c->v[dest + 1] = t;
}

/* class__subtract_offsets_from: shift members after position @after (SIZE_MAX: all). */
static void subtract_offsets_from(struct rl *c, size_t after, int64_t size)
{
	size_t i = after == SIZE_MAX ? 0 : after + 1;

	for (; i < c->n; i++) {
		c->v[i].off -= size;
		c->v[i].bitoff -= size * 8;
	}
	if (c->padding != 0 && c->n) {
		struct rm *l = &c->v[c->n - 1];
		int64_t np = c->size - (l->off + l->bsize);

		c->padding = np > 0 ? np : 0;
	}
}

/* class__move_member; returns whether it moved. */
static bool move_member(struct rl *c, size_t dest, size_t from, bool from_padding)
{
	struct rm *f = &c->v[from], *d = &c->v[dest];
	int64_t from_size = f->bsize, align, offset, new_off;
	int64_t orig_hole = f->hole, orig_off = f->off;
	bool from_was_last = from == c->n - 1;
	size_t from_prev;

	if (f->bf_size)
		return false;
	align = from_size > (int64_t)c->addr ? (int64_t)c->addr : from_size;
	if (align <= 0)
		return false;
	offset = d->hole % align;
	new_off = d->off + d->bsize + offset;
	move_after(c, dest, from);
	f = &c->v[dest + 1];
	f->off = new_off;
	f->bitoff = new_off * 8 + f->bf_off;
	from_prev = from;	/* the old predecessor now sits where 'from' was */
	if (from_padding) {
		if (orig_off % c->addr == 0)
			c->size -= from_size + c->padding;
	} else if (from_was_last) {
		c->size -= from_size + c->padding;
	} else if (orig_hole + from_size >= (int64_t)c->addr) {
		c->size -= c->addr;
		subtract_offsets_from(c, from_prev, c->addr);
	}
	find_holes(c);
	return true;
}

static ssize_t find_next_hole_of_size(struct rl *c, size_t from, int64_t size)
{
	ssize_t head = -1;
	size_t i;

	for (i = from + 1; i < c->n; i++) {
		struct rm *m = &c->v[i];

		if (m->bf_size) {
			if (head < 0)
				head = (ssize_t)i;
		} else {
			head = -1;
		}
		if (m->hole != 0 && m->bsize != 0 && m->bsize <= size)
			return head >= 0 ? head : (ssize_t)i;
	}
	return -1;
}

static ssize_t find_last_member_of_size(struct rl *c, size_t to, int64_t size)
{
	size_t i;

	for (i = c->n; i-- > to + 1;) {
		struct rm *m = &c->v[i];

		/* Only the first member of a bit-field run can be picked. */
		if (m->bf_size && m->off != 0 && c->v[i - 1].bf_size && c->v[i - 1].off == m->off)
			continue;
		if (m->bsize != 0 && m->bsize <= size)
			return (ssize_t)i;
	}
	return -1;
}

/*
 * Does the member count for pahole's guess of the struct's alignment? Inferred from its output
 * on libc and the fixtures: arrays and members of a named struct/union type do not; plain
 * types, pointers, enums and unnamed (anonymous) struct/union members do, by their size.
 */
static bool counts_for_alignment(const struct rm *m)
{
	if (m->tclass == BW_TC_ARRAY)
		return false;
	return m->tclass != BW_TC_STRUCT || m->anon;
}

static void reorganize(struct rl *c)
{
	unsigned steps = 0;
	int64_t align;
	ssize_t b;
	size_t i;

restart:
	if (++steps >= REORG_MAX_STEPS || !c->n)
		return;
	find_holes(c);
	align = 0;
	for (i = 0; i < c->n; i++) {
		struct rm *m = &c->v[i];

		if (counts_for_alignment(m) && m->bsize > align)
			align = m->bsize;
		if (m->hole == 0)
			continue;
		b = find_next_hole_of_size(c, i, m->hole);
		/* Never pull the very next member closer: it may be explicitly aligned. */
		if (b >= 0 && (size_t)b - 1 != i && move_member(c, i, (size_t)b, false))
			goto restart;
		m = &c->v[i];
		/* With tail padding, the last member may fill the hole; pahole only does so
		 * when that shrinks the struct, i.e. the last member starts word-aligned. */
		if (c->padding > 0 && i != c->n - 1 && c->v[c->n - 1].bsize != 0 &&
		    c->v[c->n - 1].bsize <= m->hole && c->v[c->n - 1].off % c->addr == 0 &&
		    move_member(c, i, c->n - 1, true))
			goto restart;
	}
	/* Re-derive the tail padding from pahole's alignment guess, capped at the word size. */
	{
		struct rm *l = &c->v[c->n - 1];
		int64_t mod, np;

		if (align > (int64_t)c->addr)
			align = c->addr;
		/* No member that counts: pahole drops the padding altogether. */
		mod = align ? (l->off + l->bsize) % align : 0;
		np = mod ? align - mod : 0;
		if (np != c->padding) {
			c->padding = np;
			c->size = l->off + l->bsize + np;
		}
	}
	if (c->nr_holes == 0)
		return;
	for (i = 0; i < c->n; i++) {
		if (c->v[i].hole == 0)
			continue;
		b = find_last_member_of_size(c, i, c->v[i].hole);
		if (b >= 0 && (size_t)b - 1 != i && move_member(c, i, (size_t)b, false))
			goto restart;
	}
}

int bw_layout_reorganized_ex(const struct bw_layout *l, unsigned addr_size, struct bw_layout *r)
{
	struct rl c = { .n = l->nmembers, .size = (int64_t)l->size,
			.addr = addr_size ? addr_size : 8};
	size_t i;

	*r = *l;
	r->members = calloc(l->nmembers ? l->nmembers : 1, sizeof(*r->members));
	c.v = calloc(l->nmembers ? l->nmembers : 1, sizeof(*c.v));
	if (!r->members || !c.v) {
		free(r->members);
		free(c.v);
		r->members = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < c.n; i++) {
		const struct bw_layout_member *m = &l->members[i];

		c.v[i] = (struct rm){ .idx = i, .off = (int64_t)m->offset, .bsize = (int64_t)m->size,
				      .bitoff = (int64_t)(m->offset * 8 + m->bit_offset),
				      .bf_off = m->bit_offset, .bf_size = m->bit_size,
				      .type_bits = (int64_t)m->size * 8,
				      .tclass = m->type_class,
				      .anon = m->anon && !*m->name };
	}
	/* Unions have nothing to reorganize (pahole only reorganizes structs). */
	if (strcmp(l->kind, "union") != 0)
		reorganize(&c);
	for (i = 0; i < c.n; i++) {
		struct bw_layout_member *m = &r->members[i];

		*m = l->members[c.v[i].idx];
		m->offset = c.v[i].off > 0 ? (uint64_t)c.v[i].off : 0;
		m->size = c.v[i].bsize > 0 ? (uint64_t)c.v[i].bsize : 0;
		if (m->bit_size)
			m->bit_offset = c.v[i].bf_off >= 0 ? (uint32_t)c.v[i].bf_off : 0;
	}
	r->size = c.size > 0 ? (uint64_t)c.size : 0;
	free(c.v);
	return 0;
}

int bw_layout_reorganized(const struct bw_layout *l, unsigned cacheline, struct bw_layout *r)
{
	(void)cacheline;
	return bw_layout_reorganized_ex(l, l->addr_size, r);
}

int bw_layout_reorganize(struct bw_layout *l, unsigned cacheline)
{
	struct bw_layout r;
	size_t i;

	if (bw_layout_reorganized(l, cacheline, &r))
		return -ENOMEM;
	/* pahole reports a saving only when the size shrinks. */
	l->reorg_size = r.size < l->size ? r.size : l->size;
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
