// SPDX-License-Identifier: GPL-2.0
/* Mode all: every per-file extractor's keys in one JSON document, the history database's input. */
#include "cmd.h"

static int all_run(struct bw_ctx *ctx, char **files, int nfiles)
{
	const struct bw_extractor *xs[BW_MAX_EXTRACTORS];
	struct bw_json_run run = { .xs = xs, .all = true };

	for (size_t i = 0; i < bw_nextractors; i++)
		if ((bw_extractors[i]->flags & BW_X_ALL) && run.n < BW_MAX_EXTRACTORS)
			xs[run.n++] = bw_extractors[i];
	return bw_run_json(ctx, files, nfiles, &run);
}

static const struct bw_option options[] = { { 0 } };

const struct bw_extractor bw_x_all = {
	.name = "all",
	.help = "everything about every object in one JSON document (for the history database)",
	.operands = "FILE...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = all_run,
	.flags = BW_X_COMPOSE,
};
