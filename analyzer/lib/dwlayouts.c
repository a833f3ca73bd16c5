// SPDX-License-Identifier: GPL-2.0
/* Struct layouts from DWARF: walk every unit of an opened image (dwopen.c), build layouts.
 *
 * The image comes opened by dwopen.c (libdwfl, so that ET_REL objects have their .debug_*
 * relocations applied). Units are walked on one thread or, for an image read in place, on
 * -j N threads over ranges of units; layouts are de-duplicated. Types come from dwtypes.c;
 * every walk here is iterative or depth-bounded against hostile DWARF.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cunits.h"
#include "dwctx.h"
#include "dwimage.h"

/* ---- members and layouts ---- */

static struct bw_layout *build_layout(struct bw_dw *c, Dwarf_Die *d, const char *kind,
				      unsigned depth, uint32_t *nalign, bool shallow);

static const char *kind_of(int tag)
{
	return tag == DW_TAG_union_type ? "union" : tag == DW_TAG_class_type ? "class" : "struct";
}

struct bw_layout *bw_dw_type_layout(struct bw_dw *c, struct bw_dwtype *t, unsigned depth)
{
	struct bw_layout *l;
	uint32_t na;

	if (t->layout)
		return t->layout;
	if (t->building || depth >= BW_MAX_ANON_DEPTH)
		return NULL;
	t->building = true;
	/* Shallow: padding and alignment do not look inside anonymous members. */
	l = build_layout(c, &t->aggr, kind_of(dwarf_tag(&t->aggr)), depth + 1, &na, true);
	t->building = false;
	if (!l)
		return NULL;
	bw_layout_find_holes(l, c->cacheline, NULL, NULL);
	t->layout = l;
	if (!t->nalign)
		t->nalign = na;
	return l;
}

/* Tail padding inside a member's struct type (pahole's "last struct has N bytes of padding"). */
static uint64_t type_padding(struct bw_dw *c, struct bw_dwtype *t, unsigned depth)
{
	struct bw_layout *l;

	/* Only a member typed directly by a struct: pahole does not look through typedefs. */
	if (!t || t->alias || t->tclass != BW_TC_STRUCT ||
	    dwarf_tag(&t->aggr) != DW_TAG_structure_type)
		return 0;
	l = bw_dw_type_layout(c, t, depth);
	return l ? l->padding : 0;
}

/* The enumerators of the anonymous enum @t, read once per unit (arena memory). */
static struct bw_enum *anon_enum(struct bw_dw *c, struct bw_dwtype *t)
{
	struct bw_enum *e;
	Dwarf_Die k;
	Dwarf_Off last = 0;
	size_t cap = 0;
	int r;

	if (t->enm)
		return t->enm;
	e = bw_dw_arena_alloc(c, sizeof(*e));
	if (!e)
		return NULL;
	memset(e, 0, sizeof(*e));
	e->size = t->size;
	for (r = dwarf_child(&t->aggr, &k); r == 0; r = dwarf_siblingof(&k, &k)) {
		int64_t v;

		if (last && dwarf_dieoffset(&k) <= last) {
			bw_dw_fail(c, "DIE 0x%llx: sibling chain loops", bw_dw_die_off(&k));
			return NULL;
		}
		last = dwarf_dieoffset(&k);
		if (dwarf_tag(&k) != DW_TAG_enumerator)
			continue;
		if (bw_dw_const_value(c, &k, DW_AT_const_value, false, &v) <= 0)
			v = 0;
		if (e->n == cap) {
			size_t ncap = cap ? cap * 2 : 16;
			char **nn = bw_dw_arena_alloc(c, ncap * sizeof(*nn));
			int64_t *nv = bw_dw_arena_alloc(c, ncap * sizeof(*nv));

			if (!nn || !nv)
				return NULL;
			if (e->n) {
				memcpy(nn, e->names, e->n * sizeof(*nn));
				memcpy(nv, e->values, e->n * sizeof(*nv));
			}
			e->names = nn;
			e->values = nv;
			cap = ncap;
		}
		e->names[e->n] = (char *)(bw_dw_name(c, &k) ?: "");
		e->values[e->n++] = v;
	}
	if (r < 0) {
		bw_dw_fail(c, "DIE 0x%llx: corrupt enumerators: %s", bw_dw_die_off(&t->aggr),
			   dwarf_errmsg(-1));
		return NULL;
	}
	t->enm = e;
	return e;
}

/* DW_AT_data_member_location: a constant, or (DWARF 2/3) an expression DW_OP_plus_uconst N. */
static int member_location(struct bw_dw *c, Dwarf_Die *m, uint64_t *off)
{
	Dwarf_Attribute a;
	Dwarf_Word v;
	Dwarf_Op *ops;
	size_t nops;

	*off = 0;
	if (!bw_dw_attr(c, m, DW_AT_data_member_location, &a))
		return 0;
	if (bw_dw_form_udata(m, &a, &v) == 0) {
		*off = v;
		return 0;
	}
	if (dwarf_getlocation(&a, &ops, &nops) == 0 && nops == 1 &&
	    (ops[0].atom == DW_OP_plus_uconst || ops[0].atom == DW_OP_constu)) {
		*off = ops[0].number;
		return 0;
	}
	bw_dw_fail(c, "DIE 0x%llx: unsupported DW_AT_data_member_location form", bw_dw_die_off(m));
	return -1;
}

struct mvec {
	struct bw_layout_member *v;
	size_t n, cap;
};

/* One DW_TAG_member (or DW_TAG_inheritance) into @out, with pahole's bit-field offsets. */
static int add_member(struct bw_dw *c, Dwarf_Die *m, int tag, struct bw_layout_member *out,
		      unsigned depth, bool shallow)
{
	struct bw_dwtype *t;
	uint64_t byte_off;
	Dwarf_Word bits = 0, dbo, ss;
	int64_t bo;
	int r;
	const char *name = bw_dw_name(c, m);

	memset(out, 0, sizeof(*out));
	if (bw_dw_resolve_ref(c, m, 0, &t))
		return -1;
	if (!t) {
		bw_dw_fail(c, "DIE 0x%llx: member without a type", bw_dw_die_off(m));
		return -1;
	}
	if (member_location(c, m, &byte_off))
		return -1;
	out->name = (char *)(name ? name : (tag == DW_TAG_inheritance ? "<ancestor>" : ""));
	out->type = t->type;
	out->base_len = t->base_len;
	out->name_at = t->name_at;
	out->size = t->size;
	out->type_class = t->tclass;
	out->natural_alignment = bw_dw_natural_align(c, t, depth);
	out->type_padding = t->anon_aggr ? 0 : type_padding(c, t, depth);
	if (c->failed)
		return -1;
	if (bw_dw_attr_udata(c, m, DW_AT_alignment, &ss) > 0)
		out->alignment = ss > UINT32_MAX ? UINT32_MAX : (uint32_t)ss;
	if (byte_off > BW_MAX_TYPE_SIZE) {
		bw_dw_fail(c, "DIE 0x%llx: absurd member offset %llu", bw_dw_die_off(m),
			   (unsigned long long)byte_off);
		return -1;
	}
	r = bw_dw_attr_udata(c, m, DW_AT_bit_size, &bits);
	if (r < 0) {
		bw_dw_fail(c, "DIE 0x%llx: DW_AT_bit_size has a non-constant form",
			   bw_dw_die_off(m));
		return -1;
	}
	if (bits) {
		/* pahole: the storage unit is the bit-field's base type; the offset is realigned
		 * to it whichever way DWARF encoded the position. */
		uint64_t unit = t->size * 8;
		int64_t abs;

		if (!unit || bits > unit) {
			bw_dw_fail(c, "DIE 0x%llx: bit-field of %llu bits in a %llu-byte type",
				   bw_dw_die_off(m), (unsigned long long)bits,
				   (unsigned long long)t->size);
			return -1;
		}
		if (bw_dw_attr_udata(c, m, DW_AT_data_bit_offset, &dbo) > 0) {
			if (dbo > BW_MAX_TYPE_SIZE) {
				bw_dw_fail(c, "DIE 0x%llx: absurd bit offset", bw_dw_die_off(m));
				return -1;
			}
			abs = (int64_t)dbo;
		} else if ((r = bw_dw_const_value(c, m, DW_AT_bit_offset, true, &bo)) > 0) {
			/* DWARF 2/3: bits from the storage unit's most significant bit; negative
			 * when a bit-field straddles into the next unit (gcc and clang on i386). */
			if (bw_dw_attr_udata(c, m, DW_AT_byte_size, &ss) <= 0)
				ss = t->size;
			if (bo > 65536 || bo < -65536 || ss > 65536) {
				bw_dw_fail(c, "DIE 0x%llx: absurd DW_AT_bit_offset",
					   bw_dw_die_off(m));
				return -1;
			}
			if (c->little_endian)
				abs = (int64_t)byte_off * 8 + (int64_t)(ss * 8) - bo -
				      (int64_t)bits;
			else
				abs = (int64_t)byte_off * 8 + bo;
		} else if (r < 0) {
			bw_dw_fail(c, "DIE 0x%llx: DW_AT_bit_offset has a non-constant form",
				   bw_dw_die_off(m));
			return -1;
		} else {
			abs = (int64_t)byte_off * 8;
		}
		if (abs < 0) {
			bw_dw_fail(c, "DIE 0x%llx: bit-field before the start of its struct",
				   bw_dw_die_off(m));
			return -1;
		}
		out->offset = (uint64_t)abs / unit * unit / 8;
		out->bit_offset = (uint32_t)((uint64_t)abs - out->offset * 8);
		out->bit_size = (uint32_t)bits;
	} else {
		out->offset = byte_off;
	}
	/* An enum defined inline: pahole lists its enumerators. */
	if (!t->alias && t->tclass == BW_TC_ENUM && !strcmp(t->type, "enum {...}") && !shallow &&
	    !(out->enm = anon_enum(c, t)))
		return -1;
	if (t->anon_aggr && depth < BW_MAX_ANON_DEPTH && !shallow) {
		/* Shared anonymous types can nest exponentially in hostile DWARF. */
		if (!c->anon_budget--) {
			bw_dw_fail(c, "DIE 0x%llx: anonymous struct/union nesting too large",
				   bw_dw_die_off(m));
			return -1;
		}
		out->anon = build_layout(c, &t->aggr, kind_of(dwarf_tag(&t->aggr)), depth + 1, NULL,
					 false);
		if (!out->anon)
			return -1;
	}
	return 0;
}

/* Build the layout of the struct/union DIE @d in arena memory (names point into DWARF); with
 * @nalign, also its natural alignment: its most aligned DW_TAG_member's, declared ones
 * included, inherited ones not, as pahole's guess. */
static struct bw_layout *build_layout(struct bw_dw *c, Dwarf_Die *d, const char *kind,
				      unsigned depth, uint32_t *nalign, bool shallow)
{
	uint64_t na = 1;
	struct bw_layout *l = bw_dw_arena_alloc(c, sizeof(*l));
	struct bw_layout_member *mv = NULL;
	size_t n = 0, cap = 0;
	Dwarf_Die m;
	Dwarf_Off last = 0;
	Dwarf_Word align;
	int r;

	if (!l)
		return NULL;
	memset(l, 0, sizeof(*l));
	l->name = (char *)(bw_dw_name(c, d) ?: "");
	l->kind = kind;
	if (bw_dw_die_byte_size(c, d, 0, &l->size))
		return NULL;
	if (bw_dw_attr_udata(c, d, DW_AT_alignment, &align) > 0)
		l->alignment = align > UINT32_MAX ? UINT32_MAX : (uint32_t)align;
	r = dwarf_child(d, &m);
	while (r == 0) {
		int tag = dwarf_tag(&m);
		bool ext = bw_dw_attr_flag(c, &m, DW_AT_external);

		if ((tag == DW_TAG_member || tag == DW_TAG_inheritance) && !ext &&
		    !bw_dw_attr_flag(c, &m, DW_AT_declaration)) {
			if (n == cap) {
				struct bw_layout_member *nv;

				cap = cap ? cap * 2 : 16;
				nv = bw_dw_arena_alloc(c, cap * sizeof(*nv));
				if (!nv)
					return NULL;
				if (n)
					memcpy(nv, mv, n * sizeof(*nv));
				mv = nv;
			}
			if (add_member(c, &m, tag, &mv[n], depth, shallow))
				return NULL;
			if (tag == DW_TAG_member && mv[n].natural_alignment > na)
				na = mv[n].natural_alignment;
			n++;
		} else if (tag == DW_TAG_member && !ext && nalign) {
			Dwarf_Attribute at;
			Dwarf_Die td;

			/* A declared (static) member: no place in the layout, but pahole counts it. */
			if (bw_dw_attr(c, &m, DW_AT_type, &at) && dwarf_formref_die(&at, &td)) {
				struct bw_dwtype *mt = bw_dw_resolve(c, &td, 0);
				uint32_t ma;

				if (!mt)
					return NULL;
				ma = bw_dw_natural_align(c, mt, depth + 1);
				na = ma > na ? ma : na;
			}
		} else if (depth == 0 && (tag == DW_TAG_structure_type ||
					  tag == DW_TAG_union_type || tag == DW_TAG_class_type)) {
			c->nested_types = true; /* C++: the walk must look inside */
		}
		if (last && dwarf_dieoffset(&m) <= last) {
			bw_dw_fail(c, "DIE 0x%llx: sibling chain loops", bw_dw_die_off(&m));
			return NULL;
		}
		last = dwarf_dieoffset(&m);
		r = dwarf_siblingof(&m, &m);
	}
	if (r < 0) {
		bw_dw_fail(c, "DIE 0x%llx: corrupt member list: %s", bw_dw_die_off(d),
			   dwarf_errmsg(-1));
		return NULL;
	}
	l->members = mv;
	l->nmembers = n;
	if (nalign)
		*nalign = bw_dw_align_cap(c, na);
	return l;
}

/* ---- de-duplication into the output set ---- */

static struct bw_layout_member *members_dup_ctx(struct bw_dw *c, const struct bw_layout_member *m,
						size_t n)
{
	struct bw_layout_member *v = bw_members_dup(m, n);

	if (!v && n)
		bw_dw_fail(c, "out of memory");
	return v;
}

static int idx_grow(struct bw_dw *c)
{
	size_t ncap = c->idx_cap ? c->idx_cap * 2 : 4096, i, j;
	uint32_t *ni = calloc(ncap, sizeof(*ni));

	if (!ni) {
		bw_dw_fail(c, "out of memory");
		return -1;
	}
	for (i = 0; i < c->nout; i++) {
		for (j = bw_layout_hash(&c->out[i]) & (ncap - 1); ni[j]; j = (j + 1) & (ncap - 1))
			;
		ni[j] = (uint32_t)(i + 1);
	}
	free(c->idx);
	c->idx = ni;
	c->idx_cap = ncap;
	return 0;
}

/* Keep @l unless an identical layout (same name, kind and members) is already kept. */
static int keep_layout(struct bw_dw *c, const struct bw_layout *l)
{
	uint64_t h = bw_layout_hash(l);
	size_t j;
	struct bw_layout *k;

	if ((c->nout + 1) * 2 > c->idx_cap && idx_grow(c))
		return -1;
	for (j = h & (c->idx_cap - 1); c->idx[j]; j = (j + 1) & (c->idx_cap - 1))
		if (bw_layout_equal(&c->out[c->idx[j] - 1], l))
			return 0;
	if (c->nout == c->out_cap) {
		size_t ncap = c->out_cap ? c->out_cap * 2 : 256;
		struct bw_layout *nv = realloc(c->out, ncap * sizeof(*nv));

		if (!nv) {
			bw_dw_fail(c, "out of memory");
			return -1;
		}
		c->out = nv;
		c->out_cap = ncap;
	}
	k = &c->out[c->nout];
	memset(k, 0, sizeof(*k));
	k->name = strdup(l->name);
	k->kind = l->kind;
	k->decl_file = l->decl_file ? strdup(l->decl_file) : NULL;
	k->decl_line = l->decl_line;
	k->size = l->size;
	k->alignment = l->alignment;
	k->members = members_dup_ctx(c, l->members, l->nmembers);
	k->nmembers = l->nmembers;
	if (!k->name || (!k->members && l->nmembers) || (l->decl_file && !k->decl_file)) {
		bw_layout_free(k);
		bw_dw_fail(c, "out of memory");
		return -1;
	}
	c->idx[j] = (uint32_t)(++c->nout);
	return 0;
}

/* ---- the unit walk ---- */

/* The line table's file @idx as a declaring file: lexically cleaned (headers reached as
 * "../perf_event.h" from several folders are one file), relative to the unit's directory or
 * to the units' tree (as their folders are). Once per unit and file; "" for none. */
static const char *decl_file(struct bw_dw *c, Dwarf_Files *files, size_t nfiles, size_t idx)
{
	const char *f, *rel;
	char *clean;

	if (!c->decl_files) {
		c->decl_files = bw_dw_arena_alloc(c, nfiles * sizeof(*c->decl_files));
		if (!c->decl_files)
			return NULL;
		memset(c->decl_files, 0, nfiles * sizeof(*c->decl_files));
		c->ndecl_files = nfiles;
	}
	if (idx >= c->ndecl_files)
		return "";
	if (c->decl_files[idx])
		return c->decl_files[idx];
	f = dwarf_filesrc(files, idx, NULL, NULL);
	clean = bw_dw_arena_alloc(c, (f ? strlen(f) : 0) + 1);
	if (!clean)
		return NULL;
	strcpy(clean, f ? f : "");
	bw_path_clean(clean);
	rel = bw_source_path(clean, c->comp_dir);
	if (c->root && !strncmp(rel, c->root, c->root_len) && rel[c->root_len] == '/')
		rel += c->root_len + 1;
	if (!f || !strcmp(rel, "."))
		rel = "";
	return c->decl_files[idx] = rel;
}

/* Where the type @d is declared: its DW_AT_decl_file from the unit's line table (decl_file())
 * and DW_AT_decl_line. Left NULL and 0 when DWARF does not say or names a file the table does
 * not have. File 0 is the unit's own source in DWARF 5 (clang uses it), "no file" before:
 * dwarf_decl_file() refuses it in both, so the table is read here. Return 0, or -1 when out
 * of memory. */
static int declared_at(struct bw_dw *c, Dwarf_Die *d, struct bw_layout *l)
{
	Dwarf_Attribute a;
	Dwarf_Word idx, line;
	Dwarf_Files *files;
	Dwarf_Die cu;
	size_t nfiles;
	const char *f;

	if (!dwarf_attr_integrate(d, DW_AT_decl_file, &a) || dwarf_formudata(&a, &idx) ||
	    (idx == 0 && c->version < 5) || !dwarf_diecu(d, &cu, NULL, NULL) ||
	    dwarf_getsrcfiles(&cu, &files, &nfiles) || idx >= nfiles)
		return 0;
	f = decl_file(c, files, nfiles, idx);
	if (!f) {
		bw_dw_fail(c, "out of memory");
		return -1;
	}
	if (!*f)
		return 0;
	l->decl_file = (char *)f;
	if (dwarf_attr_integrate(d, DW_AT_decl_line, &a) && !dwarf_formudata(&a, &line) &&
	    line <= UINT32_MAX)
		l->decl_line = (uint32_t)line;
	return 0;
}

/* A struct the walk built is a member's type later in the unit: keep it for padding and
 * alignment, when the type is known (resolved from a pointer to it, say). */
static void remember_layout(struct bw_dw *c, Dwarf_Die *d, struct bw_layout *l, uint32_t na)
{
	struct bw_dwtype *t = bw_dw_cached(c, d);

	if (!t || t->layout || t->building || t->tclass != BW_TC_STRUCT)
		return;
	bw_layout_find_holes(l, c->cacheline, NULL, NULL);
	t->layout = l;
	if (!t->nalign)
		t->nalign = na;
}

static bool walk_into(int tag)
{
	switch (tag) {
	case DW_TAG_subprogram:
	case DW_TAG_lexical_block:
	case DW_TAG_namespace:
	case DW_TAG_module:
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
		return true;
	}
	return false;
}

#define WALK_MAX_DEPTH 512

/* Visit every DIE under the unit DIE that can hold a type definition. */
static int walk_unit(struct bw_dw *c, Dwarf_Die *cudie)
{
	Dwarf_Die stack[WALK_MAX_DEPTH];
	Dwarf_Off lastoff[WALK_MAX_DEPTH];
	int sp = 0, r, lang = dwarf_srclang(cudie);
	bool descend;

	c->lang_c = lang == DW_LANG_C89 || lang == DW_LANG_C || lang == DW_LANG_C99 ||
		    lang == DW_LANG_C11;
	c->comp_dir = dwarf_formstring(dwarf_attr(cudie, DW_AT_comp_dir, &(Dwarf_Attribute){ 0 }));
	c->decl_files = NULL; /* arena memory, reset with the unit's cache */
	c->ndecl_files = 0;

	r = dwarf_child(cudie, &stack[0]);
	if (r != 0)
		return r < 0 ? (bw_dw_fail(c, "corrupt unit DIE at 0x%llx: %s",
					   bw_dw_die_off(cudie), dwarf_errmsg(-1)),
				-1) :
			       0;
	lastoff[0] = 0;
	for (;;) {
		Dwarf_Die *d = &stack[sp];
		int tag = dwarf_tag(d);
		Dwarf_Off off = dwarf_dieoffset(d);

		if (tag < 0) {
			bw_dw_fail(c, "DIE 0x%llx: unreadable DIE: %s", (unsigned long long)off,
				   dwarf_errmsg(-1));
			return -1;
		}
		if (lastoff[sp] && off <= lastoff[sp]) {
			bw_dw_fail(c, "DIE 0x%llx: sibling chain loops", (unsigned long long)off);
			return -1;
		}
		lastoff[sp] = off;
		descend = walk_into(tag);
		if (tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
		    tag == DW_TAG_class_type) {
			const char *name = bw_dw_name(c, d);

			/* Only C++ nests type definitions in a struct; their members are many. */
			descend = !c->lang_c;
			if (name && *name && !bw_dw_attr_flag(c, d, DW_AT_declaration) &&
			    bw_dw_hasattr(c, d, DW_AT_byte_size) &&
			    (!c->opts->only || strcmp(c->opts->only, name) == 0)) {
				c->anon_budget = BW_MAX_ANON_MEMBERS;
				c->nested_types = false;
				uint32_t na;
				struct bw_layout *l =
					build_layout(c, d, kind_of(tag), 0, &na, false);

				if (!l)
					return -1;
				if (declared_at(c, d, l) || keep_layout(c, l))
					return -1;
				remember_layout(c, d, l, na);
				descend = c->nested_types;
			}
		}
		if (descend && dwarf_haschildren(d) && sp + 1 < WALK_MAX_DEPTH) {
			r = dwarf_child(d, &stack[sp + 1]);
			if (r < 0) {
				bw_dw_fail(c, "DIE 0x%llx: corrupt children: %s",
					   (unsigned long long)off, dwarf_errmsg(-1));
				return -1;
			}
			if (r == 0) {
				sp++;
				lastoff[sp] = 0;
				continue;
			}
		}
		for (;;) {
			r = dwarf_siblingof(&stack[sp], &stack[sp]);
			if (r < 0) {
				bw_dw_fail(c, "DIE 0x%llx: corrupt sibling chain: %s",
					   (unsigned long long)lastoff[sp], dwarf_errmsg(-1));
				return -1;
			}
			if (r == 0)
				break;
			if (sp == 0)
				return 0;
			sp--;
		}
	}
}

/* Walk the units numbered [@first, @last) in file order. */
static int walk_dwarf(struct bw_dw *c, Dwarf *dw, size_t first, size_t last)
{
	Dwarf_CU *cu = NULL;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie, subdie;
	size_t index = 0;
	int r;

	while ((r = dwarf_get_units(dw, cu, &cu, &version, &unit_type, &cudie, &subdie)) == 0) {
		if (index++ < first)
			continue;
		if (index > last)
			return 0;
		c->units++;
		uint8_t asz = 0, osz;
		Dwarf_Half v;
		Dwarf_Off abbrev;

		if (dwarf_cu_die(cu, &cudie, &v, &abbrev, &asz, &osz, NULL, NULL) == NULL) {
			bw_dw_fail(c, "corrupt unit header: %s", dwarf_errmsg(-1));
			return -1;
		}
		c->addr_size = asz;
		c->version = v;
		if (unit_type == DW_UT_skeleton || unit_type == DW_UT_split_compile)
			continue; /* split DWARF (.dwo) is not read */
		bw_dw_cache_reset(c);
		size_t first_new = c->nout, i;

		if (walk_unit(c, &cudie))
			return -1;
		for (i = first_new; i < c->nout; i++)
			c->out[i].addr_size = asz;
	}
	if (r < 0) {
		bw_dw_fail(c, "corrupt unit list: %s", dwarf_errmsg(-1));
		return -1;
	}
	return 0;
}

/* ---- several units at once (-j) ---- */

/*
 * libelf and libdw keep per-handle state, so each job reads the image through its own Elf and
 * Dwarf handles, a range of whole units, into its own caches and layouts. Appending the jobs'
 * layouts in unit order, the first of identical ones kept, gives the one-job result exactly.
 * Only images read in place qualify: relocated or decompressed sections live in the handles
 * libdwfl made.
 */
struct job {
	struct bw_dw c;
	struct bw_err e;
	Elf *elf;
	Dwarf *dw;
	size_t first, last;
	pthread_t thread;
	bool started;
};

static void *job_run(void *arg)
{
	struct job *j = arg;

	walk_dwarf(&j->c, j->dw, j->first, j->last);
	return NULL;
}

/* Move @l into @c's output unless an identical layout is there: then free it. */
static int adopt_layout(struct bw_dw *c, struct bw_layout *l)
{
	uint64_t h = bw_layout_hash(l);
	size_t j;

	if ((c->nout + 1) * 2 > c->idx_cap && idx_grow(c))
		return -1;
	for (j = h & (c->idx_cap - 1); c->idx[j]; j = (j + 1) & (c->idx_cap - 1))
		if (bw_layout_equal(&c->out[c->idx[j] - 1], l)) {
			bw_layout_free(l);
			return 0;
		}
	if (c->nout == c->out_cap) {
		size_t ncap = c->out_cap ? c->out_cap * 2 : 256;
		struct bw_layout *nv = realloc(c->out, ncap * sizeof(*nv));

		if (!nv) {
			bw_layout_free(l);
			bw_dw_fail(c, "out of memory");
			return -1;
		}
		c->out = nv;
		c->out_cap = ncap;
	}
	c->out[c->nout] = *l;
	c->idx[j] = (uint32_t)(++c->nout);
	return 0;
}

/* Walk @dw's units with @njobs jobs, each unit range about the same size in bytes. */
static int walk_parallel(struct bw_dw *c, Dwarf *dw, const struct bw_image *img, unsigned njobs)
{
	Dwarf_Off off = 0, next, *ends = NULL;
	size_t n = 0, cap = 0, hsize;
	struct job *jobs;
	int ret = 0;

	while (dwarf_next_unit(dw, off, &next, &hsize, NULL, NULL, NULL, NULL, NULL, NULL) == 0) {
		Dwarf_Off *v = bw_grow(ends, &cap, n + 1, sizeof(*v));

		if (!v) {
			free(ends);
			bw_dw_fail(c, "out of memory");
			return -1;
		}
		ends = v;
		ends[n++] = off = next;
	}
	if (njobs > n / 2)
		njobs = (unsigned)(n / 2);
	if (njobs < 2) {
		free(ends);
		return walk_dwarf(c, dw, 0, SIZE_MAX);
	}
	jobs = calloc(njobs, sizeof(*jobs));
	if (!jobs) {
		free(ends);
		bw_dw_fail(c, "out of memory");
		return -1;
	}
	for (unsigned k = 0, u = 0; k < njobs; k++) {
		struct job *j = &jobs[k];
		Dwarf_Off goal = off / njobs * (k + 1);

		j->first = u;
		while (u < n && (k == njobs - 1 || ends[u] <= goal))
			u++;
		j->last = u;
		j->c = (struct bw_dw){ .opts = c->opts,
				       .file = c->file,
				       .e = &j->e,
				       .little_endian = c->little_endian,
				       .i386 = c->i386,
				       .cacheline = c->cacheline,
				       .root = c->root,
				       .root_len = c->root_len };
		j->e.msg[0] = '\0';
		j->elf = elf_memory((char *)img->bytes, img->size);
		j->dw = j->elf ? dwarf_begin_elf(j->elf, DWARF_C_READ, NULL) : NULL;
		if (!j->dw) {
			bw_dw_fail(c, "cannot read DWARF: %s", dwarf_errmsg(-1));
			ret = -1;
			break;
		}
		j->started = pthread_create(&j->thread, NULL, job_run, j) == 0;
		if (!j->started)
			job_run(j); /* no thread to be had: run it here */
	}
	for (unsigned k = 0; k < njobs; k++) {
		struct job *j = &jobs[k];

		if (j->started)
			pthread_join(j->thread, NULL);
		c->units += j->c.units;
		/* The first failing range is the error one job would have met first. */
		if (!ret && j->c.failed) {
			*c->e = j->e;
			c->failed = true;
			ret = -1;
		}
		for (size_t i = 0; i < j->c.nout; i++) {
			if (ret)
				bw_layout_free(&j->c.out[i]);
			else if (adopt_layout(c, &j->c.out[i]))
				ret = -1;
		}
		free(j->c.out);
		free(j->c.tab);
		free(j->c.idx);
		bw_dw_arena_destroy(&j->c);
		dwarf_end(j->dw);
		elf_end(j->elf);
	}
	free(jobs);
	free(ends);
	return ret;
}

static int cmp_layout(const void *a, const void *b)
{
	const struct bw_layout *x = a, *y = b;
	int r = strcmp(x->name, y->name);

	if (r)
		return r;
	r = strcmp(x->kind, y->kind);
	if (r)
		return r;
	/* reorg_size holds the discovery order until sorting is done (stable sort). */
	return x->reorg_size < y->reorg_size ? -1 : x->reorg_size > y->reorg_size;
}

int bw_layouts_from(const struct bw_dwarf *h, const struct bw_layout_opts *opts,
		    struct bw_layout_set *out, struct bw_err *e)
{
	static const struct bw_layout_opts dflt = { .cacheline = 64 };
	struct bw_dw c;
	char *root = NULL;
	size_t i;
	int ret = -1;

	memset(&c, 0, sizeof(c));
	memset(out, 0, sizeof(*out));
	c.opts = opts ? opts : &dflt;
	c.cacheline = c.opts->cacheline ? c.opts->cacheline : 64;
	c.file = h->img->display;
	c.e = e;
	e->msg[0] = '\0';
	c.little_endian = h->little_endian;
	c.i386 = h->e_machine == EM_386;
	if (!h->dw)
		return 0; /* no DWARF at all: an empty set */
	if (bw_source_root(h->dw, &root)) {
		bw_dw_fail(&c, "out of memory");
		goto out;
	}
	c.root = root;
	c.root_len = root ? strlen(root) : 0;
	if (c.opts->jobs > 1 && h->in_place) {
		if (walk_parallel(&c, h->dw, h->img, c.opts->jobs))
			goto out;
	} else if (walk_dwarf(&c, h->dw, 0, SIZE_MAX)) {
		goto out;
	}
	if (!c.units && h->source == BW_DWARF_IMAGE) {
		bw_dw_fail(&c, "corrupt .debug_info: no readable unit");
		goto out;
	}
	for (i = 0; i < c.nout; i++)
		c.out[i].reorg_size = i;
	if (c.nout)
		qsort(c.out, c.nout, sizeof(*c.out), cmp_layout);
	for (i = 0; i < c.nout; i++) {
		bw_layout_find_holes(&c.out[i], c.cacheline, NULL, NULL);
		if (bw_layout_reorganize(&c.out[i])) {
			bw_dw_fail(&c, "out of memory");
			goto out;
		}
	}
	out->v = c.out;
	out->n = c.nout;
	out->dwarf = h->source;
	c.out = NULL;
	ret = 0;
out:
	if (c.out) {
		for (i = 0; i < c.nout; i++)
			bw_layout_free(&c.out[i]);
		free(c.out);
	}
	free(c.tab);
	free(c.idx);
	free(root);
	bw_dw_arena_destroy(&c);
	if (ret && !e->msg[0])
		bw_fail(e, c.file, "cannot read DWARF");
	return ret;
}

int bw_layouts_read(const struct bw_image *img, const struct bw_layout_opts *opts,
		    struct bw_layout_set *out, struct bw_err *e)
{
	struct bw_dwarf h;
	int ret;

	memset(out, 0, sizeof(*out));
	if (bw_dwarf_open(img, opts && opts->no_debuginfo_search, &h, e))
		return -1;
	ret = bw_layouts_from(&h, opts, out, e);
	bw_dwarf_close(&h);
	return ret;
}
