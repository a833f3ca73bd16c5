// SPDX-License-Identifier: GPL-2.0
/* Mode diff: scripts/bloat-o-meter on two objects or two sets of objects, and a struct diff.
 *
 * OLD and NEW are objects, archives, directories or @list files; the output format is the
 * script's. Symbols are what `symbols` lists (nm --size-sort), filtered by nm letter as the
 * script does (Linux 6.1's tables, or the current script's with --upstream), its generated
 * symbols skipped, sizes summed per normalized name (symnames.h; --exact: the script's own
 * .NUMBER rule and .symtab only). Names print as nm -C spells them (--no-demangle: raw).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bloatometer.h"
#include "cmd.h"
#include "demangle.h"
#include "layouts.h"
#include "symnames.h"
#include "symbols.h"

static const struct bw_option options[] = {
	BW_OPT_CACHELINE,
	{ "--exact", NULL, "exact", "1", 0, false,
	  "normalize names exactly as scripts/bloat-o-meter (.NUMBER only)" },
	{ "--structs", NULL, "structs", "1", 0, false, "add the struct-layout diff (DWARF)" },
	{ "-c", NULL, "category", "c", 0, false, "three tables: functions, data, read-only data" },
	{ "--data", NULL, "category", "d", 0, false, "data symbols only (bloat-o-meter -d)" },
	{ "--text", NULL, "category", "t", 0, false, "functions only (bloat-o-meter -t)" },
	{ "--upstream", NULL, "script", "upstream", 0, false,
	  "count weak symbols (w W v V) as the current script does (default: Linux 6.1's)" },
	{ "--no-demangle", NULL, "demangle", "no", 0, false,
	  "raw symbol names, as the script prints them (default: C++ and Rust names as nm -C)" },
	{ 0 },
};

struct raw_sym {
	char *name;
	char letter;
	uint64_t size;
};

/* One side of the comparison: the objects read and everything taken from them. */
struct side {
	const char *operand;
	struct bw_strset_list {
		char **v;
		size_t n, cap;
	} files;
	struct raw_sym *syms;
	size_t nsyms, cap;
	struct bw_layout_set *sets; /* one per image, when comparing structs */
	size_t nsets, setcap;
};

static int list_add(struct bw_strset_list *l, const char *s)
{
	char **v = bw_grow(l->v, &l->cap, l->n + 1, sizeof(*v));

	if (!v || !(s = strdup(s)))
		return -1;
	l->v = v;
	l->v[l->n++] = (char *)s;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool has_object_magic(const char *path)
{
	unsigned char m[8];
	FILE *f = fopen(path, "rb");
	size_t got;

	if (!f)
		return false;
	got = fread(m, 1, sizeof(m), f);
	fclose(f);
	return (got >= 4 && !memcmp(m, "\177ELF", 4)) || bw_is_archive(m, got);
}

/* A directory: every ELF file or archive below it, in name order, recursively. */
static int walk_dir(struct bw_ctx *ctx, const char *dir, struct bw_strset_list *out, int depth)
{
	struct bw_strset_list names = { 0 };
	struct dirent *d;
	DIR *dp;
	int ret = 0;

	if (depth > 64)
		return 0;
	dp = opendir(dir);
	if (!dp) {
		bw_reportf(ctx, dir, "cannot read directory");
		return -1;
	}
	while ((d = readdir(dp)))
		if (strcmp(d->d_name, ".") && strcmp(d->d_name, "..") &&
		    list_add(&names, d->d_name))
			ret = -1;
	closedir(dp);
	qsort(names.v, names.n, sizeof(*names.v), by_name);
	for (size_t i = 0; i < names.n && !ret; i++) {
		size_t len = strlen(dir) + strlen(names.v[i]) + 2;
		char *path = malloc(len);
		struct stat st;

		if (!path) {
			ret = -1;
			break;
		}
		snprintf(path, len, "%s/%s", dir, names.v[i]);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
			ret = walk_dir(ctx, path, out, depth + 1);
		else if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && has_object_magic(path))
			ret = list_add(out, path);
		free(path);
	}
	for (size_t i = 0; i < names.n; i++)
		free(names.v[i]);
	free(names.v);
	return ret;
}

/* OLD/NEW operand: a file, a directory, or @LIST (one path per line). */
static int expand_operand(struct bw_ctx *ctx, const char *op, struct bw_strset_list *out)
{
	struct stat st;

	if (op[0] == '@') {
		FILE *f = fopen(op + 1, "r");
		char *line = NULL;
		size_t cap = 0;
		ssize_t got;
		int ret = 0;

		if (!f) {
			bw_reportf(ctx, op + 1, "cannot read list");
			return -1;
		}
		while ((got = getline(&line, &cap, f)) >= 0) {
			while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
				line[--got] = '\0';
			if (got > 0 && list_add(out, line))
				ret = -1;
		}
		free(line);
		fclose(f);
		return ret;
	}
	if (stat(op, &st) == 0 && S_ISDIR(st.st_mode))
		return walk_dir(ctx, op, out, 0);
	return list_add(out, op);
}

struct collect_arg {
	struct side *side;
	bool with_structs;
	bool exact;
	struct bw_layout_opts layout_opts;
};

static int collect_one(struct bw_ctx *ctx, const struct bw_image *img, void *varg)
{
	struct collect_arg *arg = varg;
	struct side *sd = arg->side;
	struct bw_symtab t = { 0 };
	struct bw_obj o;
	struct bw_err e;

	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e) ||
	    ((!arg->exact || o.symtab) && bw_symbols_read(&o, &t, &e))) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	for (size_t i = 0; i < t.n; i++) {
		struct raw_sym *v = bw_grow(sd->syms, &sd->cap, sd->nsyms + 1, sizeof(*v));

		if (!v)
			break;
		sd->syms = v;
		v[sd->nsyms].name = t.v[i].name; /* taken over from the table */
		t.v[i].name = NULL;
		v[sd->nsyms].letter = t.v[i].letter;
		v[sd->nsyms].size = t.v[i].size;
		sd->nsyms++;
	}
	bw_symtab_free(&t);
	bw_obj_close(&o);
	if (arg->with_structs) {
		struct bw_layout_set *sets =
			bw_grow(sd->sets, &sd->setcap, sd->nsets + 1, sizeof(*sets));

		if (!sets)
			return -1;
		sd->sets = sets;
		if (bw_layouts_read(img, &arg->layout_opts, &sets[sd->nsets], &e)) {
			bw_report(ctx, &e);
			return -1;
		}
		sd->nsets++;
	}
	return 0;
}

static int read_side(struct bw_ctx *ctx, struct side *sd, bool with_structs)
{
	struct collect_arg arg = {
		.side = sd,
		.with_structs = with_structs,
		.exact = bw_opt(ctx, "exact") != NULL,
		.layout_opts = { .cacheline = (unsigned)bw_opt_num(ctx, "cacheline", 64) },
	};
	int ret = expand_operand(ctx, sd->operand, &sd->files);

	for (size_t i = 0; i < sd->files.n; i++)
		if (bw_for_each_image(ctx, sd->files.v[i], collect_one, &arg))
			ret = -1;
	return ret;
}

/* bloat-o-meter's getsizes(): keep the table's letters, skip generated symbols, normalize, sum. */
static int side_map(const struct side *sd, const struct bw_bom_table *tb, bool exact,
		    struct bw_sizemap *m)
{
	memset(m, 0, sizeof(*m));
	for (size_t i = 0; i < sd->nsyms; i++) {
		const struct raw_sym *s = &sd->syms[i];
		char *norm;
		int ret;

		if (!strchr(tb->letters, s->letter) || bw_bom_skips(s->name) ||
		    strchr(s->name, ':'))
			continue;
		norm = bw_norm_name(s->name, strlen(s->name), exact);
		if (!norm)
			return -1;
		ret = bw_sizemap_add(m, norm, s->size);
		free(norm);
		if (ret)
			return -1;
	}
	return 0;
}

static double change_pct(uint64_t otot, uint64_t ntot)
{
	return otot ? ((double)ntot - (double)otot) * 100.0 / (double)otot : 0.0;
}

/* The script's table; @demangle: each (normalized) name as nm -C spells it, the rows still in
 * the script's order of the raw names. */
static void print_table(FILE *f, const struct bw_bom_table *tb, const struct bw_compare *c,
			const struct bw_sizemap *old, const struct bw_sizemap *new, bool demangle)
{
	fprintf(f, "add/remove: %zu/%zu grow/shrink: %zu/%zu up/down: %llu/%lld (%lld)\n", c->add,
		c->remove, c->grow, c->shrink, (unsigned long long)c->up, -(long long)c->down,
		(long long)c->up - (long long)c->down);
	fprintf(f, "%-40s %7s %7s %7s\n", tb->title, "old", "new", "delta");
	for (size_t i = 0; i < c->n; i++) {
		const struct bw_delta *d = &c->v[i];
		char o[24] = "-", n[24] = "-", *dm;

		if (!d->delta)
			continue;
		if (d->old)
			snprintf(o, sizeof(o), "%llu", (unsigned long long)d->old->size);
		if (d->new)
			snprintf(n, sizeof(n), "%llu", (unsigned long long)d->new->size);
		dm = demangle ? bw_demangle(d->name) : NULL;
		fprintf(f, "%-40s %7s %7s %+7lld\n", dm ? dm : d->name, o, n, (long long)d->delta);
		free(dm);
	}
	fprintf(f, "Total: Before=%llu, After=%llu, chg %+.2f%%\n", (unsigned long long)old->total,
		(unsigned long long)new->total, change_pct(old->total, new->total));
}

static void json_table(struct bw_json *j, const struct bw_compare *c, const struct bw_sizemap *old,
		       const struct bw_sizemap *new)
{
	bw_json_key(j, "summary");
	bw_json_obj_begin(j);
	bw_json_ku64(j, "add", c->add);
	bw_json_ku64(j, "remove", c->remove);
	bw_json_ku64(j, "grow", c->grow);
	bw_json_ku64(j, "shrink", c->shrink);
	bw_json_ku64(j, "up", c->up);
	bw_json_ki64(j, "down", -(int64_t)c->down);
	bw_json_ki64(j, "net", (int64_t)c->up - (int64_t)c->down);
	bw_json_obj_end(j);
	bw_json_key(j, "symbols");
	bw_json_arr_begin(j);
	for (size_t i = 0; i < c->n; i++) {
		const struct bw_delta *d = &c->v[i];
		char *dm;

		if (!d->delta)
			continue;
		dm = bw_demangle(d->name);
		bw_json_obj_begin(j);
		bw_json_kstr(j, "name", d->name);
		bw_json_kstr(j, "demangled", dm);
		free(dm);
		bw_json_ku64(j, "old", d->old ? d->old->size : 0);
		bw_json_ku64(j, "new", d->new ? d->new->size : 0);
		bw_json_ki64(j, "delta", d->delta);
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
	bw_json_key(j, "total");
	bw_json_obj_begin(j);
	bw_json_ku64(j, "old", old->total);
	bw_json_ku64(j, "new", new->total);
	bw_json_key(j, "change_pct");
	bw_json_fixed2(j, change_pct(old->total, new->total));
	bw_json_obj_end(j);
}

/* Compare one table; text or JSON (@title_key: write it as a "tables" entry). */
static int run_table(struct bw_ctx *ctx, const struct bw_bom_table *tb, const struct side *old,
		     const struct side *new, bool as_entry)
{
	bool exact = bw_opt(ctx, "exact") != NULL;
	struct bw_sizemap mo, mn;
	struct bw_compare c;
	int ret = -1;

	if (side_map(old, tb, exact, &mo) || side_map(new, tb, exact, &mn) ||
	    bw_compare_maps(&mo, &mn, &c)) {
		bw_reportf(ctx, NULL, "out of memory");
		goto out;
	}
	if (!ctx->js) {
		print_table(ctx->out, tb, &c, &mo, &mn, !bw_opt_is(ctx, "demangle", "no"));
	} else {
		if (as_entry) {
			bw_json_obj_begin(ctx->js);
			bw_json_kstr(ctx->js, "title", tb->title);
		}
		json_table(ctx->js, &c, &mo, &mn);
		if (as_entry)
			bw_json_obj_end(ctx->js);
	}
	bw_compare_free(&c);
	ret = 0;
out:
	bw_sizemap_free(&mo);
	bw_sizemap_free(&mn);
	return ret;
}

static void side_free(struct side *sd)
{
	for (size_t i = 0; i < sd->files.n; i++)
		free(sd->files.v[i]);
	free(sd->files.v);
	for (size_t i = 0; i < sd->nsyms; i++)
		free(sd->syms[i].name);
	free(sd->syms);
	for (size_t i = 0; i < sd->nsets; i++)
		bw_layout_set_free(&sd->sets[i]);
	free(sd->sets);
}

static void json_files(struct bw_json *j, const char *key, const struct side *sd)
{
	bw_json_key(j, key);
	bw_json_arr_begin(j);
	for (size_t i = 0; i < sd->files.n; i++)
		bw_json_str(j, sd->files.v[i]);
	bw_json_arr_end(j);
}

static int diff_run(struct bw_ctx *ctx, char **files, int nfiles)
{
	struct side old = { .operand = files[0] }, new = { .operand = files[1] };
	const char *cat = bw_opt(ctx, "category");
	bool cat_c = cat && *cat == 'c';
	enum bw_bom_script script = bw_opt_is(ctx, "script", "upstream") ? BW_BOM_UPSTREAM :
									   BW_BOM_61;
	const struct bw_bom_table *tables, *tb;
	size_t ntables = bw_bom_tables(script, cat ? *cat : 0, &tables);
	bool with_structs = bw_opt(ctx, "structs") != NULL;
	struct bw_json js;

	(void)nfiles;
	/* The JSON's own summary is the default table's, -c adds the three as "tables". */
	if (cat_c)
		bw_bom_tables(script, 0, &tb);
	else
		tb = tables;
	read_side(ctx, &old, with_structs);
	read_side(ctx, &new, with_structs);
	if (ctx->json) {
		bw_json_init(&js, ctx->out, 3);
		ctx->js = &js;
		bw_envelope_begin(ctx);
		bw_json_arr_end(&js); /* "files" stays empty: a diff has no FILE entries */
		bw_json_kstr(&js, "old", old.operand);
		bw_json_kstr(&js, "new", new.operand);
		json_files(&js, "old_files", &old);
		json_files(&js, "new_files", &new);
		run_table(ctx, tb, &old, &new, false);
		if (cat_c) {
			bw_json_key(&js, "tables");
			bw_json_arr_begin(&js);
			for (size_t i = 0; i < ntables; i++)
				run_table(ctx, &tables[i], &old, &new, true);
			bw_json_arr_end(&js);
		}
		bw_json_key(&js, "structs");
		if (with_structs)
			bw_layout_diff_json(&js, old.sets, old.nsets, new.sets, new.nsets);
		else
			bw_json_null(&js);
		bw_envelope_end(ctx, false);
		ctx->js = NULL;
	} else {
		for (size_t i = 0; i < ntables; i++)
			run_table(ctx, &tables[i], &old, &new, false);
		if (with_structs)
			bw_layout_diff_print(ctx->out, old.sets, old.nsets, new.sets, new.nsets);
	}
	side_free(&old);
	side_free(&new);
	return bw_status(ctx);
}

const struct bw_extractor bw_x_diff = {
	.name = "diff",
	.help = "bloat-o-meter comparison of two objects, archives, directories or @lists",
	.operands = "OLD NEW",
	.min_files = 2,
	.max_files = 2,
	.options = options,
	.run = diff_run,
};
