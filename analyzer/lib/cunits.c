// SPDX-License-Identifier: GPL-2.0
/* Compile units' code and static data from DWARF, grouped by source folder (bloaty's view, .o too).
 *
 * A unit's code is the sum of its address ranges. Its data are the DW_TAG_variable DIEs that
 * have a static address (a location that is one DW_OP_addr) and are definitions (no
 * DW_AT_declaration) of their own (no DW_AT_abstract_origin: an inlined copy names the storage
 * of the original), sized by their type (dwarf_aggregate_size). Variables live at the unit
 * level, in namespaces and as static locals in functions and their blocks; inlined bodies are
 * not entered. In a linked image the section holding the address says data, rodata or bss;
 * in a relocatable object every section starts at 0, so only the total is known.
 */
#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "cunits.h"
#include "dwwalk.h"

static bool walk_into(int tag)
{
	return tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block || tag == DW_TAG_namespace ||
	       tag == DW_TAG_module;
}

static bool flag(Dwarf_Die *d, unsigned name)
{
	Dwarf_Attribute a;
	bool f = false;

	return dwarf_attr(d, name, &a) && dwarf_formflag(&a, &f) == 0 && f;
}

/* The section class of [addr, addr + size) in a linked image, 0 when no section holds it. */
static char section_class(const struct bw_obj *o, uint64_t addr, uint64_t size)
{
	for (size_t i = 1; i < o->shnum; i++) {
		const struct bw_sec *s = &o->secs[i];

		if (!(s->flags & SHF_ALLOC) || (s->flags & SHF_TLS) || addr < s->addr ||
		    addr - s->addr >= s->size || size > s->size - (addr - s->addr))
			continue;
		if (s->type == SHT_NOBITS)
			return 'b';
		return (s->flags & SHF_WRITE) ? 'd' : 'r';
	}
	return 0;
}

/* [start, end) into @u's spans; false when out of memory. */
static bool add_span(struct bw_cunit *u, uint64_t start, uint64_t end)
{
	struct bw_span *v = bw_grow(u->spans, &u->spancap, u->nspans + 1, sizeof(*v));

	if (!v)
		return false;
	u->spans = v;
	v[u->nspans++] = (struct bw_span){ start, end };
	return true;
}

/* One variable DIE: its bytes into @u when it has a static address. */
static bool take_variable(Dwarf_Die *d, const struct bw_obj *o, bool split, struct bw_cunit *u)
{
	Dwarf_Attribute a, ta;
	Dwarf_Die type;
	Dwarf_Op *ops;
	Dwarf_Word size;
	size_t nops;

	if (flag(d, DW_AT_declaration) || dwarf_hasattr(d, DW_AT_abstract_origin) ||
	    !dwarf_attr(d, DW_AT_location, &a) || dwarf_getlocation(&a, &ops, &nops) != 0 ||
	    nops != 1 || ops[0].atom != DW_OP_addr)
		return true;
	/* A definition of a declared variable takes its type from the declaration. */
	if (!dwarf_attr_integrate(d, DW_AT_type, &ta) || !dwarf_formref_die(&ta, &type) ||
	    dwarf_aggregate_size(&type, &size) != 0)
		return true;
	u->vars += size;
	if (!split)
		return true;
	switch (section_class(o, ops[0].number, size)) {
	case 'b':
		u->bss += size;
		break;
	case 'r':
		u->rodata += size;
		break;
	case 'd':
		u->data += size;
		break;
	}
	return size == 0 || add_span(u, ops[0].number, ops[0].number + size);
}

struct var_walk {
	const char *file;
	const struct bw_obj *o;
	bool split;
	struct bw_cunit *u;
};

/* The unit's DIEs that can hold a variable with static storage (bw_dw_walk_unit). */
static int visit_variables(Dwarf_Die *d, int tag, int depth, void *arg, struct bw_err *e)
{
	struct var_walk *w = arg;

	(void)depth;
	if (tag == DW_TAG_variable && !take_variable(d, w->o, w->split, w->u))
		return bw_fail(e, w->file, "out of memory");
	return walk_into(tag);
}

/* The unit's code bytes into @u->text, and (@split) its ranges into its spans; false when out
 * of memory. */
static bool unit_text(Dwarf_Die *cudie, bool split, struct bw_cunit *u)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;
	int guard = 0;

	while ((off = dwarf_ranges(cudie, off, &base, &start, &end)) > 0 && guard++ < 1 << 20) {
		if (end <= start)
			continue;
		u->text += end - start;
		if (split && !add_span(u, start, end))
			return false;
	}
	return true;
}

void bw_path_clean(char *p)
{
	char *base = p + (p[0] == '/'), *w = base;
	const char *r = base;
	size_t nseg = 0, ups = 0;

	while (*r) {
		const char *e = strchr(r, '/');
		size_t len = e ? (size_t)(e - r) : strlen(r);

		if (len == 2 && r[0] == '.' && r[1] == '.' && nseg > ups) {
			while (w > base && w[-1] != '/')
				w--;
			w -= w > base; /* the separator before the dropped segment */
			nseg--;
		} else if (len == 2 && r[0] == '.' && r[1] == '.' && base != p) {
			/* "/.." is "/" */
		} else if (len && !(len == 1 && r[0] == '.')) {
			if (nseg)
				*w++ = '/';
			memmove(w, r, len);
			w += len;
			ups += len == 2 && r[0] == '.' && r[1] == '.';
			nseg++;
		}
		r += len;
		r += *r == '/';
	}
	if (w == base && base == p && w < r) /* "a/.." is "."; "" has no room and stays "" */
		*w++ = '.';
	*w = '\0';
}

const char *bw_source_path(const char *path, const char *comp_dir)
{
	size_t cl = comp_dir ? strlen(comp_dir) : 0;

	if (cl && !strncmp(path, comp_dir, cl) && path[cl] == '/')
		path += cl + 1;
	while (!strncmp(path, "../", 3))
		path += 3;
	return path;
}

/* A unit's folder: its name's directory, cleaned (bw_path_clean) and spelled by
 * bw_source_path() as declaring files are ("" when none). */
static char *unit_dir(const char *name, const char *comp_dir)
{
	char *copy = strdup(name), *s = NULL;
	const char *rel, *slash;
	size_t len;

	if (!copy)
		return NULL;
	bw_path_clean(copy);
	rel = bw_source_path(copy, comp_dir);
	slash = strrchr(rel, '/');
	len = slash ? (size_t)(slash - rel) : 0;
	if (len == 2 && !strncmp(rel, "..", 2))
		len = 0;
	s = malloc(len + 1);
	if (s) {
		memcpy(s, rel, len);
		s[len] = '\0';
	}
	free(copy);
	return s;
}

/* The length of the directory @first[0..@common) shares with the absolute folder @f. */
static size_t narrow(const char *first, size_t common, const char *f)
{
	size_t k = 0;

	while (k < common && f[k] == first[k])
		k++;
	if (k == common && (f[k] == '\0' || f[k] == '/'))
		return common;
	while (k > 0 && first[k] != '/')
		k--;
	return k;
}

/* The directory every absolute folder seen so far shares, @*first[0..@common), with @f seen
 * too: a relative @f changes nothing, the first absolute one becomes @*first. */
static size_t common_root(const char **first, size_t common, const char *f)
{
	if (f[0] != '/')
		return common;
	if (!*first) {
		*first = f;
		return strlen(f);
	}
	return narrow(*first, common, f);
}

/* Absolute folders left over (sources outside the build directory, as Kbuild's O= builds):
 * drop the directory they all share. */
static void strip_common(struct bw_cunits *u)
{
	const char *first = NULL;
	size_t common = 0;

	for (size_t i = 0; i < u->n; i++)
		common = common_root(&first, common, u->v[i].folder);
	if (!first || common == 0)
		return;
	for (size_t i = 0; i < u->n; i++) {
		char *f = u->v[i].folder;

		if (f[0] != '/')
			continue;
		if (strlen(f) <= common)
			strcpy(f, ".");
		else
			memmove(f, f + common + 1, strlen(f + common + 1) + 1);
	}
}

int bw_source_root(Dwarf *dw, char **root)
{
	Dwarf_CU *cu = NULL;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie, subdie;
	const char *first = NULL;
	size_t common = 0;
	int r;

	*root = NULL;
	while ((r = dwarf_get_units(dw, cu, &cu, &version, &unit_type, &cudie, &subdie)) == 0) {
		const char *name = dwarf_diename(&cudie);
		char *f;

		if (unit_type != DW_UT_compile && unit_type != DW_UT_partial)
			continue;
		f = unit_dir(name ? name : "",
			     dwarf_formstring(
				     dwarf_attr(&cudie, DW_AT_comp_dir, &(Dwarf_Attribute){ 0 })));
		if (!f) {
			free(*root);
			*root = NULL;
			return -1;
		}
		common = common_root(&first, common, f);
		if (first == f)
			*root = f; /* the root's storage: the first absolute folder */
		else
			free(f);
	}
	if (*root) {
		(*root)[common] = '\0';
		if (!common) {
			free(*root);
			*root = NULL;
		}
	}
	return 0;
}

static int by_folder(const void *a, const void *b)
{
	return strcmp(((const struct bw_cunit_folder *)a)->folder,
		      ((const struct bw_cunit_folder *)b)->folder);
}

static int fold(struct bw_cunits *u)
{
	u->folders = calloc(u->n ? u->n : 1, sizeof(*u->folders));
	if (!u->folders)
		return -1;
	for (size_t i = 0; i < u->n; i++) {
		struct bw_cunit *c = &u->v[i];
		struct bw_cunit_folder *f = NULL;

		if (!c->folder[0]) {
			free(c->folder);
			if (!(c->folder = strdup(".")))
				return -1;
		}
		for (size_t k = 0; k < u->nfolders && !f; k++)
			if (!strcmp(u->folders[k].folder, c->folder))
				f = &u->folders[k];
		if (!f) {
			f = &u->folders[u->nfolders++];
			if (!(f->folder = strdup(c->folder)))
				return -1;
		}
		f->units++;
		f->text += c->text;
		f->vars += c->vars;
		f->data += c->data;
		f->rodata += c->rodata;
		f->bss += c->bss;
	}
	qsort(u->folders, u->nfolders, sizeof(*u->folders), by_folder);
	return 0;
}

int bw_cunits_read(const struct bw_dwarf *h, const struct bw_obj *o, struct bw_cunits *out,
		   struct bw_err *e)
{
	const char *file = h->img->display;
	Dwarf_CU *cu = NULL;
	Dwarf_Half version;
	uint8_t unit_type;
	Dwarf_Die cudie, subdie;
	size_t cap = 0;
	int r;

	memset(out, 0, sizeof(*out));
	if (!h->dw)
		return 0;
	out->split = o->type != ET_REL;
	while ((r = dwarf_get_units(h->dw, cu, &cu, &version, &unit_type, &cudie, &subdie)) == 0) {
		struct bw_cunit *v;
		const char *name;

		if (unit_type != DW_UT_compile && unit_type != DW_UT_partial)
			continue; /* type units and split DWARF hold no code or data */
		v = bw_grow(out->v, &cap, out->n + 1, sizeof(*v));
		if (!v) {
			bw_cunits_free(out);
			return bw_fail(e, file, "out of memory");
		}
		out->v = v;
		v = &out->v[out->n++];
		memset(v, 0, sizeof(*v));
		name = dwarf_diename(&cudie);
		v->name = name ? name : "";
		v->producer = dwarf_formstring(
			dwarf_attr(&cudie, DW_AT_producer, &(Dwarf_Attribute){ 0 }));
		v->folder =
			unit_dir(v->name, dwarf_formstring(dwarf_attr(&cudie, DW_AT_comp_dir,
								      &(Dwarf_Attribute){ 0 })));
		if (!v->folder) {
			bw_cunits_free(out);
			return bw_fail(e, file, "out of memory");
		}
		if (!unit_text(&cudie, out->split, v)) {
			bw_cunits_free(out);
			return bw_fail(e, file, "out of memory");
		}
		if (bw_dw_walk_unit(&cudie, file, visit_variables,
				    &(struct var_walk){ file, o, out->split, v }, e)) {
			bw_cunits_free(out);
			return -1;
		}
	}
	if (r < 0) {
		bw_cunits_free(out);
		return bw_fail(e, file, "corrupt unit list: %s", dwarf_errmsg(-1));
	}
	strip_common(out);
	if (fold(out)) {
		bw_cunits_free(out);
		return bw_fail(e, file, "out of memory");
	}
	return 0;
}

void bw_cunits_free(struct bw_cunits *u)
{
	for (size_t i = 0; i < u->n; i++) {
		free(u->v[i].folder);
		free(u->v[i].spans);
	}
	for (size_t i = 0; i < u->nfolders; i++)
		free(u->folders[i].folder);
	free(u->v);
	free(u->folders);
	memset(u, 0, sizeof(*u));
}
