// SPDX-License-Identifier: GPL-2.0
/* Errors: struct bw_err is filled where a problem is found and reported once, by the tool. */
#include <stdlib.h>
#include <string.h>

#include "bw.h"

int bw_vfail(struct bw_err *e, const char *file, const char *fmt, va_list ap)
{
	snprintf(e->file, sizeof(e->file), "%s", file ? file : "");
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	/* One line, always: hostile names could carry a newline into the message. */
	for (char *p = e->msg; *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	return -1;
}

int bw_fail(struct bw_err *e, const char *file, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bw_vfail(e, file, fmt, ap);
	va_end(ap);
	return -1;
}

void *bw_grow(void *v, size_t *cap, size_t need, size_t elem)
{
	size_t ncap = *cap ? *cap : 16;
	void *nv;

	if (need <= *cap)
		return v;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2 / elem)
			return NULL;
		ncap *= 2;
	}
	nv = realloc(v, ncap * elem);
	if (!nv)
		return NULL;
	*cap = ncap;
	return nv;
}

void bw_report(struct bw_ctx *ctx, const struct bw_err *e)
{
	struct bw_err *v;

	if (ctx->errout) {
		if (e->file[0])
			fprintf(ctx->errout, "%s: %s: %s\n", BW_PROG, e->file, e->msg);
		else
			fprintf(ctx->errout, "%s: %s\n", BW_PROG, e->msg);
	}
	v = bw_grow(ctx->errs.v, &ctx->errs.cap, ctx->errs.n + 1, sizeof(*v));
	if (!v)
		return; /* the line above was printed; only the JSON copy is lost */
	ctx->errs.v = v;
	v[ctx->errs.n++] = *e;
}

void bw_reportf(struct bw_ctx *ctx, const char *file, const char *fmt, ...)
{
	struct bw_err e;
	va_list ap;

	va_start(ap, fmt);
	bw_vfail(&e, file, fmt, ap);
	va_end(ap);
	bw_report(ctx, &e);
}

void bw_notef(struct bw_ctx *ctx, const char *file, const char *fmt, ...)
{
	struct bw_err e;
	va_list ap;

	if (!ctx->errout)
		return;
	va_start(ap, fmt);
	bw_vfail(&e, file, fmt, ap);
	va_end(ap);
	fprintf(ctx->errout, "%s: %s: note: %s\n", BW_PROG, e.file, e.msg);
}

void bw_errs_free(struct bw_errs *errs)
{
	free(errs->v);
	errs->v = NULL;
	errs->n = errs->cap = 0;
}
