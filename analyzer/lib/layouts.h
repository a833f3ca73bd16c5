/* SPDX-License-Identifier: GPL-2.0 */
/* Struct and union layouts from DWARF with pahole's numbers: read, hole search, reorganize, print. */
#ifndef BW_LAYOUTS_H
#define BW_LAYOUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bw.h"
#include "input.h"

struct bw_layout_member {
	char *name; /* member name; "" for an anonymous struct/union member */
	char *type; /* C type name as pahole prints it ("struct rcu_head *", "long int") */
	uint64_t offset; /* byte offset in the enclosing type */
	uint64_t size; /* byte size of the member's type */
	uint32_t bit_size; /* bit-field width, 0 when not a bit-field */
	uint32_t bit_offset; /* bit offset inside the storage unit, as pahole prints it */
	/* Where the member name goes when @type is written as a declaration: @type[0..base_len)
	 * is the base ("int", "struct s *"), the name is inserted at @name_at ("int (*" NAME
	 * ")(void)", "char" NAME "[4]"); both equal strlen(type) for a plain type. */
	uint32_t base_len;
	uint32_t name_at;
	uint32_t alignment; /* DW_AT_alignment (forced, e.g. __aligned__(64)), 0 when natural */
	uint8_t type_class; /* BW_TC_*: what the type is once typedefs and qualifiers are removed */
	uint32_t natural_alignment; /* of the type, as pahole infers it (capped at the word size) */
	uint64_t type_padding; /* tail padding inside the member's struct type, 0 otherwise */
	/* The anonymous struct/union this member is an instance of (pahole prints it inline),
	 * its member offsets relative to itself; NULL for every other member. */
	struct bw_layout *anon;
	/* The anonymous enum that types this member (pahole lists it inline), else NULL. */
	struct bw_enum *enm;
};

/* An anonymous enum's enumerators, in declaration order. */
struct bw_enum {
	size_t n;
	char **names;
	int64_t *values; /* as signed; printed signed when one is negative */
	uint64_t size; /* of the enum type: pahole marks sizes other than 4 __packed__ */
};

struct bw_layout {
	char *name; /* tag name; anonymous types are skipped at top level, as pahole does */
	const char *kind; /* "struct", "union" or "class" (static storage) */
	/* Where the type is declared (DW_AT_decl_file as bw_source_path() spells it, and
	 * DW_AT_decl_line); NULL and 0 when DWARF does not say (anonymous members: NULL). A
	 * name and layout declared in two files are two layouts. */
	char *decl_file;
	uint32_t decl_line;
	uint64_t size; /* DW_AT_byte_size */
	uint32_t alignment; /* DW_AT_alignment of the type (forced), 0 when natural */
	uint32_t cachelines; /* cachelines spanned at the configured cacheline size */
	uint32_t holes; /* number of byte holes between members */
	uint64_t hole_bytes; /* sum of byte holes */
	uint32_t bit_holes; /* number of bit holes */
	uint64_t bit_hole_bits; /* sum of bit holes, in bits */
	uint64_t padding; /* tail padding in bytes */
	struct bw_layout_member *members; /* in declaration order */
	size_t nmembers;
	/* Facts of the compile unit that defined the type, inputs of --reorganize. */
	uint8_t addr_size; /* the unit's address (pointer) size */
	/* pahole --reorganize: the suggested order and its size. */
	uint64_t reorg_size; /* size after reorganization (== size when nothing to gain) */
	char **reorg_order; /* member names in the suggested order (nmembers entries) */
};

/* bw_layout_member.type_class */
enum bw_type_class {
	BW_TC_OTHER = 0, /* void, function, unknown */
	BW_TC_BASE, /* int, char, float, _Bool ... */
	BW_TC_ENUM,
	BW_TC_POINTER, /* pointers and references */
	BW_TC_STRUCT, /* struct, union, class */
	BW_TC_ARRAY,
};

/* Where the layouts came from. */
enum bw_dwarf_source {
	BW_DWARF_NONE, /* no DWARF at all: the set is empty because nothing says otherwise */
	BW_DWARF_IMAGE, /* the image's own .debug_info */
	BW_DWARF_SEPARATE, /* a separate debug file found by build-id or debuglink */
};

struct bw_layout_set {
	struct bw_layout *v; /* de-duplicated across compile units, sorted by name then kind */
	size_t n;
	enum bw_dwarf_source dwarf;
};

/* "none", "image" or "separate". */
const char *bw_dwarf_source_name(enum bw_dwarf_source s);

struct bw_layout_opts {
	unsigned cacheline; /* cacheline size in bytes, 64 by default */
	const char *only; /* -C NAME: keep only this type, NULL for all */
	bool no_debuginfo_search; /* never look for separate debug files (build-id, debuglink) */
	unsigned jobs; /* read units on this many threads (images read in place), 0/1: one */
};

/*
 * bw_layouts_read - every struct/union layout of an image's DWARF (dwlayouts.c)
 * Return: 0 (an image without DWARF gives an empty set), or -1 with @e set (file: the
 * image's display name).
 */
int bw_layouts_read(const struct bw_image *img, const struct bw_layout_opts *opts,
		    struct bw_layout_set *out, struct bw_err *e);

/* Free everything bw_layouts_read() allocated; accepts an empty or zeroed set. */
void bw_layout_set_free(struct bw_layout_set *set);

/* Print the set in pahole's text format, or --reorganize's when @reorganize (pahole.c). */
void bw_layouts_print(FILE *out, const struct bw_layout_set *set, const struct bw_layout_opts *opts,
		      bool reorganize);

/* ---- layout arithmetic (layout.c, reorganize.c) ---- */

/* Sizes above this are rejected as absurd: no real type spans 2^48 bytes (256 TiB). */
#define BW_MAX_TYPE_SIZE (1ULL << 48)
/* Deepest type chain followed (typedef -> const -> array -> ...) before declaring a cycle. */
#define BW_MAX_TYPE_DEPTH 256
/* Deepest nesting of anonymous struct/union members expanded inline. */
#define BW_MAX_ANON_DEPTH 32
/* Most anonymous struct/union members expanded inline within one type (hostile sharing). */
#define BW_MAX_ANON_MEMBERS 65536

/* Per-member result of pahole's hole search (class__find_holes semantics). */
struct bw_hole_info {
	uint64_t hole; /* byte hole after this member */
	uint32_t bit_hole; /* bit hole after this member */
};

/* Counters derived from a layout, as pahole's summary comments print them. */
struct bw_layout_sums {
	uint64_t sum_members; /* bytes of non-bit-field members */
	uint64_t sum_bits; /* bits of bit-field members */
	uint32_t bit_padding; /* unused bits after the last bit-field */
	int64_t padding; /* tail padding; negative when members overrun the size */
	uint64_t pre_hole; /* hole before the first member (offset of member 0) */
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
 * strings) moved and re-offset, size shrunk, at the unit's address size. Free only
 * r->members. Return 0 or -1 (out of memory). */
int bw_layout_reorganized(const struct bw_layout *l, struct bw_layout *r);

/* pahole --reorganize on @l: fills l->reorg_size and l->reorg_order. Return 0 or -1. */
int bw_layout_reorganize(struct bw_layout *l);

/* pahole's inference of __attribute__((__packed__)) from the member offsets. */
bool bw_layout_packed(const struct bw_layout *l);

/* Free one layout's contents (members, nested anonymous layouts, names); not @l itself. */
void bw_layout_free(struct bw_layout *l);

/* Deep copy of a member array (nested layouts included); NULL on allocation failure. */
struct bw_layout_member *bw_members_dup(const struct bw_layout_member *m, size_t n);

/* 64-bit hash of @len bytes, continuing from @h. */
uint64_t bw_hash_bytes(uint64_t h, const void *p, size_t len);
#define BW_HASH_INIT 0xcbf29ce484222325ULL

/* Identity of a layout for de-duplication: kind, name, declaring file, size and every member
 * field (not the declaring line: the first met is kept). */
uint64_t bw_layout_hash(const struct bw_layout *l);
bool bw_layout_equal(const struct bw_layout *a, const struct bw_layout *b);

/* ---- comparing two sides' layouts (layoutdiff.c) ---- */

struct bw_json;

/* Compare the layouts of two sides (each several images' sets, merged by name). */
void bw_layout_diff_print(FILE *f, const struct bw_layout_set *old, size_t nold,
			  const struct bw_layout_set *new, size_t nnew);
void bw_layout_diff_json(struct bw_json *j, const struct bw_layout_set *old, size_t nold,
			 const struct bw_layout_set *new, size_t nnew);

#endif /* BW_LAYOUTS_H */
