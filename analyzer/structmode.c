// SPDX-License-Identifier: GPL-2.0
/* Mode structs: pahole-style text from the extractor, or JSON FILE entries with their layouts. */
#include "filejson.h"
#include "layouts.h"
#include "modes.h"

int bw_structs_image(struct bw_ctx *ctx, const struct bw_image_ref *img, void *arg)
{
	struct bw_layout_set set;
	struct bw_obj o;
	struct bw_err e;

	(void)arg;
	/* Check the ELF first: the extractor then only sees sane headers. */
	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e) ||
	    bw_layouts_extract(ctx, img, &set, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	if (ctx->js) {
		bw_filejson_begin(ctx, img, &o);
		bw_json_key(ctx->js, "structs");
		bw_layouts_json(ctx->js, &set);
		bw_json_obj_end(ctx->js);
	} else {
		struct bw_structs_opts opts = { .cacheline = ctx->o.cacheline, .only = ctx->o.only };

		bw_structs_print(ctx->out, &set, &opts, ctx->o.reorganize);
	}
	bw_layout_set_free(&set);
	bw_obj_close(&o);
	return 0;
}

int bw_mode_structs(struct bw_ctx *ctx, char **files, int nfiles)
{
	bw_run_images(ctx, files, nfiles, bw_structs_image, NULL, ctx->o.json);
	return bw_status(ctx);
}
