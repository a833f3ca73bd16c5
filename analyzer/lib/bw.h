/* SPDX-License-Identifier: GPL-2.0 */
/* The library's conventions: errors (struct bw_err), the run context that reports them, bounds checks. */
#ifndef BW_H
#define BW_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BW_PROG "bloatwatch-analyze"

/*
 * Error convention, the one of the whole library: actions return 0 or -1 and fill a struct
 * bw_err; functions returning pointers return NULL and fill one.  The tool then hands the error
 * to bw_report(), which prints "bloatwatch-analyze: FILE: message" and records it for --json.
 */
struct bw_err {
	char file[4096]; /* display name of the input at fault ("file" or "file(member)") */
	char msg[512]; /* one line, no trailing newline */
};

/* Fill @e and return -1, so parsers can `return bw_fail(e, name, "...")`. */
int bw_fail(struct bw_err *e, const char *file, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int bw_vfail(struct bw_err *e, const char *file, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

/* An internal inconsistency (a bug, not bad input): the message records where it happened. */
#define BW_BUG(e, file, what) \
	bw_fail((e), (file), "internal error at %s:%d: %s", __FILE__, __LINE__, (what))

struct bw_errs {
	struct bw_err *v; /* every error reported in this run, in order */
	size_t n, cap;
};

struct bw_json;

/* One option setting of the command line (analyzer/cmd/cmd.h declares the options). */
struct bw_setting {
	const char *key, *value;
};

#define BW_MAX_SETTINGS 64

/* The state of one run; no file-scope mutable state anywhere, so every path can be fuzzed. */
struct bw_ctx {
	FILE *out; /* stdout, or a memory stream under the fuzzer */
	FILE *errout; /* stderr, or NULL to keep errors only in @errs */
	struct bw_errs errs;
	struct bw_json *js; /* non-NULL while a JSON document is written */
	const char *mode; /* subcommand name, for the JSON envelope */
	bool json; /* --json */
	struct bw_setting set[BW_MAX_SETTINGS]; /* options in command-line order; the last wins */
	size_t nset;
};

/* Print @e as one line on ctx->errout and remember it for the JSON "errors" array. */
void bw_report(struct bw_ctx *ctx, const struct bw_err *e);
/* Report a formatted error about @file (shorthand for bw_fail + bw_report). */
void bw_reportf(struct bw_ctx *ctx, const char *file, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A note that is not an error ("FILE: note: ..." on ctx->errout; the exit status is unchanged). */
void bw_notef(struct bw_ctx *ctx, const char *file, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Free the error list. */
void bw_errs_free(struct bw_errs *errs);

/* Overflow-checked a + b: true when the sum does not fit. */
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
