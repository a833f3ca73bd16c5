// SPDX-License-Identifier: GPL-2.0
/* Mode structs: pahole-style text of the DWARF layouts, or their JSON (docs/analyzer-json.md). */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "layouts.h"

static const struct bw_option options[] = {
	{ "-C", "--class", "only", NULL, 0, true, "NAME: only the struct or union NAME" },
	{ "--reorganize", NULL, "reorganize", "1", 0, false,
	  "show pahole --reorganize's member order and saving" },
	BW_OPT_CACHELINE,
	{ "-j", "--jobs", "jobs", NULL, 64, true, "N: read the DWARF on N threads (same output)" },
	{ 0 },
};

/* An object without DWARF has no layouts to show: mode structs says so rather than print
 * nothing (mode all's JSON says it in "dwarf" alone, without a line per object). */
static void note_no_dwarf(struct bw_ctx *ctx, const struct bw_image *img,
			  const struct bw_layout_set *set)
{
	if (set->dwarf == BW_DWARF_NONE && !strcmp(ctx->mode, "structs"))
		bw_notef(ctx, img->display,
			 "no DWARF debug information: no struct layouts (built without -g?)");
}

static struct bw_layout_opts layout_opts(const struct bw_ctx *ctx)
{
	return (struct bw_layout_opts){ .cacheline = (unsigned)bw_opt_num(ctx, "cacheline", 64),
					.only = bw_opt(ctx, "only"),
					.jobs = (unsigned)bw_opt_num(ctx, "jobs", 1) };
}

/* Write @set as the STRUCT array of docs/analyzer-json.md (the value of a "structs" key). */
static void write_layouts(struct bw_json *j, const struct bw_layout_set *set)
{
	bw_json_arr_begin(j);
	for (size_t i = 0; i < set->n; i++) {
		const struct bw_layout *l = &set->v[i];

		bw_json_obj_begin(j);
		bw_json_kstr(j, "name", l->name);
		bw_json_kstr(j, "kind", l->kind);
		if (l->decl_file) {
			bw_json_kstr(j, "decl_file", l->decl_file);
			bw_json_ku64(j, "decl_line", l->decl_line);
		}
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

static int structs_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	struct bw_layout_opts opts = layout_opts(ctx);
	struct bw_layout_set set;
	struct bw_obj o;
	struct bw_err e;

	(void)arg;
	/* Check the ELF first: the DWARF reader then only sees sane headers. */
	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e) ||
	    bw_layouts_read(img, &opts, &set, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	note_no_dwarf(ctx, img, &set);
	bw_layouts_print(ctx->out, &set, &opts, bw_opt(ctx, "reorganize") != NULL);
	bw_layout_set_free(&set);
	bw_obj_close(&o);
	return 0;
}

static int structs_text(struct bw_ctx *ctx, char **files, int nfiles)
{
	bw_run_images(ctx, files, nfiles, structs_image, NULL);
	return bw_status(ctx);
}

static int json_read(struct bw_ctx *ctx, struct bw_file *f, void **state)
{
	struct bw_layout_opts opts = layout_opts(ctx);
	const struct bw_dwarf *h = bw_file_dwarf(ctx, f);
	struct bw_layout_set *set;
	struct bw_err e;

	if (!h)
		return -1;
	set = malloc(sizeof(*set));
	if (!set) {
		bw_reportf(ctx, f->img->display, "out of memory");
		return -1;
	}
	if (bw_layouts_from(h, &opts, set, &e)) {
		free(set);
		bw_report(ctx, &e);
		return -1;
	}
	note_no_dwarf(ctx, f->img, set);
	*state = set;
	return 0;
}

static void json_write(struct bw_ctx *ctx, const struct bw_file *f, void *state)
{
	const struct bw_layout_set *set = state;

	(void)f;
	/* unknown (DWARF unreadable) is null, not "no structs" */
	bw_json_kstr(ctx->js, "dwarf", set ? bw_dwarf_source_name(set->dwarf) : NULL);
	bw_json_key(ctx->js, "structs");
	if (set)
		write_layouts(ctx->js, set);
	else
		bw_json_null(ctx->js);
}

static void json_free(void *state)
{
	bw_layout_set_free(state);
	free(state);
}

static const struct bw_json_part json = { json_read, json_write, json_free };

const struct bw_extractor bw_x_structs = {
	.name = "structs",
	.help = "struct/union layouts from DWARF, pahole-style: holes, padding, cachelines",
	.operands = "FILE...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = structs_text,
	.json = &json,
	.flags = BW_X_ALL | BW_X_ALL_OPTIONAL,
};
