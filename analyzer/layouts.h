/* SPDX-License-Identifier: GPL-2.0 */
/* The analyzer's side of the struct-layout contract (structs.h): calling the extractor, writing JSON. */
#ifndef BW_LAYOUTS_H
#define BW_LAYOUTS_H

#include "input.h"
#include "json.h"
#include "structs.h"

/* True when the DWARF extractor (analyzer/structs*.c) is linked in. */
bool bw_layouts_available(void);

/* Extract @img's layouts with the run's options. Return: 0, or -1 with @e set. */
int bw_layouts_extract(struct bw_ctx *ctx, const struct bw_image_ref *img, struct bw_layout_set *out,
		       struct bw_err *e);

/* Write @set as the STRUCT array of SCHEMA.md (the value of a "structs" key). */
void bw_layouts_json(struct bw_json *j, const struct bw_layout_set *set);


/* structdiff.c: compare the layouts of two sides (each several images' sets, merged by name). */
void bw_struct_diff_print(FILE *f, const struct bw_layout_set *old, size_t nold,
			  const struct bw_layout_set *new, size_t nnew);
void bw_struct_diff_json(struct bw_json *j, const struct bw_layout_set *old, size_t nold,
			 const struct bw_layout_set *new, size_t nnew);

#endif /* BW_LAYOUTS_H */
