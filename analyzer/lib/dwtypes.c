// SPDX-License-Identifier: GPL-2.0
/* DWARF types for the layouts: C spellings, sizes, classes and natural alignments of type DIEs,
 * cached per unit by DIE address, with every chain bounded against hostile DWARF. */
#include <dwarf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dwctx.h"

void bw_dw_fail(struct bw_dw *c, const char *fmt, ...)
{
	va_list ap;

	if (c->failed)
		return;
	c->failed = true;
	va_start(ap, fmt);
	bw_vfail(c->e, c->file, fmt, ap);
	va_end(ap);
}

/* ---- per-unit scratch arena ---- */

void *bw_dw_arena_alloc(struct bw_dw *c, size_t n)
{
	struct bw_arena_chunk *a = c->arena;

	n = (n + 15) & ~(size_t)15;
	if (!a || a->cap - a->used < n) {
		size_t cap = n > 65536 ? n : 65536;

		if (c->arena_free && c->arena_free->cap >= n) {
			a = c->arena_free;
			c->arena_free = a->next;
		} else {
			a = malloc(sizeof(*a) + cap);
			if (!a) {
				bw_dw_fail(c, "out of memory");
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

void bw_dw_arena_reset(struct bw_dw *c)
{
	while (c->arena) {
		struct bw_arena_chunk *a = c->arena;

		c->arena = a->next;
		a->next = c->arena_free;
		c->arena_free = a;
	}
}

void bw_dw_arena_destroy(struct bw_dw *c)
{
	bw_dw_arena_reset(c);
	while (c->arena_free) {
		struct bw_arena_chunk *a = c->arena_free;

		c->arena_free = a->next;
		free(a);
	}
}

static char *arena_strndup(struct bw_dw *c, const char *s, size_t n)
{
	char *p = bw_dw_arena_alloc(c, n + 1);

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

static struct bw_dwtype *cache_find(struct bw_dw *c, uintptr_t key)
{
	size_t i;

	if (!c->tab_cap)
		return NULL;
	for (i = ptr_hash(key) & (c->tab_cap - 1); c->tab[i]; i = (i + 1) & (c->tab_cap - 1))
		if (c->tab[i]->key == key)
			return c->tab[i];
	return NULL;
}

static int cache_add(struct bw_dw *c, struct bw_dwtype *t)
{
	size_t i;

	if ((c->tab_n + 1) * 2 > c->tab_cap) {
		size_t ncap = c->tab_cap ? c->tab_cap * 2 : 1024, j;
		struct bw_dwtype **nt = calloc(ncap, sizeof(*nt));

		if (!nt) {
			bw_dw_fail(c, "out of memory");
			return -1;
		}
		for (j = 0; j < c->tab_cap; j++) {
			if (!c->tab[j])
				continue;
			for (i = ptr_hash(c->tab[j]->key) & (ncap - 1); nt[i];
			     i = (i + 1) & (ncap - 1))
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

void bw_dw_cache_reset(struct bw_dw *c)
{
	if (c->tab_n)
		memset(c->tab, 0, c->tab_cap * sizeof(*c->tab));
	c->tab_n = 0;
	bw_dw_arena_reset(c);
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

/* The slot of each attribute read (1 + BW_A_*), 0 for the others; DW_AT_* below 0x90. */
static const unsigned char attr_slot[0x90] = {
	[DW_AT_name] = 1 + BW_A_NAME,
	[DW_AT_type] = 1 + BW_A_TYPE,
	[DW_AT_byte_size] = 1 + BW_A_BYTE_SIZE,
	[DW_AT_alignment] = 1 + BW_A_ALIGNMENT,
	[DW_AT_data_member_location] = 1 + BW_A_LOCATION,
	[DW_AT_bit_size] = 1 + BW_A_BIT_SIZE,
	[DW_AT_data_bit_offset] = 1 + BW_A_DATA_BIT_OFFSET,
	[DW_AT_bit_offset] = 1 + BW_A_BIT_OFFSET,
	[DW_AT_external] = 1 + BW_A_EXTERNAL,
	[DW_AT_declaration] = 1 + BW_A_DECLARATION,
	[DW_AT_prototyped] = 1 + BW_A_PROTOTYPED,
	[DW_AT_count] = 1 + BW_A_COUNT,
	[DW_AT_lower_bound] = 1 + BW_A_LOWER_BOUND,
	[DW_AT_upper_bound] = 1 + BW_A_UPPER_BOUND,
	[DW_AT_abstract_origin] = 1 + BW_A_ORIGIN,
	[DW_AT_specification] = 1 + BW_A_SPECIFICATION,
};

static int slot_of(unsigned name)
{
	return name < sizeof(attr_slot) ? attr_slot[name] - 1 : -1;
}

static int take_attr(Dwarf_Attribute *a, void *arg)
{
	struct bw_dw_die_attrs *e = arg;
	int k = slot_of(dwarf_whatattr(a));

	/* dwarf_attr() finds the first of a name: keep the first. */
	if (k >= 0 && !(e->have & (1u << k))) {
		e->at[k] = *a;
		e->have |= 1u << k;
	}
	return DWARF_CB_OK;
}

/* The cached attributes of @d, read in one dwarf_getattrs() pass on first use. */
static struct bw_dw_die_attrs *die_attrs(struct bw_dw *c, Dwarf_Die *d)
{
	uintptr_t key = (uintptr_t)d->addr;
	struct bw_dw_die_attrs *e = &c->attrs[(key ^ key >> 7) % BW_DW_ATTR_SLOTS];

	if (e->addr == d->addr && e->addr)
		return e;
	e->addr = d->addr;
	e->have = 0;
	e->whole = dwarf_getattrs(d, take_attr, e, 0) == 1;
	return e;
}

Dwarf_Attribute *bw_dw_attr(struct bw_dw *c, Dwarf_Die *d, unsigned name, Dwarf_Attribute *out)
{
	struct bw_dw_die_attrs *e = die_attrs(c, d);
	int k = slot_of(name);

	if (!e->whole || k < 0)
		return dwarf_attr(d, name, out);
	if (!(e->have & (1u << k)))
		return NULL;
	*out = e->at[k];
	return out;
}

bool bw_dw_hasattr(struct bw_dw *c, Dwarf_Die *d, unsigned name)
{
	Dwarf_Attribute a;

	return bw_dw_attr(c, d, name, &a) != NULL;
}

const char *bw_dw_name(struct bw_dw *c, Dwarf_Die *d)
{
	struct bw_dw_die_attrs *e = die_attrs(c, d);

	if (!e->whole || (!(e->have & (1u << BW_A_NAME)) &&
			  (e->have & (1u << BW_A_ORIGIN | 1u << BW_A_SPECIFICATION))))
		return dwarf_diename(d);
	return e->have & (1u << BW_A_NAME) ? dwarf_formstring(&e->at[BW_A_NAME]) : NULL;
}

/* dwarf_formudata with DW_FORM_implicit_const read right (see implicit_value). */
int bw_dw_form_udata(Dwarf_Die *d, Dwarf_Attribute *a, Dwarf_Word *v)
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
int bw_dw_attr_udata(struct bw_dw *c, Dwarf_Die *d, unsigned name, Dwarf_Word *v)
{
	Dwarf_Attribute a;

	if (!bw_dw_attr(c, d, name, &a))
		return 0;
	return bw_dw_form_udata(d, &a, v) ? -1 : 1;
}

bool bw_dw_attr_flag(struct bw_dw *c, Dwarf_Die *d, unsigned name)
{
	Dwarf_Attribute a;
	bool f = false;

	if (!bw_dw_attr(c, d, name, &a))
		return false;
	return dwarf_formflag(&a, &f) == 0 && f;
}

/* A DIE's byte size; absent gives @dflt. Absurd or non-constant sizes are errors. */
int bw_dw_die_byte_size(struct bw_dw *c, Dwarf_Die *d, uint64_t dflt, uint64_t *out)
{
	Dwarf_Word v;
	int r = bw_dw_attr_udata(c, d, DW_AT_byte_size, &v);

	if (r < 0) {
		bw_dw_fail(c, "DIE 0x%llx: DW_AT_byte_size has a non-constant form",
			   bw_dw_die_off(d));
		return -1;
	}
	if (r == 0)
		v = dflt;
	if (v > BW_MAX_TYPE_SIZE) {
		bw_dw_fail(c, "DIE 0x%llx: absurd byte size %llu", bw_dw_die_off(d),
			   (unsigned long long)v);
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

/* Resolve the DIE named by @die's DW_AT_type; *@out = NULL when it has none (void). */
int bw_dw_resolve_ref(struct bw_dw *c, Dwarf_Die *die, unsigned depth, struct bw_dwtype **out)
{
	Dwarf_Attribute a;
	Dwarf_Die t;

	*out = NULL;
	if (!bw_dw_attr(c, die, DW_AT_type, &a))
		return 0;
	if (!dwarf_formref_die(&a, &t)) {
		bw_dw_fail(c, "DIE 0x%llx: bad DW_AT_type reference: %s", bw_dw_die_off(die),
			   dwarf_errmsg(-1));
		return -1;
	}
	*out = bw_dw_resolve(c, &t, depth + 1);
	return *out ? 0 : -1;
}

/* Store the spelling in @s into @t (arena copy). */
static int finish(struct bw_dw *c, struct bw_dwtype *t, struct spell *s, size_t base_len,
		  size_t name_at)
{
	t->type = arena_strndup(c, s->buf, s->len);
	if (!t->type)
		return -1;
	t->len = (uint32_t)s->len;
	t->base_len = (uint32_t)(base_len > s->len ? s->len : base_len);
	t->name_at = (uint32_t)(name_at > s->len ? s->len : name_at);
	return 0;
}

static bool is_plain(const struct bw_dwtype *t)
{
	return t->name_at == t->len && t->base_len == t->len;
}

static int spell_named(struct bw_dw *c, struct bw_dwtype *t, Dwarf_Die *d, const char *prefix)
{
	struct spell s = { c->sb, 0, sizeof(c->sb), false };
	const char *name = bw_dw_name(c, d);

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

static int spell_pointer(struct bw_dw *c, struct bw_dwtype *t, struct bw_dwtype *to, const char *op)
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

static int spell_qualified(struct bw_dw *c, struct bw_dwtype *t, struct bw_dwtype *to,
			   const char *q)
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
		/* A qualified pointer to a function or array: "int (* const NAME)(void)" (the
		 * printer puts a blank between a qualifier and the name). */
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
int bw_dw_const_value(struct bw_dw *c, Dwarf_Die *d, unsigned name, bool sext, int64_t *v)
{
	Dwarf_Attribute a;
	Dwarf_Word u;
	Dwarf_Sword sv;
	unsigned form;

	if (!bw_dw_attr(c, d, name, &a))
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
static int subrange_count(struct bw_dw *c, Dwarf_Die *sub, uint64_t *n, bool *known)
{
	int64_t cnt, lo = 0, up;
	int r;

	*n = 0;
	*known = false;
	r = bw_dw_const_value(c, sub, DW_AT_count, false, &cnt);
	if (r > 0) {
		*n = cnt > 0 ? (uint64_t)cnt : 0;
		*known = true;
	} else if (r == 0) {
		if (bw_dw_const_value(c, sub, DW_AT_lower_bound, false, &lo) <= 0)
			lo = 0;
		r = bw_dw_const_value(c, sub, DW_AT_upper_bound, false, &up);
		if (r > 0) {
			*n = up >= lo ? (uint64_t)(up - lo) + 1 : 0;
			*known = true;
		}
	}
	/* Non-constant bounds (VLAs) stay unknown, printed "[]" as pahole does. */
	if (*n > BW_MAX_TYPE_SIZE) {
		bw_dw_fail(c, "DIE 0x%llx: absurd array bound %llu", bw_dw_die_off(sub),
			   (unsigned long long)*n);
		return -1;
	}
	return 0;
}

static int spell_array(struct bw_dw *c, struct bw_dwtype *t, Dwarf_Die *d, struct bw_dwtype *elem)
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
				bw_dw_fail(c, "DIE 0x%llx: absurd array size", bw_dw_die_off(d));
				return -1;
			}
			total *= n;
			ndims++;
		}
		if (dwarf_dieoffset(&sub) <= last && last) {
			bw_dw_fail(c, "DIE 0x%llx: sibling chain loops", bw_dw_die_off(&sub));
			return -1;
		}
		last = dwarf_dieoffset(&sub);
		r = dwarf_siblingof(&sub, &sub);
	}
	if (r < 0) {
		bw_dw_fail(c, "DIE 0x%llx: corrupt array dimensions: %s", bw_dw_die_off(d),
			   dwarf_errmsg(-1));
		return -1;
	}
	if (!ndims)
		sp_str(&ds, "[]"), total = 0;
	uint64_t esize = elem ? elem->size : 0;

	if (esize && total > BW_MAX_TYPE_SIZE / esize) {
		bw_dw_fail(c, "DIE 0x%llx: absurd array size", bw_dw_die_off(d));
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

static int spell_function(struct bw_dw *c, struct bw_dwtype *t, Dwarf_Die *d, struct bw_dwtype *ret,
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
			struct bw_dwtype *pt;

			if (bw_dw_resolve_ref(c, &p, depth, &pt))
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
			bw_dw_fail(c, "DIE 0x%llx: sibling chain loops", bw_dw_die_off(&p));
			return -1;
		}
		last = dwarf_dieoffset(&p);
		r = dwarf_siblingof(&p, &p);
	}
	if (r < 0) {
		bw_dw_fail(c, "DIE 0x%llx: corrupt parameter list: %s", bw_dw_die_off(d),
			   dwarf_errmsg(-1));
		return -1;
	}
	if (!n && bw_dw_attr_flag(c, d, DW_AT_prototyped))
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

struct bw_dwtype *bw_dw_cached(struct bw_dw *c, Dwarf_Die *die)
{
	struct bw_dwtype *t = cache_find(c, (uintptr_t)die->addr);

	return t && t->done ? t : NULL;
}

/* Resolve a type DIE to its spelling and size; NULL (with the error set) on failure. */
struct bw_dwtype *bw_dw_resolve(struct bw_dw *c, Dwarf_Die *die, unsigned depth)
{
	struct bw_dwtype *t, *to = NULL;
	int tag, rc = 0;

	t = cache_find(c, (uintptr_t)die->addr);
	if (t) {
		if (!t->done) {
			bw_dw_fail(c, "DIE 0x%llx: cyclic DWARF type reference",
				   bw_dw_die_off(die));
			return NULL;
		}
		return t;
	}
	if (depth > BW_MAX_TYPE_DEPTH) {
		bw_dw_fail(c, "DIE 0x%llx: type chain deeper than %d", bw_dw_die_off(die),
			   BW_MAX_TYPE_DEPTH);
		return NULL;
	}
	t = bw_dw_arena_alloc(c, sizeof(*t));
	if (!t)
		return NULL;
	memset(t, 0, sizeof(*t));
	t->key = (uintptr_t)die->addr;
	if (cache_add(c, t))
		return NULL;

	tag = dwarf_tag(die);
	switch (tag) {
	case DW_TAG_base_type:
	case DW_TAG_unspecified_type:
		t->tclass = tag == DW_TAG_base_type ? BW_TC_BASE : BW_TC_OTHER;
		rc = bw_dw_die_byte_size(c, die, 0, &t->size) ?: spell_named(c, t, die, NULL);
		if (!rc && tag == DW_TAG_unspecified_type && !bw_dw_name(c, die)) {
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
				 tag == DW_TAG_class_type     ? "class" :
				 tag == DW_TAG_union_type     ? "union" :
								"enum";

		rc = bw_dw_die_byte_size(c, die, 0, &t->size) ?: spell_named(c, t, die, kw);
		t->aggr = *die;
		t->tclass = tag == DW_TAG_enumeration_type ? BW_TC_ENUM : BW_TC_STRUCT;
		break;
	}
	case DW_TAG_typedef:
		rc = bw_dw_resolve_ref(c, die, depth, &to) ?: spell_named(c, t, die, NULL);
		t->size = to ? to->size : 0;
		t->tclass = to ? to->tclass : BW_TC_OTHER;
		t->alias = true;
		t->to = to;
		break;
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_ptr_to_member_type: {
		const char *op = tag == DW_TAG_reference_type	     ? "&" :
				 tag == DW_TAG_rvalue_reference_type ? "&&" :
								       "*";

		rc = bw_dw_die_byte_size(c, die, c->addr_size, &t->size) ?:
			     bw_dw_resolve_ref(c, die, depth, &to)	 ?:
			     spell_pointer(c, t, to, op);
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
		const char *q = tag == DW_TAG_const_type     ? "const" :
				tag == DW_TAG_volatile_type  ? "volatile" :
				tag == DW_TAG_restrict_type  ? "restrict" :
				tag == DW_TAG_atomic_type    ? "_Atomic" :
				tag == DW_TAG_immutable_type ? "immutable" :
				tag == DW_TAG_packed_type    ? "packed" :
							       "shared";

		rc = bw_dw_resolve_ref(c, die, depth, &to) ?: spell_qualified(c, t, to, q);
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
		rc = bw_dw_resolve_ref(c, die, depth, &to) ?: spell_array(c, t, die, to);
		t->tclass = BW_TC_ARRAY;
		t->to = to;
		if (to && to->anon_aggr) {
			t->anon_aggr = true;
			t->aggr = to->aggr;
		}
		break;
	case DW_TAG_subroutine_type:
		rc = bw_dw_resolve_ref(c, die, depth, &to) ?: spell_function(c, t, die, to, depth);
		break;
	default: {
		char buf[48];
		struct spell s = { c->sb, 0, sizeof(c->sb), false };

		if (tag < 0) {
			bw_dw_fail(c, "DIE 0x%llx: unreadable type DIE: %s", bw_dw_die_off(die),
				   dwarf_errmsg(-1));
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

struct bw_dwtype *bw_dw_strip_alias(struct bw_dwtype *t)
{
	unsigned n = 0;

	while (t && t->alias && n++ < BW_MAX_TYPE_DEPTH)
		t = t->to;
	return t;
}

/* pahole's tag__natural_alignment: pointers the word, scalars their size, arrays their
 * element's, structs their most aligned member's. Except on i386, whose ABI aligns 8-byte
 * scalars (long long, double) to 4 in structs, where pahole's guess of 8 is wrong
 * (bw_dw_align_cap). */
uint32_t bw_dw_natural_align(struct bw_dw *c, struct bw_dwtype *t, unsigned depth)
{
	uint64_t a = 1;

	t = bw_dw_strip_alias(t);
	if (!t)
		return 1;
	if (t->nalign)
		return t->nalign;
	switch (t->tclass) {
	case BW_TC_POINTER:
		a = c->addr_size;
		break;
	case BW_TC_BASE:
	case BW_TC_ENUM:
		a = t->size;
		break;
	case BW_TC_ARRAY:
		t->nalign = 1; /* provisional: a hostile cycle ends here */
		a = depth < BW_MAX_ANON_DEPTH ? bw_dw_natural_align(c, t->to, depth + 1) : 1;
		break;
	case BW_TC_STRUCT:
		/* The most aligned member's, found while its layout is built (which sets
		 * t->nalign); 1 inside a cycle or past the depth bound, as pahole's guess. */
		bw_dw_type_layout(c, t, depth);
		return t->nalign ? t->nalign : 1;
	}
	t->nalign = bw_dw_align_cap(c, a);
	return t->nalign;
}

uint32_t bw_dw_align_cap(struct bw_dw *c, uint64_t a)
{
	if (!a)
		a = 1;
	if (c->i386 && a > 4)
		a = 4;
	return a > UINT32_MAX ? UINT32_MAX : (uint32_t)a;
}
