// SPDX-License-Identifier: GPL-2.0
/* Mode stack: every function's frame (CFI, .su) and worst case through the run's call graph.
 *
 * Calls resolve across every image of the run (the members of an archive, all operands), so
 * the images are read twice: once into the graph, then, once it is solved, for the output.
 * In mode all each image is its own graph (calls resolved within it), read before the parts
 * that relocate its DWARF (table.c) and sharing their DWARF handle.
 */
#define _GNU_SOURCE /* asprintf */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "cmd.h"

static const struct bw_option options[] = { { 0 } };

struct run {
	struct bw_cg g;
	int *image; /* per image visited: its graph index, -1 when it failed */
	size_t n, cap, out; /* images visited, and the next one to write */
};

/* The .su GCC and clang write beside an object: its name with the last extension ".su"; for
 * a member stored in an archive, beside the archive. NULL when the image has no file name. */
static char *su_path(const struct bw_image *img)
{
	const char *obj = img->path ? img->path : img->member, *dir = "", *base, *dot;
	size_t dlen = 0;
	char *p;

	if (!obj)
		return NULL;
	if (!img->path) { /* a member: the archive's directory */
		const char *slash = strrchr(img->file, '/');

		dir = img->file;
		dlen = slash ? (size_t)(slash - img->file + 1) : 0;
		obj = strrchr(obj, '/') ? strrchr(obj, '/') + 1 : obj;
	}
	base = strrchr(obj, '/') ? strrchr(obj, '/') + 1 : obj;
	dot = strrchr(base, '.');
	if (!dot || dot == base)
		dot = base + strlen(base);
	if (asprintf(&p, "%.*s%.*s.su", (int)dlen, dir, (int)(dot - obj), obj) < 0)
		return NULL;
	return p;
}

/* An image's frames (.su applied) and calls into the graph at r's next image slot. @f is mode
 * all's file, whose DWARF handle the later parts share; NULL: the image is opened here. */
static int add_frames(struct bw_ctx *ctx, struct run *r, const struct bw_image *img,
		      struct bw_file *f)
{
	struct bw_stack s = { 0 };
	struct bw_dwarf dw = { 0 };
	const struct bw_dwarf *dwp = &dw;
	struct bw_obj own = { 0 }, *o = f ? &f->obj : &own;
	struct bw_err e;
	int *nv = bw_grow(r->image, &r->cap, r->n + 1, sizeof(*nv)), idx = -1;
	char *su = NULL;
	bool dw_open = false, obj_open = false;

	if (!nv) {
		bw_reportf(ctx, img->display, "out of memory");
		return -1;
	}
	r->image = nv;
	r->image[r->n++] = -1;
	if (!f) {
		obj_open = true;
		if (bw_obj_open(&own, img->display, img->bytes, img->size, &e))
			goto fail;
	}
	if (bw_stack_read(o, &s, &e))
		goto fail;
	su = su_path(img);
	if (su && bw_stack_su(&s, su, &e) < 0)
		goto fail;
	/* After the CFI and relocations are read: relocating .debug_* rewrites the image. */
	if (f) {
		dwp = bw_file_dwarf(ctx, f); /* NULL: reported once, for every part */
	} else {
		if (bw_dwarf_open(img, true, &dw, &e))
			goto fail;
		dw_open = true;
	}
	idx = bw_cg_add(&r->g, o, &s, dwp, &e);
	if (idx < 0)
		goto fail;
	r->image[r->n - 1] = idx;
	goto out;
fail:
	bw_report(ctx, &e);
out:
	if (dw_open)
		bw_dwarf_close(&dw);
	free(su);
	bw_stack_free(&s);
	if (obj_open)
		bw_obj_close(&own);
	return idx < 0 ? -1 : 0;
}

/* Pass 1 of mode stack. */
static int add_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	return add_frames(ctx, arg, img, NULL);
}

/* The chain of @i, " -> " between names, and the reason when it is unbounded. */
static void print_chain(FILE *f, struct bw_cg *g, size_t i)
{
	size_t chain[BW_CG_CHAIN_MAX], n = bw_cg_chain(g, i, chain, BW_CG_CHAIN_MAX);

	for (size_t k = 0; k < n; k++)
		fprintf(f, "%s%s", k ? " -> " : "", g->v[chain[k]].name);
	if (!g->v[i].bounded)
		fprintf(f, "  [%s]", g->v[i].why);
	fputc('\n', f);
}

static void text_image(struct bw_ctx *ctx, const struct bw_image *img, struct bw_cg *g, int idx)
{
	FILE *f = ctx->out;

	fprintf(f, "%s:\n", img->display);
	for (size_t i = g->first[idx]; i < g->first[idx + 1]; i++) {
		const struct bw_cg_node *d = &g->v[i];
		char frame[24] = "?", su[40] = "-", worst[24] = "unbounded";

		if (d->fr.kind != BW_FRAME_UNKNOWN)
			snprintf(frame, sizeof(frame), "%llu", (unsigned long long)d->fr.frame);
		if (d->fr.su != BW_SU_NONE)
			snprintf(su, sizeof(su), "%llu/%s", (unsigned long long)d->fr.su_bytes,
				 bw_su_qual_name(d->fr.su));
		if (d->bounded)
			snprintf(worst, sizeof(worst), "%llu", (unsigned long long)d->worst);
		fprintf(f, "  %8s %-7s %-20s %9s  ", frame, bw_frame_kind_name(d->fr.kind), su,
			worst);
		print_chain(f, g, i);
	}
}

/* The "stack" array of image @idx (docs/analyzer-json.md, FRAME). @alone: the image is the
 * whole graph though it may call functions of other objects (mode all), so a worst case that
 * is unbounded only because its chain leaves the image is not computed (null), not unbounded. */
static void json_frames(struct bw_json *j, struct bw_cg *g, int idx, bool alone)
{
	bw_json_arr_begin(j);
	for (size_t i = g->first[idx]; i < g->first[idx + 1]; i++) {
		const struct bw_cg_node *d = &g->v[i];
		size_t chain[BW_CG_CHAIN_MAX], n = bw_cg_chain(g, i, chain, BW_CG_CHAIN_MAX);
		bool elsewhere = alone && !d->bounded && n < BW_CG_CHAIN_MAX &&
				 g->v[chain[n - 1]].image < 0;

		bw_json_obj_begin(j);
		bw_json_kstr(j, "function", d->name);
		bw_json_kstr(j, "section", d->section);
		bw_json_key(j, "frame");
		if (d->fr.kind == BW_FRAME_UNKNOWN)
			bw_json_null(j);
		else
			bw_json_u64(j, d->fr.frame);
		bw_json_kstr(j, "kind", bw_frame_kind_name(d->fr.kind));
		bw_json_key(j, "su");
		if (d->fr.su == BW_SU_NONE) {
			bw_json_null(j);
		} else {
			bw_json_obj_begin(j);
			bw_json_ku64(j, "bytes", d->fr.su_bytes);
			bw_json_kstr(j, "qualifier", bw_su_qual_name(d->fr.su));
			bw_json_obj_end(j);
		}
		bw_json_key(j, "worst");
		if (d->bounded)
			bw_json_u64(j, d->worst);
		else
			bw_json_null(j);
		bw_json_kstr(j, "unbounded", d->bounded || elsewhere ? NULL : d->why);
		bw_json_key(j, "chain");
		if (elsewhere) {
			bw_json_null(j);
		} else {
			bw_json_arr_begin(j);
			for (size_t k = 0; k < n; k++)
				bw_json_str(j, g->v[chain[k]].name);
			bw_json_arr_end(j);
		}
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
}

static void json_image(struct bw_ctx *ctx, const struct bw_image *img, struct bw_cg *g, int idx)
{
	struct bw_obj o;
	struct bw_err e;

	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e); /* the file changed between the passes */
		return;
	}
	bw_file_json_begin(ctx, img, &o);
	bw_json_key(ctx->js, "stack");
	json_frames(ctx->js, g, idx, false);
	bw_json_obj_end(ctx->js);
	bw_obj_close(&o);
}

/* Pass 2: the images in the same order, each written from the solved graph. */
static int write_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	struct run *r = arg;
	int idx = r->out < r->n ? r->image[r->out] : -1;

	r->out++;
	if (idx < 0)
		return 0; /* reported in pass 1 */
	if (ctx->js)
		json_image(ctx, img, &r->g, idx);
	else
		text_image(ctx, img, &r->g, idx);
	return 0;
}

static int solve(struct bw_ctx *ctx, struct run *r, const char *what)
{
	struct bw_err e;

	if (!bw_cg_solve(&r->g, what, &e))
		return 0;
	bw_report(ctx, &e);
	for (size_t i = 0; i < r->n; i++)
		r->image[i] = -1;
	return -1;
}

int bw_stack_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	struct run r = { 0 };

	(void)arg;
	if (!add_image(ctx, img, &r) && !solve(ctx, &r, img->display))
		write_image(ctx, img, &r);
	bw_cg_free(&r.g);
	free(r.image);
	return 0;
}

/* Pass 2 over every operand; pass 1 reported every file that cannot be read. */
static void write_all(struct bw_ctx *ctx, char **files, int nfiles, struct run *r)
{
	FILE *errout = ctx->errout;
	size_t nerr = ctx->errs.n;

	ctx->errout = NULL;
	bw_run_images(ctx, files, nfiles, write_image, r);
	ctx->errout = errout;
	ctx->errs.n = nerr;
}

static int stack_run(struct bw_ctx *ctx, char **files, int nfiles)
{
	struct run r = { 0 };
	struct bw_json js;

	bw_run_images(ctx, files, nfiles, add_image, &r);
	solve(ctx, &r, nfiles ? files[0] : "stack");
	if (ctx->json) {
		bw_json_init(&js, ctx->out, 5);
		ctx->js = &js;
		bw_envelope_begin(ctx);
		write_all(ctx, files, nfiles, &r);
		bw_envelope_end(ctx, true);
		ctx->js = NULL;
	} else {
		write_all(ctx, files, nfiles, &r);
	}
	bw_cg_free(&r.g);
	free(r.image);
	return bw_status(ctx);
}

static void run_free(void *state)
{
	struct run *r = state;

	if (r) {
		bw_cg_free(&r->g);
		free(r->image);
		free(r);
	}
}

/* Mode all: the image alone is the graph. */
static int json_read(struct bw_ctx *ctx, struct bw_file *f, void **state)
{
	struct run *r = calloc(1, sizeof(*r));

	if (!r) {
		bw_reportf(ctx, f->img->display, "out of memory");
		return -1;
	}
	if (add_frames(ctx, r, f->img, f) || solve(ctx, r, f->img->display)) {
		run_free(r);
		return -1;
	}
	*state = r;
	return 0;
}

static void json_write(struct bw_ctx *ctx, const struct bw_file *f, void *state)
{
	struct run *r = state;

	(void)f;
	bw_json_key(ctx->js, "stack");
	if (r)
		json_frames(ctx->js, &r->g, r->image[0], true);
	else
		bw_json_null(ctx->js);
}

static const struct bw_json_part json = { json_read, json_write, run_free };

const struct bw_extractor bw_x_stack = {
	.name = "stack",
	.help = "frames (CFI, .su) and worst-case stack with its call chain, across all operands",
	.operands = "FILE...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = stack_run,
	.json = &json,
	.flags = BW_X_ALL | BW_X_ALL_OPTIONAL | BW_X_OWN_JSON,
};
