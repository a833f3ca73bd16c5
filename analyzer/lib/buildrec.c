// SPDX-License-Identifier: GPL-2.0
/* Parse <obj>.cmd build records and write them as the JSON "build" object. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "buildrec.h"
#include "json.h"

static const char *const known_keys[] = {
	"cmd", "compiler_version", "source", "object", "variant", "arch", "compiler", "scenario",
};
#define NKNOWN (sizeof(known_keys) / sizeof(known_keys[0]))

static char *trimmed_copy(const char *s, size_t len)
{
	char *c;

	while (len && (s[0] == ' ' || s[0] == '\t')) {
		s++;
		len--;
	}
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	c = malloc(len + 1);
	if (c) {
		memcpy(c, s, len);
		c[len] = '\0';
	}
	return c;
}

/* Split at @sep (the ":="), trimming blanks around key and value. */
static int add_pair(struct bw_buildrec *r, const char *line, size_t len, const char *sep)
{
	struct bw_kv *v = bw_grow(r->v, &r->cap, r->n + 1, sizeof(*v));
	struct bw_kv kv;

	if (!v)
		return -1;
	r->v = v;
	kv.key = trimmed_copy(line, (size_t)(sep - line));
	kv.value = trimmed_copy(sep + 2, len - (size_t)(sep + 2 - line));
	if (!kv.key || !kv.value) {
		free(kv.key);
		free(kv.value);
		return -1;
	}
	r->v[r->n++] = kv;
	return 0;
}

int bw_buildrec_read(const char *objpath, struct bw_buildrec *r, struct bw_err *e)
{
	size_t plen = strlen(objpath), cap = 0, lineno = 0;
	char *path, *line = NULL;
	ssize_t got;
	FILE *f;
	int ret = 1;

	memset(r, 0, sizeof(*r));
	path = malloc(plen + 5);
	if (!path)
		return bw_fail(e, objpath, "out of memory");
	memcpy(path, objpath, plen);
	memcpy(path + plen, ".cmd", 5);
	f = fopen(path, "r");
	if (!f) {
		ret = errno == ENOENT ? 0 : bw_fail(e, path, "%s", strerror(errno));
		free(path);
		return ret;
	}
	while ((got = getline(&line, &cap, f)) >= 0) {
		size_t len = (size_t)got;
		char *sep;

		lineno++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		sep = strstr(line, ":=");
		if (!sep || memchr(line, '\0', len)) {
			ret = bw_fail(e, path, "line %zu: not a 'key := value' line", lineno);
			break;
		}
		if (add_pair(r, line, len, sep)) {
			ret = bw_fail(e, path, "out of memory");
			break;
		}
	}
	free(line);
	fclose(f);
	free(path);
	if (ret < 0)
		bw_buildrec_free(r);
	return ret;
}

void bw_buildrec_free(struct bw_buildrec *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].key);
		free(r->v[i].value);
	}
	free(r->v);
	memset(r, 0, sizeof(*r));
}

static bool is_config(const char *key)
{
	return !strncmp(key, "CONFIG_", 7);
}

static bool is_known(const char *key)
{
	for (size_t k = 0; k < NKNOWN; k++)
		if (!strcmp(key, known_keys[k]))
			return true;
	return false;
}

void bw_buildrec_json(struct bw_ctx *ctx, const char *objpath)
{
	struct bw_json *j = ctx->js;
	struct bw_buildrec r;
	struct bw_err e;
	int got;

	if (!objpath) {
		bw_json_null(j);
		return;
	}
	got = bw_buildrec_read(objpath, &r, &e);
	if (got <= 0) {
		if (got < 0)
			bw_report(ctx, &e);
		bw_json_null(j);
		return;
	}
	bw_json_obj_begin(j);
	/* Known keys first in a fixed order, then any others, then the CONFIG values. */
	for (size_t k = 0; k < NKNOWN; k++)
		for (size_t i = 0; i < r.n; i++)
			if (!strcmp(r.v[i].key, known_keys[k])) {
				bw_json_kstr(j, r.v[i].key, r.v[i].value);
				break;
			}
	for (size_t i = 0; i < r.n; i++)
		if (!is_known(r.v[i].key) && !is_config(r.v[i].key))
			bw_json_kstr(j, r.v[i].key, r.v[i].value);
	bw_json_key(j, "config");
	bw_json_obj_begin(j);
	for (size_t i = 0; i < r.n; i++)
		if (is_config(r.v[i].key))
			bw_json_kstr(j, r.v[i].key, r.v[i].value);
	bw_json_obj_end(j);
	bw_json_obj_end(j);
	bw_buildrec_free(&r);
}
