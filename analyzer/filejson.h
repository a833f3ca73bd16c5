/* SPDX-License-Identifier: GPL-2.0 */
/* The FILE entry of the JSON schema: header facts, Berkeley totals, sections, build record. */
#ifndef BW_FILEJSON_H
#define BW_FILEJSON_H

#include "input.h"
#include "json.h"
#include "obj.h"

/* Open a FILE object and write everything up to and including "build"; the caller adds
 * its mode's keys and closes the object with bw_json_obj_end(). */
void bw_filejson_begin(struct bw_ctx *ctx, const struct bw_image_ref *img, const struct bw_obj *o);

/* Berkeley bucket name: "text", "data", "bss" or "other". */
const char *bw_bucket_name(enum bw_bucket b);

#endif /* BW_FILEJSON_H */
