/* SPDX-License-Identifier: GPL-2.0 */
/* Build records (<obj>.cmd, matrix/README.md): how an object was compiled and with which CONFIG values. */
#ifndef BW_BUILDREC_H
#define BW_BUILDREC_H

#include "bw.h"

struct bw_kv {
	char *key, *value;
};

struct bw_buildrec {
	struct bw_kv *v;	/* every "key := value" line, in file order */
	size_t n, cap;
};

/* Read "<obj>.cmd". Return: 1 when the record exists and was read, 0 when there is none,
 * -1 on a malformed record (@e names the .cmd file and the line). */
int bw_buildrec_read(const char *objpath, struct bw_buildrec *r, struct bw_err *e);
void bw_buildrec_free(struct bw_buildrec *r);

/* Write the record of @objpath as the JSON "build" value (null when absent or NULL). */
void bw_buildrec_json(struct bw_ctx *ctx, const char *objpath);

#endif /* BW_BUILDREC_H */
