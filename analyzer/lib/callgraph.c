// SPDX-License-Identifier: GPL-2.0
/* The call graph of one run's images and each function's worst-case stack (iterative Tarjan).
 *
 * Worst case of f: its frame plus the largest worst case of its callees, the chain following
 * that callee. A function is unbounded when it is on a cycle (recursion), makes an indirect
 * call, has a dynamic frame (.su "dynamic", or a CFA on the frame pointer without a .su) or no
 * known frame (no CFI and no .su, or no image of the run defines it), or calls one that is:
 * the reason names the cycle or the function, the most telling one first (recursion, indirect
 * call, dynamic frame, unknown frame) and, among equals, its own before its callees'.
 */
#define _GNU_SOURCE /* vasprintf, qsort_r */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"

#define CYCLE_NAMES 6 /* names a recursion reason lists before eliding */

enum { WHY_RECURSION, WHY_INDIRECT, WHY_DYNAMIC, WHY_UNKNOWN, WHY_NONE };

bool bw_cg_clone_of(const char *name, const char *sym)
{
	size_t n = strlen(name);

	return !strncmp(name, sym, n) && sym[n] == '.' && sym[n + 1];
}

static int add_node(struct bw_cg *g, const char *name, const char *section, int image,
		    const struct bw_frame *fr, struct bw_err *e, const char *file)
{
	struct bw_cg_node *nv = bw_grow(g->v, &g->cap, g->n + 1, sizeof(*nv));
	struct bw_cg_node *d;

	if (!nv)
		return bw_fail(e, file, "out of memory");
	g->v = nv;
	d = &g->v[g->n];
	*d = (struct bw_cg_node){ .image = image, .next = BW_CG_NONE };
	d->name = strdup(name);
	d->section = section ? strdup(section) : NULL;
	if (!d->name || (section && !d->section)) {
		free(d->name);
		free(d->section);
		return bw_fail(e, file, "out of memory");
	}
	if (fr)
		d->fr = *fr;
	else
		d->fr.kind = BW_FRAME_UNKNOWN;
	d->fr.name = d->name;
	d->fr.section = d->section;
	g->n++;
	return 0;
}

/* An ABI register save/restore helper (powerpc's _savegpr_29, _restgpr_31_x, riscv's
 * __riscv_save_2): it runs on its caller's frame, which counts the registers it saves, and
 * GCC's call graph has no edge to it. */
static bool abi_helper(const char *name)
{
	const char *p = name;

	if (!strncmp(p, "__riscv_save_", 13) || !strncmp(p, "__riscv_restore_", 16)) {
		p = strrchr(p, '_') + 1;
		return *p && strspn(p, "0123456789") == strlen(p);
	}
	if (strncmp(p, "_save", 5) && strncmp(p, "_rest", 5))
		return false;
	p += 5;
	if (!strncmp(p, "gpr", 3) || !strncmp(p, "fpr", 3))
		p += 3;
	else if (!strncmp(p, "vr", 2))
		p += 2;
	else
		return false;
	if (*p == '0' || *p == '1')
		p++;
	if (*p++ != '_' || !strspn(p, "0123456789"))
		return false;
	p += strspn(p, "0123456789");
	return !*p || (p[0] == '_' && strchr("xtg", p[1]) && p[1] && !p[2]);
}

int bw_cg_call(struct bw_cg *g, size_t from, size_t to, const char *name, struct bw_err *e)
{
	struct bw_cg_call *nv;

	if (abi_helper(to == BW_CG_NONE ? name : g->v[to].name))
		return 0;
	nv = bw_grow(g->calls, &g->callcap, g->ncalls + 1, sizeof(*nv));
	if (!nv)
		return bw_fail(e, g->v[from].name, "out of memory");
	g->calls = nv;
	nv[g->ncalls] = (struct bw_cg_call){ from, to, NULL };
	if (to == BW_CG_NONE && !(nv[g->ncalls].name = strdup(name)))
		return bw_fail(e, g->v[from].name, "out of memory");
	g->ncalls++;
	return 0;
}

/* Order of g->byaddr: section (relocatable images only), then value. */
static int addr_cmp(const struct bw_cg *g, size_t shndx, uint64_t value, size_t node)
{
	const struct bw_frame *fr = &g->v[node].fr;

	if (g->rel && shndx != fr->shndx)
		return shndx < fr->shndx ? -1 : 1;
	return value < fr->value ? -1 : value > fr->value;
}

static int byaddr_cmp(const void *pa, const void *pb, void *arg)
{
	const struct bw_cg *g = arg;
	const size_t *a = pa, *b = pb;
	int c = addr_cmp(g, g->v[*a].fr.shndx, g->v[*a].fr.value, *b);

	return c ? c : (*a > *b) - (*a < *b);
}

/* The first position of image @img's g->byaddr not below (@shndx, @value). */
static size_t lower(const struct bw_cg *g, int img, size_t shndx, uint64_t value)
{
	size_t lo = 0, hi = g->first[img + 1] - g->first[img];

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (addr_cmp(g, shndx, value, g->byaddr[mid]) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool at_match(const struct bw_frame *fr, size_t shndx, const char *name)
{
	return (shndx == BW_CG_NONE || fr->shndx == shndx) &&
	       (!name || !strcmp(name, fr->name) || bw_cg_clone_of(name, fr->name));
}

size_t bw_cg_at(const struct bw_cg *g, int img, size_t shndx, uint64_t value, const char *name)
{
	size_t n = g->first[img + 1] - g->first[img];

	/* Exact first; then a Thumb symbol (bit 0 set) at the even address that DWARF and
	 * relocations give. */
	for (uint64_t thumb = 0; thumb < 2; thumb++) {
		if (g->rel && shndx == BW_CG_NONE) { /* mips' section offsets: any section */
			for (size_t i = g->first[img]; i < g->first[img + 1]; i++)
				if (g->v[i].fr.value == value + thumb &&
				    (g->v[i].fr.value & 1) >= thumb &&
				    at_match(&g->v[i].fr, shndx, name))
					return i;
			continue;
		}
		for (size_t k = lower(g, img, shndx, value + thumb); k < n; k++) {
			const struct bw_frame *fr = &g->v[g->byaddr[k]].fr;

			if (addr_cmp(g, shndx, value + thumb, g->byaddr[k]))
				break;
			if ((fr->value & 1) >= thumb && at_match(fr, shndx, name))
				return g->byaddr[k];
		}
	}
	return BW_CG_NONE;
}

size_t bw_cg_containing(const struct bw_cg *g, int img, size_t sec, uint64_t off)
{
	size_t k = lower(g, img, sec, off + 1), tries = 0;

	/* Back from the last function starting at or before @off (Thumb: bit 0 aside). */
	while (k-- > 0 && tries++ < 16) {
		const struct bw_frame *fr = &g->v[g->byaddr[k]].fr;
		uint64_t start = fr->value & ~1ULL;

		if (fr->shndx != sec)
			break;
		if (off >= start && off - start < fr->size)
			return g->byaddr[k];
	}
	return BW_CG_NONE;
}

static int name_cmp(const void *pa, const void *pb, void *arg)
{
	const struct bw_cg *g = arg;
	const size_t *a = pa, *b = pb;
	int c = strcmp(g->v[*a].name, g->v[*b].name);

	return c ? c : (*a > *b) - (*a < *b);
}

/* The first position of the image being added's g->byname whose name is not below @name. */
static size_t name_lower(const struct bw_cg *g, int img, const char *name)
{
	size_t lo = 0, hi = g->first[img + 1] - g->first[img];

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(g->v[g->byname[mid]].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t bw_cg_named(const struct bw_cg *g, int img, const char *name)
{
	size_t n = g->first[img + 1] - g->first[img], k = name_lower(g, img, name),
	       best = BW_CG_NONE;

	/* Exact, a global definition before a weak or local one of the same name. */
	for (; k < n && !strcmp(g->v[g->byname[k]].name, name); k++) {
		const struct bw_cg_node *d = &g->v[g->byname[k]];

		if (best == BW_CG_NONE ||
		    (d->fr.bind == STB_GLOBAL && g->v[best].fr.bind != STB_GLOBAL))
			best = g->byname[k];
	}
	if (best != BW_CG_NONE)
		return best;
	/* A clone: "name." sorts after "name" and before any other clone's extension. */
	for (; k < n; k++) {
		const char *s = g->v[g->byname[k]].name;

		if (bw_cg_clone_of(name, s))
			return g->byname[k];
		if (strncmp(s, name, strlen(name)) || s[strlen(name)] > '.')
			break;
	}
	return BW_CG_NONE;
}

int bw_cg_add(struct bw_cg *g, const struct bw_obj *o, const struct bw_stack *s,
	      const struct bw_dwarf *dw, struct bw_err *e)
{
	int img = g->nimages;
	size_t *nf = realloc(g->first, (size_t)(img + 2) * sizeof(*nf));

	if (!nf)
		return bw_fail(e, o->name, "out of memory");
	g->first = nf;
	g->first[img] = g->n;
	g->nimages++;
	for (size_t i = 0; i < s->n; i++)
		if (add_node(g, s->v[i].name, s->v[i].section, img, &s->v[i], e, o->name))
			return -1;
	g->first[img + 1] = g->n;
	free(g->byaddr);
	g->byaddr = malloc((s->n ? s->n : 1) * sizeof(*g->byaddr));
	if (!g->byaddr)
		return bw_fail(e, o->name, "out of memory");
	for (size_t i = 0; i < s->n; i++)
		g->byaddr[i] = g->first[img] + i;
	g->rel = o->type == ET_REL;
	qsort_r(g->byaddr, s->n, sizeof(*g->byaddr), byaddr_cmp, g);
	free(g->byname);
	g->byname = malloc((s->n ? s->n : 1) * sizeof(*g->byname));
	if (!g->byname)
		return bw_fail(e, o->name, "out of memory");
	memcpy(g->byname, g->byaddr, s->n * sizeof(*g->byname));
	qsort_r(g->byname, s->n, sizeof(*g->byname), name_cmp, g);
	if (o->type == ET_REL && bw_cg_relocs(g, img, o, e))
		return -1;
	if (bw_cg_disasm(g, img, o, e))
		return -1;
	if (dw && dw->dw && bw_cg_dwarf(g, img, o, dw, e))
		return -1;
	return img;
}

/* ---- solving ---- */

static const char *why_add(struct bw_cg *g, struct bw_err *e, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static const char *why_add(struct bw_cg *g, struct bw_err *e, const char *fmt, ...)
{
	char **nv = bw_grow(g->whys, &g->whycap, g->nwhy + 1, sizeof(*nv));
	va_list ap;
	int r;

	if (!nv) {
		bw_fail(e, "call graph", "out of memory");
		return NULL;
	}
	g->whys = nv;
	va_start(ap, fmt);
	r = vasprintf(&nv[g->nwhy], fmt, ap);
	va_end(ap);
	if (r < 0) {
		bw_fail(e, "call graph", "out of memory");
		return NULL;
	}
	return nv[g->nwhy++];
}

static int pair_cmp(const void *pa, const void *pb)
{
	const size_t *a = pa, *b = pb;

	if (a[0] != b[0])
		return a[0] < b[0] ? -1 : 1;
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* Rank of a definition for a call by name: global, weak, then none (locals are not seen). */
static int def_rank(const struct bw_cg_node *d)
{
	return d->fr.bind == STB_GLOBAL ? 0 : d->fr.bind == STB_WEAK ? 1 : 2;
}

/* Resolve every call by name: the global (else weak) definition of the run, else a node of
 * its own that no image defines. @byname: the defined nodes sorted by name. */
static int resolve(struct bw_cg *g, struct bw_err *e, const char *file)
{
	size_t ndef = g->n, *byname = malloc((ndef ? ndef : 1) * sizeof(*byname));

	if (!byname)
		return bw_fail(e, file, "out of memory");
	for (size_t i = 0; i < ndef; i++)
		byname[i] = i;
	qsort_r(byname, ndef, sizeof(*byname), name_cmp, g);
	for (size_t c = 0; c < g->ncalls; c++) {
		struct bw_cg_call *k = &g->calls[c];
		size_t lo = 0, hi = ndef, best = BW_CG_NONE;

		if (k->to != BW_CG_NONE)
			continue;
		while (lo < hi) { /* the first defined node named k->name */
			size_t mid = (lo + hi) / 2;

			if (strcmp(g->v[byname[mid]].name, k->name) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < ndef && !strcmp(g->v[byname[lo]].name, k->name); lo++)
			if (def_rank(&g->v[byname[lo]]) < 2 &&
			    (best == BW_CG_NONE ||
			     def_rank(&g->v[byname[lo]]) < def_rank(&g->v[best])))
				best = byname[lo];
		if (best == BW_CG_NONE) { /* an undefined function: one node per name */
			for (size_t i = ndef; i < g->n; i++)
				if (!strcmp(g->v[i].name, k->name)) {
					best = i;
					break;
				}
		}
		if (best == BW_CG_NONE) {
			if (add_node(g, k->name, NULL, -1, NULL, e, file)) {
				free(byname);
				return -1;
			}
			best = g->n - 1;
		}
		k->to = best;
	}
	free(byname);
	return 0;
}

/* Callees of every node, deduplicated, into g->adj / g->off. */
static int adjacency(struct bw_cg *g, struct bw_err *e, const char *file)
{
	size_t *pairs = malloc((g->ncalls ? g->ncalls : 1) * 2 * sizeof(*pairs)), np = 0;

	g->off = calloc(g->n + 1, sizeof(*g->off));
	g->adj = malloc((g->ncalls ? g->ncalls : 1) * sizeof(*g->adj));
	if (!pairs || !g->off || !g->adj) {
		free(pairs);
		return bw_fail(e, file, "out of memory");
	}
	for (size_t c = 0; c < g->ncalls; c++) {
		pairs[2 * c] = g->calls[c].from;
		pairs[2 * c + 1] = g->calls[c].to;
	}
	qsort(pairs, g->ncalls, 2 * sizeof(*pairs), pair_cmp);
	for (size_t c = 0; c < g->ncalls; c++) {
		if (c && pairs[2 * c] == pairs[2 * c - 2] && pairs[2 * c + 1] == pairs[2 * c - 1])
			continue;
		g->adj[np++] = pairs[2 * c + 1];
		g->off[pairs[2 * c] + 1]++;
	}
	for (size_t i = 0; i < g->n; i++)
		g->off[i + 1] += g->off[i];
	free(pairs);
	return 0;
}

/* The frame a worst case adds for @d, or the reason it cannot (WHY_*). */
static int own_frame(const struct bw_cg_node *d, uint64_t *frame)
{
	switch (d->fr.su) {
	case BW_SU_STATIC:
	case BW_SU_BOUNDED:
		*frame = d->fr.su_bytes;
		return WHY_NONE;
	case BW_SU_DYNAMIC:
		return WHY_DYNAMIC;
	case BW_SU_NONE:
		break;
	}
	*frame = d->fr.frame;
	return d->fr.kind == BW_FRAME_STATIC ? WHY_NONE :
	       d->fr.kind == BW_FRAME_FP     ? WHY_DYNAMIC :
					       WHY_UNKNOWN;
}

static int why_rank(const struct bw_cg_node *d)
{
	if (d->bounded)
		return WHY_NONE;
	if (!strncmp(d->why, "recursion", 9))
		return WHY_RECURSION;
	if (!strncmp(d->why, "indirect", 8))
		return WHY_INDIRECT;
	return !strncmp(d->why, "dynamic", 7) ? WHY_DYNAMIC : WHY_UNKNOWN;
}

/* A function outside any cycle: every callee is solved already. */
static int solve_one(struct bw_cg *g, size_t i, struct bw_err *e)
{
	struct bw_cg_node *d = &g->v[i];
	uint64_t frame = 0, deep = 0;
	int own = own_frame(d, &frame), rank = WHY_NONE;
	size_t via = BW_CG_NONE, deepest = BW_CG_NONE;

	if (d->indirect)
		own = WHY_INDIRECT;
	for (size_t k = g->off[i]; k < g->off[i + 1]; k++) {
		const struct bw_cg_node *c = &g->v[g->adj[k]];
		int r = why_rank(c);

		/* Ties go to the first name: the same answer whatever the images' order. */
		if (r < rank ||
		    (r == rank && r != WHY_NONE && strcmp(c->name, g->v[via].name) < 0)) {
			rank = r;
			via = g->adj[k];
		}
		if (c->bounded && (deepest == BW_CG_NONE || c->worst > deep ||
				   (c->worst == deep && strcmp(c->name, g->v[deepest].name) < 0))) {
			deep = c->worst;
			deepest = g->adj[k];
		}
	}
	if (own != WHY_NONE && own <= rank) {
		static const char *const fmt[] = { NULL, "indirect call in %s", "dynamic frame: %s",
						   "frame unknown: %s" };

		d->bounded = false;
		d->why = why_add(g, e, fmt[own], d->name);
		return d->why ? 0 : -1;
	}
	if (rank != WHY_NONE) {
		d->bounded = false;
		d->why = g->v[via].why;
		d->next = via;
		return 0;
	}
	d->bounded = true;
	d->next = deepest;
	if (__builtin_add_overflow(frame, deep, &d->worst))
		d->worst = UINT64_MAX;
	return 0;
}

/* A strongly connected component with a cycle: every member is unbounded, the reason naming
 * one cycle through @root; each member's chain leads to that cycle and around it once. */
static int solve_cycle(struct bw_cg *g, const size_t *scc, size_t n, size_t *queue, size_t *from,
		       struct bw_err *e)
{
	size_t root = scc[0], qh = 0, qt = 0, len = 0, at;
	unsigned in = ++g->gen; /* marks the component's members */
	char *text = NULL;
	size_t tlen = 0;
	FILE *f;
	const char *why;

	for (size_t k = 0; k < n; k++)
		g->mark[scc[k]] = in;
	/* Breadth-first from root to a caller of root: the shortest cycle through it. */
	++g->gen;
	queue[qt++] = root;
	from[root] = BW_CG_NONE;
	at = BW_CG_NONE;
	while (qh < qt && at == BW_CG_NONE) {
		size_t u = queue[qh++];

		for (size_t k = g->off[u]; k < g->off[u + 1]; k++) {
			size_t w = g->adj[k];

			if (w == root) {
				at = u;
				break;
			}
			if (g->mark[w] != in)
				continue;
			g->mark[w] = g->gen;
			from[w] = u;
			queue[qt++] = w;
		}
	}
	if (at == BW_CG_NONE) /* cannot happen in a component with a cycle */
		return BW_BUG(e, g->v[root].name, "recursion without a cycle");
	/* The cycle root -> ... -> at -> root: next pointers along it, marked done. */
	for (size_t u = at; u != BW_CG_NONE; u = from[u])
		len++;
	{
		size_t *cyc = malloc((len + 1) * sizeof(*cyc)), k = len;

		if (!cyc)
			return bw_fail(e, g->v[root].name, "out of memory");
		for (size_t u = at; u != BW_CG_NONE; u = from[u])
			cyc[--k] = u;
		cyc[len] = root;
		f = open_memstream(&text, &tlen);
		if (!f) {
			free(cyc);
			return bw_fail(e, g->v[root].name, "out of memory");
		}
		fputs("recursion: ", f);
		for (k = 0; k <= len; k++) {
			if (len > CYCLE_NAMES && k == CYCLE_NAMES - 1) {
				fprintf(f, " -> ... (%zu functions)", len);
				k = len;
			}
			fprintf(f, "%s%s", k ? " -> " : "", g->v[cyc[k]].name);
		}
		fclose(f);
		for (k = 0; k < len; k++)
			g->v[cyc[k]].next = cyc[k + 1];
		free(cyc);
	}
	why = why_add(g, e, "%s", text ? text : "recursion");
	free(text);
	if (!why)
		return -1;
	/* The other members: breadth-first backwards from the cycle, within the component. */
	++g->gen;
	qh = qt = 0;
	for (size_t u = root;;) {
		g->mark[u] = g->gen;
		queue[qt++] = u;
		u = g->v[u].next;
		if (u == root)
			break;
	}
	for (size_t k = 0; k < n; k++) {
		g->v[scc[k]].bounded = false;
		g->v[scc[k]].why = why;
	}
	/* Members reach the cycle forwards: repeat a forward sweep until every member has a next
	 * (each sweep is linear; a sweep that adds none ends it). */
	for (bool grew = true; grew;) {
		grew = false;
		for (size_t k = 0; k < n; k++) {
			size_t u = scc[k];

			if (g->mark[u] == g->gen)
				continue;
			for (size_t j = g->off[u]; j < g->off[u + 1]; j++)
				if (g->mark[g->adj[j]] == g->gen) {
					g->v[u].next = g->adj[j];
					g->mark[u] = g->gen;
					grew = true;
					break;
				}
		}
	}
	return 0;
}

/* Tarjan's strongly connected components without recursion; each component is solved when it
 * completes, after every component it calls into. */
static int tarjan(struct bw_cg *g, struct bw_err *e, const char *file)
{
	size_t n = g->n, counter = 0, sp = 0, cp = 0;
	size_t *index = malloc((n + 1) * sizeof(size_t)), *low = malloc((n + 1) * sizeof(size_t));
	size_t *stack = malloc((n + 1) * sizeof(size_t)), *call = malloc((n + 1) * sizeof(size_t));
	size_t *pos = malloc((n + 1) * sizeof(size_t)), *queue = malloc((n + 1) * sizeof(size_t));
	size_t *from = malloc((n + 1) * sizeof(size_t));
	bool *on = calloc(n + 1, sizeof(bool));
	int ret = -1;

	if (!index || !low || !stack || !call || !pos || !queue || !from || !on) {
		bw_fail(e, file, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		index[i] = BW_CG_NONE;
	for (size_t r = 0; r < n; r++) {
		if (index[r] != BW_CG_NONE)
			continue;
		call[cp++] = r;
		index[r] = low[r] = counter++;
		pos[r] = g->off[r];
		stack[sp++] = r;
		on[r] = true;
		while (cp) {
			size_t u = call[cp - 1];

			if (pos[u] < g->off[u + 1]) {
				size_t w = g->adj[pos[u]++];

				if (index[w] == BW_CG_NONE) {
					index[w] = low[w] = counter++;
					pos[w] = g->off[w];
					stack[sp++] = w;
					on[w] = true;
					call[cp++] = w;
				} else if (on[w] && index[w] < low[u]) {
					low[u] = index[w];
				}
				continue;
			}
			cp--;
			if (cp && low[u] < low[call[cp - 1]])
				low[call[cp - 1]] = low[u];
			if (low[u] != index[u])
				continue;
			/* u roots a component: stack[k .. sp) */
			{
				size_t k = sp;
				bool self = false;

				do
					on[stack[--k]] = false;
				while (stack[k] != u);
				for (size_t j = g->off[u]; j < g->off[u + 1]; j++)
					self |= g->adj[j] == u;
				/* stack[k] is u, the member entered first: the cycle is named from it */
				if (sp - k > 1 || self) {
					if (solve_cycle(g, stack + k, sp - k, queue, from, e))
						goto out;
				} else if (solve_one(g, u, e)) {
					goto out;
				}
				sp = k;
			}
		}
	}
	ret = 0;
out:
	free(index);
	free(low);
	free(stack);
	free(call);
	free(pos);
	free(queue);
	free(from);
	free(on);
	return ret;
}

int bw_cg_solve(struct bw_cg *g, const char *file, struct bw_err *e)
{
	if (resolve(g, e, file) || adjacency(g, e, file))
		return -1;
	g->mark = calloc(g->n + 1, sizeof(*g->mark));
	if (!g->mark)
		return bw_fail(e, file, "out of memory");
	return tarjan(g, e, file);
}

size_t bw_cg_chain(struct bw_cg *g, size_t i, size_t *out, size_t max)
{
	size_t n = 0;

	++g->gen;
	for (; i != BW_CG_NONE && n < max; i = g->v[i].next) {
		out[n++] = i;
		if (g->mark[i] == g->gen)
			break; /* back on a function of the chain: the recursion closes */
		g->mark[i] = g->gen;
	}
	return n;
}

void bw_cg_free(struct bw_cg *g)
{
	for (size_t i = 0; i < g->n; i++) {
		free(g->v[i].name);
		free(g->v[i].section);
	}
	for (size_t i = 0; i < g->ncalls; i++)
		free(g->calls[i].name);
	for (size_t i = 0; i < g->nwhy; i++)
		free(g->whys[i]);
	free(g->v);
	free(g->calls);
	free(g->first);
	free(g->byaddr);
	free(g->byname);
	free(g->whys);
	free(g->adj);
	free(g->off);
	free(g->mark);
	memset(g, 0, sizeof(*g));
}
