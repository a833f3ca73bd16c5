// SPDX-License-Identifier: GPL-2.0
/* pahole-style text for a layout set: members with offset/size comments, holes, summary. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "layouts.h"

#define TYPE_COL 26 /* pahole pads the type to this width, then one space */
#define TAB 8

struct pctx {
	FILE *out;
	unsigned cacheline;
	int name_col; /* pahole's name spacing - 1: 22 in a struct, 20 in a union (the
				 * outermost type's, kept by nested ones) */
};

/* One level of members being printed: a struct/union body, top level or nested. */
struct level {
	int depth; /* tabs before a member line */
	int type_cut; /* columns the type loses to an enclosing "const struct {" */
	uint64_t base_off; /* offset of this body in the outermost type */
	uint64_t last_cl; /* cacheline last announced: shared with nested structs; a union
				 * goes back to its own after each member */
	bool in_union; /* inside a union, at any depth: pahole keeps "[0]" there */
};

static void indent(FILE *out, int level)
{
	while (level-- > 0)
		fputc('\t', out);
}

/* pahole's "%*s" with a computed width: negative widths left-justify, so they still pad. */
static void spaces(FILE *out, int w)
{
	fprintf(out, "%*s", w, " ");
}

static int type_col(const struct level *lv)
{
	return TYPE_COL - (lv->depth - 1) * TAB - lv->type_cut;
}

/* An array member with no element count: pahole writes "[]" only for the last member of a
 * struct with other members, "[0]" everywhere else. */
static bool flex_as_zero(const struct bw_layout_member *m, bool last, bool first, bool is_union)
{
	return m->type_class == BW_TC_ARRAY && (!last || first || is_union);
}

/* Print @s[from, to), with each "[]" as "[0]" when @zero. */
static int put_dims(FILE *out, const char *s, size_t from, size_t to, bool zero)
{
	int n = 0;

	for (size_t i = from; i < to; i++) {
		if (zero && s[i] == '[' && i + 1 < to && s[i + 1] == ']') {
			n += fprintf(out, "[0");
			continue;
		}
		fputc(s[i], out);
		n++;
	}
	return n;
}

/* "name;" or "name:bits;" as a declarator built from the member's type spelling. */
static int print_decl(FILE *out, const struct bw_layout_member *m, const struct level *lv,
		      bool zero)
{
	const char *t = m->type;
	size_t len = strlen(t), base = m->base_len, at = m->name_at;
	int col = type_col(lv), n;
	int w, over;

	if (base > len)
		base = len;
	if (at > len || at < base)
		at = base;
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
		/* "(* const" then the name: a blank keeps them two words. */
		bool word = at > from && (isalnum((unsigned char)t[at - 1]) || t[at - 1] == '_');

		n = fprintf(out, "%.*s%s%s", (int)(at - from), t + from, word ? " " : "", m->name);
		n += put_dims(out, t, at, len, zero);
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
		fprintf(out, "/* %5llu:%2u %2llu */", (unsigned long long)(base_off + m->offset),
			m->bit_offset, (unsigned long long)m->size);
	else
		fprintf(out, "/* %5llu %5llu */", (unsigned long long)(base_off + m->offset),
			(unsigned long long)m->size);
}

static void pad_to(FILE *out, int n, int col)
{
	fprintf(out, "%*s", n < col ? col - n : 1, "");
}

static void print_body(struct pctx *p, const struct bw_layout *l, struct level *lv);
static void print_summary(struct pctx *p, struct bw_layout *l, const struct level *lv);

/* pahole's cacheline marker before a member that starts past the last one announced. */
static void cacheline_mark(struct pctx *p, struct level *lv, uint64_t off)
{
	uint64_t cl = off / p->cacheline, pos = off % p->cacheline;

	if (cl <= lv->last_cl)
		return;
	if (pos)
		fprintf(p->out,
			"/* --- cacheline %llu boundary (%llu bytes) was %llu byte%s ago --- */\n",
			(unsigned long long)cl, (unsigned long long)(off - pos),
			(unsigned long long)pos, pos == 1 ? "" : "s");
	else
		fprintf(p->out, "/* --- cacheline %llu boundary (%llu bytes) --- */\n",
			(unsigned long long)cl, (unsigned long long)off);
	indent(p->out, lv->depth);
	lv->last_cl = cl;
}

/* An enum defined inline, enumerators aligned on the longest name. */
static void print_enum(struct pctx *p, const struct bw_enum *e, int depth)
{
	bool is_signed = false;
	int w = 0;

	for (size_t i = 0; i < e->n; i++) {
		int len = (int)strlen(e->names[i]);

		w = len > w ? len : w;
		is_signed |= e->values[i] < 0;
	}
	fprintf(p->out, "enum {\n");
	for (size_t i = 0; i < e->n; i++) {
		indent(p->out, depth + 1);
		fprintf(p->out, "%-*s = ", w, e->names[i]);
		if (is_signed)
			fprintf(p->out, "%lld,\n", (long long)e->values[i]);
		else
			fprintf(p->out, "%llu,\n", (unsigned long long)e->values[i]);
	}
	indent(p->out, depth);
	fputc('}', p->out);
	if (e->size != 4)
		fprintf(p->out, " __attribute__((__packed__))");
}

/* A member typed by a struct, union or enum defined inline: its body, then the closing line.
 * pahole pads the comment by the name and the attributes it counts, not by the line. */
static void print_inline(struct pctx *p, const struct bw_layout_member *m, struct level *lv,
			 bool zero)
{
	const struct bw_layout *a = m->anon;
	bool is_const = !strncmp(m->type, "const ", 6), is_array = m->type_class == BW_TC_ARRAY;
	size_t len = strlen(m->type), at = m->name_at <= len ? m->name_at : len;
	int slen, width = type_col(lv) + 1 + p->name_col;

	if (m->enm) {
		print_enum(p, m->enm, lv->depth);
		slen = 0;
	} else {
		/* pahole follows const to print the struct in full, with its own summary, in
		 * a type column shortened by the "const ". */
		struct level in = { lv->depth + 1, lv->type_cut + (is_const ? 6 : 0),
				    lv->base_off + m->offset, lv->last_cl,
				    lv->in_union || !strcmp(a->kind, "union") };
		bool packed = !strcmp(a->kind, "struct") && bw_layout_packed(a);

		fprintf(p->out, "%s%s {\n", is_const ? "const " : "", a->kind);
		print_body(p, a, &in);
		lv->last_cl = in.last_cl;
		if (is_const)
			print_summary(p, (struct bw_layout *)a, &in);
		indent(p->out, lv->depth);
		fputc('}', p->out);
		slen = packed ? 28 : 0;
		if (packed)
			fprintf(p->out, " __attribute__((__packed__))");
		if (is_const) {
			/* pahole leaves the member's name out here: we keep it (valid C). */
			fprintf(p->out, "%s%s;", *m->name ? " " : "", m->name);
			spaces(p->out, 0);
			print_offsets(p->out, m, lv->base_off);
			return;
		}
		/* An array of them names itself inside the type (pahole's suffix). */
		if (is_array) {
			fprintf(p->out, "%s%s", *m->name ? " " : "", m->name);
			if (!strcmp(a->kind, "struct") && a->alignment && !packed)
				fprintf(p->out, " __attribute__((__aligned__(%u)))", a->alignment);
			put_dims(p->out, m->type, at, len, zero);
			if (m->alignment)
				fprintf(p->out, " __attribute__((__aligned__(%u)))", m->alignment);
			fprintf(p->out, ";");
			spaces(p->out, 0);
			print_offsets(p->out, m, lv->base_off);
			return;
		}
		if (!strcmp(a->kind, "struct") && a->alignment && !packed)
			fprintf(p->out, " __attribute__((__aligned__(%u)))", a->alignment);
	}
	slen += *m->name ? (int)strlen(m->name) : -1;
	if (*m->name)
		fprintf(p->out, " %s", m->name);
	if (m->bit_size)
		fprintf(p->out, ":%u", m->bit_size);
	if (m->alignment)
		slen += fprintf(p->out, " __attribute__((__aligned__(%u)))", m->alignment);
	fprintf(p->out, ";");
	spaces(p->out, width - slen - 3);
	print_offsets(p->out, m, lv->base_off);
}

static void print_member(struct pctx *p, const struct bw_layout_member *m, struct level *lv,
			 bool zero)
{
	cacheline_mark(p, lv, lv->base_off + m->offset);
	if (m->anon || m->enm) {
		print_inline(p, m, lv, zero);
		return;
	}
	pad_to(p->out, print_decl(p->out, m, lv, zero), p->name_col);
	print_offsets(p->out, m, lv->base_off);
}

static bool is_ancestor(const struct bw_layout_member *m)
{
	return !strcmp(m->name, "<ancestor>");
}

/* The padding pahole reports after a member typed by a struct (named or inline). */
static uint64_t member_struct_padding(const struct bw_layout_member *m)
{
	struct bw_layout tmp;

	if (!m->anon)
		return m->type_padding;
	if (m->type_class == BW_TC_ARRAY || strncmp(m->type, "struct", 6) ||
	    strcmp(m->anon->kind, "struct"))
		return 0;
	tmp = *m->anon;
	bw_layout_find_holes(&tmp, 64, NULL, NULL);
	return tmp.padding;
}

/* "\n", once, before the first note of a group (pahole's newline counter). */
static void note_gap(FILE *out, int *newline)
{
	if (!(*newline)++)
		fputc('\n', out);
}

/* Members with hole, bit-field and cacheline notes, as pahole's __class__fprintf() and
 * union__fprintf() print them. */
static void print_body(struct pctx *p, const struct bw_layout *l, struct level *lv)
{
	FILE *out = p->out;
	bool is_union = strcmp(l->kind, "union") == 0;
	struct bw_hole_info *per = NULL;
	struct bw_layout_sums sums = { 0 };
	struct bw_layout tmp = *l;
	const struct bw_layout_member *last = NULL;
	uint64_t last_size = 0;
	int newline = 0;
	size_t i;

	if (!is_union && l->nmembers) {
		per = calloc(l->nmembers, sizeof(*per));
		if (per)
			bw_layout_find_holes(&tmp, p->cacheline, per, &sums);
	}
	if (per && sums.pre_bit_hole) {
		note_gap(out, &newline);
		indent(out, lv->depth);
		fprintf(out, "/* XXX %u bit%s hole, try to pack */\n", sums.pre_bit_hole,
			sums.pre_bit_hole == 1 ? "" : "s");
	}
	if (per && sums.pre_hole) {
		note_gap(out, &newline);
		indent(out, lv->depth);
		fprintf(out, "/* XXX %llu byte%s hole, try to pack */\n",
			(unsigned long long)sums.pre_hole, sums.pre_hole == 1 ? "" : "s");
	}
	for (i = 0; i < l->nmembers; i++) {
		const struct bw_layout_member *m = &l->members[i];
		bool zero = flex_as_zero(m, i + 1 == l->nmembers, i == 0, is_union || lv->in_union);

		if (is_union) {
			/* Every member of a union starts where the union does. */
			uint64_t cl = lv->last_cl;

			indent(out, lv->depth);
			print_member(p, m, lv, zero);
			fputc('\n', out);
			lv->last_cl = cl;
			continue;
		}
		if (last && !is_ancestor(m) && last_size) {
			const char *how = NULL;

			if (m->offset < last->offset ||
			    (m->offset == last->offset && !last->bit_size && m->bit_size))
				how = "previous";
			else if (m->offset > last->offset && m->offset - last->offset < last_size)
				how = "next";
			if (how) {
				note_gap(out, &newline);
				indent(out, lv->depth);
				fprintf(out, "/* Bitfield combined with %s fields */\n", how);
			}
		}
		if (newline) {
			fputc('\n', out);
			newline = 0;
		}
		indent(out, lv->depth);
		print_member(p, m, lv, zero);
		if (member_struct_padding(m)) {
			uint64_t pad = member_struct_padding(m);

			note_gap(out, &newline);
			fputc('\n', out);
			indent(out, lv->depth);
			fprintf(out, "/* XXX last struct has %llu byte%s of padding */",
				(unsigned long long)pad, pad == 1 ? "" : "s");
		}
		if (per && per[i].bit_hole) {
			note_gap(out, &newline);
			fputc('\n', out);
			indent(out, lv->depth);
			fprintf(out, "/* XXX %u bit%s hole, try to pack */", per[i].bit_hole,
				per[i].bit_hole == 1 ? "" : "s");
		}
		if (per && per[i].hole) {
			note_gap(out, &newline);
			fputc('\n', out);
			indent(out, lv->depth);
			fprintf(out, "/* XXX %llu byte%s hole, try to pack */",
				(unsigned long long)per[i].hole, per[i].hole == 1 ? "" : "s");
		}
		fputc('\n', out);
		if (is_ancestor(m))
			continue;
		if (!last || !last_size || last->offset != m->offset ||
		    (!last->bit_size && m->bit_size))
			last_size = m->size;
		last = m;
	}
	free(per);
}

/* The summary comments of a struct, as pahole's closes it. */
static void print_summary(struct pctx *p, struct bw_layout *l, const struct level *lv)
{
	FILE *out = p->out;
	struct bw_layout_sums s;
	uint64_t sum_bytes = 0, sum_bits = 0, npad = 0, sumpad = 0, forced = 0, fholes = 0,
		 fsum = 0;
	struct bw_hole_info *per;
	int64_t diff;
	size_t i;

	if (strcmp(l->kind, "union") == 0)
		return; /* pahole prints no summary for unions */
	per = calloc(l->nmembers ? l->nmembers : 1, sizeof(*per));
	bw_layout_find_holes(l, p->cacheline, per, &s);
	for (i = 0; i < l->nmembers; i++) {
		const struct bw_layout_member *m = &l->members[i];

		if (m->alignment) {
			uint64_t h = i ? (per ? per[i - 1].hole : 0) : s.pre_hole;

			forced++;
			fholes += h != 0;
			fsum += h;
		}
		if (member_struct_padding(m)) {
			npad++;
			sumpad += member_struct_padding(m);
		}
		if (is_ancestor(m))
			continue;
		if (m->bit_size)
			sum_bits += m->bit_size;
		else
			sum_bytes += m->size;
	}
	free(per);
	fputc('\n', out);
	indent(out, lv->depth);
	fprintf(out, "/* size: %llu, cachelines: %u, members: %zu */\n",
		(unsigned long long)l->size, l->cachelines, l->nmembers);
	if (l->hole_bytes || l->bit_hole_bits) {
		if (sum_bytes) {
			indent(out, lv->depth);
			fprintf(out, "/* sum members: %llu", (unsigned long long)sum_bytes);
			if (l->hole_bytes)
				fprintf(out, ", holes: %u, sum holes: %llu", l->holes,
					(unsigned long long)l->hole_bytes);
			fprintf(out, " */\n");
		}
		if (sum_bits) {
			indent(out, lv->depth);
			fprintf(out, "/* sum bitfield members: %llu bits",
				(unsigned long long)sum_bits);
			if (l->bit_hole_bits)
				fprintf(out, ", bit holes: %u, sum bit holes: %llu bits",
					l->bit_holes, (unsigned long long)l->bit_hole_bits);
			else
				fprintf(out, " (%llu bytes)", (unsigned long long)sum_bits / 8);
			fprintf(out, " */\n");
		}
	}
	if (l->padding) {
		indent(out, lv->depth);
		fprintf(out, "/* padding: %llu */\n", (unsigned long long)l->padding);
	}
	if (npad) {
		indent(out, lv->depth);
		fprintf(out, "/* paddings: %llu, sum paddings: %llu */\n", (unsigned long long)npad,
			(unsigned long long)sumpad);
	}
	if (s.bit_padding) {
		indent(out, lv->depth);
		fprintf(out, "/* bit_padding: %u bits */\n", s.bit_padding);
	}
	if (forced) {
		indent(out, lv->depth);
		fprintf(out, "/* forced alignments: %llu", (unsigned long long)forced);
		if (fholes)
			fprintf(out, ", forced holes: %llu, sum forced holes: %llu",
				(unsigned long long)fholes, (unsigned long long)fsum);
		fprintf(out, " */\n");
	}
	if ((lv->base_off + l->size) % p->cacheline) {
		indent(out, lv->depth);
		fprintf(out, "/* last cacheline: %llu bytes */\n",
			(unsigned long long)((lv->base_off + l->size) % p->cacheline));
	}
	/* pahole's own check that members, holes and padding add up to the size. */
	diff = (int64_t)(l->size * 8) -
	       (int64_t)(sum_bytes * 8 + sum_bits + l->hole_bytes * 8 + l->bit_hole_bits +
			 l->padding * 8 + s.bit_padding);
	if (diff && l->nmembers) {
		fputc('\n', out);
		indent(out, lv->depth);
		fprintf(out,
			"/* BRAIN FART ALERT! %llu bytes != %llu (member bytes) + %llu (member bits) + %llu (byte holes) + %llu (bit holes), diff = %lld bits */\n",
			(unsigned long long)l->size, (unsigned long long)sum_bytes,
			(unsigned long long)sum_bits, (unsigned long long)l->hole_bytes,
			(unsigned long long)l->bit_hole_bits, (long long)diff);
	}
}

/* The whole type; @trailer (may be "") follows the closing "};" on its line. */
static void print_layout(struct pctx *p, struct bw_layout *l, const char *trailer)
{
	struct level top = { .depth = 1 };
	bool is_union = strcmp(l->kind, "union") == 0;

	p->name_col = is_union ? 20 : 22;
	fprintf(p->out, "%s %s {\n", l->kind, l->name);
	print_body(p, l, &top);
	print_summary(p, l, &top);
	fprintf(p->out, "}");
	/* As pahole: a packed struct shows only that (its forced alignment is implied); a
	 * union shows neither. */
	if (!is_union && bw_layout_packed(l))
		fprintf(p->out, " __attribute__((__packed__))");
	else if (!is_union && l->alignment)
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
