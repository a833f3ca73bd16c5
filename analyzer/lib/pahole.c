// SPDX-License-Identifier: GPL-2.0
/* pahole-style text for a layout set: members with offset/size comments, holes, summary. */
#include <stdlib.h>
#include <string.h>

#include "layouts.h"

#define TYPE_COL	26	/* pahole pads the type to this width, then one space */
#define TAB		8

struct pctx {
	FILE *out;
	unsigned cacheline;
	int name_col;		/* 22 inside a struct, 20 inside a union (pahole's spacing) */
	uint64_t last_cl;	/* last cacheline announced, across nesting levels */
};

static void indent(FILE *out, int level)
{
	while (level-- > 0)
		fputc('\t', out);
}

/* "name;" or "name:bits;" as a declarator built from the member's type spelling. */
static int print_decl(FILE *out, const struct bw_layout_member *m, int level)
{
	const char *t = m->type;
	size_t len = strlen(t), base = m->base_len, at = m->name_at;
	int col = TYPE_COL - (level - 1) * TAB, n;
	int w, over;

	if (base > len)
		base = len;
	if (at > len || at < base)
		at = base;
	if (m->anon)
		return 0;
	n = fprintf(out, "%.*s", (int)base, t);
	w = n < col ? col - n : 0;
	fprintf(out, "%*s ", w, "");
	/* What overflows the type column is taken from the name column (pahole aligns the
	 * comments at a fixed column). */
	over = n > col ? n - col : 0;
	/* Skip the one space that separates base and declarator in the spelling. */
	{
		size_t from = base;

		while (from < at && t[from] == ' ')
			from++;
		n = fprintf(out, "%.*s%s%s", (int)(at - from), t + from, m->name, t + at);
	}
	if (m->bit_size)
		n += fprintf(out, ":%u", m->bit_size);
	if (m->alignment)
		n += fprintf(out, " __attribute__((__aligned__(%u)))", m->alignment);
	n += fprintf(out, ";");
	return n + over;
}

static void print_offsets(FILE *out, const struct bw_layout_member *m, uint64_t base_off)
{
	if (m->bit_size)
		fprintf(out, "/* %5llu:%2u %2llu */\n", (unsigned long long)(base_off + m->offset),
			m->bit_offset, (unsigned long long)m->size);
	else
		fprintf(out, "/* %5llu %5llu */\n", (unsigned long long)(base_off + m->offset),
			(unsigned long long)m->size);
}

static void pad_to(FILE *out, int n, int col)
{
	fprintf(out, "%*s", n < col ? col - n : 1, "");
}

static void print_body(struct pctx *p, const struct bw_layout *l, uint64_t base_off, int level);

static void print_member(struct pctx *p, const struct bw_layout_member *m, uint64_t base_off,
			 int level)
{
	FILE *out = p->out;
	int n;

	indent(out, level);
	if (m->anon) {
		fprintf(out, "%s {\n", m->anon->kind);
		print_body(p, m->anon, base_off + m->offset, level + 1);
		indent(out, level);
		size_t at = m->name_at <= strlen(m->type) ? m->name_at : strlen(m->type);

		n = fprintf(out, "}%s%s%s", *m->name ? " " : "", m->name, m->type + at);
		if (m->bit_size)
			n += fprintf(out, ":%u", m->bit_size);
		if (m->alignment)
			n += fprintf(out, " __attribute__((__aligned__(%u)))", m->alignment);
		n += fprintf(out, ";");
		pad_to(out, n, TYPE_COL + 1 + p->name_col - (level - 1) * TAB);
		print_offsets(out, m, base_off);
		return;
	}
	n = print_decl(out, m, level);
	pad_to(out, n, p->name_col);
	print_offsets(out, m, base_off);
}

/* Members with hole, bit-field and cacheline comments (top level and nested anonymous). */
static void print_body(struct pctx *p, const struct bw_layout *l, uint64_t base_off, int level)
{
	FILE *out = p->out;
	bool is_union = strcmp(l->kind, "union") == 0;
	struct bw_hole_info *per = NULL;
	struct bw_layout tmp = *l;
	size_t i;

	if (!is_union && l->nmembers) {
		per = calloc(l->nmembers, sizeof(*per));
		if (per)
			bw_layout_find_holes(&tmp, p->cacheline, per, NULL);
	}
	for (i = 0; i < l->nmembers; i++) {
		const struct bw_layout_member *m = &l->members[i];
		uint64_t off = base_off + m->offset, cl = off / p->cacheline;

		/* A bit-field that starts before (or, after a plain member, at) the previous
		 * member: pahole's "combined with previous" note. */
		if (!is_union && i && m->bit_size &&
		    (m->offset < l->members[i - 1].offset ||
		     (m->offset == l->members[i - 1].offset && !l->members[i - 1].bit_size))) {
			fputc('\n', out);
			indent(out, level);
			fprintf(out, "/* Bitfield combined with previous fields */\n\n");
		}
		if (!is_union && cl > p->last_cl) {
			indent(out, level);
			if (off % p->cacheline)
				fprintf(out, "/* --- cacheline %llu boundary (%llu bytes) was %llu byte%s ago --- */\n",
					(unsigned long long)cl, (unsigned long long)(cl * p->cacheline),
					(unsigned long long)(off - cl * p->cacheline),
					off - cl * p->cacheline == 1 ? "" : "s");
			else
				fprintf(out, "/* --- cacheline %llu boundary (%llu bytes) --- */\n",
					(unsigned long long)cl, (unsigned long long)(cl * p->cacheline));
			p->last_cl = cl;
		}
		print_member(p, m, base_off, level);
		if (!per)
			continue;
		bool combined = i + 1 < l->nmembers &&
				l->members[i + 1].offset > m->offset &&
				l->members[i + 1].offset < m->offset + m->size;

		if (m->type_padding && !m->anon) {
			fputc('\n', out);
			indent(out, level);
			fprintf(out, "/* XXX last struct has %llu byte%s of padding */\n",
				(unsigned long long)m->type_padding, m->type_padding == 1 ? "" : "s");
			if (!(per[i].bit_hole || per[i].hole || combined))
				fputc('\n', out);
		}
		if (per[i].bit_hole || per[i].hole || combined) {
			if (!m->type_padding || m->anon)
				fputc('\n', out);
			if (per[i].bit_hole) {
				indent(out, level);
				fprintf(out, "/* XXX %u bit%s hole, try to pack */\n", per[i].bit_hole,
					per[i].bit_hole == 1 ? "" : "s");
			}
			if (per[i].hole) {
				indent(out, level);
				fprintf(out, "/* XXX %llu byte%s hole, try to pack */\n",
					(unsigned long long)per[i].hole, per[i].hole == 1 ? "" : "s");
			}
			if (combined) {
				indent(out, level);
				fprintf(out, "/* Bitfield combined with next fields */\n");
			}
			fputc('\n', out);
		}
	}
	free(per);
}

/* Members whose struct type hides tail padding. */
static void print_paddings(struct pctx *p, const struct bw_layout *l)
{
	uint64_t n = 0, sum = 0;
	size_t i;

	for (i = 0; i < l->nmembers; i++)
		if (l->members[i].type_padding && !l->members[i].anon) {
			n++;
			sum += l->members[i].type_padding;
		}
	if (n)
		fprintf(p->out, "\t/* paddings: %llu, sum paddings: %llu */\n",
			(unsigned long long)n, (unsigned long long)sum);
}

/* Members with a forced alignment, and the holes in front of them. */
static void print_forced(struct pctx *p, struct bw_layout *l)
{
	struct bw_hole_info *per;
	uint64_t forced = 0, holes = 0, sum = 0;
	size_t i;

	for (i = 0; i < l->nmembers; i++)
		forced += l->members[i].alignment != 0;
	if (!forced)
		return;
	per = calloc(l->nmembers, sizeof(*per));
	if (per) {
		struct bw_layout tmp = *l;

		bw_layout_find_holes(&tmp, p->cacheline, per, NULL);
		for (i = 1; i < l->nmembers; i++)
			if (l->members[i].alignment && per[i - 1].hole) {
				holes++;
				sum += per[i - 1].hole;
			}
		free(per);
	}
	if (holes)
		fprintf(p->out, "\t/* forced alignments: %llu, forced holes: %llu, sum forced holes: %llu */\n",
			(unsigned long long)forced, (unsigned long long)holes,
			(unsigned long long)sum);
	else
		fprintf(p->out, "\t/* forced alignments: %llu */\n", (unsigned long long)forced);
}

static void print_summary(struct pctx *p, struct bw_layout *l)
{
	FILE *out = p->out;
	struct bw_layout_sums s;

	bw_layout_find_holes(l, p->cacheline, NULL, &s);
	if (strcmp(l->kind, "union") == 0)
		return;	/* pahole prints no summary for unions */
	fprintf(out, "\n\t/* size: %llu, cachelines: %u, members: %zu */\n",
		(unsigned long long)l->size, l->cachelines, l->nmembers);
	if (l->hole_bytes)
		fprintf(out, "\t/* sum members: %llu, holes: %u, sum holes: %llu */\n",
			(unsigned long long)s.sum_members, l->holes, (unsigned long long)l->hole_bytes);
	else if (l->bit_hole_bits)
		fprintf(out, "\t/* sum members: %llu */\n", (unsigned long long)s.sum_members);
	if (l->bit_hole_bits)
		fprintf(out, "\t/* sum bitfield members: %llu bits, bit holes: %u, sum bit holes: %llu bits */\n",
			(unsigned long long)s.sum_bits, l->bit_holes,
			(unsigned long long)l->bit_hole_bits);
	else if (l->hole_bytes && s.sum_bits)
		fprintf(out, "\t/* sum bitfield members: %llu bits (%llu bytes) */\n",
			(unsigned long long)s.sum_bits, (unsigned long long)s.sum_bits / 8);
	if (l->padding)
		fprintf(out, "\t/* padding: %llu */\n", (unsigned long long)l->padding);
	if (s.bit_padding)
		fprintf(out, "\t/* bit_padding: %u bits */\n", s.bit_padding);
	print_paddings(p, l);
	print_forced(p, l);
	if (l->size % p->cacheline)
		fprintf(out, "\t/* last cacheline: %llu bytes */\n",
			(unsigned long long)(l->size % p->cacheline));
}

/* The whole type; @trailer (may be "") follows the closing "};" on its line. */
static void print_layout(struct pctx *p, struct bw_layout *l, const char *trailer)
{
	p->name_col = strcmp(l->kind, "union") == 0 ? 20 : 22;
	p->last_cl = 0;
	fprintf(p->out, "%s %s {\n", l->kind, l->name);
	print_body(p, l, 0, 1);
	print_summary(p, l);
	fprintf(p->out, "}");
	/* As pahole: a packed struct shows only that (its forced alignment is implied). */
	if (bw_layout_packed(l))
		fprintf(p->out, " __attribute__((__packed__))");
	else if (l->alignment)
		fprintf(p->out, " __attribute__((__aligned__(%u)))", l->alignment);
	fprintf(p->out, ";%s\n", trailer);
}

void bw_layouts_print(FILE *out, const struct bw_layout_set *set, const struct bw_layout_opts *opts,
		      bool reorganize)
{
	struct pctx p = { .out = out, .cacheline = opts && opts->cacheline ? opts->cacheline : 64 };
	size_t i;

	for (i = 0; i < set->n; i++) {
		struct bw_layout l = set->v[i];

		if (!reorganize) {
			print_layout(&p, &l, "");
			continue;
		}
		/* As pahole --reorganize: only types with something to gain are shown. */
		if (l.reorg_size >= l.size)
			continue;
		struct bw_layout r;
		uint64_t saved = l.size - l.reorg_size;
		uint32_t cl_before = (uint32_t)((l.size + p.cacheline - 1) / p.cacheline);
		uint32_t cl_after = (uint32_t)((l.reorg_size + p.cacheline - 1) / p.cacheline);
		char note[128];
		int n = snprintf(note, sizeof(note), "   /* saved %llu byte%s",
				 (unsigned long long)saved, saved == 1 ? "" : "s");

		if (cl_before != cl_after)
			n += snprintf(note + n, sizeof(note) - (size_t)n, " and %u cacheline%s",
				      cl_before - cl_after, cl_before - cl_after == 1 ? "" : "s");
		snprintf(note + n, sizeof(note) - (size_t)n, "! */");
		if (bw_layout_reorganized(&l, &r) == 0) {
			print_layout(&p, &r, note);
			free(r.members);
		}
	}
}
