// SPDX-License-Identifier: GPL-2.0
/* Mode symbols: nm -S --size-sort output (with nm's per-file headers) or JSON FILE entries with rollups. */
#include "filejson.h"
#include "modes.h"
#include "symbols.h"

struct sym_run {
	bool per_file_headers;	/* nm prints "\nFILE:\n" when given more than one file */
	const char *last_archive;	/* archive whose header was printed */
};

int bw_symbols_image(struct bw_ctx *ctx, const struct bw_image_ref *img, void *arg)
{
	struct sym_run scratch = { 0 }, *run = arg ? arg : &scratch;
	struct bw_symtab t;
	struct bw_obj o;
	struct bw_err e;

	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e) || bw_symbols_read(&o, &t, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	if (ctx->js) {
		bw_filejson_begin(ctx, img, &o);
		bw_symbols_json(ctx->js, &t);
		bw_json_obj_end(ctx->js);
	} else {
		if (img->member) {
			if (run->per_file_headers && run->last_archive != img->file)
				fprintf(ctx->out, "\n%s:\n", img->file);
			run->last_archive = img->file;
			fprintf(ctx->out, "\n%s:\n", img->member);
		} else if (run->per_file_headers) {
			fprintf(ctx->out, "\n%s:\n", img->file);
		}
		bw_symbols_print_nm(ctx->out, &o, &t);
	}
	bw_symtab_free(&t);
	bw_obj_close(&o);
	return 0;
}

int bw_mode_symbols(struct bw_ctx *ctx, char **files, int nfiles)
{
	struct sym_run run = { .per_file_headers = nfiles > 1 };

	bw_run_images(ctx, files, nfiles, bw_symbols_image, &run, ctx->o.json);
	return bw_status(ctx);
}
