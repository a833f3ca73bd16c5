/* SPDX-License-Identifier: GPL-2.0 */
/* Shared analyzer types: the run context passed to every mode, its options and the error convention. */
#ifndef BW_H
#define BW_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BW_PROG "bloatwatch-analyze"

/*
 * Error convention (STYLE §7): actions return 0 or -1 and fill a struct bw_err; functions
 * returning pointers return NULL and fill one.  The mode then hands the error to
 * bw_report(), which prints "bloatwatch-analyze: FILE: message" and records it for --json.
 */
struct bw_err {
	char file[4096];	/* display name of the input at fault ("file" or "file(member)") */
	char msg[512];		/* one line, no trailing newline */
};

/* Fill @e and return -1, so parsers can `return bw_fail(e, name, "...")`. */
int bw_fail(struct bw_err *e, const char *file, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* An internal inconsistency (a bug, not bad input): the message records where it happened. */
#define BW_BUG(e, file, what) bw_fail((e), (file), "internal error at %s:%d: %s", __FILE__, __LINE__, (what))

struct bw_errs {
	struct bw_err *v;	/* every error reported in this run, in order */
	size_t n, cap;
};

enum bw_radix { BW_RADIX_DEC, BW_RADIX_OCT, BW_RADIX_HEX };

/* Every option of every mode; main.c's option table says which mode accepts which. */
struct bw_opts {
	bool json;		/* --json: one JSON document (analyzer/SCHEMA.md) instead of text */
	bool sysv;		/* size -A: SysV per-section format */
	bool totals;		/* size -t: a (TOTALS) line */
	enum bw_radix radix;	/* size -d/-o/-x */
	bool all;		/* configs --all: every token, not only what extractconfig.sh reports */
	const char *only;	/* structs -C NAME */
	bool reorganize;	/* structs --reorganize */
	unsigned cacheline;	/* structs --cacheline N (64) */
	bool exact;		/* diff --exact: scripts/bloat-o-meter's own name rule (.NUMBER only) */
	bool with_structs;	/* diff --structs: add the struct-layout diff */
	char category;		/* diff -c / -d / -t, 0 for the default (all symbol types) */
};

struct bw_json;

/* The state of one run; no file-scope mutable state anywhere, so modes can be fuzzed. */
struct bw_ctx {
	FILE *out;		/* stdout, or a memory stream under the fuzzer */
	FILE *errout;		/* stderr, or NULL to keep errors only in @errs */
	struct bw_opts o;
	struct bw_errs errs;
	struct bw_json *js;	/* non-NULL when the mode writes JSON */
	const char *mode;	/* subcommand name, for the JSON envelope */
};

/* Print @e as one line on ctx->errout and remember it for the JSON "errors" array. */
void bw_report(struct bw_ctx *ctx, const struct bw_err *e);
/* Report a formatted error about @file (shorthand for bw_fail + bw_report). */
void bw_reportf(struct bw_ctx *ctx, const char *file, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Free the error list. */
void bw_errs_free(struct bw_errs *errs);

/* Overflow-checked a + b (STYLE §8): true when the sum does not fit. */
static inline bool bw_add_overflows(uint64_t a, uint64_t b, uint64_t *sum)
{
	return __builtin_add_overflow(a, b, sum);
}

/* True when [off, off + len) lies inside a buffer of @size bytes. */
static inline bool bw_range_ok(uint64_t off, uint64_t len, uint64_t size)
{
	uint64_t end;

	return !bw_add_overflows(off, len, &end) && end <= size;
}

/* malloc/realloc that report failure through a NULL return only (callers check). */
void *bw_grow(void *v, size_t *cap, size_t need, size_t elem);

#endif /* BW_H */
