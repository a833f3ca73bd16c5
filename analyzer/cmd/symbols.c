// SPDX-License-Identifier: GPL-2.0
/* Mode symbols: nm -S --size-sort text (nm -C's names unless --no-demangle); JSON symbols with rollups. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "demangle.h"
#include "symbols.h"
#include "symnames.h"

static int json_order(const void *pa, const void *pb)
{
	const struct bw_sym *a = pa, *b = pb;
	int c;

	if (a->size != b->size)
		return a->size > b->size ? -1 : 1;
	c = strcmp(a->name, b->name);
	if (c)
		return c;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* nm -S --size-sort's lines; @demangle: names as nm -C prints them (the order stays the raw
 * names', as nm sorts before it demangles). */
static void print_nm(FILE *f, const struct bw_obj *o, const struct bw_symtab *t, bool demangle)
{
	const char *fmt = o->cls == 64 ? "%016" PRIx64 " %016" PRIx64 " %c %s\n" :
					 "%08" PRIx64 " %08" PRIx64 " %c %s\n";

	for (size_t i = 0; i < t->n; i++) {
		const struct bw_sym *s = &t->v[i];
		char *d = demangle ? bw_demangle(s->name) : NULL;

		fprintf(f, fmt, s->value, s->size, s->letter, d ? d : s->name);
		free(d);
	}
}

static const char *bind_name(uint8_t bind, char *buf, size_t len)
{
	switch (bind) {
	case STB_LOCAL:
		return "LOCAL";
	case STB_GLOBAL:
		return "GLOBAL";
	case STB_WEAK:
		return "WEAK";
	case STB_GNU_UNIQUE:
		return "UNIQUE";
	default:
		snprintf(buf, len, "%u", bind);
		return buf;
	}
}

static void write_symbols(struct bw_json *j, const struct bw_symtab *t)
{
	struct bw_sym *sorted = NULL;
	char buf[16];

	if (t->n) {
		sorted = malloc(t->n * sizeof(*sorted));
		if (sorted) {
			memcpy(sorted, t->v, t->n * sizeof(*sorted));
			qsort(sorted, t->n, sizeof(*sorted), json_order);
		}
	}
	bw_json_kstr(j, "symtab", t->table);
	bw_json_key(j, "symbols");
	bw_json_arr_begin(j);
	for (size_t i = 0; sorted && i < t->n; i++) {
		const struct bw_sym *s = &sorted[i];
		char *norm = bw_norm_name(s->name, s->baselen, false);
		char *dname = bw_demangle(s->name), *dnorm = bw_demangle(norm ? norm : s->name);

		bw_json_obj_begin(j);
		bw_json_kstr(j, "name", s->name);
		bw_json_kstr(j, "norm", norm ? norm : s->name);
		bw_json_kstr(j, "demangled", dname);
		bw_json_kstr(j, "norm_demangled", dnorm);
		bw_json_key(j, "type");
		bw_json_strn(j, &s->letter, 1);
		bw_json_ku64(j, "size", s->size);
		bw_json_ku64(j, "value", s->value);
		bw_json_kstr(j, "section", s->section);
		bw_json_kstr(j, "bind", bind_name(s->bind, buf, sizeof(buf)));
		bw_json_kstr(j, "kind", bw_kind_name(s->kind));
		bw_json_obj_end(j);
		free(norm);
		free(dname);
		free(dnorm);
	}
	bw_json_arr_end(j);
	free(sorted);
	bw_json_key(j, "rollup");
	bw_json_obj_begin(j);
	for (int k = 0; k < BW_NKINDS; k++)
		bw_json_ku64(j, bw_kind_name((enum bw_kind)k), t->rollup[k]);
	bw_json_obj_end(j);
}

struct sym_run {
	bool per_file_headers; /* nm prints "\nFILE:\n" when given more than one file */
	const char *last_archive; /* archive whose header was printed */
};

int bw_symbols_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	struct sym_run scratch = { 0 }, *run = arg ? arg : &scratch;
	struct bw_symtab t;
	struct bw_obj o;
	struct bw_err e;

	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e) ||
	    bw_symbols_read(&o, &t, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	if (img->member) {
		if (run->per_file_headers && run->last_archive != img->file)
			fprintf(ctx->out, "\n%s:\n", img->file);
		run->last_archive = img->file;
		fprintf(ctx->out, "\n%s:\n", img->member);
	} else if (run->per_file_headers) {
		fprintf(ctx->out, "\n%s:\n", img->file);
	}
	print_nm(ctx->out, &o, &t, !bw_opt_is(ctx, "demangle", "no"));
	bw_symtab_free(&t);
	bw_obj_close(&o);
	return 0;
}

static int symbols_text(struct bw_ctx *ctx, char **files, int nfiles)
{
	struct sym_run run = { .per_file_headers = nfiles > 1 };

	bw_run_images(ctx, files, nfiles, bw_symbols_image, &run);
	return bw_status(ctx);
}

static int json_read(struct bw_ctx *ctx, struct bw_file *f, void **state)
{
	struct bw_symtab *t = malloc(sizeof(*t));
	struct bw_err e;

	if (!t) {
		bw_reportf(ctx, f->img->display, "out of memory");
		return -1;
	}
	if (bw_symbols_read(&f->obj, t, &e)) {
		free(t);
		bw_report(ctx, &e);
		return -1;
	}
	*state = t;
	return 0;
}

static void json_write(struct bw_ctx *ctx, const struct bw_file *f, void *state)
{
	(void)f;
	write_symbols(ctx->js, state);
}

static void json_free(void *state)
{
	bw_symtab_free(state);
	free(state);
}

static const struct bw_json_part json = { json_read, json_write, json_free };

static const struct bw_option options[] = {
	{ "--no-demangle", NULL, "demangle", "no", 0, false,
	  "raw symbol names, as nm without -C (default: C++ and Rust names demangled, as nm -C)" },
	{ 0 },
};

const struct bw_extractor bw_x_symbols = {
	.name = "symbols",
	.help = "sized symbols as nm -C -S --size-sort prints them; --json adds section, binding, kind, rollup",
	.operands = "FILE...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = symbols_text,
	.json = &json,
	.flags = BW_X_ALL,
};
