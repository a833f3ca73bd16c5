// SPDX-License-Identifier: GPL-2.0
/* The command line only: the extractor table (cmd/table.c) drives parsing, help and dispatch. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"

/* True when a mode all member before row @i has an option for all spelled @flag. */
static bool all_option_before(size_t i, const char *flag)
{
	for (size_t k = 0; k < i; k++) {
		if (!(bw_extractors[k]->flags & BW_X_ALL))
			continue;
		for (const struct bw_option *o = bw_extractors[k]->options; o->flag; o++)
			if (o->in_all && !strcmp(o->flag, flag))
				return true;
	}
	return false;
}

/* Call @fn for every option @x accepts, in help order, until it returns true. */
static const struct bw_option *each_option(const struct bw_extractor *x,
					   bool (*fn)(const struct bw_option *o, void *arg),
					   void *arg)
{
	for (const struct bw_option *o = bw_common_options; o->flag; o++)
		if (fn(o, arg))
			return o;
	for (const struct bw_option *o = x->options; o->flag; o++)
		if (fn(o, arg))
			return o;
	if (!(x->flags & BW_X_COMPOSE))
		return NULL;
	/* Mode all takes its members' options marked in_all, each spelling once. */
	for (size_t i = 0; i < bw_nextractors; i++) {
		if (!(bw_extractors[i]->flags & BW_X_ALL))
			continue;
		for (const struct bw_option *o = bw_extractors[i]->options; o->flag; o++)
			if (o->in_all && !all_option_before(i, o->flag) && fn(o, arg))
				return o;
	}
	return NULL;
}

static bool print_option(const struct bw_option *o, void *arg)
{
	char spell[64];

	snprintf(spell, sizeof(spell), "%s%s%s%s", o->flag, o->alt ? ", " : "",
		 o->alt ? o->alt : "", o->value ? "" : " ARG");
	fprintf(arg, "  %-22s %s\n", spell, o->help);
	return false;
}

static void usage(FILE *f, const struct bw_extractor *only)
{
	if (!only) {
		int w = 0;

		for (size_t i = 0; i < bw_nextractors; i++)
			if ((int)strlen(bw_extractors[i]->name) > w)
				w = (int)strlen(bw_extractors[i]->name);
		fprintf(f, "usage: %s MODE [OPTION]... FILE...\n\nmodes:\n", BW_PROG);
		for (size_t i = 0; i < bw_nextractors; i++)
			fprintf(f, "  %-*s  %s\n", w, bw_extractors[i]->name,
				bw_extractors[i]->help);
		fprintf(f, "\n'%s MODE --help' lists the options of MODE.\n", BW_PROG);
		return;
	}
	fprintf(f, "usage: %s %s [OPTION]... %s\n%s\n\noptions:\n", BW_PROG, only->name,
		only->operands, only->help);
	each_option(only, print_option, f);
}

struct match {
	const char *arg;
	const char *value; /* set for "--x=v" forms */
};

/* Match an argument against an option's spellings. */
static bool option_matches(const struct bw_option *o, void *varg)
{
	struct match *m = varg;
	const char *names[2] = { o->flag, o->alt };

	for (int k = 0; k < 2; k++) {
		size_t len;

		if (!names[k])
			continue;
		if (!strcmp(m->arg, names[k]))
			return true;
		len = strlen(names[k]);
		if (!o->value && names[k][1] == '-' && !strncmp(m->arg, names[k], len) &&
		    m->arg[len] == '=') {
			m->value = m->arg + len + 1;
			return true;
		}
	}
	return false;
}

static int apply_option(struct bw_ctx *ctx, const struct bw_option *o, const char *value)
{
	if (o->value)
		value = o->value;
	if (o->max) {
		char *end;
		unsigned long n = strtoul(value, &end, 10);

		if (*value == '\0' || *end || n == 0 || n > o->max) {
			fprintf(stderr, "%s: %s: '%s' is not a number between 1 and %lu\n", BW_PROG,
				o->flag, value, o->max);
			return -1;
		}
	}
	if (bw_opt_put(ctx, o->key, value)) {
		fprintf(stderr, "%s: too many options\n", BW_PROG);
		return -1;
	}
	return 0;
}

/* Split argv into options (recorded in @ctx) and operands (compacted into @files). */
static int parse_args(const struct bw_extractor *x, int argc, char **argv, struct bw_ctx *ctx,
		      char **files, int *nfiles)
{
	bool operands_only = false;

	*nfiles = 0;
	for (int i = 0; i < argc; i++) {
		struct match m = { .arg = argv[i] };
		const struct bw_option *found;

		if (operands_only || m.arg[0] != '-' || m.arg[1] == '\0') {
			files[(*nfiles)++] = argv[i];
			continue;
		}
		if (!strcmp(m.arg, "--")) {
			operands_only = true;
			continue;
		}
		if (!strcmp(m.arg, "-h") || !strcmp(m.arg, "--help")) {
			usage(stdout, x);
			exit(0);
		}
		found = each_option(x, option_matches, &m);
		if (!found) {
			fprintf(stderr, "%s %s: unknown option '%s'\n", BW_PROG, x->name, m.arg);
			return -1;
		}
		if (!found->value && !m.value) {
			if (i + 1 >= argc) {
				fprintf(stderr, "%s %s: option '%s' needs a value\n", BW_PROG,
					x->name, m.arg);
				return -1;
			}
			m.value = argv[++i];
		}
		if (apply_option(ctx, found, m.value))
			return -1;
	}
	/* --mark: each run reads one operand, so a mode that compares two cannot take it. */
	if (bw_opt(ctx, "mark") && x->min_files > 1) {
		fprintf(stderr, "%s %s: --mark runs each operand alone: not for %s\n", BW_PROG,
			x->name, x->operands);
		return -1;
	}
	if (*nfiles < x->min_files || (x->max_files >= 0 && *nfiles > x->max_files)) {
		fprintf(stderr, "%s %s: expected %s\n", BW_PROG, x->name, x->operands);
		return -1;
	}
	return 0;
}

static int run_mode(const struct bw_extractor *x, struct bw_ctx *ctx, char **files, int nfiles)
{
	if (ctx->json && x->json && !(x->flags & BW_X_OWN_JSON)) {
		const struct bw_json_run run = { .xs = &x, .n = 1 };

		return bw_run_json(ctx, files, nfiles, &run);
	}
	return x->run(ctx, files, nfiles);
}

/*
 * --mark: each FILE run as `MODE OPTION... FILE` alone would run it, in this one process (a
 * process costs more than a small object's analysis, several times more under the
 * sanitizers); a line "@end STATUS" ends that run's stdout and its stderr, so that the caller
 * splits them per file. A bad file gets its own error and status; the next files still run.
 */
static int run_marked(const struct bw_extractor *x, struct bw_ctx *ctx, char **files, int nfiles)
{
	int status = 0;

	for (int i = 0; i < nfiles; i++) {
		int st = run_mode(x, ctx, &files[i], 1);

		bw_errs_free(&ctx->errs); /* the next run starts with none, as its process would */
		fprintf(ctx->out, "@end %d\n", st);
		fflush(ctx->out); /* what is done survives a crash on a later file */
		fprintf(ctx->errout, "@end %d\n", st);
		status = st > status ? st : status;
	}
	return status;
}

int main(int argc, char **argv)
{
	const struct bw_extractor *x = NULL;
	struct bw_ctx ctx = { 0 };
	char **files;
	int nfiles, status;

	/* Text output collates as nm and sort do in the user's locale; JSON never depends on it. */
	setlocale(LC_COLLATE, "");
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(argc < 2 ? stderr : stdout, NULL);
		return argc < 2 ? 2 : 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf("%s (Bloatwatch) JSON schema %d\n", BW_PROG, 1);
		return 0;
	}
	for (size_t i = 0; i < bw_nextractors; i++)
		if (!strcmp(argv[1], bw_extractors[i]->name))
			x = bw_extractors[i];
	if (!x) {
		fprintf(stderr, "%s: unknown mode '%s'\n", BW_PROG, argv[1]);
		usage(stderr, NULL);
		return 2;
	}
	files = calloc((size_t)argc, sizeof(*files));
	if (!files)
		return 2;
	ctx.out = stdout;
	ctx.errout = stderr;
	ctx.mode = x->name;
	if (parse_args(x, argc - 2, argv + 2, &ctx, files, &nfiles)) {
		free(files);
		return 2;
	}
	ctx.json = bw_opt(&ctx, "json") != NULL;
	if (bw_opt(&ctx, "mark"))
		status = run_marked(x, &ctx, files, nfiles);
	else
		status = run_mode(x, &ctx, files, nfiles);
	if (fflush(ctx.out) || ferror(ctx.out)) {
		fprintf(stderr, "%s: error writing output\n", BW_PROG);
		status = 1;
	}
	bw_errs_free(&ctx.errs);
	free(files);
	return status;
}
