// SPDX-License-Identifier: GPL-2.0
/* pahole --reorganize: the member order that removes holes, and the size it gives.
 *
 * This is pahole 1.24's class__reorganize() (dwarves_reorganize.c) re-expressed over an array,
 * read from the installed binary's machine code (pahole exports class__reorganize,
 * class__find_holes and class__subtract_offsets_from) and checked move by move against
 * `pahole -V --reorganize`. Each round ("restart"):
 *  1. re-derive the tail padding: the alignment guess is the largest byte_size + hole of a
 *     member that is at most the word size, rounded up to even; the padding becomes
 *     word size - (end of the last member % that guess);
 *  2. for each member followed by a hole, in order: move into it the first later member that
 *     itself has a hole and fits (the head of its bit-field run), unless that is the very
 *     next member; failing that, if there is tail padding, move the last member into it when
 *     the hole is at least its size (even when it is the next member);
 *  3. only when no such move exists: for each member followed by a hole, move into it the
 *     last member that fits, scanning from the end, unless it is the very next member.
 * Every move restarts. pahole does not re-lay the struct out after a move: it shifts the
 * members that followed the moved one back by a word when that freed at least a word, and
 * shrinks the size by the same; we reproduce that arithmetic, in pahole's field widths
 * (16-bit holes, padding and new offsets, 32-bit size and offsets, 8-bit hole count), so the
 * order and the saving are pahole's even where its arithmetic is not a compiler's (see
 * docs/structs.md). Bit-fields are never moved: pahole 1.24 refuses to (it is built
 * without its bit-field reorganization).
 */
#include <stdlib.h>
#include <string.h>

#include "layouts.h"

/* Bounds every restart loop: pahole's own loops terminate, ours must on any input. */
#define REORG_MAX_STEPS 4096

/* One member as pahole's struct class_member holds it (same widths). */
struct rm {
	size_t idx; /* index in the original member array */
	uint32_t off; /* byte_offset */
	uint32_t bitoff; /* bit_offset: absolute, in bits */
	uint64_t bsize; /* byte_size */
	uint32_t type_bits; /* bit_size of the member's type */
	int8_t bf_off; /* bitfield_offset in the storage unit */
	uint8_t bf_size; /* bitfield_size, 0 for ordinary members */
	uint16_t hole; /* byte hole after the member */
};

struct rl {
	struct rm *v;
	size_t n;
	uint32_t size; /* type.size */
	uint16_t padding;
	uint8_t nr_holes; /* pahole's counter is 8 bits wide and wraps */
	uint8_t addr; /* the unit's address size */
};

/* class__find_holes over the working array, with pahole's unsigned 32-bit arithmetic (the
 * analyzer's own hole search, structs_layout.c, reports signed values instead). */
static void find_holes(struct rl *c)
{
	uint32_t cur_bf_end = c->size * 8, cur_bf_size = 0, last_seen = 0;
	struct rm *prev = NULL;
	bool in_bf = false;
	size_t i;

	c->nr_holes = 0;
	for (i = 0; i < c->n; i++) {
		struct rm *m = &c->v[i];
		uint32_t bit_start = m->bitoff, bit_end, byte_holes = 0;

		m->hole = 0;
		/* Bit holes are not needed here, only where they leave last_seen. */
		if (in_bf)
			last_seen = bit_start < cur_bf_end ? bit_start : cur_bf_end;
		if (m->bf_size) {
			uint32_t aligned_start = m->off * 8;

			bit_end = bit_start + m->bf_size;
			if (last_seen < aligned_start && aligned_start <= bit_start) {
				byte_holes = m->off - last_seen / 8;
				last_seen = aligned_start;
			}
			if (bit_end > cur_bf_end || cur_bf_size < m->type_bits) {
				cur_bf_size = m->type_bits;
				cur_bf_end = aligned_start + cur_bf_size;
				if (cur_bf_end < bit_end)
					cur_bf_end += cur_bf_size;
			}
			in_bf = true;
		} else {
			bit_end = bit_start + (uint32_t)m->bsize * 8;
			byte_holes = bit_start / 8 - last_seen / 8;
			in_bf = false;
			cur_bf_end = bit_end;
			cur_bf_size = 0;
		}
		if (prev)
			prev->hole = (uint16_t)byte_holes;
		if (byte_holes)
			c->nr_holes++;
		last_seen = bit_end;
		prev = m;
	}
	if (in_bf)
		last_seen = c->size * 8 < cur_bf_end ? c->size * 8 : cur_bf_end;
	c->padding = (uint16_t)(c->size - last_seen / 8);
}

/* Move v[from] to just after v[dest] (dest < from). */
static void move_after(struct rl *c, size_t dest, size_t from)
{
	struct rm t = c->v[from];

	memmove(&c->v[dest + 2], &c->v[dest + 1], (from - dest - 1) * sizeof(t));
	c->v[dest + 1] = t;
}

/* class__subtract_offsets_from: shift the members after position @after back by @size (the
 * padding it also recomputes is recomputed again by find_holes() right after). */
static void subtract_offsets_from(struct rl *c, size_t after, uint16_t size)
{
	size_t i;

	for (i = after + 1; i < c->n; i++) {
		c->v[i].off -= size;
		c->v[i].bitoff -= (uint32_t)size * 8;
	}
}

/* class__move_member; returns whether it moved (pahole refuses bit-fields). */
static bool move_member(struct rl *c, size_t dest, size_t from, bool from_padding)
{
	struct rm *f = &c->v[from], *d = &c->v[dest];
	uint64_t from_size = f->bsize, align;
	uint16_t orig_hole = f->hole, orig_off = (uint16_t)f->off, new_off;
	bool from_was_last = from == c->n - 1;

	if (f->bf_size || !from_size)
		return false;
	align = from_size > c->addr ? c->addr : from_size;
	new_off = (uint16_t)(d->off + d->bsize + d->hole % align);
	move_after(c, dest, from);
	f = &c->v[dest + 1];
	f->off = new_off;
	f->bitoff = (uint32_t)new_off * 8 + (uint32_t)(int32_t)f->bf_off;
	/* The old predecessor of 'from' now sits at index 'from'. */
	if (from_padding) {
		/* Only a word-aligned member leaves no padding behind. */
		if (orig_off % c->addr == 0)
			c->size -= c->padding + (uint32_t)from_size;
	} else if (from_was_last) {
		c->size -= c->padding + (uint32_t)from_size;
	} else if ((uint64_t)orig_hole + from_size >= c->addr) {
		c->size -= c->addr;
		subtract_offsets_from(c, from, c->addr);
	}
	find_holes(c);
	return true;
}

/* The first later member with a hole that fits @size; for a bit-field, the head of its run. */
static ssize_t find_next_hole_of_size(struct rl *c, size_t from, uint16_t size)
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

/* The last member after @to that fits @size; a bit-field only when it heads its run. */
static ssize_t find_last_member_of_size(struct rl *c, size_t to, uint16_t size)
{
	size_t i;

	for (i = c->n; i-- > to + 1;) {
		struct rm *m = &c->v[i];

		if (m->bf_size && m->off != 0 && c->v[i - 1].bf_size)
			continue;
		if (m->bsize != 0 && m->bsize <= size)
			return (ssize_t)i;
	}
	return -1;
}

/* Step 1: pahole's guess of the tail padding (see the header comment). */
static void rederive_padding(struct rl *c)
{
	const struct rm *l = &c->v[c->n - 1];
	uint64_t align = 0, mod;
	uint16_t np = 0;
	size_t i;

	for (i = 0; i < c->n; i++) {
		uint64_t a = (uint64_t)c->v[i].hole + c->v[i].bsize;

		if (a <= c->addr && a > align)
			align = a;
	}
	if (!align)
		return;
	if (align != 1) {
		align = (align + 1) & ~(uint64_t)1;
		mod = ((uint64_t)l->off + l->bsize) % align;
		if (mod)
			np = (uint16_t)(c->addr - mod);
	}
	if (np != c->padding) {
		c->padding = np;
		c->size = l->off + (uint32_t)l->bsize + np;
	}
}

static void reorganize(struct rl *c)
{
	unsigned steps = 0;
	size_t i, last = c->n - 1;
	ssize_t b;

	if (!c->n)
		return;
	find_holes(c);
restart:
	if (++steps >= REORG_MAX_STEPS)
		return;
	rederive_padding(c);
	for (i = 0; i < c->n; i++) {
		const struct rm *m = &c->v[i];

		if (m->hole == 0)
			continue;
		b = find_next_hole_of_size(c, i, m->hole);
		/* Never pull the very next member closer: it may be explicitly aligned. */
		if (b >= 0 && (size_t)b - 1 != i && move_member(c, i, (size_t)b, false))
			goto restart;
		if (c->padding != 0 && i != last && c->v[last].bsize != 0 &&
		    m->hole >= c->v[last].bsize && move_member(c, i, last, true))
			goto restart;
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

int bw_layout_reorganized(const struct bw_layout *l, struct bw_layout *r)
{
	struct rl c = { .n = l->nmembers,
			.size = (uint32_t)l->size,
			.addr = (uint8_t)(l->addr_size ? l->addr_size : 8) };
	size_t i;

	*r = *l;
	r->members = calloc(l->nmembers ? l->nmembers : 1, sizeof(*r->members));
	c.v = calloc(l->nmembers ? l->nmembers : 1, sizeof(*c.v));
	if (!r->members || !c.v) {
		free(r->members);
		free(c.v);
		r->members = NULL;
		return -1;
	}
	for (i = 0; i < c.n; i++) {
		const struct bw_layout_member *m = &l->members[i];

		c.v[i] = (struct rm){ .idx = i,
				      .off = (uint32_t)m->offset,
				      .bsize = m->size,
				      .bitoff = (uint32_t)(m->offset * 8 + m->bit_offset),
				      .bf_off = (int8_t)m->bit_offset,
				      .bf_size = (uint8_t)m->bit_size,
				      .type_bits = (uint32_t)(m->size * 8) };
	}
	/* Unions have nothing to reorganize (pahole only reorganizes structs). */
	if (strcmp(l->kind, "union") != 0)
		reorganize(&c);
	for (i = 0; i < c.n; i++) {
		struct bw_layout_member *m = &r->members[i];

		*m = l->members[c.v[i].idx];
		m->offset = c.v[i].off;
		m->size = c.v[i].bsize;
	}
	r->size = c.size;
	free(c.v);
	return 0;
}

int bw_layout_reorganize(struct bw_layout *l)
{
	struct bw_layout r;
	size_t i;

	if (bw_layout_reorganized(l, &r))
		return -1;
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
	return -1;
}
