// SPDX-License-Identifier: GPL-2.0
/* Temporary: modes not written yet (removed as each mode lands). */
#include "modes.h"

static int pending(struct bw_ctx *ctx)
{
	bw_reportf(ctx, NULL, "%s: not built yet", ctx->mode);
	return 1;
}

int bw_mode_diff(struct bw_ctx *ctx, char **f, int n) { (void)f; (void)n; return pending(ctx); }
