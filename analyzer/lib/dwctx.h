/* SPDX-License-Identifier: GPL-2.0 */
/* The state of one layout read, shared by dwlayouts.c (walk, layouts) and dwtypes.c (types). */
#ifndef BW_DWCTX_H
#define BW_DWCTX_H

#include <elfutils/libdw.h>

#include "layouts.h"

/* One resolved type: its C spelling (see bw_layout_member.base_len/name_at) and byte size. */
struct bw_dwtype {
	uintptr_t key; /* Dwarf_Die.addr: unique across .debug_info and .debug_types */
	char *type; /* arena string */
	uint32_t len, base_len, name_at;
	uint64_t size;
	Dwarf_Die aggr; /* the anonymous struct/union DIE behind it, when anon_aggr */
	uint8_t tclass; /* BW_TC_* */
	bool alias; /* typedef or qualifier: @to is the same type */
	struct bw_dwtype *to; /* aliased type, or an array's element type */
	uint32_t nalign; /* memo of natural_align(), 0 until computed */
	struct bw_layout *layout; /* struct/union: its layout, built once (padding, alignment) */
	struct bw_enum *enm; /* anonymous enum: its enumerators, read once */
	bool building; /* its layout is being built: seeing it again means a cycle */
	bool done; /* false while being resolved: seeing it again means a cycle */
	bool anon_aggr; /* an anonymous struct/union, or an array or qualified form of one:
				 * pahole expands it inline when it is a member's type */
};

/* The attributes the layouts read, found in one pass over a DIE: dwarf_attr() walks the
 * abbreviation from its start on every call, and a kernel's members are read over and over. */
enum {
	BW_A_NAME,
	BW_A_TYPE,
	BW_A_BYTE_SIZE,
	BW_A_ALIGNMENT,
	BW_A_LOCATION,
	BW_A_BIT_SIZE,
	BW_A_DATA_BIT_OFFSET,
	BW_A_BIT_OFFSET,
	BW_A_EXTERNAL,
	BW_A_DECLARATION,
	BW_A_PROTOTYPED,
	BW_A_COUNT,
	BW_A_LOWER_BOUND,
	BW_A_UPPER_BOUND,
	BW_A_ORIGIN,
	BW_A_SPECIFICATION,
	BW_A_N
};

struct bw_dw_die_attrs {
	const void *addr; /* Dwarf_Die.addr of the DIE, NULL for an empty slot */
	bool whole; /* read in one pass; false: corrupt, ask dwarf_attr() */
	unsigned have; /* 1 << BW_A_* */
	Dwarf_Attribute at[BW_A_N];
};

#define BW_DW_ATTR_SLOTS 64 /* direct-mapped by DIE address: member, its type chain, ... */

/* Bump allocator for per-unit scratch data; reset (not freed) between units. */
struct bw_arena_chunk {
	struct bw_arena_chunk *next;
	size_t used, cap;
	char data[];
};

struct bw_dw {
	const struct bw_layout_opts *opts;
	const char *file; /* display name, for errors */
	struct bw_err *e; /* the first error of the read */
	bool failed;
	bool little_endian;
	bool i386; /* EM_386: 8-byte scalars are 4-byte aligned in structs */
	uint8_t addr_size; /* of the current unit */
	Dwarf_Half version; /* of the current unit's DWARF */
	unsigned cacheline;
	size_t units; /* compilation/type units read */
	size_t anon_budget; /* members left to expand inline in the current top-level type */
	bool lang_c; /* the unit is C: no type is defined inside a struct */
	bool nested_types; /* the struct just built has type definitions among its children */
	const char *comp_dir; /* the current unit's DW_AT_comp_dir, or NULL */
	/* The current unit's line-table files as declaring files (declared_at): arena memory,
	 * an entry NULL until first asked for, "" for a file that names nothing. */
	const char **decl_files;
	size_t ndecl_files;
	const char *root; /* bw_source_root(): the tree declaring files are relative to, or NULL */
	size_t root_len;
	/* Per-unit type cache: open addressing on tinfo pointers. */
	struct bw_dwtype **tab;
	size_t tab_cap, tab_n;
	struct bw_arena_chunk *arena, *arena_free;
	/* Output: unique layouts and a hash index over them. */
	struct bw_layout *out;
	size_t nout, out_cap;
	uint32_t *idx; /* 1-based index into out, 0 = empty */
	size_t idx_cap;
	char sb[4096]; /* scratch for building one type spelling */
	struct bw_dw_die_attrs attrs[BW_DW_ATTR_SLOTS];
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

/* Attribute readers, as dwarf_attr() finds them, through the DIE cache below. */
Dwarf_Attribute *bw_dw_attr(struct bw_dw *c, Dwarf_Die *d, unsigned name, Dwarf_Attribute *out);
bool bw_dw_hasattr(struct bw_dw *c, Dwarf_Die *d, unsigned name);
/* dwarf_diename(): DW_AT_name, or through DW_AT_abstract_origin/specification. */
const char *bw_dw_name(struct bw_dw *c, Dwarf_Die *d);
/* Constants: 1 found, 0 absent, -1 present with an unusable form. */
int bw_dw_form_udata(Dwarf_Die *d, Dwarf_Attribute *a, Dwarf_Word *v);
int bw_dw_attr_udata(struct bw_dw *c, Dwarf_Die *d, unsigned name, Dwarf_Word *v);
int bw_dw_const_value(struct bw_dw *c, Dwarf_Die *d, unsigned name, bool sext, int64_t *v);
bool bw_dw_attr_flag(struct bw_dw *c, Dwarf_Die *d, unsigned name);
/* A DIE's byte size (@dflt when absent); absurd or non-constant sizes fail. */
int bw_dw_die_byte_size(struct bw_dw *c, Dwarf_Die *d, uint64_t dflt, uint64_t *out);

/* The type of @die if it was resolved in this unit already, else NULL. */
struct bw_dwtype *bw_dw_cached(struct bw_dw *c, Dwarf_Die *die);
/* Spelling, size and class of a type DIE, cached; NULL with the error set on failure. */
struct bw_dwtype *bw_dw_resolve(struct bw_dw *c, Dwarf_Die *die, unsigned depth);
/* The type named by @die's DW_AT_type (*@out NULL for void); 0 or -1. */
int bw_dw_resolve_ref(struct bw_dw *c, Dwarf_Die *die, unsigned depth, struct bw_dwtype **out);
/* Through typedefs and qualifiers. */
struct bw_dwtype *bw_dw_strip_alias(struct bw_dwtype *t);
/* pahole's natural alignment of a type (see dwtypes.c). */
uint32_t bw_dw_natural_align(struct bw_dw *c, struct bw_dwtype *t, unsigned depth);
/* An alignment as natural_align() reports it: at least 1, at most 4 on i386. */
uint32_t bw_dw_align_cap(struct bw_dw *c, uint64_t a);
/* dwlayouts.c: the layout of the struct/union type @t, built once per unit, which also sets
 * t->nalign; NULL inside a cycle, too deep, or on error (then set). */
struct bw_layout *bw_dw_type_layout(struct bw_dw *c, struct bw_dwtype *t, unsigned depth);

/* dwcheck.c: refuse ELF images that would crash libdwfl; tell whether a .debug_info is present.
 * Return 0, or -1 with @e set. */
int bw_dw_check(Elf *elf, size_t size, const char *file, bool *has_debug, struct bw_err *e);

/* dwreloc.c: apply the relocations of @elf's .debug_* sections in place, for the machines
 * libdwfl has no backend for (the ELF must be private memory). Return 0, or -1 with @e set. */
int bw_dw_relocate(Elf *elf, const char *file, struct bw_err *e);

#endif /* BW_DWCTX_H */
