// SPDX-License-Identifier: GPL-2.0
/* The JSON envelope all modes share (schema, version, mode, files, errors); the per-file run. */
#include "bw.h"
#include "json.h"
#include "modes.h"

#define BW_SCHEMA_VERSION 1

void bw_envelope_begin(struct bw_ctx *ctx)
{
	struct bw_json *j = ctx->js;

	bw_json_obj_begin(j);
	bw_json_kstr(j, "schema", "bloatwatch-analyze");
	bw_json_ku64(j, "version", BW_SCHEMA_VERSION);
	bw_json_kstr(j, "mode", ctx->mode);
	bw_json_key(j, "files");
	bw_json_arr_begin(j);
}

void bw_envelope_end(struct bw_ctx *ctx, bool files_open)
{
	struct bw_json *j = ctx->js;

	if (files_open)
		bw_json_arr_end(j);
	bw_json_key(j, "errors");
	bw_json_arr_begin(j);
	for (size_t i = 0; i < ctx->errs.n; i++) {
		bw_json_obj_begin(j);
		bw_json_kstr(j, "file", ctx->errs.v[i].file);
		bw_json_kstr(j, "message", ctx->errs.v[i].msg);
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
	bw_json_obj_end(j);
	bw_json_finish(j);
}

int bw_status(const struct bw_ctx *ctx)
{
	return ctx->errs.n ? 1 : 0;
}

void bw_run_images(struct bw_ctx *ctx, char **files, int nfiles, bw_image_fn fn, void *arg,
		   bool json)
{
	struct bw_json js;

	if (json) {
		bw_json_init(&js, ctx->out, 5);
		ctx->js = &js;
		bw_envelope_begin(ctx);
	}
	for (int i = 0; i < nfiles; i++)
		bw_for_each_image(ctx, files[i], fn, arg);
	if (json) {
		bw_envelope_end(ctx, true);
		ctx->js = NULL;
	}
}
