/* SPDX-License-Identifier: GPL-2.0 */
/* The tools' contract: an extractor is one file and one table row; the runner all modes share. */
#ifndef BW_CMD_H
#define BW_CMD_H

#include "bw.h"
#include "dwimage.h"
#include "elfobj.h"
#include "input.h"
#include "json.h"

/* An option: a flag writes @value into the setting @key, an option with an argument writes it. */
struct bw_option {
	const char *flag, *alt; /* spellings; "--x=V" is accepted for options with an argument */
	const char *key; /* the setting written; options sharing a key: the last one wins */
	const char *value; /* what the flag writes; NULL: the option takes an argument */
	unsigned long max; /* when non-zero, the argument is an integer in 1..max */
	bool in_all; /* mode all accepts it too */
	const char *help;
};

/* One image whose FILE entry is being written: the image, its checked ELF view and its DWARF,
 * opened once for every part that reads it (relocation happens in the image's memory). */
struct bw_file {
	const struct bw_image *img;
	struct bw_obj obj;
	struct bw_dwarf dwarf;
	int dwarf_state; /* 0 not opened yet, 1 open, -1 could not be read (reported) */
};

/* @f's DWARF (h->dw NULL when it has none), or NULL after reporting why it cannot be read. */
const struct bw_dwarf *bw_file_dwarf(struct bw_ctx *ctx, struct bw_file *f);

/* An extractor's keys in a FILE entry (docs/analyzer-json.md), written after the common part. */
struct bw_json_part {
	/* Read what the keys need into *@state: 0, or -1 after reporting the error. */
	int (*read)(struct bw_ctx *ctx, struct bw_file *f, void **state);
	/* Write the keys; @state is NULL after a failed read in mode all (the keys are null). */
	void (*write)(struct bw_ctx *ctx, const struct bw_file *f, void *state);
	void (*free)(void *state);
};

/*
 * BW_X_ALL: its keys are part of mode all's FILE entries.
 * BW_X_ALL_OPTIONAL: in mode all a failed read gives null keys, not a dropped entry.
 * BW_X_COMPOSE: mode all itself: takes the in_all options of every BW_X_ALL row.
 * BW_X_OWN_JSON: its own --json is @run's (a whole-run result); @json serves mode all only.
 */
enum bw_extractor_flags {
	BW_X_ALL = 1,
	BW_X_ALL_OPTIONAL = 2,
	BW_X_COMPOSE = 4,
	BW_X_OWN_JSON = 8,
};

/*
 * An extractor (a mode): what main.c parses, --help prints, mode all composes and the JSON
 * envelope names. Adding one is a file in analyzer/cmd/ and a row in table.c.
 */
struct bw_extractor {
	const char *name;
	const char *help;
	const char *operands; /* usage text after the options */
	int min_files, max_files; /* operand count bounds (-1: no upper bound) */
	const struct bw_option *options; /* its own options, ended by an empty row */
	/* Text output; also the --json document when @json is NULL or BW_X_OWN_JSON is set.
	 * Returns the exit status. */
	int (*run)(struct bw_ctx *ctx, char **files, int nfiles);
	const struct bw_json_part *json; /* its FILE entry keys; NULL: not a per-file mode */
	unsigned flags; /* enum bw_extractor_flags */
};

/* table.c: every extractor, in the order of the help text and of mode all's keys. */
#define BW_MAX_EXTRACTORS 32
extern const struct bw_extractor *const bw_extractors[];
extern const size_t bw_nextractors;

/* The options every mode accepts (--json), and the one row of --cacheline its users share. */
extern const struct bw_option bw_common_options[];
#define BW_OPT_CACHELINE                                                 \
	{                                                                \
		"--cacheline", NULL, "cacheline", NULL, 1ul << 20, true, \
			"N: cacheline size in bytes (64)"                \
	}

/* Settings: the last value the command line gave @key (NULL when unset), and shorthands. */
const char *bw_opt(const struct bw_ctx *ctx, const char *key);
bool bw_opt_is(const struct bw_ctx *ctx, const char *key, const char *value);
unsigned long bw_opt_num(const struct bw_ctx *ctx, const char *key, unsigned long dflt);
/* Record a setting; -1 when there are too many. */
int bw_opt_put(struct bw_ctx *ctx, const char *key, const char *value);

/* Exit status: 0 all inputs reported, 1 some input failed, 2 usage error. */
int bw_status(const struct bw_ctx *ctx);

/* JSON envelope (docs/analyzer-json.md): opens the document and its "files" array. */
void bw_envelope_begin(struct bw_ctx *ctx);
/* Close "files" (when @files_open), write "errors" and close the document. */
void bw_envelope_end(struct bw_ctx *ctx, bool files_open);

/* @fn on every ELF image of @files (a file, or each member of an archive). */
void bw_run_images(struct bw_ctx *ctx, char **files, int nfiles, bw_image_fn fn, void *arg);

/* What bw_json_image() writes: the parts of @xs, as mode @all or a single mode. */
struct bw_json_run {
	const struct bw_extractor *const *xs;
	size_t n;
	bool all;
};

/* One FILE entry: the common part and every part of @arg (a struct bw_json_run). */
int bw_json_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg);

/* The --json document of per-file modes: one FILE entry per image. Returns the exit status. */
int bw_run_json(struct bw_ctx *ctx, char **files, int nfiles, const struct bw_json_run *run);

/* file.c: the common part of a FILE entry, up to and including "build" (the object stays open). */
void bw_file_json_begin(struct bw_ctx *ctx, const struct bw_image *img, const struct bw_obj *o);
/* Berkeley bucket name: "text", "data", "bss" or "other". */
const char *bw_bucket_name(enum bw_bucket b);

/* Text output of one image (the fuzzer calls them directly; @arg may be NULL). */
int bw_size_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg);
int bw_symbols_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg);
/* stack.c: frames and worst cases of one image, calls resolved within it (text). */
int bw_stack_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg);

#endif /* BW_CMD_H */
