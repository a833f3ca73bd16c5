// SPDX-License-Identifier: GPL-2.0
/* Struct-layout diff: per struct, size, holes, padding and which members were added, removed or moved. */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "layouts.h"

struct merged {
	const struct bw_layout *
		*v; /* one per (name, kind, declaring file), first seen wins, sorted */
	size_t n;
};

static int layout_order(const void *pa, const void *pb)
{
	const struct bw_layout *a = *(const struct bw_layout *const *)pa;
	const struct bw_layout *b = *(const struct bw_layout *const *)pb;
	int c = strcmp(a->name, b->name);

	if (!c)
		c = strcmp(a->kind, b->kind);
	/* One name declared in two files is two structs; an undeclared one sorts first. */
	if (!c && a->decl_file != b->decl_file)
		c = !a->decl_file ? -1 : !b->decl_file ? 1 : strcmp(a->decl_file, b->decl_file);
	return c;
}

struct seq_layout {
	const struct bw_layout *l;
	size_t seq; /* position over all sets: the first definition wins */
};

static int seq_order(const void *pa, const void *pb)
{
	const struct seq_layout *a = pa, *b = pb;
	int c = layout_order(&a->l, &b->l);

	return c ? c : (a->seq < b->seq ? -1 : a->seq > b->seq);
}

static int merge(const struct bw_layout_set *sets, size_t nsets, struct merged *m)
{
	struct seq_layout *tmp;
	size_t total = 0, n = 0;

	for (size_t i = 0; i < nsets; i++)
		total += sets[i].n;
	m->n = 0;
	m->v = malloc((total ? total : 1) * sizeof(*m->v));
	tmp = malloc((total ? total : 1) * sizeof(*tmp));
	if (!m->v || !tmp) {
		free(tmp);
		return -1;
	}
	for (size_t i = 0; i < nsets; i++)
		for (size_t k = 0; k < sets[i].n; k++, n++)
			tmp[n] = (struct seq_layout){ &sets[i].v[k], n };
	qsort(tmp, n, sizeof(*tmp), seq_order);
	for (size_t i = 0; i < n; i++)
		if (!m->n || layout_order(&m->v[m->n - 1], &tmp[i].l))
			m->v[m->n++] = tmp[i].l;
	free(tmp);
	return 0;
}

static const struct bw_layout_member *member_named(const struct bw_layout *l, const char *name)
{
	for (size_t i = 0; i < l->nmembers; i++)
		if (!strcmp(l->members[i].name, name))
			return &l->members[i];
	return NULL;
}

static bool member_same(const struct bw_layout_member *a, const struct bw_layout_member *b)
{
	return a->offset == b->offset && a->size == b->size && a->bit_size == b->bit_size &&
	       a->bit_offset == b->bit_offset && !strcmp(a->type, b->type);
}

/* Call @fn for every member whose presence or placement changed, with '+', '-' or '~'. */
static size_t changed_members(const struct bw_layout *o, const struct bw_layout *n,
			      void (*fn)(void *arg, char how, const char *name), void *arg)
{
	size_t count = 0;

	for (size_t i = 0; i < n->nmembers; i++) {
		const struct bw_layout_member *om = member_named(o, n->members[i].name);

		if (!om || !member_same(om, &n->members[i])) {
			count++;
			if (fn)
				fn(arg, om ? '~' : '+', n->members[i].name);
		}
	}
	for (size_t i = 0; i < o->nmembers; i++)
		if (!member_named(n, o->members[i].name)) {
			count++;
			if (fn)
				fn(arg, '-', o->members[i].name);
		}
	return count;
}

static bool layout_changed(const struct bw_layout *o, const struct bw_layout *n)
{
	return o->size != n->size || o->holes != n->holes || o->hole_bytes != n->hole_bytes ||
	       o->padding != n->padding || o->bit_holes != n->bit_holes ||
	       o->nmembers != n->nmembers || changed_members(o, n, NULL, NULL);
}

static int name_order(const struct bw_layout *a, const struct bw_layout *b)
{
	int c = strcmp(a->name, b->name);

	return c ? c : strcmp(a->kind, b->kind);
}

/* How many entries from @i on share the name and kind of entry @i. */
static size_t run_len(const struct merged *m, size_t i)
{
	size_t j = i + 1;

	while (j < m->n && !name_order(m->v[i], m->v[j]))
		j++;
	return j - i;
}

static void pair(const struct bw_layout *o, const struct bw_layout *n,
		 void (*fn)(void *arg, const struct bw_layout *o, const struct bw_layout *n),
		 void *arg)
{
	if (layout_changed(o, n))
		fn(arg, o, n);
}

/* Walk both merged lists in order; @fn sees each pair (NULL on the missing side). A name
 * declared in one file on each side is one struct wherever it is declared (a struct moved to
 * another header, two objects compiled from differently named sources); a name declared in
 * several files is matched file by file. */
static void walk(const struct merged *mo, const struct merged *mn,
		 void (*fn)(void *arg, const struct bw_layout *o, const struct bw_layout *n),
		 void *arg)
{
	size_t i = 0, k = 0;

	while (i < mo->n || k < mn->n) {
		int c = i == mo->n ? 1 : k == mn->n ? -1 : name_order(mo->v[i], mn->v[k]);
		size_t ei, ek;

		if (c < 0) {
			fn(arg, mo->v[i++], NULL);
			continue;
		}
		if (c > 0) {
			fn(arg, NULL, mn->v[k++]);
			continue;
		}
		ei = i + run_len(mo, i);
		ek = k + run_len(mn, k);
		if (ei - i == 1 && ek - k == 1) {
			pair(mo->v[i++], mn->v[k++], fn, arg);
			continue;
		}
		while (i < ei || k < ek) {
			c = i == ei ? 1 : k == ek ? -1 : layout_order(&mo->v[i], &mn->v[k]);
			if (c < 0)
				fn(arg, mo->v[i++], NULL);
			else if (c > 0)
				fn(arg, NULL, mn->v[k++]);
			else
				pair(mo->v[i++], mn->v[k++], fn, arg);
		}
	}
}

struct counts {
	size_t changed, added, removed;
};

static void count_fn(void *arg, const struct bw_layout *o, const struct bw_layout *n)
{
	struct counts *c = arg;

	if (!o)
		c->added++;
	else if (!n)
		c->removed++;
	else
		c->changed++;
}

static void print_member(void *arg, char how, const char *name)
{
	FILE *f = arg;

	fprintf(f, " %c%s", how, name[0] ? name : "(anonymous)");
}

static void print_fn(void *arg, const struct bw_layout *o, const struct bw_layout *n)
{
	FILE *f = arg;
	const struct bw_layout *l = o ? o : n;
	char name[256], os[24] = "-", ns[24] = "-", holes[48] = "", pad[48] = "";
	long long delta = (long long)(n ? n->size : 0) - (long long)(o ? o->size : 0);

	snprintf(name, sizeof(name), "%s %s", l->kind, l->name);
	if (o)
		snprintf(os, sizeof(os), "%llu", (unsigned long long)o->size);
	if (n)
		snprintf(ns, sizeof(ns), "%llu", (unsigned long long)n->size);
	if (o && n) {
		snprintf(holes, sizeof(holes), "%u->%u", o->holes, n->holes);
		snprintf(pad, sizeof(pad), "%llu->%llu", (unsigned long long)o->padding,
			 (unsigned long long)n->padding);
	}
	fprintf(f, "%-40s %7s %7s %+7lld %9s %9s", name, os, ns, delta, holes, pad);
	if (o && n)
		changed_members(o, n, print_member, f);
	else
		fputs(o ? " (removed)" : " (added)", f);
	fputc('\n', f);
}

void bw_layout_diff_print(FILE *f, const struct bw_layout_set *old, size_t nold,
			  const struct bw_layout_set *new, size_t nnew)
{
	struct merged mo = { 0 }, mn = { 0 };
	struct counts c = { 0 };

	if (merge(old, nold, &mo) || merge(new, nnew, &mn)) {
		free(mo.v);
		free(mn.v);
		return;
	}
	walk(&mo, &mn, count_fn, &c);
	fprintf(f, "Structs: changed/added/removed: %zu/%zu/%zu\n", c.changed, c.added, c.removed);
	if (c.changed + c.added + c.removed) {
		fprintf(f, "%-40s %7s %7s %7s %9s %9s %s\n", "struct", "old", "new", "delta",
			"holes", "padding", "members");
		walk(&mo, &mn, print_fn, f);
	}
	free(mo.v);
	free(mn.v);
}

static void json_member(void *arg, char how, const char *name)
{
	(void)how;
	bw_json_str(arg, name);
}

static void json_fn(void *arg, const struct bw_layout *o, const struct bw_layout *n)
{
	struct bw_json *j = arg;
	/* the walk passes at least one of o and n */
	const struct bw_layout *l = o ? o : n;

	bw_json_obj_begin(j);
	bw_json_kstr(j, "name", l->name); /* cppcheck-suppress nullPointerRedundantCheck */
	bw_json_kstr(j, "kind", l->kind); /* cppcheck-suppress nullPointerRedundantCheck */
	/* The new side's file when both sides have the struct (it may have moved). */
	if ((n && n->decl_file) || (!n && l->decl_file))
		bw_json_kstr(j, "decl_file", n ? n->decl_file : l->decl_file);
	bw_json_kstr(j, "status", !o ? "added" : !n ? "removed" : "changed");
	bw_json_ku64(j, "old_size", o ? o->size : 0);
	bw_json_ku64(j, "new_size", n ? n->size : 0);
	bw_json_ku64(j, "old_holes", o ? o->holes : 0);
	bw_json_ku64(j, "new_holes", n ? n->holes : 0);
	bw_json_ku64(j, "old_padding", o ? o->padding : 0);
	bw_json_ku64(j, "new_padding", n ? n->padding : 0);
	bw_json_key(j, "members_changed");
	bw_json_arr_begin(j);
	if (o && n)
		changed_members(o, n, json_member, j);
	bw_json_arr_end(j);
	bw_json_obj_end(j);
}

void bw_layout_diff_json(struct bw_json *j, const struct bw_layout_set *old, size_t nold,
			 const struct bw_layout_set *new, size_t nnew)
{
	struct merged mo = { 0 }, mn = { 0 };

	bw_json_arr_begin(j);
	if (!merge(old, nold, &mo) && !merge(new, nnew, &mn))
		walk(&mo, &mn, json_fn, j);
	bw_json_arr_end(j);
	free(mo.v);
	free(mn.v);
}
