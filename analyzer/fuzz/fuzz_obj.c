// SPDX-License-Identifier: GPL-2.0
/* libFuzzer entry: arbitrary bytes as an ELF object or ar archive, through every mode's per-image path. */
#include <stdlib.h>
#include <string.h>

#include "bw.h"
#include "input.h"
#include "json.h"
#include "modes.h"

/* Run every extractor over one image: size (both formats), symbols (text), all (JSON). */
static int every_mode(struct bw_ctx *ctx, const struct bw_image_ref *img, void *arg)
{
	struct bw_json js;

	(void)arg;
	ctx->o.sysv = false;
	bw_size_image(ctx, img, NULL);
	ctx->o.sysv = true;
	bw_size_image(ctx, img, NULL);
	bw_symbols_image(ctx, img, NULL);
	bw_json_init(&js, ctx->out, 5);
	ctx->js = &js;
	bw_all_image(ctx, img, NULL);
	ctx->js = NULL;
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *sink;	/* the harness may keep state; the analyzer may not */
	struct bw_ctx ctx = { 0 };
	unsigned char *copy;

	/* Thin archives name files on disk: not something to fuzz into. */
	if (size >= 8 && !memcmp(data, "!<thin>\n", 8))
		return 0;
	if (!sink)
		sink = fopen("/dev/null", "w");
	copy = malloc(size ? size : 1);	/* writable, as the mapping is: libelf may convert in place */
	if (!copy || !sink) {
		free(copy);
		return 0;
	}
	memcpy(copy, data, size);
	ctx.out = sink;
	ctx.mode = "all";
	ctx.o.cacheline = 64;
	if (bw_is_archive(copy, size)) {
		bw_archive_walk(&ctx, "fuzz.a", copy, size, every_mode, NULL);
	} else {
		struct bw_image_ref img = { .file = "fuzz.o", .display = "fuzz.o", .bytes = copy,
					    .size = size, .index = -1 };

		every_mode(&ctx, &img, NULL);
	}
	bw_errs_free(&ctx.errs);
	free(copy);
	return 0;
}
