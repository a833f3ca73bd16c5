// SPDX-License-Identifier: GPL-2.0
/* Mode stack: every function's frame from the object's call frame information, largest first. */
#include <stdlib.h>

#include "cmd.h"
#include "stack.h"

static const struct bw_option options[] = { { 0 } };

static int stack_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	struct bw_stack s;
	struct bw_obj o;
	struct bw_err e;
	FILE *f = ctx->out;

	(void)arg;
	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e) || bw_stack_read(&o, &s, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	fprintf(f, "%s:\n", img->display);
	for (size_t i = 0; i < s.n; i++) {
		const struct bw_frame *fr = &s.v[i];

		if (fr->kind == BW_FRAME_UNKNOWN)
			fprintf(f, "  %8s %-7s %s\n", "?", "unknown", fr->name);
		else
			fprintf(f, "  %8llu %-7s %s\n", (unsigned long long)fr->frame,
				bw_frame_kind_name(fr->kind), fr->name);
	}
	bw_stack_free(&s);
	bw_obj_close(&o);
	return 0;
}

static int stack_text(struct bw_ctx *ctx, char **files, int nfiles)
{
	bw_run_images(ctx, files, nfiles, stack_image, NULL);
	return bw_status(ctx);
}

static int json_read(struct bw_ctx *ctx, struct bw_file *f, void **state)
{
	struct bw_stack *s = malloc(sizeof(*s));
	struct bw_err e;

	if (!s) {
		bw_reportf(ctx, f->img->display, "out of memory");
		return -1;
	}
	if (bw_stack_read(&f->obj, s, &e)) {
		free(s);
		bw_report(ctx, &e);
		return -1;
	}
	*state = s;
	return 0;
}

static void json_write(struct bw_ctx *ctx, const struct bw_file *f, void *state)
{
	const struct bw_stack *s = state;
	struct bw_json *j = ctx->js;

	(void)f;
	bw_json_key(j, "stack");
	if (!s) {
		bw_json_null(j);
		return;
	}
	bw_json_arr_begin(j);
	for (size_t i = 0; i < s->n; i++) {
		const struct bw_frame *fr = &s->v[i];

		bw_json_obj_begin(j);
		bw_json_kstr(j, "function", fr->name);
		bw_json_kstr(j, "section", fr->section);
		bw_json_key(j, "frame");
		if (fr->kind == BW_FRAME_UNKNOWN)
			bw_json_null(j);
		else
			bw_json_u64(j, fr->frame);
		bw_json_kstr(j, "kind", bw_frame_kind_name(fr->kind));
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
}

static void json_free(void *state)
{
	bw_stack_free(state);
	free(state);
}

static const struct bw_json_part json = { json_read, json_write, json_free };

const struct bw_extractor bw_x_stack = {
	.name = "stack",
	.help = "frame of every function from .eh_frame/.debug_frame (largest CFA offset; fp: lower bound)",
	.operands = "FILE...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = stack_text,
	.json = &json,
	.flags = BW_X_ALL | BW_X_ALL_OPTIONAL,
};
