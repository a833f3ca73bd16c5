// SPDX-License-Identifier: GPL-2.0
/* The runner every mode shares: settings, the JSON envelope, per-image runs and FILE entries. */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

#define BW_SCHEMA_VERSION 1

const struct bw_option bw_common_options[] = {
	{ "--json", NULL, "json", "1", 0, true,
	  "JSON output (docs/analyzer-json.md); mode all always writes JSON" },
	{ "--mark", NULL, "mark", "1", 0, false,
	  "each FILE on its own, as one run per FILE; its stdout and stderr end with \"@end STATUS\"" },
	{ 0 },
};

const char *bw_opt(const struct bw_ctx *ctx, const char *key)
{
	for (size_t i = ctx->nset; i-- > 0;)
		if (!strcmp(ctx->set[i].key, key))
			return ctx->set[i].value;
	return NULL;
}

bool bw_opt_is(const struct bw_ctx *ctx, const char *key, const char *value)
{
	const char *v = bw_opt(ctx, key);

	return v && !strcmp(v, value);
}

unsigned long bw_opt_num(const struct bw_ctx *ctx, const char *key, unsigned long dflt)
{
	const char *v = bw_opt(ctx, key);

	return v ? strtoul(v, NULL, 10) : dflt; /* main.c checked the number */
}

int bw_opt_put(struct bw_ctx *ctx, const char *key, const char *value)
{
	if (ctx->nset == BW_MAX_SETTINGS)
		return -1;
	ctx->set[ctx->nset++] = (struct bw_setting){ key, value };
	return 0;
}

int bw_status(const struct bw_ctx *ctx)
{
	return ctx->errs.n ? 1 : 0;
}

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

void bw_run_images(struct bw_ctx *ctx, char **files, int nfiles, bw_image_fn fn, void *arg)
{
	for (int i = 0; i < nfiles; i++)
		bw_for_each_image(ctx, files[i], fn, arg);
}

const struct bw_dwarf *bw_file_dwarf(struct bw_ctx *ctx, struct bw_file *f)
{
	struct bw_err e;

	if (!f->dwarf_state) {
		f->dwarf_state = bw_dwarf_open(f->img, false, &f->dwarf, &e) ? -1 : 1;
		if (f->dwarf_state < 0)
			bw_report(ctx, &e);
	}
	return f->dwarf_state > 0 ? &f->dwarf : NULL;
}

int bw_json_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	const struct bw_json_run *run = arg;
	struct bw_file f = { .img = img };
	void *state[BW_MAX_EXTRACTORS];
	struct bw_err e;
	size_t read = 0;
	int ret = 0;

	if (run->n > BW_MAX_EXTRACTORS) {
		BW_BUG(&e, img->display, "too many JSON parts");
		bw_report(ctx, &e);
		return -1;
	}
	if (bw_obj_open(&f.obj, img->display, img->bytes, img->size, &e)) {
		bw_obj_close(&f.obj);
		bw_report(ctx, &e);
		return -1;
	}
	/* Read everything first: an entry is written whole or not at all. */
	for (; read < run->n; read++) {
		const struct bw_json_part *p = run->xs[read]->json;

		state[read] = NULL;
		if (!p->read || !p->read(ctx, &f, &state[read]))
			continue;
		ret = -1;
		state[read] = NULL;
		if (!run->all || !(run->xs[read]->flags & BW_X_ALL_OPTIONAL))
			goto out;
	}
	bw_file_json_begin(ctx, img, &f.obj);
	for (size_t i = 0; i < run->n; i++)
		if (run->xs[i]->json->write)
			run->xs[i]->json->write(ctx, &f, state[i]);
	bw_json_obj_end(ctx->js);
out:
	for (size_t i = 0; i < read; i++)
		if (state[i] && run->xs[i]->json->free)
			run->xs[i]->json->free(state[i]);
	if (f.dwarf_state > 0)
		bw_dwarf_close(&f.dwarf);
	bw_obj_close(&f.obj);
	return ret;
}

int bw_run_json(struct bw_ctx *ctx, char **files, int nfiles, const struct bw_json_run *run)
{
	struct bw_json js;

	bw_json_init(&js, ctx->out, 5);
	ctx->js = &js;
	bw_envelope_begin(ctx);
	bw_run_images(ctx, files, nfiles, bw_json_image, (void *)run);
	bw_envelope_end(ctx, true);
	ctx->js = NULL;
	return bw_status(ctx);
}
