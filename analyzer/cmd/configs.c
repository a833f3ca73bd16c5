// SPDX-License-Identifier: GPL-2.0
/* Mode configs: CONFIG_ names used by sources (extractconfig.sh output), CONFIG values objects were built with. */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "buildrec.h"
#include "cmd.h"
#include "configscan.h"

static const struct bw_option options[] = {
	{ "--all", NULL, "all", "1", 0, false,
	  "every CONFIG_ token, including those extractconfig.sh misses" },
	{ 0 },
};

struct cfg_file {
	const char *path;
	bool object; /* ELF or archive: report its build record instead */
	struct bw_strset names; /* sources: names found in this file */
	struct bw_buildrec rec; /* objects: the build record, when read */
	bool ok;
};

static bool looks_like_object(const struct bw_mapping *m)
{
	return (m->size >= 4 && !memcmp(m->bytes, ELFMAG, SELFMAG)) ||
	       bw_is_archive(m->bytes, m->size);
}

/* Scan one operand; @multi is the script's "several files" state (grep's FILE: prefix). */
static void scan_file(struct bw_ctx *ctx, struct cfg_file *cf, bool multi)
{
	struct bw_mapping m;
	struct bw_err e;
	char *prefix = NULL;

	if (bw_map(cf->path, &m, &e)) {
		/* An empty file has nothing to report, as for the script. */
		if (!strcmp(e.msg, "file is empty")) {
			cf->ok = true;
			return;
		}
		bw_report(ctx, &e);
		return;
	}
	cf->object = looks_like_object(&m);
	if (cf->object) {
		int got = bw_buildrec_read(cf->path, &cf->rec, &e);

		if (got < 0)
			bw_report(ctx, &e);
		else if (got == 0)
			bw_reportf(ctx, cf->path,
				   "no build record (%s.cmd, or Kbuild's .cmd beside it)",
				   cf->path);
		else
			cf->ok = true;
		bw_unmap(&m);
		return;
	}
	if (multi) {
		size_t len = strlen(cf->path);

		prefix = malloc(len + 2);
		if (prefix) {
			memcpy(prefix, cf->path, len);
			memcpy(prefix + len, ":", 2);
		}
	}
	if ((multi && !prefix) || bw_configs_scan((const char *)m.bytes, m.size, prefix,
						  bw_opt(ctx, "all") != NULL, &cf->names))
		bw_reportf(ctx, cf->path, "out of memory");
	else
		cf->ok = true;
	free(prefix);
	bw_unmap(&m);
}

static void print_text(struct bw_ctx *ctx, struct cfg_file *cf, int n, const struct bw_strset *all)
{
	for (size_t i = 0; i < all->n; i++)
		fprintf(ctx->out, "%s\n", all->v[i]);
	for (int k = 0; k < n; k++) {
		if (!cf[k].object || !cf[k].ok)
			continue;
		fprintf(ctx->out, "\n%s:\n", cf[k].path);
		for (size_t i = 0; i < cf[k].rec.n; i++)
			if (!strncmp(cf[k].rec.v[i].key, "CONFIG_", 7))
				fprintf(ctx->out, "%s=%s\n", cf[k].rec.v[i].key,
					cf[k].rec.v[i].value);
		/* A Kbuild record names the options the object depends on, not their values. */
		for (size_t i = 0; i < cf[k].rec.nconfig_deps; i++)
			fprintf(ctx->out, "%s\n", cf[k].rec.config_deps[i]);
	}
}

static void print_json(struct bw_ctx *ctx, struct cfg_file *cf, int n, struct bw_strset *all)
{
	struct bw_json *j = ctx->js;

	for (int k = 0; k < n; k++) {
		if (!cf[k].ok)
			continue;
		bw_json_obj_begin(j);
		bw_json_kstr(j, "file", cf[k].path);
		bw_json_key(j, "configs");
		bw_json_arr_begin(j);
		if (!cf[k].object) {
			bw_strset_sort(&cf[k].names, false);
			for (size_t i = 0; i < cf[k].names.n; i++)
				bw_json_str(j, cf[k].names.v[i]);
		} else {
			for (size_t i = 0; i < cf[k].rec.n; i++)
				if (!strncmp(cf[k].rec.v[i].key, "CONFIG_", 7))
					bw_json_str(j, cf[k].rec.v[i].key);
			for (size_t i = 0; i < cf[k].rec.nconfig_deps; i++)
				bw_json_str(j, cf[k].rec.config_deps[i]);
		}
		bw_json_arr_end(j);
		if (cf[k].object) {
			bw_json_key(j, "values");
			bw_json_obj_begin(j);
			for (size_t i = 0; i < cf[k].rec.n; i++)
				if (!strncmp(cf[k].rec.v[i].key, "CONFIG_", 7))
					bw_json_kstr(j, cf[k].rec.v[i].key, cf[k].rec.v[i].value);
			bw_json_obj_end(j);
		}
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
	bw_strset_sort(all, false);
	bw_json_key(j, "union");
	bw_json_arr_begin(j);
	for (size_t i = 0; i < all->n; i++)
		bw_json_str(j, all->v[i]);
	bw_json_arr_end(j);
}

static int configs_run(struct bw_ctx *ctx, char **files, int nfiles)
{
	struct cfg_file *cf = calloc((size_t)nfiles, sizeof(*cf));
	struct bw_strset all = { 0 };
	struct bw_json js;

	if (!cf) {
		bw_reportf(ctx, NULL, "out of memory");
		return 1;
	}
	for (int k = 0; k < nfiles; k++) {
		cf[k].path = files[k];
		scan_file(ctx, &cf[k], nfiles > 1);
		for (size_t i = 0; i < cf[k].names.n; i++)
			if (bw_strset_add(&all, cf[k].names.v[i], strlen(cf[k].names.v[i])))
				bw_reportf(ctx, NULL, "out of memory");
	}
	if (ctx->json) {
		bw_json_init(&js, ctx->out, 4);
		ctx->js = &js;
		bw_envelope_begin(ctx);
		print_json(ctx, cf, nfiles, &all);
		bw_envelope_end(ctx, false);
		ctx->js = NULL;
	} else {
		bw_strset_sort(&all, true); /* sort -u in the user's locale */
		print_text(ctx, cf, nfiles, &all);
	}
	for (int k = 0; k < nfiles; k++) {
		bw_strset_free(&cf[k].names);
		bw_buildrec_free(&cf[k].rec);
	}
	bw_strset_free(&all);
	free(cf);
	return bw_status(ctx);
}

const struct bw_extractor bw_x_configs = {
	.name = "configs",
	.help = "CONFIG_ symbols used by sources (extractconfig.sh), or an object's build CONFIG values",
	.operands = "SRC...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = configs_run,
};
