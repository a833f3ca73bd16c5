// SPDX-License-Identifier: GPL-2.0
/* Calls from DWARF call-site entries (DW_TAG_call_site, DW_TAG_GNU_call_site), any image type.
 *
 * A call site belongs to the out-of-line function whose DW_TAG_subprogram holds it, through
 * lexical blocks and inlined subroutines. Its origin (DW_AT_call_origin, DW_AT_abstract_origin
 * in the GNU form) is the callee's DIE, resolved once every unit is read: the concrete
 * function whose DIE (or abstract origin, or specification) it is, else its name; an origin
 * given as an address (a libcall) is the function there. A call site without an origin is an
 * indirect call (DW_AT_call_target: the pointer it goes through).
 */
#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "dwwalk.h"

/* A DIE some concrete function is (itself, its abstract origin or its specification). */
struct die_fn {
	Dwarf_Off off;
	size_t node;
	bool exact; /* the function's symbol has the DIE's name (not a clone of it) */
};

/* A call to a DIE, resolved after every unit is read. */
struct die_call {
	size_t from;
	Dwarf_Off origin;
	const char *name; /* inside the DWARF, or NULL */
};

struct walk {
	struct bw_cg *g;
	int img;
	const struct bw_obj *o;
	const struct bw_dwarf *dw;
	struct die_fn *fns;
	size_t nfns, fncap;
	struct die_call *calls;
	size_t ncalls, callcap;
	size_t caller[BW_DW_WALK_DEPTH + 1]; /* per depth of the walk: the function it is in */
};

static const char *die_name(Dwarf_Die *d)
{
	Dwarf_Attribute a;
	const char *n;

	if ((dwarf_attr_integrate(d, DW_AT_linkage_name, &a) ||
	     dwarf_attr_integrate(d, DW_AT_MIPS_linkage_name, &a)) &&
	    (n = dwarf_formstring(&a)))
		return n;
	return dwarf_attr_integrate(d, DW_AT_name, &a) ? dwarf_formstring(&a) : NULL;
}

/* The code address of a concrete function DIE as a node key: section and offset in a
 * relocatable object (libdwfl laid its sections out), the address in a linked image. */
static bool die_key(const struct walk *w, Dwarf_Die *d, size_t *shndx, uint64_t *value)
{
	Dwarf_Addr pc, base, end, bias;
	Dwfl_Module *m;
	Elf_Scn *scn;

	if (dwarf_lowpc(d, &pc) != 0 && dwarf_ranges(d, 0, &base, &pc, &end) <= 0)
		return false;
	*shndx = BW_CG_NONE;
	*value = pc;
	if (w->o->type != ET_REL || !w->dw->dwfl)
		return true; /* linked, or relocated by dwreloc.c: section offsets */
	m = dwfl_addrmodule(w->dw->dwfl, pc);
	scn = m ? dwfl_module_address_section(m, value, &bias) : NULL;
	if (!scn)
		return false;
	*shndx = elf_ndxscn(scn);
	return true;
}

static int fn_note(struct walk *w, Dwarf_Off off, size_t node, bool exact, struct bw_err *e)
{
	struct die_fn *nv = bw_grow(w->fns, &w->fncap, w->nfns + 1, sizeof(*nv));

	if (!nv)
		return bw_fail(e, w->o->name, "out of memory");
	w->fns = nv;
	nv[w->nfns++] = (struct die_fn){ off, node, exact };
	return 0;
}

/* A subprogram DIE: its node (BW_CG_NONE when it has no code or no symbol). */
static int subprogram(struct walk *w, Dwarf_Die *d, size_t *node, struct bw_err *e)
{
	static const unsigned refs[] = { DW_AT_abstract_origin, DW_AT_specification };
	const char *name = die_name(d);
	size_t shndx;
	uint64_t value;
	bool exact;

	*node = BW_CG_NONE;
	if (!die_key(w, d, &shndx, &value))
		return 0;
	*node = bw_cg_at(w->g, w->img, shndx, value, name);
	if (*node == BW_CG_NONE)
		return 0;
	exact = name && !strcmp(name, w->g->v[*node].name);
	if (fn_note(w, dwarf_dieoffset(d), *node, exact, e))
		return -1;
	for (size_t i = 0; i < sizeof(refs) / sizeof(refs[0]); i++) {
		Dwarf_Attribute a;
		Dwarf_Die t;

		if (dwarf_attr(d, refs[i], &a) && dwarf_formref_die(&a, &t) &&
		    fn_note(w, dwarf_dieoffset(&t), *node, exact, e))
			return -1;
	}
	return 0;
}

static int call_site(struct walk *w, Dwarf_Die *d, size_t from, struct bw_err *e)
{
	Dwarf_Attribute a;
	Dwarf_Die t;
	Dwarf_Addr addr;
	struct die_call *nv;

	if (!dwarf_attr(d, DW_AT_call_origin, &a) && !dwarf_attr(d, DW_AT_abstract_origin, &a)) {
		w->g->v[from].indirect = true;
		return 0;
	}
	if (dwarf_whatform(&a) == DW_FORM_addr) {
		size_t to;

		/* Relocatable: the relocation against the libcall names it (cgreloc.c). */
		if (w->o->type == ET_REL || dwarf_formaddr(&a, &addr) != 0)
			return 0;
		to = bw_cg_at(w->g, w->img, BW_CG_NONE, addr, NULL);
		return to == BW_CG_NONE ? 0 : bw_cg_call(w->g, from, to, NULL, e);
	}
	if (!dwarf_formref_die(&a, &t))
		return 0;
	nv = bw_grow(w->calls, &w->callcap, w->ncalls + 1, sizeof(*nv));
	if (!nv)
		return bw_fail(e, w->o->name, "out of memory");
	w->calls = nv;
	nv[w->ncalls++] = (struct die_call){ from, dwarf_dieoffset(&t), die_name(&t) };
	return 0;
}

static bool walk_into(int tag)
{
	switch (tag) {
	case DW_TAG_subprogram:
	case DW_TAG_lexical_block:
	case DW_TAG_inlined_subroutine:
	case DW_TAG_namespace:
	case DW_TAG_module:
	case DW_TAG_class_type:
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
		return true;
	default:
		return false;
	}
}

/* Every DIE of a unit that can hold a function or a call site (bw_dw_walk_unit); the
 * function a call site is in is the innermost subprogram above it, caller[depth]. */
static int visit_calls(Dwarf_Die *d, int tag, int depth, void *arg, struct bw_err *e)
{
	struct walk *w = arg;
	size_t inner = depth ? w->caller[depth] : BW_CG_NONE;

	if (tag == DW_TAG_subprogram && subprogram(w, d, &inner, e))
		return -1;
	if ((tag == DW_TAG_call_site || tag == DW_TAG_GNU_call_site) && inner != BW_CG_NONE &&
	    call_site(w, d, inner, e))
		return -1;
	w->caller[depth + 1] = inner; /* for its children, if it is entered */
	return walk_into(tag);
}

static int fn_cmp(const void *pa, const void *pb)
{
	const struct die_fn *a = pa, *b = pb;

	if (a->off != b->off)
		return a->off < b->off ? -1 : 1;
	return (int)b->exact - (int)a->exact; /* the function itself before its clones */
}

/* The calls by DIE: the function that DIE is, else a local function by name, else any. */
static int resolve(struct walk *w, struct bw_err *e)
{
	if (w->nfns)
		qsort(w->fns, w->nfns, sizeof(*w->fns), fn_cmp);
	for (size_t i = 0; i < w->ncalls; i++) {
		const struct die_call *c = &w->calls[i];
		size_t lo = 0, hi = w->nfns, to = BW_CG_NONE;

		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (w->fns[mid].off < c->origin)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < w->nfns && w->fns[lo].off == c->origin)
			to = w->fns[lo].node;
		else if (c->name)
			to = bw_cg_named(w->g, w->img, c->name);
		if (to == BW_CG_NONE && !c->name)
			continue;
		if (bw_cg_call(w->g, c->from, to, c->name, e))
			return -1;
	}
	return 0;
}

int bw_cg_dwarf(struct bw_cg *g, int img, const struct bw_obj *o, const struct bw_dwarf *dw,
		struct bw_err *e)
{
	struct walk w = { .g = g, .img = img, .o = o, .dw = dw };
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie;
	uint8_t unit_type;
	int r, ret = -1;

	while ((r = dwarf_get_units(dw->dw, cu, &cu, NULL, &unit_type, &cudie, NULL)) == 0) {
		if (unit_type != DW_UT_compile && unit_type != DW_UT_partial)
			continue;
		if (bw_dw_walk_unit(&cudie, w.o->name, visit_calls, &w, e))
			goto out;
	}
	if (r < 0) {
		bw_fail(e, o->name, "corrupt unit header: %s", dwarf_errmsg(-1));
		goto out;
	}
	ret = resolve(&w, e);
out:
	free(w.fns);
	free(w.calls);
	return ret;
}
