// SPDX-License-Identifier: GPL-2.0
/* Mode all: every fact about every object in one JSON document, the history database's input. */
#include "filejson.h"
#include "layouts.h"
#include "modes.h"
#include "symbols.h"

int bw_all_image(struct bw_ctx *ctx, const struct bw_image_ref *img, void *arg)
{
	struct bw_layout_set set = { 0 };
	struct bw_symtab t;
	struct bw_obj o;
	struct bw_err e;
	bool have_structs = bw_layouts_available();
	int ret = 0;

	(void)arg;
	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e) || bw_symbols_read(&o, &t, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	/* Unreadable DWARF costs the layouts only: sizes and symbols are still worth recording. */
	if (have_structs && bw_layouts_extract(ctx, img, &set, &e)) {
		bw_report(ctx, &e);
		have_structs = false;
		ret = -1;
	}
	bw_filejson_begin(ctx, img, &o);
	bw_symbols_json(ctx->js, &t);
	bw_json_key(ctx->js, "structs");
	if (have_structs)
		bw_layouts_json(ctx->js, &set);
	else
		bw_json_null(ctx->js);	/* unknown (not built, or DWARF unreadable), not "no structs" */
	bw_json_obj_end(ctx->js);
	if (have_structs)
		bw_layout_set_free(&set);
	bw_symtab_free(&t);
	bw_obj_close(&o);
	return ret;
}

int bw_mode_all(struct bw_ctx *ctx, char **files, int nfiles)
{
	bw_run_images(ctx, files, nfiles, bw_all_image, NULL, true);
	return bw_status(ctx);
}
