// SPDX-License-Identifier: GPL-2.0
/* ar archives: walk GNU, BSD and thin archives member by member, naming members exactly as size does. */
#include <stdlib.h>
#include <string.h>

#include "input.h"

#define AR_HDR_SIZE 60

/* Parse a space-padded decimal field; false when it holds anything else. */
static bool ar_number(const unsigned char *field, size_t len, uint64_t *out)
{
	uint64_t v = 0;
	size_t i = 0;

	while (i < len && field[i] == ' ')
		i++;
	if (i == len || field[i] < '0' || field[i] > '9')
		return false;
	for (; i < len && field[i] >= '0' && field[i] <= '9'; i++) {
		if (v > (UINT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t)(field[i] - '0');
	}
	for (; i < len; i++)
		if (field[i] != ' ')
			return false;
	*out = v;
	return true;
}

/* A name from the GNU long-name table ("//"), entries end with "/\n" (or "\n"). */
static char *long_name(const unsigned char *tab, size_t tablen, uint64_t off)
{
	size_t end;
	char *s;

	if (!tab || off >= tablen)
		return NULL;
	for (end = (size_t)off; end < tablen && tab[end] != '\n' && tab[end] != '\0'; end++)
		;
	if (end > off && tab[end - 1] == '/')
		end--;
	s = malloc(end - (size_t)off + 1);
	if (!s)
		return NULL;
	memcpy(s, tab + off, end - (size_t)off);
	s[end - (size_t)off] = '\0';
	return s;
}

/* A name from the 16-byte header field: GNU "name/" or BSD space padded. */
static char *short_name(const unsigned char *field)
{
	size_t len = 16;
	char *s;

	while (len > 0 && field[len - 1] == ' ')
		len--;
	if (len > 0 && field[len - 1] == '/')
		len--;
	s = malloc(len + 1);
	if (!s)
		return NULL;
	memcpy(s, field, len);
	s[len] = '\0';
	return s;
}

/* Thin archives name members relative to the archive's folder, as BFD joins them. */
static char *thin_path(const char *archive, const char *name)
{
	const char *slash = strrchr(archive, '/');
	size_t dirlen = slash ? (size_t)(slash - archive) + 1 : 0;
	size_t nlen = strlen(name);
	char *s;

	if (name[0] == '/')
		dirlen = 0;
	s = malloc(dirlen + nlen + 1);
	if (!s)
		return NULL;
	memcpy(s, archive, dirlen);
	memcpy(s + dirlen, name, nlen + 1);
	return s;
}

static bool is_special(const char *name)
{
	return !strcmp(name, "") || !strcmp(name, "/") || !strcmp(name, "/SYM64") ||
	       !strcmp(name, "__.SYMDEF") || !strcmp(name, "__.SYMDEF SORTED");
}

/* Hand one member's bytes to @fn (thin members are mapped from their own file). */
static int visit_member(struct bw_ctx *ctx, const char *path, const char *member, bool thin,
			const unsigned char *data, uint64_t size, int index, bw_image_fn fn,
			void *arg)
{
	struct bw_image img = { .file = path, .member = member, .index = index };
	struct bw_mapping m = { 0 };
	struct bw_err e;
	char *display;
	size_t dlen = strlen(path) + strlen(member) + 3;
	int ret;

	display = malloc(dlen);
	if (!display) {
		bw_reportf(ctx, path, "out of memory");
		return -1;
	}
	snprintf(display, dlen, "%s(%s)", path, member);
	img.display = display;
	if (thin) {
		if (bw_map(member, &m, &e)) {
			snprintf(e.file, sizeof(e.file), "%s", display);
			bw_report(ctx, &e);
			free(display);
			return -1;
		}
		data = m.bytes;
		size = m.size;
	}
	img.bytes = data;
	img.size = (size_t)size;
	img.path = thin ? member : NULL;
	/* An archive inside an archive is skipped, as size does. */
	ret = bw_is_archive(data, (size_t)size) ? 0 : fn(ctx, &img, arg);
	bw_unmap(&m);
	free(display);
	return ret;
}

int bw_archive_walk(struct bw_ctx *ctx, const char *path, const unsigned char *bytes, size_t size,
		    bw_image_fn fn, void *arg)
{
	bool thin = !memcmp(bytes, "!<thin>\n", 8);
	const unsigned char *longtab = NULL;
	size_t longlen = 0;
	uint64_t off = 8;
	int index = 0, ret = 0;

	while (off < size) {
		const unsigned char *h = bytes + off;
		uint64_t msize, data, stored;
		char *name;
		bool in_archive;

		/* A lone padding newline may end the file. */
		if (size - off == 1 && h[0] == '\n')
			break;
		if (size - off < AR_HDR_SIZE) {
			bw_reportf(ctx, path,
				   "archive truncated: member header at offset %llu cut short",
				   (unsigned long long)off);
			return -1;
		}
		if (h[58] != '`' || h[59] != '\n' || !ar_number(h + 48, 10, &msize)) {
			bw_reportf(ctx, path, "malformed archive: bad member header at offset %llu",
				   (unsigned long long)off);
			return -1;
		}
		data = off + AR_HDR_SIZE;
		if (h[0] == '/' && h[1] == '/' && h[2] == ' ') {
			name = NULL; /* the long-name table */
		} else if (h[0] == '/' && h[1] >= '0' && h[1] <= '9') {
			uint64_t loff;

			/* GNU ar may end the field with a '/' ("/221           /" in Kbuild's
			 * built-in.a); BFD reads the number and stops there too. */
			size_t flen = 15;

			while (flen > 1 && h[flen] == '/')
				flen--;
			if (!ar_number(h + 1, flen, &loff) ||
			    !(name = long_name(longtab, longlen, loff))) {
				bw_reportf(ctx, path,
					   "malformed archive: bad long member name at offset %llu",
					   (unsigned long long)off);
				return -1;
			}
		} else if (!memcmp(h, "#1/", 3)) {
			uint64_t nlen;

			if (!ar_number(h + 3, 13, &nlen) || nlen > msize ||
			    !bw_range_ok(data, nlen, size)) {
				bw_reportf(ctx, path,
					   "malformed archive: bad BSD member name at offset %llu",
					   (unsigned long long)off);
				return -1;
			}
			name = malloc(nlen + 1);
			if (!name)
				return -1;
			memcpy(name, bytes + data, nlen);
			name[nlen] = '\0';
			data += nlen;
			msize -= nlen;
		} else {
			name = short_name(h);
			if (!name)
				return -1;
		}
		/* Thin archives keep only their tables inside; members live in their own files. */
		in_archive = !thin || !name || is_special(name);
		if (in_archive && !bw_range_ok(data, msize, size)) {
			bw_reportf(
				ctx, path,
				"archive truncated: member at offset %llu needs %llu bytes, %llu left",
				(unsigned long long)off, (unsigned long long)msize,
				(unsigned long long)(size - data));
			free(name);
			return -1;
		}
		if (!name) {
			longtab = bytes + data;
			longlen = (size_t)msize;
		} else if (!is_special(name)) {
			char *member = thin ? thin_path(path, name) : name;

			if (!member) {
				free(name);
				return -1;
			}
			if (visit_member(ctx, path, member, thin, bytes + data, msize, index++, fn,
					 arg))
				ret = -1;
			if (member != name)
				free(member);
		}
		free(name);
		stored = in_archive ? msize : 0;
		off = data + stored;
		off += off & 1;
	}
	return ret;
}
