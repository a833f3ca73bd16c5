// SPDX-License-Identifier: GPL-2.0
/* Mode compileunits: code and static data bytes per compile unit and per source folder (DWARF). */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "cunits.h"

static const struct bw_option options[] = { { 0 } };

/* The numbers of one row; the caller ends it with its label. */
static void print_row(FILE *f, uint64_t text, uint64_t vars, uint64_t data, uint64_t rodata,
		      uint64_t bss, bool split)
{
	fprintf(f, "%10llu %10llu", (unsigned long long)text, (unsigned long long)vars);
	if (split)
		fprintf(f, " %10llu %10llu %10llu", (unsigned long long)data,
			(unsigned long long)rodata, (unsigned long long)bss);
}

/* Each distinct DW_AT_producer with the number of units it made, in first-unit order. */
static void print_producers(FILE *f, const struct bw_cunits *u)
{
	fprintf(f, "%10s  %s\n", "units", "producer");
	for (size_t i = 0; i < u->n; i++) {
		const char *p = u->v[i].producer ? u->v[i].producer : "";
		size_t n = 0;
		bool first = true;

		for (size_t k = 0; k < u->n; k++) {
			const char *q = u->v[k].producer ? u->v[k].producer : "";

			if (!strcmp(p, q)) {
				first = first && k >= i;
				n++;
			}
		}
		if (first)
			fprintf(f, "%10zu  %s\n", n, u->v[i].producer ? p : "(none)");
	}
}

static int read_units(struct bw_ctx *ctx, const struct bw_image *img, struct bw_obj *o,
		      struct bw_dwarf *h, struct bw_cunits *u)
{
	struct bw_err e;

	if (bw_obj_open(o, img->display, img->bytes, img->size, &e) ||
	    bw_dwarf_open(img, false, h, &e)) {
		bw_obj_close(o);
		bw_report(ctx, &e);
		return -1;
	}
	if (bw_cunits_read(h, o, u, &e)) {
		bw_dwarf_close(h);
		bw_obj_close(o);
		bw_report(ctx, &e);
		return -1;
	}
	return 0;
}

static int units_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	struct bw_cunits u;
	struct bw_dwarf h;
	struct bw_obj o;
	FILE *f = ctx->out;

	(void)arg;
	if (read_units(ctx, img, &o, &h, &u))
		return -1;
	fprintf(f, "%s:\n", img->display);
	if (!h.dw) {
		fprintf(f, "  no DWARF: no compile units\n");
		goto out;
	}
	fprintf(f, "%10s %10s", "text", "vars");
	if (u.split)
		fprintf(f, " %10s %10s %10s", "data", "rodata", "bss");
	fprintf(f, "  %s\n", "compile unit");
	for (size_t i = 0; i < u.n; i++) {
		const struct bw_cunit *c = &u.v[i];

		print_row(f, c->text, c->vars, c->data, c->rodata, c->bss, u.split);
		fprintf(f, "  %s\n", c->name);
	}
	fprintf(f, "%10s %10s", "text", "vars");
	if (u.split)
		fprintf(f, " %10s %10s %10s", "data", "rodata", "bss");
	fprintf(f, "  %s\n", "folder (units)");
	for (size_t i = 0; i < u.nfolders; i++) {
		const struct bw_cunit_folder *d = &u.folders[i];

		print_row(f, d->text, d->vars, d->data, d->rodata, d->bss, u.split);
		fprintf(f, "  %s (%zu)\n", d->folder, d->units);
	}
	print_producers(f, &u);
out:
	bw_cunits_free(&u);
	bw_dwarf_close(&h);
	bw_obj_close(&o);
	return 0;
}

static int units_text(struct bw_ctx *ctx, char **files, int nfiles)
{
	bw_run_images(ctx, files, nfiles, units_image, NULL);
	return bw_status(ctx);
}

static int json_read(struct bw_ctx *ctx, struct bw_file *f, void **state)
{
	const struct bw_dwarf *h = bw_file_dwarf(ctx, f);
	struct bw_cunits *u;
	struct bw_err e;

	if (!h)
		return -1;
	u = malloc(sizeof(*u));
	if (!u) {
		bw_reportf(ctx, f->img->display, "out of memory");
		return -1;
	}
	if (bw_cunits_read(h, &f->obj, u, &e)) {
		free(u);
		bw_report(ctx, &e);
		return -1;
	}
	*state = u;
	return 0;
}

static void split_keys(struct bw_json *j, bool split, uint64_t data, uint64_t rodata, uint64_t bss)
{
	const char *keys[] = { "data", "rodata", "bss" };
	uint64_t v[] = { data, rodata, bss };

	for (int k = 0; k < 3; k++) {
		bw_json_key(j, keys[k]);
		if (split)
			bw_json_u64(j, v[k]);
		else
			bw_json_null(j);
	}
}

static void json_write(struct bw_ctx *ctx, const struct bw_file *f, void *state)
{
	const struct bw_cunits *u = state;
	struct bw_json *j = ctx->js;

	(void)f;
	bw_json_key(j, "compileunits");
	if (!u) {
		bw_json_null(j); /* DWARF unreadable: the error is in "errors" */
		bw_json_key(j, "folders");
		bw_json_null(j);
		return;
	}
	bw_json_arr_begin(j);
	for (size_t i = 0; i < u->n; i++) {
		const struct bw_cunit *c = &u->v[i];

		bw_json_obj_begin(j);
		bw_json_kstr(j, "name", c->name);
		bw_json_kstr(j, "folder", c->folder);
		bw_json_kstr(j, "producer", c->producer);
		bw_json_ku64(j, "text", c->text);
		bw_json_ku64(j, "vars", c->vars);
		split_keys(j, u->split, c->data, c->rodata, c->bss);
		bw_json_key(j, "spans");
		if (u->split) {
			bw_json_arr_begin(j);
			for (size_t k = 0; k < c->nspans; k++) {
				bw_json_arr_begin(j);
				bw_json_u64(j, c->spans[k].start);
				bw_json_u64(j, c->spans[k].end);
				bw_json_arr_end(j);
			}
			bw_json_arr_end(j);
		} else {
			bw_json_null(j);
		}
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
	bw_json_key(j, "folders");
	bw_json_arr_begin(j);
	for (size_t i = 0; i < u->nfolders; i++) {
		const struct bw_cunit_folder *d = &u->folders[i];

		bw_json_obj_begin(j);
		bw_json_kstr(j, "folder", d->folder);
		bw_json_ku64(j, "units", d->units);
		bw_json_ku64(j, "text", d->text);
		bw_json_ku64(j, "vars", d->vars);
		split_keys(j, u->split, d->data, d->rodata, d->bss);
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
}

static void json_free(void *state)
{
	bw_cunits_free(state);
	free(state);
}

static const struct bw_json_part json = { json_read, json_write, json_free };

const struct bw_extractor bw_x_compileunits = {
	.name = "compileunits",
	.help = "code and static data bytes per compile unit and source folder (DWARF), .o files too",
	.operands = "FILE...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = units_text,
	.json = &json,
	.flags = BW_X_ALL | BW_X_ALL_OPTIONAL,
};
