// SPDX-License-Identifier: GPL-2.0
/* Struct layouts from DWARF: open an in-memory ELF with libdwfl, walk every unit, build layouts.
 *
 * libdwfl (not bare libdw) opens the image so that ET_REL objects get their .debug_*
 * relocations applied: on RELA targets the section contents hold zeros and the addends live in
 * the relocations, so unrelocated names and offsets are wrong. Type names and sizes are cached
 * per unit by DIE address; chains are bounded so hostile DWARF cannot loop or recurse deeply.
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "structs_int.h"
#include "structs_reloc.h"

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

static void fail(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(struct ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (c->failed)
		return;
	c->failed = true;
	va_start(ap, fmt);
	vsnprintf(c->err, c->errlen, fmt, ap);
	va_end(ap);
}

static unsigned long long die_off(Dwarf_Die *d)
{
	return (unsigned long long)dwarf_dieoffset(d);
}

/* ---- scratch arena ---- */

static void *arena_alloc(struct ctx *c, size_t n)
{
	struct arena_chunk *a = c->arena;

	n = (n + 15) & ~(size_t)15;
	if (!a || a->cap - a->used < n) {
		size_t cap = n > 65536 ? n : 65536;

		if (c->arena_free && c->arena_free->cap >= n) {
			a = c->arena_free;
			c->arena_free = a->next;
		} else {
			a = malloc(sizeof(*a) + cap);
			if (!a) {
				fail(c, "out of memory");
				return NULL;
			}
			a->cap = cap;
		}
		a->used = 0;
		a->next = c->arena;
		c->arena = a;
	}
	a->used += n;
	return a->data + a->used - n;
}

static void arena_reset(struct ctx *c)
{
	while (c->arena) {
		struct arena_chunk *a = c->arena;

		c->arena = a->next;
		a->next = c->arena_free;
		c->arena_free = a;
	}
}

static void arena_destroy(struct ctx *c)
{
	arena_reset(c);
	while (c->arena_free) {
		struct arena_chunk *a = c->arena_free;

		c->arena_free = a->next;
		free(a);
	}
}

static char *arena_strndup(struct ctx *c, const char *s, size_t n)
{
	char *p = arena_alloc(c, n + 1);

	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

/* ---- per-unit type cache ---- */

static size_t ptr_hash(uintptr_t k)
{
	uint64_t x = (uint64_t)k;

	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	x ^= x >> 33;
	return (size_t)x;
}

static struct tinfo *cache_find(struct ctx *c, uintptr_t key)
{
	size_t i;

	if (!c->tab_cap)
		return NULL;
	for (i = ptr_hash(key) & (c->tab_cap - 1); c->tab[i]; i = (i + 1) & (c->tab_cap - 1))
		if (c->tab[i]->key == key)
			return c->tab[i];
	return NULL;
}

static int cache_add(struct ctx *c, struct tinfo *t)
{
	size_t i;

	if ((c->tab_n + 1) * 2 > c->tab_cap) {
		size_t ncap = c->tab_cap ? c->tab_cap * 2 : 1024, j;
		struct tinfo **nt = calloc(ncap, sizeof(*nt));

		if (!nt) {
			fail(c, "out of memory");
			return -1;
		}
		for (j = 0; j < c->tab_cap; j++) {
			if (!c->tab[j])
				continue;
			for (i = ptr_hash(c->tab[j]->key) & (ncap - 1); nt[i]; i = (i + 1) & (ncap - 1))
				;
			nt[i] = c->tab[j];
		}
		free(c->tab);
		c->tab = nt;
		c->tab_cap = ncap;
	}
	for (i = ptr_hash(t->key) & (c->tab_cap - 1); c->tab[i]; i = (i + 1) & (c->tab_cap - 1))
		;
	c->tab[i] = t;
	c->tab_n++;
	return 0;
}

static void cache_reset(struct ctx *c)
{
	if (c->tab_n)
		memset(c->tab, 0, c->tab_cap * sizeof(*c->tab));
	c->tab_n = 0;
	arena_reset(c);
}

/* ---- attribute helpers ---- */

/* The value of a DW_FORM_implicit_const attribute (DWARF 5: kept in the abbreviation; gcc uses
 * it, e.g. for DW_AT_alignment). libdw 0.188's dwarf_formudata/dwarf_formsdata return 0 for
 * it, so it is read from the abbreviation. */
static int implicit_value(Dwarf_Die *d, unsigned name, Dwarf_Sword *v)
{
	unsigned an, af;
	size_t i;

	if (dwarf_tag(d) < 0 || !d->abbrev)
		return -1;
	for (i = 0; i < 4096; i++) {
		if (dwarf_getabbrevattr_data(d->abbrev, i, &an, &af, v, NULL) != 0)
			return -1;
		if (an == name)
			return af == DW_FORM_implicit_const ? 0 : -1;
	}
	return -1;
}

/* dwarf_formudata with DW_FORM_implicit_const read right (see implicit_value). */
static int form_udata(Dwarf_Die *d, Dwarf_Attribute *a, Dwarf_Word *v)
{
	Dwarf_Sword sv;

	if (dwarf_whatform(a) == DW_FORM_implicit_const) {
		if (implicit_value(d, dwarf_whatattr(a), &sv) != 0 || sv < 0)
			return -1;
		*v = (Dwarf_Word)sv;
		return 0;
	}
	return dwarf_formudata(a, v);
}

/* Unsigned constant attribute: 1 found, 0 absent, -1 present with a non-constant form. */
static int attr_udata(Dwarf_Die *d, unsigned name, Dwarf_Word *v)
{
	Dwarf_Attribute a;

	if (!dwarf_attr(d, name, &a))
		return 0;
	return form_udata(d, &a, v) ? -1 : 1;
}

static bool attr_flag(Dwarf_Die *d, unsigned name)
{
	Dwarf_Attribute a;
	bool f = false;

	if (!dwarf_attr(d, name, &a))
		return false;
	return dwarf_formflag(&a, &f) == 0 && f;
}

/* A DIE's byte size; absent gives @dflt. Absurd or non-constant sizes are errors. */
static int die_byte_size(struct ctx *c, Dwarf_Die *d, uint64_t dflt, uint64_t *out)
{
	Dwarf_Word v;
	int r = attr_udata(d, DW_AT_byte_size, &v);

	if (r < 0) {
		fail(c, "DIE 0x%llx: DW_AT_byte_size has a non-constant form", die_off(d));
		return -1;
	}
	if (r == 0)
		v = dflt;
	if (v > BW_MAX_TYPE_SIZE) {
		fail(c, "DIE 0x%llx: absurd byte size %llu", die_off(d), (unsigned long long)v);
		return -1;
	}
	*out = v;
	return 0;
}

/* ---- type spelling ---- */

struct spell {
	char *buf;
	size_t len, cap;
	bool overflow;
};

static void sp_put(struct spell *s, const char *p, size_t n)
{
	if (s->len + n >= s->cap) {
		s->overflow = true;
		n = s->len < s->cap - 1 ? s->cap - 1 - s->len : 0;
	}
	memcpy(s->buf + s->len, p, n);
	s->len += n;
	s->buf[s->len] = '\0';
}

static void sp_str(struct spell *s, const char *p)
{
	sp_put(s, p, strlen(p));
}

static struct tinfo *resolve(struct ctx *c, Dwarf_Die *die, unsigned depth);

/* Resolve the DIE named by @die's DW_AT_type; *@out = NULL when it has none (void). */
static int resolve_ref(struct ctx *c, Dwarf_Die *die, unsigned depth, struct tinfo **out)
{
	Dwarf_Attribute a;
	Dwarf_Die t;

	*out = NULL;
	if (!dwarf_attr(die, DW_AT_type, &a))
		return 0;
	if (!dwarf_formref_die(&a, &t)) {
		fail(c, "DIE 0x%llx: bad DW_AT_type reference: %s", die_off(die), dwarf_errmsg(-1));
		return -1;
	}
	*out = resolve(c, &t, depth + 1);
	return *out ? 0 : -1;
}

/* Store the spelling in @s into @t (arena copy). */
static int finish(struct ctx *c, struct tinfo *t, struct spell *s, size_t base_len, size_t name_at)
{
	t->type = arena_strndup(c, s->buf, s->len);
	if (!t->type)
		return -1;
	t->len = (uint32_t)s->len;
	t->base_len = (uint32_t)(base_len > s->len ? s->len : base_len);
	t->name_at = (uint32_t)(name_at > s->len ? s->len : name_at);
	return 0;
}

static bool is_plain(const struct tinfo *t)
{
	return t->name_at == t->len && t->base_len == t->len;
}

static int spell_named(struct ctx *c, struct tinfo *t, Dwarf_Die *d, const char *prefix)
{
	struct spell s = { c->sb, 0, sizeof(c->sb), false };
	const char *name = dwarf_diename(d);

	if (prefix) {
		sp_str(&s, prefix);
		sp_str(&s, " ");
	}
	if (name && *name) {
		sp_str(&s, name);
	} else {
		sp_str(&s, prefix ? "{...}" : "<anonymous>");
		t->anon_aggr = prefix && strcmp(prefix, "enum") != 0;
	}
	return finish(c, t, &s, s.len, s.len);
}

static int spell_pointer(struct ctx *c, struct tinfo *t, struct tinfo *to, const char *op)
{
	struct spell s = { c->sb, 0, sizeof(c->sb), false };

	if (!to) {
		sp_str(&s, "void ");
		sp_str(&s, op);
		return finish(c, t, &s, s.len, s.len);
	}
	if (is_plain(to)) {
		sp_put(&s, to->type, to->len);
		sp_str(&s, " ");
		sp_str(&s, op);
		return finish(c, t, &s, s.len, s.len);
	}
	/* Pointer to array or function: the declarator gets "(*NAME)". */
	sp_put(&s, to->type, to->name_at);
	if (to->name_at == to->base_len)
		sp_str(&s, " ");
	sp_str(&s, "(");
	sp_str(&s, op);
	size_t name_at = s.len;

	sp_str(&s, ")");
	sp_put(&s, to->type + to->name_at, to->len - to->name_at);
	return finish(c, t, &s, to->base_len, name_at);
}

static int spell_qualified(struct ctx *c, struct tinfo *t, struct tinfo *to, const char *q)
{
	struct spell s = { c->sb, 0, sizeof(c->sb), false };
	size_t ql = strlen(q) + 1;

	if (!to) {
		sp_str(&s, q);
		sp_str(&s, " void");
		return finish(c, t, &s, s.len, s.len);
	}
	if (is_plain(to) && to->len && to->type[to->len - 1] == '*') {
		/* A qualified pointer: the qualifier follows the star. */
		sp_put(&s, to->type, to->len);
		sp_str(&s, " ");
		sp_str(&s, q);
		return finish(c, t, &s, s.len, s.len);
	}
	if (!is_plain(to) && to->name_at > 0 && to->type[to->name_at - 1] == '*') {
		sp_put(&s, to->type, to->name_at);
		sp_str(&s, " ");
		sp_str(&s, q);
		size_t name_at = s.len;

		sp_put(&s, to->type + to->name_at, to->len - to->name_at);
		return finish(c, t, &s, to->base_len, name_at);
	}
	/* gcc qualifies both an array and its elements: say it once. */
	if (to->len > ql && !strncmp(to->type, q, ql - 1) && to->type[ql - 1] == ' ') {
		sp_put(&s, to->type, to->len);
		return finish(c, t, &s, to->base_len, to->name_at);
	}
	sp_str(&s, q);
	sp_str(&s, " ");
	sp_put(&s, to->type, to->len);
	return finish(c, t, &s, to->base_len + ql, to->name_at + ql);
}

/* A constant read as signed: DW_FORM_sdata is signed, @sext sign-extends data1..8 from their
 * width (DWARF 2 bit offsets of straddling bit-fields are negative); without @sext they are
 * unsigned (an upper bound of 255 is data1 0xff) except all ones in 4 or 8 bytes, which is
 * -1 (old gcc's zero-length array). */
static int const_value(Dwarf_Die *d, unsigned name, bool sext, int64_t *v)
{
	Dwarf_Attribute a;
	Dwarf_Word u;
	Dwarf_Sword sv;
	unsigned form;

	if (!dwarf_attr(d, name, &a))
		return 0;
	form = dwarf_whatform(&a);
	if (form == DW_FORM_sdata || form == DW_FORM_implicit_const) {
		if ((form == DW_FORM_sdata ? dwarf_formsdata(&a, &sv) :
		     implicit_value(d, name, &sv)) != 0)
			return -1;
		*v = sv;
		return 1;
	}
	if (dwarf_formudata(&a, &u) != 0)
		return -1;
	if (sext && form == DW_FORM_data1 && u >= 0x80)
		*v = (int64_t)u - 0x100;
	else if (sext && form == DW_FORM_data2 && u >= 0x8000)
		*v = (int64_t)u - 0x10000;
	else if ((sext || u == 0xffffffffULL) && form == DW_FORM_data4 && u >= 0x80000000ULL)
		*v = (int64_t)u - 0x100000000LL;
	else if (u > (Dwarf_Word)INT64_MAX)
		*v = (sext || u == (Dwarf_Word)-1) ? (int64_t)u : INT64_MAX;
	else
		*v = (int64_t)u;
	return 1;
}

/* Element count of one DW_TAG_subrange_type dimension; unknown (VLA, flexible) gives 0. */
static int subrange_count(struct ctx *c, Dwarf_Die *sub, uint64_t *n, bool *known)
{
	int64_t cnt, lo = 0, up;
	int r;

	*n = 0;
	*known = false;
	r = const_value(sub, DW_AT_count, false, &cnt);
	if (r > 0) {
		*n = cnt > 0 ? (uint64_t)cnt : 0;
		*known = true;
	} else if (r == 0) {
		if (const_value(sub, DW_AT_lower_bound, false, &lo) <= 0)
			lo = 0;
		r = const_value(sub, DW_AT_upper_bound, false, &up);
		if (r > 0) {
			*n = up >= lo ? (uint64_t)(up - lo) + 1 : 0;
			*known = true;
		}
	}
	/* Non-constant bounds (VLAs) stay unknown, printed "[]" as pahole does. */
	if (*n > BW_MAX_TYPE_SIZE) {
		fail(c, "DIE 0x%llx: absurd array bound %llu", die_off(sub), (unsigned long long)*n);
		return -1;
	}
	return 0;
}

static int spell_array(struct ctx *c, struct tinfo *t, Dwarf_Die *d, struct tinfo *elem)
{
	struct spell s = { c->sb, 0, sizeof(c->sb), false };
	char dims[512];
	struct spell ds = { dims, 0, sizeof(dims), false };
	uint64_t total = 1;
	Dwarf_Die sub;
	int r, ndims = 0;
	Dwarf_Off last = 0;

	r = dwarf_child(d, &sub);
	while (r == 0) {
		int tag = dwarf_tag(&sub);

		if (tag == DW_TAG_subrange_type || tag == DW_TAG_enumeration_type) {
			uint64_t n;
			bool known;
			char num[32];

			if (subrange_count(c, &sub, &n, &known))
				return -1;
			if (known && n)
				snprintf(num, sizeof(num), "[%llu]", (unsigned long long)n);
			else
				snprintf(num, sizeof(num), "[]");
			sp_str(&ds, num);
			if (n && total > BW_MAX_TYPE_SIZE / n) {
				fail(c, "DIE 0x%llx: absurd array size", die_off(d));
				return -1;
			}
			total *= n;
			ndims++;
		}
		if (dwarf_dieoffset(&sub) <= last && last) {
			fail(c, "DIE 0x%llx: sibling chain loops", die_off(&sub));
			return -1;
		}
		last = dwarf_dieoffset(&sub);
		r = dwarf_siblingof(&sub, &sub);
	}
	if (r < 0) {
		fail(c, "DIE 0x%llx: corrupt array dimensions: %s", die_off(d), dwarf_errmsg(-1));
		return -1;
	}
	if (!ndims)
		sp_str(&ds, "[]"), total = 0;
	uint64_t esize = elem ? elem->size : 0;

	if (esize && total > BW_MAX_TYPE_SIZE / esize) {
		fail(c, "DIE 0x%llx: absurd array size", die_off(d));
		return -1;
	}
	t->size = total * esize;
	if (!elem) {
		sp_str(&s, "void");
		size_t at = s.len;

		sp_put(&s, ds.buf, ds.len);
		return finish(c, t, &s, at, at);
	}
	sp_put(&s, elem->type, elem->name_at);
	size_t at = s.len;

	sp_put(&s, ds.buf, ds.len);
	sp_put(&s, elem->type + elem->name_at, elem->len - elem->name_at);
	return finish(c, t, &s, elem->base_len, at);
}

static int spell_function(struct ctx *c, struct tinfo *t, Dwarf_Die *d, struct tinfo *ret,
			  unsigned depth)
{
	char params[1024];
	struct spell ps = { params, 0, sizeof(params), false };
	struct spell s = { c->sb, 0, sizeof(c->sb), false };
	Dwarf_Die p;
	int r, n = 0;
	Dwarf_Off last = 0;

	params[0] = '\0';
	r = dwarf_child(d, &p);
	while (r == 0) {
		int tag = dwarf_tag(&p);

		if (tag == DW_TAG_formal_parameter) {
			struct tinfo *pt;

			if (resolve_ref(c, &p, depth, &pt))
				return -1;
			if (n++)
				sp_str(&ps, ", ");
			if (pt)
				sp_put(&ps, pt->type, pt->len);
			else
				sp_str(&ps, "void");
		} else if (tag == DW_TAG_unspecified_parameters) {
			sp_str(&ps, n++ ? ", ..." : "...");
		}
		if (dwarf_dieoffset(&p) <= last && last) {
			fail(c, "DIE 0x%llx: sibling chain loops", die_off(&p));
			return -1;
		}
		last = dwarf_dieoffset(&p);
		r = dwarf_siblingof(&p, &p);
	}
	if (r < 0) {
		fail(c, "DIE 0x%llx: corrupt parameter list: %s", die_off(d), dwarf_errmsg(-1));
		return -1;
	}
	if (!n && attr_flag(d, DW_AT_prototyped))
		sp_str(&ps, "void");
	t->size = 0;
	if (ret && !is_plain(ret)) {
		/* Returning a pointer to an array or function: the parameter list binds to the
		 * name inside the return type's declarator, "int (*NAME(void))[4]". */
		sp_put(&s, ret->type, ret->name_at);
		sp_str(&s, "(");
		sp_put(&s, ps.buf, ps.len);
		sp_str(&s, ")");
		sp_put(&s, ret->type + ret->name_at, ret->len - ret->name_at);
		return finish(c, t, &s, ret->base_len, ret->name_at);
	}
	if (ret)
		sp_put(&s, ret->type, ret->len);
	else
		sp_str(&s, "void");
	size_t base = s.len;

	sp_str(&s, " ");
	size_t at = s.len;

	sp_str(&s, "(");
	sp_put(&s, ps.buf, ps.len);
	sp_str(&s, ")");
	return finish(c, t, &s, base, at);
}

/* Resolve a type DIE to its spelling and size; NULL (with the error set) on failure. */
static struct tinfo *resolve(struct ctx *c, Dwarf_Die *die, unsigned depth)
{
	struct tinfo *t, *to = NULL;
	int tag, rc = 0;

	t = cache_find(c, (uintptr_t)die->addr);
	if (t) {
		if (!t->done) {
			fail(c, "DIE 0x%llx: cyclic DWARF type reference", die_off(die));
			return NULL;
		}
		return t;
	}
	if (depth > BW_MAX_TYPE_DEPTH) {
		fail(c, "DIE 0x%llx: type chain deeper than %d", die_off(die), BW_MAX_TYPE_DEPTH);
		return NULL;
	}
	t = arena_alloc(c, sizeof(*t));
	if (!t)
		return NULL;
	memset(t, 0, sizeof(*t));
	t->key = (uintptr_t)die->addr;
	t->tpad = -1;
	if (cache_add(c, t))
		return NULL;

	tag = dwarf_tag(die);
	switch (tag) {
	case DW_TAG_base_type:
	case DW_TAG_unspecified_type:
		t->tclass = tag == DW_TAG_base_type ? BW_TC_BASE : BW_TC_OTHER;
		rc = die_byte_size(c, die, 0, &t->size) ?: spell_named(c, t, die, NULL);
		if (!rc && tag == DW_TAG_unspecified_type && !dwarf_diename(die)) {
			struct spell s = { c->sb, 0, sizeof(c->sb), false };

			sp_str(&s, "void");
			rc = finish(c, t, &s, s.len, s.len);
		}
		break;
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type:
	case DW_TAG_enumeration_type: {
		const char *kw = tag == DW_TAG_structure_type ? "struct" :
				 tag == DW_TAG_class_type ? "class" :
				 tag == DW_TAG_union_type ? "union" : "enum";

		rc = die_byte_size(c, die, 0, &t->size) ?: spell_named(c, t, die, kw);
		t->aggr = *die;
		t->tclass = tag == DW_TAG_enumeration_type ? BW_TC_ENUM : BW_TC_STRUCT;
		break;
	}
	case DW_TAG_typedef:
		rc = resolve_ref(c, die, depth, &to) ?: spell_named(c, t, die, NULL);
		t->size = to ? to->size : 0;
		t->tclass = to ? to->tclass : BW_TC_OTHER;
		t->alias = true;
		t->to = to;
		break;
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_ptr_to_member_type: {
		const char *op = tag == DW_TAG_reference_type ? "&" :
				 tag == DW_TAG_rvalue_reference_type ? "&&" : "*";

		rc = die_byte_size(c, die, c->addr_size, &t->size) ?:
		     resolve_ref(c, die, depth, &to) ?: spell_pointer(c, t, to, op);
		t->tclass = BW_TC_POINTER;
		break;
	}
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
	case DW_TAG_immutable_type:
	case DW_TAG_packed_type:
	case DW_TAG_shared_type: {
		const char *q = tag == DW_TAG_const_type ? "const" :
				tag == DW_TAG_volatile_type ? "volatile" :
				tag == DW_TAG_restrict_type ? "restrict" :
				tag == DW_TAG_atomic_type ? "_Atomic" :
				tag == DW_TAG_immutable_type ? "immutable" :
				tag == DW_TAG_packed_type ? "packed" : "shared";

		rc = resolve_ref(c, die, depth, &to) ?: spell_qualified(c, t, to, q);
		t->size = to ? to->size : 0;
		t->tclass = to ? to->tclass : BW_TC_OTHER;
		t->alias = true;
		t->to = to;
		if (to && to->anon_aggr) {
			t->anon_aggr = true;
			t->aggr = to->aggr;
		}
		break;
	}
	case DW_TAG_array_type:
		rc = resolve_ref(c, die, depth, &to) ?: spell_array(c, t, die, to);
		t->tclass = BW_TC_ARRAY;
		t->to = to;
		if (to && to->anon_aggr) {
			t->anon_aggr = true;
			t->aggr = to->aggr;
		}
		break;
	case DW_TAG_subroutine_type:
		rc = resolve_ref(c, die, depth, &to) ?: spell_function(c, t, die, to, depth);
		break;
	default: {
		char buf[48];
		struct spell s = { c->sb, 0, sizeof(c->sb), false };

		if (tag < 0) {
			fail(c, "DIE 0x%llx: unreadable type DIE: %s", die_off(die), dwarf_errmsg(-1));
			return NULL;
		}
		/* Not a type tag: a hostile DW_AT_type aimed at a variable, say. */
		snprintf(buf, sizeof(buf), "<tag 0x%x>", (unsigned)tag);
		sp_str(&s, buf);
		rc = finish(c, t, &s, s.len, s.len);
		break;
	}
	}
	if (rc || c->failed)
		return NULL;
	t->done = true;
	return t;
}

/* ---- members and layouts ---- */

static struct tinfo *strip_alias(struct tinfo *t)
{
	unsigned n = 0;

	while (t && t->alias && n++ < BW_MAX_TYPE_DEPTH)
		t = t->to;
	return t;
}

static struct bw_layout *build_layout(struct ctx *c, Dwarf_Die *d, const char *kind,
				      unsigned depth);

/* pahole's tag__natural_alignment: pointers the word, scalars their size, arrays their
 * element's, structs their most aligned member's. Except on i386, whose ABI aligns 8-byte
 * scalars (long long, double) to 4 in structs, where pahole's guess of 8 is wrong. */
static uint32_t natural_align(struct ctx *c, struct tinfo *t, unsigned depth)
{
	uint64_t a = 1;

	t = strip_alias(t);
	if (!t)
		return 1;
	if (t->nalign)
		return t->nalign;
	t->nalign = 1;	/* provisional: a hostile cycle ends here */
	switch (t->tclass) {
	case BW_TC_POINTER:
		a = c->addr_size;
		break;
	case BW_TC_BASE:
	case BW_TC_ENUM:
		a = t->size;
		break;
	case BW_TC_ARRAY:
		a = depth < BW_MAX_ANON_DEPTH ? natural_align(c, t->to, depth + 1) : 1;
		break;
	case BW_TC_STRUCT: {
		Dwarf_Die m, mt;
		Dwarf_Attribute at;
		Dwarf_Off last = 0;
		int r;

		if (depth >= BW_MAX_ANON_DEPTH)
			break;
		for (r = dwarf_child(&t->aggr, &m); r == 0; r = dwarf_siblingof(&m, &m)) {
			struct tinfo *mtype;
			uint32_t ma;

			if (last && dwarf_dieoffset(&m) <= last)
				break;
			last = dwarf_dieoffset(&m);
			if (dwarf_tag(&m) != DW_TAG_member || attr_flag(&m, DW_AT_external) ||
			    !dwarf_attr(&m, DW_AT_type, &at) || !dwarf_formref_die(&at, &mt))
				continue;
			mtype = resolve(c, &mt, 0);
			if (!mtype)
				return 1;
			ma = natural_align(c, mtype, depth + 1);
			if (ma > a)
				a = ma;
		}
		break;
	}
	}
	if (!a)
		a = 1;
	if (c->i386 && a > 4)
		a = 4;
	if (a > UINT32_MAX)
		a = UINT32_MAX;
	t->nalign = (uint32_t)a;
	return t->nalign;
}

/* Tail padding inside a member's struct type (pahole's "last struct has N bytes of padding"). */
static uint64_t type_padding(struct ctx *c, struct tinfo *t, unsigned depth)
{
	struct bw_layout *l;

	/* Only a member typed directly by a struct: pahole does not look through typedefs. */
	if (!t || t->alias || t->tclass != BW_TC_STRUCT ||
	    dwarf_tag(&t->aggr) != DW_TAG_structure_type)
		return 0;
	if (t->tpad >= 0)
		return (uint64_t)t->tpad;
	if (t->tpad == -2 || depth >= BW_MAX_ANON_DEPTH)
		return 0;
	t->tpad = -2;
	l = build_layout(c, &t->aggr, "struct", depth + 1);
	if (!l)
		return 0;
	bw_layout_find_holes(l, c->cacheline, NULL, NULL);
	t->tpad = (int64_t)l->padding;
	return l->padding;
}

/* DW_AT_data_member_location: a constant, or (DWARF 2/3) an expression DW_OP_plus_uconst N. */
static int member_location(struct ctx *c, Dwarf_Die *m, uint64_t *off)
{
	Dwarf_Attribute a;
	Dwarf_Word v;
	Dwarf_Op *ops;
	size_t nops;

	*off = 0;
	if (!dwarf_attr(m, DW_AT_data_member_location, &a))
		return 0;
	if (form_udata(m, &a, &v) == 0) {
		*off = v;
		return 0;
	}
	if (dwarf_getlocation(&a, &ops, &nops) == 0 && nops == 1 &&
	    (ops[0].atom == DW_OP_plus_uconst || ops[0].atom == DW_OP_constu)) {
		*off = ops[0].number;
		return 0;
	}
	fail(c, "DIE 0x%llx: unsupported DW_AT_data_member_location form", die_off(m));
	return -1;
}

struct mvec {
	struct bw_layout_member *v;
	size_t n, cap;
};

/* One DW_TAG_member (or DW_TAG_inheritance) into @out, with pahole's bit-field offsets. */
static int add_member(struct ctx *c, Dwarf_Die *m, int tag, struct bw_layout_member *out,
		      unsigned depth)
{
	struct tinfo *t;
	uint64_t byte_off;
	Dwarf_Word bits = 0, dbo, ss;
	int64_t bo;
	int r;
	const char *name = dwarf_diename(m);

	memset(out, 0, sizeof(*out));
	if (resolve_ref(c, m, 0, &t))
		return -1;
	if (!t) {
		fail(c, "DIE 0x%llx: member without a type", die_off(m));
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
	out->natural_alignment = natural_align(c, t, depth);
	out->type_padding = t->anon_aggr ? 0 : type_padding(c, t, depth);
	if (c->failed)
		return -1;
	if (attr_udata(m, DW_AT_alignment, &ss) > 0)
		out->alignment = ss > UINT32_MAX ? UINT32_MAX : (uint32_t)ss;
	if (byte_off > BW_MAX_TYPE_SIZE) {
		fail(c, "DIE 0x%llx: absurd member offset %llu", die_off(m),
		     (unsigned long long)byte_off);
		return -1;
	}
	r = attr_udata(m, DW_AT_bit_size, &bits);
	if (r < 0) {
		fail(c, "DIE 0x%llx: DW_AT_bit_size has a non-constant form", die_off(m));
		return -1;
	}
	if (bits) {
		/* pahole: the storage unit is the bit-field's base type; the offset is realigned
		 * to it whichever way DWARF encoded the position. */
		uint64_t unit = t->size * 8;
		int64_t abs;

		if (!unit || bits > unit) {
			fail(c, "DIE 0x%llx: bit-field of %llu bits in a %llu-byte type", die_off(m),
			     (unsigned long long)bits, (unsigned long long)t->size);
			return -1;
		}
		if (attr_udata(m, DW_AT_data_bit_offset, &dbo) > 0) {
			if (dbo > BW_MAX_TYPE_SIZE) {
				fail(c, "DIE 0x%llx: absurd bit offset", die_off(m));
				return -1;
			}
			abs = (int64_t)dbo;
		} else if ((r = const_value(m, DW_AT_bit_offset, true, &bo)) > 0) {
			/* DWARF 2/3: bits from the storage unit's most significant bit; negative
			 * when a bit-field straddles into the next unit (gcc and clang on i386). */
			if (attr_udata(m, DW_AT_byte_size, &ss) <= 0)
				ss = t->size;
			if (bo > 65536 || bo < -65536 || ss > 65536) {
				fail(c, "DIE 0x%llx: absurd DW_AT_bit_offset", die_off(m));
				return -1;
			}
			if (c->little_endian)
				abs = (int64_t)byte_off * 8 + (int64_t)(ss * 8) - bo - (int64_t)bits;
			else
				abs = (int64_t)byte_off * 8 + bo;
		} else if (r < 0) {
			fail(c, "DIE 0x%llx: DW_AT_bit_offset has a non-constant form", die_off(m));
			return -1;
		} else {
			abs = (int64_t)byte_off * 8;
		}
		if (abs < 0) {
			fail(c, "DIE 0x%llx: bit-field before the start of its struct", die_off(m));
			return -1;
		}
		out->offset = (uint64_t)abs / unit * unit / 8;
		out->bit_offset = (uint32_t)((uint64_t)abs - out->offset * 8);
		out->bit_size = (uint32_t)bits;
	} else {
		out->offset = byte_off;
	}
	if (t->anon_aggr && depth < BW_MAX_ANON_DEPTH) {
		/* Shared anonymous types can nest exponentially in hostile DWARF. */
		if (!c->anon_budget--) {
			fail(c, "DIE 0x%llx: anonymous struct/union nesting too large", die_off(m));
			return -1;
		}
		int ttag = dwarf_tag(&t->aggr);

		out->anon = build_layout(c, &t->aggr, ttag == DW_TAG_union_type ? "union" :
					 ttag == DW_TAG_class_type ? "class" : "struct", depth + 1);
		if (!out->anon)
			return -1;
	}
	return 0;
}

/* Build the layout of the struct/union DIE @d in arena memory (names point into DWARF). */
static struct bw_layout *build_layout(struct ctx *c, Dwarf_Die *d, const char *kind,
				      unsigned depth)
{
	struct bw_layout *l = arena_alloc(c, sizeof(*l));
	struct bw_layout_member *mv = NULL;
	size_t n = 0, cap = 0;
	Dwarf_Die m;
	Dwarf_Off last = 0;
	Dwarf_Word align;
	int r;

	if (!l)
		return NULL;
	memset(l, 0, sizeof(*l));
	l->name = (char *)(dwarf_diename(d) ?: "");
	l->kind = kind;
	if (die_byte_size(c, d, 0, &l->size))
		return NULL;
	if (attr_udata(d, DW_AT_alignment, &align) > 0)
		l->alignment = align > UINT32_MAX ? UINT32_MAX : (uint32_t)align;
	r = dwarf_child(d, &m);
	while (r == 0) {
		int tag = dwarf_tag(&m);

		if ((tag == DW_TAG_member || tag == DW_TAG_inheritance) &&
		    !attr_flag(&m, DW_AT_external) && !attr_flag(&m, DW_AT_declaration)) {
			if (n == cap) {
				struct bw_layout_member *nv;

				cap = cap ? cap * 2 : 16;
				nv = arena_alloc(c, cap * sizeof(*nv));
				if (!nv)
					return NULL;
				if (n)
					memcpy(nv, mv, n * sizeof(*nv));
				mv = nv;
			}
			if (add_member(c, &m, tag, &mv[n], depth))
				return NULL;
			n++;
		}
		if (last && dwarf_dieoffset(&m) <= last) {
			fail(c, "DIE 0x%llx: sibling chain loops", die_off(&m));
			return NULL;
		}
		last = dwarf_dieoffset(&m);
		r = dwarf_siblingof(&m, &m);
	}
	if (r < 0) {
		fail(c, "DIE 0x%llx: corrupt member list: %s", die_off(d), dwarf_errmsg(-1));
		return NULL;
	}
	l->members = mv;
	l->nmembers = n;
	return l;
}

/* ---- de-duplication into the output set ---- */

static struct bw_layout_member *members_dup_ctx(struct ctx *c, const struct bw_layout_member *m,
						size_t n)
{
	struct bw_layout_member *v = bw_members_dup(m, n);

	if (!v && n)
		fail(c, "out of memory");
	return v;
}

static int idx_grow(struct ctx *c)
{
	size_t ncap = c->idx_cap ? c->idx_cap * 2 : 4096, i, j;
	uint32_t *ni = calloc(ncap, sizeof(*ni));

	if (!ni) {
		fail(c, "out of memory");
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
static int keep_layout(struct ctx *c, const struct bw_layout *l)
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
			fail(c, "out of memory");
			return -1;
		}
		c->out = nv;
		c->out_cap = ncap;
	}
	k = &c->out[c->nout];
	memset(k, 0, sizeof(*k));
	k->name = strdup(l->name);
	k->kind = l->kind;
	k->size = l->size;
	k->alignment = l->alignment;
	k->members = members_dup_ctx(c, l->members, l->nmembers);
	k->nmembers = l->nmembers;
	if (!k->name || (!k->members && l->nmembers)) {
		bw_layout_free(k);
		fail(c, "out of memory");
		return -1;
	}
	c->idx[j] = (uint32_t)(++c->nout);
	return 0;
}

/* ---- the unit walk ---- */

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
static int walk_unit(struct ctx *c, Dwarf_Die *cudie)
{
	Dwarf_Die stack[WALK_MAX_DEPTH];
	Dwarf_Off lastoff[WALK_MAX_DEPTH];
	int sp = 0, r;

	r = dwarf_child(cudie, &stack[0]);
	if (r != 0)
		return r < 0 ? (fail(c, "corrupt unit DIE at 0x%llx: %s", die_off(cudie),
				     dwarf_errmsg(-1)), -1) : 0;
	lastoff[0] = 0;
	for (;;) {
		Dwarf_Die *d = &stack[sp];
		int tag = dwarf_tag(d);
		Dwarf_Off off = dwarf_dieoffset(d);

		if (tag < 0) {
			fail(c, "DIE 0x%llx: unreadable DIE: %s", (unsigned long long)off,
			     dwarf_errmsg(-1));
			return -1;
		}
		if (lastoff[sp] && off <= lastoff[sp]) {
			fail(c, "DIE 0x%llx: sibling chain loops", (unsigned long long)off);
			return -1;
		}
		lastoff[sp] = off;
		if (tag == DW_TAG_structure_type || tag == DW_TAG_union_type ||
		    tag == DW_TAG_class_type) {
			const char *name = dwarf_diename(d);

			if (name && *name && !attr_flag(d, DW_AT_declaration) &&
			    dwarf_hasattr(d, DW_AT_byte_size) &&
			    (!c->opts->only || strcmp(c->opts->only, name) == 0)) {
				c->anon_budget = BW_MAX_ANON_MEMBERS;
				struct bw_layout *l = build_layout(c, d, tag == DW_TAG_structure_type ?
								   "struct" : tag == DW_TAG_union_type ?
								   "union" : "class", 0);

				if (!l || keep_layout(c, l))
					return -1;
			}
		}
		if (walk_into(tag) && dwarf_haschildren(d) && sp + 1 < WALK_MAX_DEPTH) {
			r = dwarf_child(d, &stack[sp + 1]);
			if (r < 0) {
				fail(c, "DIE 0x%llx: corrupt children: %s", (unsigned long long)off,
				     dwarf_errmsg(-1));
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
				fail(c, "DIE 0x%llx: corrupt sibling chain: %s",
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

/* Every unit header of .debug_info must lie inside the section: libdw 0.188 accepts a unit
 * whose length runs past the end (a truncated section) and reads nothing from it. */
static int check_unit_lengths(struct ctx *c, Dwarf *dw)
{
	Elf *elf = dwarf_getelf(dw);
	Elf_Scn *scn = NULL;
	size_t shstrndx, secsize = 0;
	Dwarf_Off off = 0, next;
	size_t hsize;
	int r;

	if (!elf || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (n && (!strcmp(n, ".debug_info") || !strcmp(n, ".zdebug_info")) &&
		    (d = elf_getdata(scn, NULL)))
			secsize = d->d_size;
	}
	while ((r = dwarf_next_unit(dw, off, &next, &hsize, NULL, NULL, NULL, NULL, NULL,
				    NULL)) == 0) {
		if (next > secsize || next <= off) {
			fail(c, "unit at 0x%llx runs past the end of .debug_info (truncated)",
			     (unsigned long long)off);
			return -1;
		}
		off = next;
	}
	if (r < 0 || (secsize && off < secsize && off + 4 <= secsize)) {
		fail(c, "corrupt unit header at 0x%llx in .debug_info", (unsigned long long)off);
		return -1;
	}
	return 0;
}

static int walk_dwarf(struct ctx *c, Dwarf *dw)
{
	Dwarf_CU *cu = NULL;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie, subdie;
	int r;

	if (check_unit_lengths(c, dw))
		return -1;
	while ((r = dwarf_get_units(dw, cu, &cu, &version, &unit_type, &cudie, &subdie)) == 0) {
		c->units++;
		uint8_t asz = 0, osz;
		Dwarf_Half v;
		Dwarf_Off abbrev;

		if (dwarf_cu_die(cu, &cudie, &v, &abbrev, &asz, &osz, NULL, NULL) == NULL) {
			fail(c, "corrupt unit header: %s", dwarf_errmsg(-1));
			return -1;
		}
		c->addr_size = asz;
		if (unit_type == DW_UT_skeleton || unit_type == DW_UT_split_compile)
			continue;	/* split DWARF (.dwo) is not read */
		cache_reset(c);
		size_t first_new = c->nout, i;

		if (walk_unit(c, &cudie))
			return -1;
		for (i = first_new; i < c->nout; i++)
			c->out[i].addr_size = asz;
	}
	if (r < 0) {
		fail(c, "corrupt unit list: %s", dwarf_errmsg(-1));
		return -1;
	}
	return 0;
}

/* ---- opening the image ---- */

static int no_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname, Dwarf_Addr base,
			const char *file_name, const char *debuglink_file,
			GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	(void)mod, (void)userdata, (void)modname, (void)base, (void)file_name;
	(void)debuglink_file, (void)debuglink_crc, (void)debuginfo_file_name;
	return -1;
}

static char *debuginfo_path;

static const Dwfl_Callbacks cb_search = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &debuginfo_path,
};

static const Dwfl_Callbacks cb_nosearch = {
	.find_debuginfo = no_debuginfo,
	.section_address = dwfl_offline_section_address,
};

/* Does the image carry a .debug_info (plain or .zdebug_) section of its own? */
static bool has_debug_info(Elf *elf)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;

		if (!gelf_getshdr(scn, &sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (n && (!strcmp(n, ".debug_info") || !strcmp(n, ".zdebug_info")))
			return true;
	}
	return false;
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

int bw_structs_extract(const struct bw_image *img, const struct bw_structs_opts *opts,
		       struct bw_layout_set *out, char *err, size_t errlen)
{
	static const struct bw_structs_opts dflt = { .cacheline = 64 };
	struct ctx c;
	const unsigned char *id = img->bytes;
	char *copy = NULL, *work;
	Dwfl *dwfl = NULL;
	Dwfl_Module *mod;
	Dwarf *dw, *plain_dw = NULL;
	Elf *plain_elf = NULL;
	Dwarf_Addr bias;
	bool has_debug = false;
	size_t i;
	int ret = -1;

	memset(&c, 0, sizeof(c));
	memset(out, 0, sizeof(*out));
	c.opts = opts ? opts : &dflt;
	c.cacheline = c.opts->cacheline ? c.opts->cacheline : 64;
	c.err = err;
	c.errlen = errlen;
	if (errlen)
		err[0] = '\0';
	if (img->size < EI_NIDENT + 4 || memcmp(id, ELFMAG, SELFMAG) != 0) {
		fail(&c, "not an ELF file");
		return -1;
	}
	if (id[EI_DATA] != ELFDATA2LSB && id[EI_DATA] != ELFDATA2MSB) {
		fail(&c, "bad ELF byte order %u", id[EI_DATA]);
		return -1;
	}
	c.little_endian = id[EI_DATA] == ELFDATA2LSB;
	unsigned e_type = c.little_endian ? id[16] | id[17] << 8 : id[16] << 8 | id[17];
	unsigned e_machine = c.little_endian ? id[18] | id[19] << 8 : id[18] << 8 | id[19];

	c.i386 = e_machine == EM_386;

	elf_version(EV_CURRENT);
	{
		Elf *check = elf_memory((char *)img->bytes, img->size);
		int bad = !check || bw_elf_check(check, img->size, &has_debug, c.err, c.errlen);

		if (!check)
			snprintf(c.err, c.errlen, "not an ELF file: %s", elf_errmsg(-1));
		elf_end(check);
		if (bad)
			return -1;
		/* Without DWARF of its own, only a separate debug file could help. */
		if (!has_debug && (c.opts->no_debuginfo_search || e_type == ET_REL))
			return 0;
	}
	dwfl = dwfl_begin(c.opts->no_debuginfo_search ? &cb_nosearch : &cb_search);
	if (!dwfl) {
		fail(&c, "libdwfl: %s", dwfl_errmsg(-1));
		return -1;
	}
	/* libelf writes into a memory image (section headers when it decompresses a section,
	 * section data when libdwfl relocates), so it gets a private copy unless the caller
	 * allows writing. */
	if (!img->writable) {
		copy = malloc(img->size);
		if (!copy) {
			fail(&c, "out of memory");
			goto out_dwfl;
		}
		memcpy(copy, img->bytes, img->size);
	}
	work = copy ? copy : (char *)img->bytes;
	mod = dwfl_report_offline_memory(dwfl, img->name ? img->name : "", img->name ? img->name : "",
					 work, img->size);
	if (!mod || dwfl_report_end(dwfl, NULL, NULL) != 0) {
		fail(&c, "cannot read ELF: %s", dwfl_errmsg(-1));
		goto out_dwfl;
	}
	dw = dwfl_module_getdwarf(mod, &bias);
	if (!dw) {
		Elf *elf = dwfl_module_getelf(mod, &bias);
		const char *msg = dwfl_errmsg(-1);

		if (elf && !has_debug_info(elf)) {
			ret = 0;	/* no DWARF at all: an empty set */
			goto out_dwfl;
		}
		/* libdwfl has no relocation backend for some machines (mips in elfutils 0.188):
		 * relocate the debug sections of a fresh private copy here. */
		if (e_type != ET_REL || !elf) {
			fail(&c, "cannot read DWARF: %s", msg);
			goto out_dwfl;
		}
		dwfl_end(dwfl);
		dwfl = NULL;
		if (copy)
			memcpy(copy, img->bytes, img->size);
		plain_elf = elf_memory(work, img->size);
		if (!plain_elf) {
			fail(&c, "cannot read ELF: %s", elf_errmsg(-1));
			goto out_dwfl;
		}
		if (bw_debug_relocate(plain_elf, c.err, c.errlen)) {
			c.failed = true;
			goto out_dwfl;
		}
		dw = dwarf_begin_elf(plain_elf, DWARF_C_READ, NULL);
		if (!dw) {
			fail(&c, "cannot read DWARF: %s", plain_elf ? dwarf_errmsg(-1) : elf_errmsg(-1));
			goto out_dwfl;
		}
		plain_dw = dw;
	}
	if (walk_dwarf(&c, dw))
		goto out_set;
	if (!c.units && has_debug) {
		fail(&c, "corrupt .debug_info: no readable unit");
		goto out_set;
	}
	for (i = 0; i < c.nout; i++) {
		c.out[i].reorg_size = i;
	}
	if (c.nout)
		qsort(c.out, c.nout, sizeof(*c.out), cmp_layout);
	for (i = 0; i < c.nout; i++) {
		bw_layout_find_holes(&c.out[i], c.cacheline, NULL, NULL);
		if (bw_layout_reorganize(&c.out[i], c.cacheline)) {
			fail(&c, "out of memory");
			goto out_set;
		}
	}
	out->v = c.out;
	out->n = c.nout;
	c.out = NULL;
	ret = 0;
out_set:
	if (c.out) {
		for (i = 0; i < c.nout; i++)
			bw_layout_free(&c.out[i]);
		free(c.out);
	}
out_dwfl:
	dwarf_end(plain_dw);
	elf_end(plain_elf);
	dwfl_end(dwfl);
	free(copy);
	free(c.tab);
	free(c.idx);
	arena_destroy(&c);
	return ret;
}
