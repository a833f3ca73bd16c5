// SPDX-License-Identifier: GPL-2.0
/* Streaming JSON writer: valid JSON for any input bytes, deterministic layout. */
#include <inttypes.h>
#include <string.h>

#include "json.h"

void bw_json_init(struct bw_json *j, FILE *f, int inline_depth)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->first[0] = true;
	j->inline_depth = inline_depth;
}

static void indent(struct bw_json *j, int depth)
{
	fputc('\n', j->f);
	for (int i = 0; i < depth; i++)
		fputs("  ", j->f);
}

/* Separator and indentation before a value or a key at the current depth. */
static void before_item(struct bw_json *j)
{
	int d = j->depth;

	if (j->after_key) {
		j->after_key = false;
		return;
	}
	if (d == 0) {
		j->first[0] = false;
		return;
	}
	if (!j->first[d])
		fputs(j->oneline[d] ? ", " : ",", j->f);
	if (!j->oneline[d])
		indent(j, d);
	j->first[d] = false;
}

static void open_container(struct bw_json *j, char c)
{
	bool parent_oneline = j->oneline[j->depth];

	before_item(j);
	fputc(c, j->f);
	if (j->depth + 1 >= BW_JSON_MAXDEPTH)
		return; /* deeper nesting is never produced by the analyzer */
	j->depth++;
	j->first[j->depth] = true;
	j->oneline[j->depth] = parent_oneline || j->depth >= j->inline_depth;
}

static void close_container(struct bw_json *j, char c)
{
	int d = j->depth;

	if (d > 0) {
		if (!j->oneline[d] && !j->first[d])
			indent(j, d - 1);
		j->depth--;
	}
	fputc(c, j->f);
}

void bw_json_obj_begin(struct bw_json *j)
{
	open_container(j, '{');
}
void bw_json_obj_end(struct bw_json *j)
{
	close_container(j, '}');
}
void bw_json_arr_begin(struct bw_json *j)
{
	open_container(j, '[');
}
void bw_json_arr_end(struct bw_json *j)
{
	close_container(j, ']');
}

/* Length of a valid UTF-8 sequence at @s (at most @n bytes), 0 when invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;
	uint32_t cp;

	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	len = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	if (n < len)
		return 0;
	cp = s[0] & (0x7f >> len);
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* Reject overlong forms, surrogates and values past U+10FFFF. */
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/*
 * Control characters, quote and backslash are escaped; valid UTF-8 passes through; any
 * other byte (symbol names from hostile files can hold anything) becomes \u00XX, the
 * byte's value taken as a code point, so the document is always valid UTF-8 JSON.
 */
void bw_json_strn(struct bw_json *j, const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	before_item(j);
	fputc('"', j->f);
	while (i < n) {
		unsigned char c = s[i];
		size_t run = i;

		/* Copy plain ASCII in one write. */
		while (run < n && s[run] >= 0x20 && s[run] < 0x7f && s[run] != '"' &&
		       s[run] != '\\')
			run++;
		if (run > i) {
			fwrite(s + i, 1, run - i, j->f);
			i = run;
			continue;
		}
		if (c == '"' || c == '\\') {
			fputc('\\', j->f);
			fputc(c, j->f);
			i++;
		} else if (c == '\n') {
			fputs("\\n", j->f);
			i++;
		} else if (c == '\t') {
			fputs("\\t", j->f);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fprintf(j->f, "\\u%04x", c);
			i++;
		} else {
			size_t len = utf8_len(s + i, n - i);

			if (len) {
				fwrite(s + i, 1, len, j->f);
				i += len;
			} else {
				fprintf(j->f, "\\u%04x", c);
				i++;
			}
		}
	}
	fputc('"', j->f);
}

void bw_json_str(struct bw_json *j, const char *s)
{
	if (!s)
		bw_json_null(j);
	else
		bw_json_strn(j, s, strlen(s));
}

void bw_json_key(struct bw_json *j, const char *key)
{
	bw_json_str(j, key);
	fputs(": ", j->f);
	j->after_key = true;
}

void bw_json_u64(struct bw_json *j, uint64_t v)
{
	before_item(j);
	fprintf(j->f, "%" PRIu64, v);
}

void bw_json_i64(struct bw_json *j, int64_t v)
{
	before_item(j);
	fprintf(j->f, "%" PRId64, v);
}

void bw_json_fixed2(struct bw_json *j, double v)
{
	before_item(j);
	if (v != v || v > 1e300 || v < -1e300)
		fputs("null", j->f); /* JSON has no NaN or infinity */
	else
		fprintf(j->f, "%.2f", v);
}

void bw_json_bool(struct bw_json *j, bool v)
{
	before_item(j);
	fputs(v ? "true" : "false", j->f);
}

void bw_json_null(struct bw_json *j)
{
	before_item(j);
	fputs("null", j->f);
}

void bw_json_finish(struct bw_json *j)
{
	fputc('\n', j->f);
}

void bw_json_kstr(struct bw_json *j, const char *key, const char *s)
{
	bw_json_key(j, key);
	bw_json_str(j, s);
}

void bw_json_ku64(struct bw_json *j, const char *key, uint64_t v)
{
	bw_json_key(j, key);
	bw_json_u64(j, v);
}

void bw_json_ki64(struct bw_json *j, const char *key, int64_t v)
{
	bw_json_key(j, key);
	bw_json_i64(j, v);
}
