/* SPDX-License-Identifier: GPL-2.0 */
/* Internal helpers shared by the struct-layout files (structs_*.c); not part of the API. */
#ifndef BW_STRUCTS_INT_H
#define BW_STRUCTS_INT_H

#include <stdarg.h>
#include <stdbool.h>
#include "structs.h"

/* Sizes above this are rejected as absurd: no real type spans 2^48 bytes (256 TiB). */
#define BW_MAX_TYPE_SIZE	(1ULL << 48)
/* Deepest type chain followed (typedef -> const -> array -> ...) before declaring a cycle. */
#define BW_MAX_TYPE_DEPTH	256
/* Deepest nesting of anonymous struct/union members expanded inline. */
#define BW_MAX_ANON_DEPTH	32
/* Most anonymous struct/union members expanded inline within one type (hostile sharing). */
#define BW_MAX_ANON_MEMBERS	65536

/* Per-member result of pahole's hole search (class__find_holes semantics). */
struct bw_hole_info {
	uint64_t hole;		/* byte hole after this member */
	uint32_t bit_hole;	/* bit hole after this member */
};

/* Counters derived from a layout, as pahole's summary comments print them. */
struct bw_layout_sums {
	uint64_t sum_members;	/* bytes of non-bit-field members */
	uint64_t sum_bits;	/* bits of bit-field members */
	uint32_t bit_padding;	/* unused bits after the last bit-field */
	int64_t padding;	/* tail padding; negative when members overrun the size */
	uint64_t pre_hole;	/* hole before the first member (offset of member 0) */
	uint32_t pre_bit_hole;
};

/*
 * bw_layout_find_holes - pahole's hole search over @l's members in their current order.
 * Fills l->holes, hole_bytes, bit_holes, bit_hole_bits, padding, cachelines (at @cacheline);
 * @per (nmembers entries) and @sums get the details when non-NULL. Unions get no holes.
 */
void bw_layout_find_holes(struct bw_layout *l, unsigned cacheline, struct bw_hole_info *per,
			  struct bw_layout_sums *sums);

/* The reorganized layout of @l in @r: same name/kind, members (shallow copies sharing @l's
 * strings) moved and re-offset, size shrunk. Free only r->members. Return 0 or -ENOMEM. */
int bw_layout_reorganized(const struct bw_layout *l, unsigned cacheline, struct bw_layout *r);

/* The same with an explicit address size. */
int bw_layout_reorganized_ex(const struct bw_layout *l, unsigned addr_size, struct bw_layout *r);

/* pahole --reorganize on @l: fills l->reorg_size and l->reorg_order. Return 0 or -ENOMEM. */
int bw_layout_reorganize(struct bw_layout *l, unsigned cacheline);

/* pahole's inference of __attribute__((__packed__)) from the member offsets. */
bool bw_layout_packed(const struct bw_layout *l);

/* Free one layout's contents (members, nested anonymous layouts, names); not @l itself. */
void bw_layout_free(struct bw_layout *l);

/* Deep copy of a member array (nested layouts included); NULL on allocation failure. */
struct bw_layout_member *bw_members_dup(const struct bw_layout_member *m, size_t n);

/* 64-bit hash of @len bytes, continuing from @h. */
uint64_t bw_hash_bytes(uint64_t h, const void *p, size_t len);
#define BW_HASH_INIT 0xcbf29ce484222325ULL

/* Identity of a layout for de-duplication: kind, name, size and every member field. */
uint64_t bw_layout_hash(const struct bw_layout *l);
bool bw_layout_equal(const struct bw_layout *a, const struct bw_layout *b);

/* Refuse ELF images that would crash libdwfl; tell whether a .debug_info is present.
 * Return 0, or -1 with a one-line message in @err. */
#include <libelf.h>
int bw_elf_check(Elf *elf, size_t size, bool *has_debug, char *err, size_t errlen);

/* printf into a fresh malloc'd string; NULL on failure. */
char *bw_strfmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* BW_STRUCTS_INT_H */
