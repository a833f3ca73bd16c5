/* SPDX-License-Identifier: GPL-2.0 */
/* A small streaming JSON writer: commas, indentation and string escaping of arbitrary bytes. */
#ifndef BW_JSON_H
#define BW_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BW_JSON_MAXDEPTH 32

struct bw_json {
	FILE *f;
	int depth; /* open containers, 0 at top level */
	bool first[BW_JSON_MAXDEPTH]; /* nothing written yet in this container */
	bool oneline[BW_JSON_MAXDEPTH]; /* this container is printed on one line */
	bool after_key; /* a key was written; its value comes next */
	int inline_depth; /* containers opened at this depth or deeper are one-line */
};

/* Start a document on @f; containers at depth >= @inline_depth are written on one line. */
void bw_json_init(struct bw_json *j, FILE *f, int inline_depth);
void bw_json_obj_begin(struct bw_json *j);
void bw_json_obj_end(struct bw_json *j);
void bw_json_arr_begin(struct bw_json *j);
void bw_json_arr_end(struct bw_json *j);
/* An object key; the next call writes its value. */
void bw_json_key(struct bw_json *j, const char *key);
void bw_json_str(struct bw_json *j, const char *s); /* NULL writes null */
void bw_json_strn(struct bw_json *j, const char *s, size_t len);
void bw_json_u64(struct bw_json *j, uint64_t v);
void bw_json_i64(struct bw_json *j, int64_t v);
void bw_json_fixed2(struct bw_json *j, double v); /* a number with two decimals */
void bw_json_bool(struct bw_json *j, bool v);
void bw_json_null(struct bw_json *j);
/* Finish the document (a newline after the top-level value). */
void bw_json_finish(struct bw_json *j);

/* Shorthands for "key": value pairs. */
void bw_json_kstr(struct bw_json *j, const char *key, const char *s);
void bw_json_ku64(struct bw_json *j, const char *key, uint64_t v);
void bw_json_ki64(struct bw_json *j, const char *key, int64_t v);

#endif /* BW_JSON_H */
