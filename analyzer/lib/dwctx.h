/* SPDX-License-Identifier: GPL-2.0 */
/* The state of one layout read, shared by dwlayouts.c (walk, layouts) and dwtypes.c (types). */
#ifndef BW_DWCTX_H
#define BW_DWCTX_H

#include <elfutils/libdw.h>

#include "layouts.h"

/* One resolved type: its C spelling (see bw_layout_member.base_len/name_at) and byte size. */
struct bw_dwtype {
	uintptr_t key;		/* Dwarf_Die.addr: unique across .debug_info and .debug_types */
	char *type;		/* arena string */
	uint32_t len, base_len, name_at;
	uint64_t size;
	Dwarf_Die aggr;		/* the anonymous struct/union DIE behind it, when anon_aggr */
	uint8_t tclass;		/* BW_TC_* */
	bool alias;		/* typedef or qualifier: @to is the same type */
	struct bw_dwtype *to;	/* aliased type, or an array's element type */
	uint32_t nalign;	/* memo of natural_align(), 0 until computed */
	int64_t tpad;		/* memo of type_padding(): -1 unknown, -2 being computed */
	bool done;		/* false while being resolved: seeing it again means a cycle */
	bool anon_aggr;		/* an anonymous struct/union, or an array or qualified form of one:
				 * pahole expands it inline when it is a member's type */
};

/* Bump allocator for per-unit scratch data; reset (not freed) between units. */
struct bw_arena_chunk {
	struct bw_arena_chunk *next;
	size_t used, cap;
	char data[];
};

struct bw_dw {
	const struct bw_layout_opts *opts;
	const char *file;	/* display name, for errors */
	struct bw_err *e;	/* the first error of the read */
	bool failed;
	bool little_endian;
	bool i386;		/* EM_386: 8-byte scalars are 4-byte aligned in structs */
	uint8_t addr_size;	/* of the current unit */
	unsigned cacheline;
	size_t units;		/* compilation/type units read */
	size_t anon_budget;	/* members left to expand inline in the current top-level type */
	/* Per-unit type cache: open addressing on tinfo pointers. */
	struct bw_dwtype **tab;
	size_t tab_cap, tab_n;
	struct bw_arena_chunk *arena, *arena_free;
	/* Output: unique layouts and a hash index over them. */
	struct bw_layout *out;
	size_t nout, out_cap;
	uint32_t *idx;		/* 1-based index into out, 0 = empty */
	size_t idx_cap;
	char sb[4096];		/* scratch for building one type spelling */
};

/* Record the first error of the extraction (later ones are dropped). */
void bw_dw_fail(struct bw_dw *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static inline unsigned long long bw_dw_die_off(Dwarf_Die *d)
{
	return (unsigned long long)dwarf_dieoffset(d);
}

/* Per-unit scratch memory, reset between units. */
void *bw_dw_arena_alloc(struct bw_dw *c, size_t n);
void bw_dw_arena_reset(struct bw_dw *c);
void bw_dw_arena_destroy(struct bw_dw *c);
/* Forget every cached type (and the arena) at the start of a unit. */
void bw_dw_cache_reset(struct bw_dw *c);

/* Attribute readers: 1 found, 0 absent, -1 present with an unusable form. */
int bw_dw_form_udata(Dwarf_Die *d, Dwarf_Attribute *a, Dwarf_Word *v);
int bw_dw_attr_udata(Dwarf_Die *d, unsigned name, Dwarf_Word *v);
int bw_dw_const_value(Dwarf_Die *d, unsigned name, bool sext, int64_t *v);
bool bw_dw_attr_flag(Dwarf_Die *d, unsigned name);
/* A DIE's byte size (@dflt when absent); absurd or non-constant sizes fail. */
int bw_dw_die_byte_size(struct bw_dw *c, Dwarf_Die *d, uint64_t dflt, uint64_t *out);

/* Spelling, size and class of a type DIE, cached; NULL with the error set on failure. */
struct bw_dwtype *bw_dw_resolve(struct bw_dw *c, Dwarf_Die *die, unsigned depth);
/* The type named by @die's DW_AT_type (*@out NULL for void); 0 or -1. */
int bw_dw_resolve_ref(struct bw_dw *c, Dwarf_Die *die, unsigned depth, struct bw_dwtype **out);
/* Through typedefs and qualifiers. */
struct bw_dwtype *bw_dw_strip_alias(struct bw_dwtype *t);
/* pahole's natural alignment of a type (see dwtypes.c). */
uint32_t bw_dw_natural_align(struct bw_dw *c, struct bw_dwtype *t, unsigned depth);

/* dwcheck.c: refuse ELF images that would crash libdwfl; tell whether a .debug_info is present.
 * Return 0, or -1 with @e set. */
int bw_dw_check(Elf *elf, size_t size, const char *file, bool *has_debug, struct bw_err *e);

/* dwreloc.c: apply the relocations of @elf's .debug_* sections in place, for the machines
 * libdwfl has no backend for (the ELF must be private memory). Return 0, or -1 with @e set. */
int bw_dw_relocate(Elf *elf, const char *file, struct bw_err *e);

#endif /* BW_DWCTX_H */
