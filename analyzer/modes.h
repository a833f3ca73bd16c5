/* SPDX-License-Identifier: GPL-2.0 */
/* The subcommands: each takes the context and its file operands and returns the exit status. */
#ifndef BW_MODES_H
#define BW_MODES_H

#include "bw.h"
#include "input.h"

/* Exit status: 0 all inputs reported, 1 some input failed, 2 usage error. */
int bw_mode_size(struct bw_ctx *ctx, char **files, int nfiles);
int bw_mode_symbols(struct bw_ctx *ctx, char **files, int nfiles);
int bw_mode_structs(struct bw_ctx *ctx, char **files, int nfiles);
int bw_mode_configs(struct bw_ctx *ctx, char **files, int nfiles);
int bw_mode_diff(struct bw_ctx *ctx, char **files, int nfiles);
int bw_mode_all(struct bw_ctx *ctx, char **files, int nfiles);

/* One image of each mode (the fuzzers call these directly); @arg may be NULL. */
int bw_size_image(struct bw_ctx *ctx, const struct bw_image_ref *img, void *arg);
int bw_symbols_image(struct bw_ctx *ctx, const struct bw_image_ref *img, void *arg);
int bw_structs_image(struct bw_ctx *ctx, const struct bw_image_ref *img, void *arg);
int bw_all_image(struct bw_ctx *ctx, const struct bw_image_ref *img, void *arg);

/* JSON envelope shared by every mode (SCHEMA.md): opens the document and its "files" array. */
void bw_envelope_begin(struct bw_ctx *ctx);
/* Close "files" (when @files_open), write "errors" and close the document. */
void bw_envelope_end(struct bw_ctx *ctx, bool files_open);
/* The exit status every mode returns: 1 when any error was reported. */
int bw_status(const struct bw_ctx *ctx);
/*
 * The per-file modes' run: @fn on every ELF image of @files (a file, or each
 * member of an archive), as entries of the envelope's "files" when @json.
 */
void bw_run_images(struct bw_ctx *ctx, char **files, int nfiles, bw_image_fn fn, void *arg,
		   bool json);

#endif /* BW_MODES_H */
