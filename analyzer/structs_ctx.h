/* SPDX-License-Identifier: GPL-2.0 */
/* Internal state of one struct extraction, shared by structs_dwarf.c (walk, layouts) and
 * structs_types.c (type spelling and sizes); not part of the API. */
#ifndef BW_STRUCTS_CTX_H
#define BW_STRUCTS_CTX_H

#include <elfutils/libdw.h>

#include "structs_int.h"

/* One resolved type: its C spelling (see bw_layout_member.base_len/name_at) and byte size. */
struct tinfo {
	uintptr_t key;		/* Dwarf_Die.addr: unique across .debug_info and .debug_types */
	char *type;		/* arena string */
	uint32_t len, base_len, name_at;
	uint64_t size;
	Dwarf_Die aggr;		/* the anonymous struct/union DIE behind it, when anon_aggr */
	uint8_t tclass;		/* BW_TC_* */
	bool alias;		/* typedef or qualifier: @to is the same type */
	struct tinfo *to;	/* aliased type, or an array's element type */
	uint32_t nalign;	/* memo of natural_align(), 0 until computed */
	int64_t tpad;		/* memo of type_padding(): -1 unknown, -2 being computed */
	bool done;		/* false while being resolved: seeing it again means a cycle */
	bool anon_aggr;		/* an anonymous struct/union, or an array or qualified form of one:
				 * pahole expands it inline when it is a member's type */
};

/* Bump allocator for per-unit scratch data; reset (not freed) between units. */
struct arena_chunk {
	struct arena_chunk *next;
	size_t used, cap;
	char data[];
};

struct ctx {
	const struct bw_structs_opts *opts;
	const char *file;
	char *err;
	size_t errlen;
	bool failed;
	bool little_endian;
	bool i386;		/* EM_386: 8-byte scalars are 4-byte aligned in structs */
	uint8_t addr_size;	/* of the current unit */
	unsigned cacheline;
	size_t units;		/* compilation/type units read */
	size_t anon_budget;	/* members left to expand inline in the current top-level type */
	/* Per-unit type cache: open addressing on tinfo pointers. */
	struct tinfo **tab;
	size_t tab_cap, tab_n;
	struct arena_chunk *arena, *arena_free;
	/* Output: unique layouts and a hash index over them. */
	struct bw_layout *out;
	size_t nout, out_cap;
	uint32_t *idx;		/* 1-based index into out, 0 = empty */
	size_t idx_cap;
	char sb[4096];		/* scratch for building one type spelling */
};

/* Record the first error of the extraction (later ones are dropped). */
void sx_fail(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static inline unsigned long long sx_die_off(Dwarf_Die *d)
{
	return (unsigned long long)dwarf_dieoffset(d);
}

/* Per-unit scratch memory, reset between units. */
void *sx_arena_alloc(struct ctx *c, size_t n);
void sx_arena_reset(struct ctx *c);
void sx_arena_destroy(struct ctx *c);
/* Forget every cached type (and the arena) at the start of a unit. */
void sx_cache_reset(struct ctx *c);

/* Attribute readers: 1 found, 0 absent, -1 present with an unusable form. */
int sx_form_udata(Dwarf_Die *d, Dwarf_Attribute *a, Dwarf_Word *v);
int sx_attr_udata(Dwarf_Die *d, unsigned name, Dwarf_Word *v);
int sx_const_value(Dwarf_Die *d, unsigned name, bool sext, int64_t *v);
bool sx_attr_flag(Dwarf_Die *d, unsigned name);
/* A DIE's byte size (@dflt when absent); absurd or non-constant sizes fail. */
int sx_die_byte_size(struct ctx *c, Dwarf_Die *d, uint64_t dflt, uint64_t *out);

/* Spelling, size and class of a type DIE, cached; NULL with the error set on failure. */
struct tinfo *sx_resolve(struct ctx *c, Dwarf_Die *die, unsigned depth);
/* The type named by @die's DW_AT_type (*@out NULL for void); 0 or -1. */
int sx_resolve_ref(struct ctx *c, Dwarf_Die *die, unsigned depth, struct tinfo **out);
/* Through typedefs and qualifiers. */
struct tinfo *sx_strip_alias(struct tinfo *t);
/* pahole's natural alignment of a type (see structs_types.c). */
uint32_t sx_natural_align(struct ctx *c, struct tinfo *t, unsigned depth);

#endif /* BW_STRUCTS_CTX_H */
