/* SPDX-License-Identifier: GPL-2.0 */
/* Build records: Bloatwatch's <obj>.cmd or Kbuild's .<obj>.cmd, read into one form and its JSON. */
#ifndef BW_BUILDREC_H
#define BW_BUILDREC_H

#include "bw.h"

struct bw_kv {
	char *key, *value;
};

enum bw_recformat {
	BW_REC_BLOATWATCH, /* "key := value" lines (docs/matrix.md) */
	BW_REC_KBUILD, /* Kbuild's cmd_/savedcmd_, source_ and deps_ lines */
};

struct bw_buildrec {
	enum bw_recformat format;
	char *path; /* the record read */
	struct bw_kv *v; /* Bloatwatch: every line in file order; Kbuild: object, cmd, source */
	size_t n, cap;
	char **config_deps; /* Kbuild: CONFIG_ names fixdep recorded ($(wildcard include/config/X)) */
	size_t nconfig_deps, config_cap;
};

/*
 * bw_buildrec_read - the build record of the object at @objpath
 * Looks for Bloatwatch's "<obj>.cmd" first, then Kbuild's "<dir>/.<name>.cmd"; either file may
 * hold either format (told apart by its first line). Return: 1 when a record was read, 0 when
 * there is none, -1 on a malformed record (@e names the .cmd file and the line).
 */
int bw_buildrec_read(const char *objpath, struct bw_buildrec *r, struct bw_err *e);
void bw_buildrec_free(struct bw_buildrec *r);

/* Value of @key in a record, or NULL. */
const char *bw_buildrec_get(const struct bw_buildrec *r, const char *key);

/* Write the record of @objpath as the JSON "build" value (null when absent or @objpath NULL). */
void bw_buildrec_json(struct bw_ctx *ctx, const char *objpath);

#endif /* BW_BUILDREC_H */
