// SPDX-License-Identifier: GPL-2.0
/* Call the DWARF struct extractor through structs.h and write its layouts as JSON. */
#include <string.h>

#include "layouts.h"

/* Weak: the analyzer links and runs (mode structs reports an error) before structs*.c exists. */
#pragma weak bw_structs_extract
#pragma weak bw_layout_set_free
#pragma weak bw_structs_print

bool bw_layouts_available(void)
{
	return bw_structs_extract && bw_layout_set_free && bw_structs_print;
}

int bw_layouts_extract(struct bw_ctx *ctx, const struct bw_image_ref *img, struct bw_layout_set *out,
		       struct bw_err *e)
{
	struct bw_structs_opts opts = { .cacheline = ctx->o.cacheline, .only = ctx->o.only };
	struct bw_image image = { .name = img->display, .bytes = img->bytes, .size = img->size };
	char msg[sizeof(e->msg)];

	memset(out, 0, sizeof(*out));
	if (!bw_layouts_available())
		return bw_fail(e, img->display, "struct layouts: the DWARF extractor is not built yet");
	msg[0] = '\0';
	if (bw_structs_extract(&image, &opts, out, msg, sizeof(msg))) {
		bw_layout_set_free(out);
		return bw_fail(e, img->display, "%s", msg[0] ? msg : "cannot read DWARF");
	}
	return 0;
}

void bw_layouts_json(struct bw_json *j, const struct bw_layout_set *set)
{
	bw_json_arr_begin(j);
	for (size_t i = 0; i < set->n; i++) {
		const struct bw_layout *l = &set->v[i];

		bw_json_obj_begin(j);
		bw_json_kstr(j, "name", l->name);
		bw_json_kstr(j, "kind", l->kind);
		bw_json_ku64(j, "size", l->size);
		bw_json_ku64(j, "cachelines", l->cachelines);
		bw_json_ku64(j, "holes", l->holes);
		bw_json_ku64(j, "hole_bytes", l->hole_bytes);
		bw_json_ku64(j, "bit_holes", l->bit_holes);
		bw_json_ku64(j, "bit_hole_bits", l->bit_hole_bits);
		bw_json_ku64(j, "padding", l->padding);
		bw_json_key(j, "members");
		bw_json_arr_begin(j);
		for (size_t m = 0; m < l->nmembers; m++) {
			const struct bw_layout_member *mb = &l->members[m];

			bw_json_obj_begin(j);
			bw_json_kstr(j, "name", mb->name);
			bw_json_kstr(j, "type", mb->type);
			bw_json_ku64(j, "offset", mb->offset);
			bw_json_ku64(j, "size", mb->size);
			bw_json_ku64(j, "bit_size", mb->bit_size);
			bw_json_ku64(j, "bit_offset", mb->bit_offset);
			bw_json_obj_end(j);
		}
		bw_json_arr_end(j);
		bw_json_key(j, "reorganized");
		bw_json_obj_begin(j);
		bw_json_ku64(j, "size", l->reorg_size);
		bw_json_ku64(j, "saving", l->size > l->reorg_size ? l->size - l->reorg_size : 0);
		bw_json_key(j, "order");
		bw_json_arr_begin(j);
		for (size_t m = 0; l->reorg_order && m < l->nmembers; m++)
			bw_json_str(j, l->reorg_order[m]);
		bw_json_arr_end(j);
		bw_json_obj_end(j);
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
}
