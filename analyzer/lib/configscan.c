// SPDX-License-Identifier: GPL-2.0
/* CONFIG_ usage of a source file: the extractconfig.sh pipeline in C, quirks included.
 *
 * For each line:
 *   1. grep '[^A-Z_0-9]CONFIG_[A-Z_0-9]*'      keep lines with a CONFIG_ after a non-name byte;
 *                                               with several files grep prints "FILE:" before
 *                                               each kept line, and the later stages see it
 *   2. sed 's/CONFIG_[A-Z_0-9]*&/&:/g'          put ':' after every token (scanning left to right)
 *   3. tr ':' '\n'                              split at every ':' (inserted or original)
 *   4. grep again                               keep pieces where a non-[A-Z_0-9] byte precedes
 *                                               the token: a token at the start of a line, or
 *                                               right after a ':', is lost
 *   5. sed 's/^.*\(CONFIG_[A-Z_0-9]*\)/\1/'     keep the piece from its LAST "CONFIG_" on, so
 *                                               CONFIG_FOOCONFIG_BAR reports CONFIG_BAR
 *   6. sort -u
 * Byte semantics (LC_ALL=C).  A file holding a NUL byte is binary to grep, which prints
 * none of its lines here (exact for files up to grep's first 32 KiB buffer).
 * --all adds every whole token that starts a line or follows a byte outside [A-Z0-9_]
 * (in the file's own text): the tokens the pipeline drops by position.
 */
#include <stdlib.h>
#include <string.h>

#include "configscan.h"

static bool name_byte(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static size_t token_end(const char *s, size_t i, size_t len)
{
	i += 7;
	while (i < len && name_byte((unsigned char)s[i]))
		i++;
	return i;
}

static bool at_config(const char *s, size_t i, size_t len)
{
	return len - i >= 7 && !memcmp(s + i, "CONFIG_", 7);
}

/* Stage 1 (and stage 4 on a piece): a CONFIG_ right after a byte outside [A-Z_0-9]. */
static bool has_marked_token(const char *s, size_t len)
{
	for (size_t i = 1; i + 7 <= len; i++)
		if (s[i] == 'C' && at_config(s, i, len) && !name_byte((unsigned char)s[i - 1]))
			return true;
	return false;
}

/* Stage 5 on a piece: from its last "CONFIG_" to the end. */
static int emit_piece(const char *p, size_t len, struct bw_strset *out)
{
	size_t last = len;

	if (!has_marked_token(p, len))
		return 0;
	for (size_t i = 0; i + 7 <= len; i++)
		if (at_config(p, i, len))
			last = i;
	return bw_strset_add(out, p + last, len - last);
}

/* Stages 2-5 on one line that passed stage 1: pieces end at ':' or right after a token. */
static int split_line(const char *s, size_t len, struct bw_strset *out)
{
	size_t start = 0, i = 0;

	while (i < len) {
		if (s[i] == ':') {
			if (emit_piece(s + start, i - start, out))
				return -1;
			start = ++i;
		} else if (at_config(s, i, len)) {
			i = token_end(s, i, len);
			if (emit_piece(s + start, i - start, out))
				return -1;
			start = i;
		} else {
			i++;
		}
	}
	return emit_piece(s + start, len - start, out);
}

/* --all: every whole token not glued to a preceding name byte. */
static int all_tokens(const char *s, size_t len, struct bw_strset *out)
{
	for (size_t i = 0; i < len;) {
		if (at_config(s, i, len)) {
			size_t end = token_end(s, i, len);

			if ((i == 0 || !name_byte((unsigned char)s[i - 1])) &&
			    bw_strset_add(out, s + i, end - i))
				return -1;
			i = end;
		} else {
			i++;
		}
	}
	return 0;
}

int bw_configs_scan(const char *text, size_t len, const char *prefix, bool all,
		    struct bw_strset *out)
{
	size_t plen = prefix ? strlen(prefix) : 0, cap = 0;
	char *buf = NULL;
	int ret = 0;

	if (memchr(text, '\0', len))
		return 0;
	for (size_t start = 0; start < len && !ret;) {
		const char *nl = memchr(text + start, '\n', len - start);
		size_t end = nl ? (size_t)(nl - text) : len, n = end - start + plen;
		const char *line = text + start;

		if (plen) {
			/* grep's "FILE:" prefix is part of what the later stages see. */
			if (n + 1 > cap) {
				char *nb = realloc(buf, n + 1);

				if (!nb) {
					ret = -1;
					break;
				}
				buf = nb;
				cap = n + 1;
			}
			memcpy(buf, prefix, plen);
			memcpy(buf + plen, text + start, end - start);
			line = buf;
		}
		/* grep matches the line itself; its FILE: prefix only joins the output. */
		if (has_marked_token(text + start, end - start) && split_line(line, n, out))
			ret = -1;
		if (!ret && all && all_tokens(text + start, end - start, out))
			ret = -1;
		start = end + 1;
	}
	free(buf);
	return ret;
}

int bw_strset_add(struct bw_strset *s, const char *str, size_t len)
{
	char **v = bw_grow(s->v, &s->cap, s->n + 1, sizeof(*v));
	char *c;

	if (!v)
		return -1;
	s->v = v;
	c = malloc(len + 1);
	if (!c)
		return -1;
	memcpy(c, str, len);
	c[len] = '\0';
	s->v[s->n++] = c;
	return 0;
}

static int by_coll(const void *a, const void *b)
{
	return strcoll(*(char *const *)a, *(char *const *)b);
}

static int by_bytes(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void bw_strset_sort(struct bw_strset *s, bool coll)
{
	int (*cmp)(const void *, const void *) = coll ? by_coll : by_bytes;
	size_t o = 0;

	if (!s->n)
		return;
	qsort(s->v, s->n, sizeof(*s->v), cmp);
	for (size_t i = 0; i < s->n; i++) {
		if (o && !cmp(&s->v[o - 1], &s->v[i])) {
			free(s->v[i]);
			continue;
		}
		s->v[o++] = s->v[i];
	}
	s->n = o;
}

void bw_strset_free(struct bw_strset *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}
