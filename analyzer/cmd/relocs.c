// SPDX-License-Identifier: GPL-2.0
/* Mode relocs: how many relocations each relocation section holds, and for which section. */
#include "cmd.h"

/* Every SHT_REL/SHT_RELA section: its name, the section it applies to, its entry count. */
static void each_reloc_section(const struct bw_obj *o,
			       void (*fn)(void *arg, const struct bw_sec *s, const char *target,
					  uint64_t n),
			       void *arg)
{
	for (size_t i = 1; i < o->shnum; i++) {
		const struct bw_sec *s = &o->secs[i];

		if (s->type != SHT_REL && s->type != SHT_RELA)
			continue;
		fn(arg, s, s->info && s->info < o->shnum ? o->secs[s->info].name : "",
		   s->entsize ? s->size / s->entsize : 0);
	}
}

static void print_line(void *arg, const struct bw_sec *s, const char *target, uint64_t n)
{
	fprintf(arg, "%-24s %-24s %8llu\n", s->name, target, (unsigned long long)n);
}

static int relocs_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	struct bw_obj o;
	struct bw_err e;

	(void)arg;
	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	fprintf(ctx->out, "%s:\n", img->display);
	each_reloc_section(&o, print_line, ctx->out);
	bw_obj_close(&o);
	return 0;
}

static int relocs_text(struct bw_ctx *ctx, char **files, int nfiles)
{
	bw_run_images(ctx, files, nfiles, relocs_image, NULL);
	return bw_status(ctx);
}

static void json_entry(void *arg, const struct bw_sec *s, const char *target, uint64_t n)
{
	struct bw_json *j = arg;

	bw_json_obj_begin(j);
	bw_json_kstr(j, "section", s->name);
	bw_json_kstr(j, "target", target);
	bw_json_kstr(j, "type", s->type == SHT_RELA ? "RELA" : "REL");
	bw_json_ku64(j, "count", n);
	bw_json_obj_end(j);
}

static void json_write(struct bw_ctx *ctx, const struct bw_file *f, void *state)
{
	(void)state;
	bw_json_key(ctx->js, "relocations");
	bw_json_arr_begin(ctx->js);
	each_reloc_section(&f->obj, json_entry, ctx->js);
	bw_json_arr_end(ctx->js);
}

static const struct bw_json_part json = { .write = json_write };

static const struct bw_option options[] = { { 0 } };

const struct bw_extractor bw_x_relocs = {
	.name = "relocs",
	.help = "relocation entries per relocation section and the section they apply to",
	.operands = "FILE...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = relocs_text,
	.json = &json,
};
