// SPDX-License-Identifier: GPL-2.0
/* libFuzzer entry: arbitrary bytes as an ELF object or ar archive, through every mode's per-image path. */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* Run every extractor over one image: size (both formats), symbols and stack (text), the FILE entry
 * of every per-file row of the table, as mode all writes it. */
static int every_mode(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	const struct bw_extractor *xs[BW_MAX_EXTRACTORS];
	struct bw_json_run run = { .xs = xs, .all = true };
	struct bw_json js;

	(void)arg;
	ctx->nset = 0;
	bw_size_image(ctx, img, NULL);
	bw_opt_put(ctx, "format", "sysv");
	bw_size_image(ctx, img, NULL);
	bw_symbols_image(ctx, img, NULL);
	for (size_t i = 0; i < bw_nextractors; i++)
		if (bw_extractors[i]->json && run.n < BW_MAX_EXTRACTORS)
			xs[run.n++] = bw_extractors[i];
	bw_json_init(&js, ctx->out, 5);
	ctx->js = &js;
	bw_json_image(ctx, img, &run);
	ctx->js = NULL;
	bw_stack_image(ctx, img, NULL); /* last: its DWARF relocates the image in place */
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static FILE *sink; /* the harness may keep state; the analyzer may not */
	struct bw_ctx ctx = { 0 };
	unsigned char *copy;

	/* Thin archives name files on disk: not something to fuzz into. */
	if (size >= 8 && !memcmp(data, "!<thin>\n", 8))
		return 0;
	if (!sink)
		sink = fopen("/dev/null", "w");
	copy = malloc(size ? size :
			     1); /* writable, as the mapping is: libelf may convert in place */
	if (!copy || !sink) {
		free(copy);
		return 0;
	}
	memcpy(copy, data, size);
	ctx.out = sink;
	ctx.mode = "all";
	if (bw_is_archive(copy, size)) {
		bw_archive_walk(&ctx, "fuzz.a", copy, size, every_mode, NULL);
	} else {
		struct bw_image img = { .file = "fuzz.o",
					.display = "fuzz.o",
					.bytes = copy,
					.size = size,
					.index = -1 };

		every_mode(&ctx, &img, NULL);
	}
	bw_errs_free(&ctx.errs);
	free(copy);
	return 0;
}
