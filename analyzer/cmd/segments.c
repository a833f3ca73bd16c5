// SPDX-License-Identifier: GPL-2.0
/* Mode segments: program headers with their sections, and the flash/RAM split of an image. */
#include <stdlib.h>

#include "cmd.h"
#include "segments.h"

static const struct bw_option options[] = { { 0 } };

static void flags_str(uint32_t f, char out[4])
{
	out[0] = (f & PF_R) ? 'R' : ' ';
	out[1] = (f & PF_W) ? 'W' : ' ';
	out[2] = (f & PF_X) ? 'E' : ' ';
	out[3] = '\0';
}

static void print_memory(FILE *f, const struct bw_memory *m)
{
	fprintf(f,
		"flash %llu (text %llu, rodata %llu, data %llu)  RAM %llu (data %llu, bss %llu)  from %s\n",
		(unsigned long long)m->flash, (unsigned long long)m->text,
		(unsigned long long)m->rodata, (unsigned long long)m->data,
		(unsigned long long)m->ram, (unsigned long long)m->data, (unsigned long long)m->bss,
		m->from_segments ? "segments" : "sections");
}

static int segments_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	struct bw_segments s;
	struct bw_obj o;
	struct bw_err e;
	FILE *f = ctx->out;

	(void)arg;
	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e) ||
	    bw_segments_read(&o, &s, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	fprintf(f, "%s:\n", img->display);
	if (s.n)
		fprintf(f, "  %-14s %-10s %-18s %-18s %-10s %-10s %-3s %s\n", "Type", "Offset",
			"VirtAddr", "PhysAddr", "FileSiz", "MemSiz", "Flg", "Align");
	for (size_t k = 0; k < s.n; k++) {
		const struct bw_segment *g = &s.v[k];
		char buf[32], fl[4];

		flags_str(g->flags, fl);
		fprintf(f, "  %-14s 0x%08llx 0x%016llx 0x%016llx 0x%08llx 0x%08llx %-3s %#llx\n",
			bw_segment_type_name(o.machine, g->type, buf, sizeof(buf)),
			(unsigned long long)g->offset, (unsigned long long)g->vaddr,
			(unsigned long long)g->paddr, (unsigned long long)g->filesz,
			(unsigned long long)g->memsz, fl, (unsigned long long)g->align);
		if (!g->nsecs)
			continue;
		fprintf(f, "   ");
		for (size_t i = 0; i < g->nsecs; i++)
			fprintf(f, " %s", o.secs[g->secs[i]].name);
		fputc('\n', f);
	}
	print_memory(f, &s.mem);
	bw_segments_free(&s);
	bw_obj_close(&o);
	return 0;
}

static int segments_text(struct bw_ctx *ctx, char **files, int nfiles)
{
	bw_run_images(ctx, files, nfiles, segments_image, NULL);
	return bw_status(ctx);
}

static int json_read(struct bw_ctx *ctx, struct bw_file *f, void **state)
{
	struct bw_segments *s = malloc(sizeof(*s));
	struct bw_err e;

	if (!s) {
		bw_reportf(ctx, f->img->display, "out of memory");
		return -1;
	}
	if (bw_segments_read(&f->obj, s, &e)) {
		free(s);
		bw_report(ctx, &e);
		return -1;
	}
	*state = s;
	return 0;
}

static void json_write(struct bw_ctx *ctx, const struct bw_file *f, void *state)
{
	const struct bw_segments *s = state;
	struct bw_json *j = ctx->js;
	char buf[32], fl[4];

	bw_json_key(j, "segments");
	if (!s) {
		bw_json_null(j);
		bw_json_key(j, "memory");
		bw_json_null(j);
		return;
	}
	bw_json_arr_begin(j);
	for (size_t k = 0; k < s->n; k++) {
		const struct bw_segment *g = &s->v[k];

		flags_str(g->flags, fl);
		bw_json_obj_begin(j);
		bw_json_kstr(j, "type",
			     bw_segment_type_name(f->obj.machine, g->type, buf, sizeof(buf)));
		bw_json_ku64(j, "offset", g->offset);
		bw_json_ku64(j, "vaddr", g->vaddr);
		bw_json_ku64(j, "paddr", g->paddr);
		bw_json_ku64(j, "filesz", g->filesz);
		bw_json_ku64(j, "memsz", g->memsz);
		bw_json_kstr(j, "flags", fl);
		bw_json_ku64(j, "align", g->align);
		bw_json_key(j, "sections");
		bw_json_arr_begin(j);
		for (size_t i = 0; i < g->nsecs; i++)
			bw_json_str(j, f->obj.secs[g->secs[i]].name);
		bw_json_arr_end(j);
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
	bw_json_key(j, "memory");
	bw_json_obj_begin(j);
	bw_json_ku64(j, "flash", s->mem.flash);
	bw_json_ku64(j, "ram", s->mem.ram);
	bw_json_ku64(j, "text", s->mem.text);
	bw_json_ku64(j, "rodata", s->mem.rodata);
	bw_json_ku64(j, "data", s->mem.data);
	bw_json_ku64(j, "bss", s->mem.bss);
	bw_json_kstr(j, "from", s->mem.from_segments ? "segments" : "sections");
	bw_json_obj_end(j);
}

static void json_free(void *state)
{
	bw_segments_free(state);
	free(state);
}

static const struct bw_json_part json = { json_read, json_write, json_free };

const struct bw_extractor bw_x_segments = {
	.name = "segments",
	.help = "program headers with their sections; flash (text, rodata, data) and RAM (data, bss)",
	.operands = "FILE...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = segments_text,
	.json = &json,
	.flags = BW_X_ALL,
};
