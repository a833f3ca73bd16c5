// SPDX-License-Identifier: GPL-2.0
/* Mode size: Berkeley and SysV text byte-identical to binutils size 2.40; its JSON is the FILE entry. */
#include <inttypes.h>
#include <string.h>

#include "cmd.h"

static const struct bw_option options[] = {
	{ "-A", "--format=sysv", "format", "sysv", 0, false,
	  "SysV format: one line per section (size -A)" },
	{ "-B", "--format=berkeley", "format", "berkeley", 0, false, "Berkeley format (default)" },
	{ "-t", "--totals", "totals", "1", 0, false,
	  "add a (TOTALS) line (Berkeley format, as size -t)" },
	{ "-d", "--radix=10", "radix", "10", 0, false, "decimal sizes (default)" },
	{ "-o", "--radix=8", "radix", "8", 0, false, "octal sizes" },
	{ "-x", "--radix=16", "radix", "16", 0, false, "hexadecimal sizes" },
	{ 0 },
};

enum radix { RADIX_DEC, RADIX_OCT, RADIX_HEX };

struct size_run {
	bool header_done; /* Berkeley header printed (before the first object) */
	uint64_t text, data, bss; /* -t totals */
};

static enum radix radix_of(const struct bw_ctx *ctx)
{
	return bw_opt_is(ctx, "radix", "8")  ? RADIX_OCT :
	       bw_opt_is(ctx, "radix", "16") ? RADIX_HEX :
					       RADIX_DEC;
}

/* binutils size's rprint_number: the value in the radix, right-aligned in @width. */
static void rprint(FILE *f, enum radix radix, int width, uint64_t v)
{
	char buf[40];

	if (radix == RADIX_DEC)
		snprintf(buf, sizeof(buf), "%" PRIu64, v);
	else if (radix == RADIX_OCT)
		snprintf(buf, sizeof(buf), "0%" PRIo64, v);
	else
		snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
	fprintf(f, "%*s", width, buf);
}

static int number_len(enum radix radix, uint64_t v)
{
	char buf[40];

	if (radix == RADIX_DEC)
		return snprintf(buf, sizeof(buf), "%" PRIu64, v);
	if (radix == RADIX_OCT)
		return snprintf(buf, sizeof(buf), "0%" PRIo64, v);
	return snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
}

/* dec and hex columns: size prints them with %7lu/%7lo and %7lx of an unsigned long. */
static void dec_hex(FILE *f, enum radix radix, uint64_t total)
{
	unsigned long t = (unsigned long)total;

	fprintf(f, radix == RADIX_OCT ? "\t%7lo\t%7lx\t" : "\t%7lu\t%7lx\t", t, t);
}

static void print_berkeley(struct bw_ctx *ctx, struct size_run *run, const struct bw_image *img,
			   const struct bw_obj *o)
{
	FILE *f = ctx->out;
	enum radix r = radix_of(ctx);

	if (!run->header_done) {
		fputs(r == RADIX_OCT ? "   text\t   data\t    bss\t    oct\t    hex\tfilename\n" :
				       "   text\t   data\t    bss\t    dec\t    hex\tfilename\n",
		      f);
		run->header_done = true;
	}
	run->text += o->text;
	run->data += o->data;
	run->bss += o->bss;
	rprint(f, r, 7, o->text);
	fputc('\t', f);
	rprint(f, r, 7, o->data);
	fputc('\t', f);
	rprint(f, r, 7, o->bss);
	dec_hex(f, r, o->text + o->data + o->bss);
	if (img->member)
		fprintf(f, "%s (ex %s)\n", img->member, img->file);
	else
		fprintf(f, "%s\n", img->file);
}

static void print_sysv(struct bw_ctx *ctx, const struct bw_image *img, const struct bw_obj *o)
{
	FILE *f = ctx->out;
	enum radix r = radix_of(ctx);
	uint64_t total = 0, maxvma = 0;
	int namelen = 0, sizelen, vmalen;

	for (size_t k = 0; k < o->nbfd; k++) {
		const struct bw_sec *s = &o->secs[o->bfd_order[k]];
		int len = (int)strlen(s->name);

		if (!s->bfd_flags)
			continue;
		namelen = len > namelen ? len : namelen;
		total += s->size;
		maxvma = s->addr > maxvma ? s->addr : maxvma;
	}
	vmalen = number_len(r, maxvma);
	vmalen = vmalen < 4 ? 4 : vmalen;
	sizelen = number_len(r, total);
	sizelen = sizelen < 4 ? 4 : sizelen;
	if (img->member)
		fprintf(f, "%s   (ex %s):\n", img->member, img->file);
	else
		fprintf(f, "%s  :\n", img->file);
	fprintf(f, "%-*s   %*s   %*s\n", namelen, "section", sizelen, "size", vmalen, "addr");
	for (size_t k = 0; k < o->nbfd; k++) {
		const struct bw_sec *s = &o->secs[o->bfd_order[k]];

		if (!s->bfd_flags)
			continue;
		fprintf(f, "%-*s   ", namelen, s->name);
		rprint(f, r, sizelen, s->size);
		fputs("   ", f);
		rprint(f, r, vmalen, s->addr);
		fputc('\n', f);
	}
	fprintf(f, "%-*s   ", namelen, "Total");
	rprint(f, r, sizelen, total);
	fputs("\n\n\n", f);
}

int bw_size_image(struct bw_ctx *ctx, const struct bw_image *img, void *arg)
{
	struct size_run scratch = { 0 }, *run = arg ? arg : &scratch;
	struct bw_obj o;
	struct bw_err e;

	if (bw_obj_open(&o, img->display, img->bytes, img->size, &e)) {
		bw_obj_close(&o);
		bw_report(ctx, &e);
		return -1;
	}
	if (bw_opt_is(ctx, "format", "sysv"))
		print_sysv(ctx, img, &o);
	else
		print_berkeley(ctx, run, img, &o);
	bw_obj_close(&o);
	return 0;
}

static int size_text(struct bw_ctx *ctx, char **files, int nfiles)
{
	struct size_run run = { 0 };
	enum radix r = radix_of(ctx);

	bw_run_images(ctx, files, nfiles, bw_size_image, &run);
	if (bw_opt(ctx, "totals") && !bw_opt_is(ctx, "format", "sysv")) {
		FILE *f = ctx->out;

		rprint(f, r, 7, run.text);
		fputc('\t', f);
		rprint(f, r, 7, run.data);
		fputc('\t', f);
		rprint(f, r, 7, run.bss);
		dec_hex(f, r, run.text + run.data + run.bss);
		fputs("(TOTALS)\n", f);
	}
	return bw_status(ctx);
}

/* The FILE entry's common part already holds the sizes: no keys of its own. */
static const struct bw_json_part json = { 0 };

const struct bw_extractor bw_x_size = {
	.name = "size",
	.help = "text/data/bss/dec/hex per object, byte-identical to binutils size (-A: size -A)",
	.operands = "FILE...",
	.min_files = 1,
	.max_files = -1,
	.options = options,
	.run = size_text,
	.json = &json,
};
