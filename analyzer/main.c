// SPDX-License-Identifier: GPL-2.0
/* The command line only: one table of subcommands and one of options drive parsing, help and dispatch. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "bw.h"
#include "json.h"
#include "modes.h"

enum { M_SIZE = 1, M_SYMBOLS = 2, M_STRUCTS = 4, M_CONFIGS = 8, M_DIFF = 16, M_ALL = 32 };
#define M_ANY (M_SIZE | M_SYMBOLS | M_STRUCTS | M_CONFIGS | M_DIFF | M_ALL)

struct bw_command {
	const char *name;
	unsigned mode;		/* M_* bit: which options apply */
	const char *operands;	/* usage text after the options */
	int min_files, max_files;	/* operand count bounds (-1: no upper bound) */
	int (*run)(struct bw_ctx *ctx, char **files, int nfiles);
	const char *help;
};

static const struct bw_command commands[] = {
	{ "size", M_SIZE, "FILE...", 1, -1, bw_mode_size,
	  "text/data/bss/dec/hex per object, byte-identical to binutils size (-A: size -A)" },
	{ "symbols", M_SYMBOLS, "FILE...", 1, -1, bw_mode_symbols,
	  "sized symbols as nm -S --size-sort prints them; --json adds section, binding, kind, rollup" },
	{ "structs", M_STRUCTS, "FILE...", 1, -1, bw_mode_structs,
	  "struct/union layouts from DWARF, pahole-style: holes, padding, cachelines" },
	{ "configs", M_CONFIGS, "SRC...", 1, -1, bw_mode_configs,
	  "CONFIG_ symbols used by sources (extractconfig.sh), or an object's build CONFIG values" },
	{ "diff", M_DIFF, "OLD NEW", 2, 2, bw_mode_diff,
	  "bloat-o-meter comparison of two objects, archives, directories or @lists" },
	{ "all", M_ALL, "FILE...", 1, -1, bw_mode_all,
	  "everything about every object in one JSON document (for the history database)" },
};

enum opt_id {
	OPT_JSON, OPT_SYSV, OPT_BERKELEY, OPT_TOTALS, OPT_DEC, OPT_OCT, OPT_HEX, OPT_ALL,
	OPT_ONLY, OPT_REORG, OPT_CACHELINE, OPT_EXACT, OPT_STRUCTS, OPT_CAT_C, OPT_CAT_D,
	OPT_CAT_T,
};

struct bw_option {
	const char *flag, *alt;	/* spellings; "--x=" style is accepted for options with an argument */
	bool arg;		/* takes a value */
	unsigned modes;		/* M_* bits of the subcommands that accept it */
	enum opt_id id;
	const char *help;
};

static const struct bw_option options[] = {
	{ "--json", NULL, false, M_ANY, OPT_JSON, "JSON output (analyzer/SCHEMA.md); mode all always writes JSON" },
	{ "-A", "--format=sysv", false, M_SIZE, OPT_SYSV, "SysV format: one line per section (size -A)" },
	{ "-B", "--format=berkeley", false, M_SIZE, OPT_BERKELEY, "Berkeley format (default)" },
	{ "-t", "--totals", false, M_SIZE, OPT_TOTALS, "add a (TOTALS) line (Berkeley format, as size -t)" },
	{ "-d", "--radix=10", false, M_SIZE, OPT_DEC, "decimal sizes (default)" },
	{ "-o", "--radix=8", false, M_SIZE, OPT_OCT, "octal sizes" },
	{ "-x", "--radix=16", false, M_SIZE, OPT_HEX, "hexadecimal sizes" },
	{ "--all", NULL, false, M_CONFIGS, OPT_ALL, "every CONFIG_ token, including those extractconfig.sh misses" },
	{ "-C", "--class", true, M_STRUCTS | M_ALL, OPT_ONLY, "NAME: only the struct or union NAME" },
	{ "--reorganize", NULL, false, M_STRUCTS, OPT_REORG, "show pahole --reorganize's member order and saving" },
	{ "--cacheline", NULL, true, M_STRUCTS | M_ALL | M_DIFF, OPT_CACHELINE, "N: cacheline size in bytes (64)" },
	{ "--exact", NULL, false, M_DIFF, OPT_EXACT, "normalize names exactly as scripts/bloat-o-meter (.NUMBER only)" },
	{ "--structs", NULL, false, M_DIFF, OPT_STRUCTS, "add the struct-layout diff (DWARF)" },
	{ "-c", NULL, false, M_DIFF, OPT_CAT_C, "three tables: functions, data, read-only data" },
	{ "--data", NULL, false, M_DIFF, OPT_CAT_D, "data symbols only (bloat-o-meter -d)" },
	{ "--text", NULL, false, M_DIFF, OPT_CAT_T, "functions only (bloat-o-meter -t)" },
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static void usage(FILE *f, const struct bw_command *only)
{
	if (!only) {
		fprintf(f, "usage: %s MODE [OPTION]... FILE...\n\nmodes:\n", BW_PROG);
		for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
			fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].help);
		fprintf(f, "\n'%s MODE --help' lists the options of MODE.\n", BW_PROG);
		return;
	}
	fprintf(f, "usage: %s %s [OPTION]... %s\n%s\n\noptions:\n", BW_PROG, only->name,
		only->operands, only->help);
	for (size_t i = 0; i < ARRAY_SIZE(options); i++) {
		const struct bw_option *o = &options[i];
		char spell[64];

		if (!(o->modes & only->mode))
			continue;
		snprintf(spell, sizeof(spell), "%s%s%s%s", o->flag, o->alt ? ", " : "",
			 o->alt ? o->alt : "", o->arg ? " ARG" : "");
		fprintf(f, "  %-22s %s\n", spell, o->help);
	}
}

/* Match @arg against an option's spellings; sets *value for "--x=v" forms. */
static bool option_matches(const struct bw_option *o, const char *arg, const char **value)
{
	const char *names[2] = { o->flag, o->alt };

	for (int k = 0; k < 2; k++) {
		size_t len;

		if (!names[k])
			continue;
		if (!strcmp(arg, names[k]))
			return true;
		len = strlen(names[k]);
		if (o->arg && names[k][1] == '-' && !strncmp(arg, names[k], len) && arg[len] == '=') {
			*value = arg + len + 1;
			return true;
		}
	}
	return false;
}

static int apply_option(struct bw_opts *opts, const struct bw_option *o, const char *value)
{
	char *end;
	unsigned long n;

	switch (o->id) {
	case OPT_JSON: opts->json = true; break;
	case OPT_SYSV: opts->sysv = true; break;
	case OPT_BERKELEY: opts->sysv = false; break;
	case OPT_TOTALS: opts->totals = true; break;
	case OPT_DEC: opts->radix = BW_RADIX_DEC; break;
	case OPT_OCT: opts->radix = BW_RADIX_OCT; break;
	case OPT_HEX: opts->radix = BW_RADIX_HEX; break;
	case OPT_ALL: opts->all = true; break;
	case OPT_ONLY: opts->only = value; break;
	case OPT_REORG: opts->reorganize = true; break;
	case OPT_CACHELINE:
		n = strtoul(value, &end, 10);
		if (*value == '\0' || *end || n == 0 || n > 1u << 20) {
			fprintf(stderr, "%s: --cacheline: '%s' is not a size between 1 and 1048576\n",
				BW_PROG, value);
			return -1;
		}
		opts->cacheline = (unsigned)n;
		break;
	case OPT_EXACT: opts->exact = true; break;
	case OPT_STRUCTS: opts->with_structs = true; break;
	case OPT_CAT_C: opts->category = 'c'; break;
	case OPT_CAT_D: opts->category = 'd'; break;
	case OPT_CAT_T: opts->category = 't'; break;
	}
	return 0;
}

/* Split argv into options (applied to @opts) and operands (compacted into @files). */
static int parse_args(const struct bw_command *cmd, int argc, char **argv, struct bw_opts *opts,
		      char **files, int *nfiles)
{
	bool operands_only = false;

	*nfiles = 0;
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i], *value = NULL;
		const struct bw_option *found = NULL;

		if (operands_only || arg[0] != '-' || arg[1] == '\0') {
			files[(*nfiles)++] = argv[i];
			continue;
		}
		if (!strcmp(arg, "--")) {
			operands_only = true;
			continue;
		}
		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			usage(stdout, cmd);
			exit(0);
		}
		for (size_t k = 0; k < ARRAY_SIZE(options) && !found; k++)
			if ((options[k].modes & cmd->mode) && option_matches(&options[k], arg, &value))
				found = &options[k];
		if (!found) {
			fprintf(stderr, "%s %s: unknown option '%s'\n", BW_PROG, cmd->name, arg);
			return -1;
		}
		if (found->arg && !value) {
			if (i + 1 >= argc) {
				fprintf(stderr, "%s %s: option '%s' needs a value\n", BW_PROG, cmd->name, arg);
				return -1;
			}
			value = argv[++i];
		}
		if (apply_option(opts, found, value))
			return -1;
	}
	if (*nfiles < cmd->min_files || (cmd->max_files >= 0 && *nfiles > cmd->max_files)) {
		fprintf(stderr, "%s %s: expected %s\n", BW_PROG, cmd->name, cmd->operands);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const struct bw_command *cmd = NULL;
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
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[1], commands[i].name))
			cmd = &commands[i];
	if (!cmd) {
		fprintf(stderr, "%s: unknown mode '%s'\n", BW_PROG, argv[1]);
		usage(stderr, NULL);
		return 2;
	}
	files = calloc((size_t)argc, sizeof(*files));
	if (!files)
		return 2;
	ctx.out = stdout;
	ctx.errout = stderr;
	ctx.mode = cmd->name;
	ctx.o.cacheline = 64;
	if (parse_args(cmd, argc - 2, argv + 2, &ctx.o, files, &nfiles)) {
		free(files);
		return 2;
	}
	status = cmd->run(&ctx, files, nfiles);
	if (fflush(ctx.out) || ferror(ctx.out)) {
		fprintf(stderr, "%s: error writing output\n", BW_PROG);
		status = 1;
	}
	bw_errs_free(&ctx.errs);
	free(files);
	return status;
}
