// SPDX-License-Identifier: GPL-2.0
/* Parse build records, Bloatwatch's and Kbuild's .cmd files, and write them as the JSON "build". */
#define _GNU_SOURCE /* memmem */
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

static int add_kv(struct bw_buildrec *r, char *key, char *value)
{
	struct bw_kv *v;

	if (!key || !value || !(v = bw_grow(r->v, &r->cap, r->n + 1, sizeof(*v)))) {
		free(key);
		free(value);
		return -1;
	}
	r->v = v;
	r->v[r->n++] = (struct bw_kv){ key, value };
	return 0;
}

const char *bw_buildrec_get(const struct bw_buildrec *r, const char *key)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->v[i].key, key))
			return r->v[i].value;
	return NULL;
}

/* Bloatwatch: split at the ":=", trimming blanks around key and value. */
static int bloatwatch_line(struct bw_buildrec *r, const char *line, size_t len)
{
	const char *sep = strstr(line, ":=");

	if (!sep)
		return 1;
	return add_kv(r, trimmed_copy(line, (size_t)(sep - line)),
		      trimmed_copy(sep + 2, len - (size_t)(sep + 2 - line)));
}

/* A Kbuild "NAME := VALUE" line whose name starts with @prefix: the rest of the name in *obj. */
static const char *kbuild_assign(const char *line, const char *prefix, const char **obj,
				 size_t *objlen)
{
	size_t plen = strlen(prefix);
	const char *sep;

	if (strncmp(line, prefix, plen) || !(sep = strstr(line, " :=")) ||
	    (sep[3] && sep[3] != ' '))
		return NULL;
	*obj = line + plen;
	*objlen = (size_t)(sep - *obj);
	return sep[3] ? sep + 4 : sep + 3;
}

/* "$(wildcard include/config/X)" (Linux >= 5.14) or ".../config/x/y.h" (older): CONFIG_X. */
static int add_config_dep(struct bw_buildrec *r, const char *word, size_t len)
{
	static const char head[] = "$(wildcard include/config/";
	size_t hl = sizeof(head) - 1, n;
	char *name, **v;

	if (len <= hl + 1 || strncmp(word, head, hl) || word[len - 1] != ')')
		return 0;
	word += hl;
	len -= hl + 1;
	if (len > 2 && !strncmp(word + len - 2, ".h", 2))
		len -= 2;
	name = malloc(len + 8);
	if (!name)
		return -1;
	memcpy(name, "CONFIG_", 7);
	for (n = 0; n < len; n++) {
		char c = word[n];

		name[7 + n] = c == '/' ? '_' : (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
	}
	name[7 + len] = '\0';
	for (size_t i = 0; i < r->nconfig_deps; i++)
		if (!strcmp(r->config_deps[i], name)) {
			free(name);
			return 0;
		}
	v = bw_grow(r->config_deps, &r->config_cap, r->nconfig_deps + 1, sizeof(*v));
	if (!v) {
		free(name);
		return -1;
	}
	r->config_deps = v;
	r->config_deps[r->nconfig_deps++] = name;
	return 0;
}

/* The words of one deps_ line (after the ":=" or a continuation), without the trailing "\". */
static int kbuild_deps(struct bw_buildrec *r, const char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		size_t start;

		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		start = i;
		if (i + 1 < len && s[i] == '$' && s[i + 1] == '(') {
			while (i < len && s[i] != ')')
				i++;
			if (i < len)
				i++;
		} else {
			while (i < len && s[i] != ' ' && s[i] != '\t')
				i++;
		}
		if (i > start && add_config_dep(r, s + start, i - start))
			return -1;
	}
	return 0;
}

struct kbuild_state {
	bool continued; /* the previous line ended with "\" */
	bool in_deps; /* ... and it belongs to the deps_ list */
	bool have_cmd;
};

/* A make rule "TARGETS: PREREQUISITES" (fixdep and the tools' own dependency lines). */
static bool make_rule(const char *line)
{
	const char *colon = strchr(line, ':');

	return colon && colon > line && colon[1] != '=';
}

/* "NAME := ..." with a make variable name (no blanks): an assignment Kbuild may add. */
static bool assignment(const char *line)
{
	const char *sep = strstr(line, " :=");

	return sep && sep > line && strcspn(line, " \t") == (size_t)(sep - line);
}

/* One line of a Kbuild .cmd file: 0 taken, 1 not Kbuild's, -1 out of memory. */
static int kbuild_line(struct bw_buildrec *r, struct kbuild_state *st, const char *line, size_t len)
{
	const char *obj, *val;
	size_t objlen;
	bool cont = len && line[len - 1] == '\\';

	if (st->continued) {
		st->continued = cont;
		return st->in_deps ? kbuild_deps(r, line, cont ? len - 1 : len) : 0;
	}
	st->continued = cont;
	st->in_deps = false;
	if ((val = kbuild_assign(line, "savedcmd_", &obj, &objlen)) ||
	    (val = kbuild_assign(line, "cmd_", &obj, &objlen))) {
		if (st->have_cmd)
			return 1; /* one object per record */
		st->have_cmd = true;
		if (add_kv(r, strdup("object"), trimmed_copy(obj, objlen)) ||
		    add_kv(r, strdup("cmd"), trimmed_copy(val, len - (size_t)(val - line))))
			return -1;
		return 0;
	}
	if ((val = kbuild_assign(line, "source_", &obj, &objlen)))
		return add_kv(r, strdup("source"), trimmed_copy(val, len - (size_t)(val - line)));
	if ((val = kbuild_assign(line, "deps_", &obj, &objlen))) {
		st->in_deps = cont;
		return kbuild_deps(r, val, (size_t)(line + len - val) - (cont ? 1 : 0));
	}
	/* The rules fixdep writes ("OBJ: $(deps_OBJ)", "$(deps_OBJ):", "OBJ: $(wildcard
	 * ./tools/objtool/objtool)"), plain dependency lists, other variables: nothing to take. */
	return make_rule(line) || assignment(line) ? 0 : 1;
}

/* True when the first line that says anything is Kbuild's: a command or a make rule. */
static bool is_kbuild(const char *line)
{
	return !strncmp(line, "cmd_", 4) || !strncmp(line, "savedcmd_", 9) ||
	       (make_rule(line) && !strstr(line, ":="));
}

/* The compiler family of a Kbuild command: its first word names gcc or clang. */
static void kbuild_compiler(struct bw_buildrec *r)
{
	const char *cmd = bw_buildrec_get(r, "cmd"), *end, *base;
	size_t len;

	if (!cmd)
		return;
	end = cmd + strcspn(cmd, " \t");
	for (base = end; base > cmd && base[-1] != '/';)
		base--;
	len = (size_t)(end - base);
	if (memmem(base, len, "clang", 5))
		add_kv(r, strdup("compiler"), strdup("clang"));
	else if (memmem(base, len, "gcc", 3))
		add_kv(r, strdup("compiler"), strdup("gcc"));
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Parse @f (the record @path): 1 read, -1 malformed (@e set). */
static int parse(FILE *f, const char *path, struct bw_buildrec *r, struct bw_err *e)
{
	struct kbuild_state st = { 0 };
	size_t cap = 0, lineno = 0;
	bool decided = false;
	char *line = NULL;
	ssize_t got;
	int ret = 1;

	while ((got = getline(&line, &cap, f)) >= 0) {
		size_t len = (size_t)got;
		int bad;

		lineno++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (!st.continued && (len == 0 || line[0] == '#'))
			continue;
		if (!decided) {
			decided = true;
			r->format = is_kbuild(line) ? BW_REC_KBUILD : BW_REC_BLOATWATCH;
		}
		if (memchr(line, '\0', len))
			bad = 1;
		else
			bad = r->format == BW_REC_KBUILD ? kbuild_line(r, &st, line, len) :
							   bloatwatch_line(r, line, len);
		if (bad < 0) {
			ret = bw_fail(e, path, "out of memory");
			break;
		}
		if (bad) {
			ret = r->format == BW_REC_KBUILD ?
				      bw_fail(e, path,
					      "line %zu: not a Kbuild .cmd line (a variable, a make rule or a continuation)",
					      lineno) :
				      bw_fail(e, path, "line %zu: not a 'key := value' line",
					      lineno);
			break;
		}
	}
	free(line);
	if (ret > 0 && st.continued)
		ret = bw_fail(e, path, "line %zu: a continued line ends the file", lineno);
	if (ret > 0 && r->format == BW_REC_KBUILD) {
		kbuild_compiler(r);
		qsort(r->config_deps, r->nconfig_deps, sizeof(*r->config_deps), by_string);
	}
	return ret;
}

/* "dir/name.o" -> "dir/.name.o.cmd" */
static char *kbuild_path(const char *objpath)
{
	const char *slash = strrchr(objpath, '/'), *base = slash ? slash + 1 : objpath;
	size_t dirlen = (size_t)(base - objpath), blen = strlen(base);
	char *p = malloc(dirlen + blen + 6);

	if (p) {
		memcpy(p, objpath, dirlen);
		p[dirlen] = '.';
		memcpy(p + dirlen + 1, base, blen);
		memcpy(p + dirlen + 1 + blen, ".cmd", 5);
	}
	return p;
}

int bw_buildrec_read(const char *objpath, struct bw_buildrec *r, struct bw_err *e)
{
	size_t plen = strlen(objpath);
	char *paths[2] = { malloc(plen + 5), kbuild_path(objpath) };
	FILE *f = NULL;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	if (!paths[0] || !paths[1]) {
		free(paths[0]);
		free(paths[1]);
		return bw_fail(e, objpath, "out of memory");
	}
	memcpy(paths[0], objpath, plen);
	memcpy(paths[0] + plen, ".cmd", 5);
	/* Bloatwatch's own record wins over Kbuild's. */
	for (int k = 0; k < 2 && !f && ret == 0; k++) {
		f = fopen(paths[k], "r");
		if (f) {
			r->path = paths[k];
			paths[k] = NULL;
		} else if (errno != ENOENT) {
			ret = bw_fail(e, paths[k], "%s", strerror(errno));
		}
	}
	free(paths[0]);
	free(paths[1]);
	if (f) {
		ret = parse(f, r->path, r, e);
		fclose(f);
	}
	if (ret <= 0)
		bw_buildrec_free(r);
	return ret;
}

void bw_buildrec_free(struct bw_buildrec *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].key);
		free(r->v[i].value);
	}
	for (size_t i = 0; i < r->nconfig_deps; i++)
		free(r->config_deps[i]);
	free(r->v);
	free(r->config_deps);
	free(r->path);
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
	bw_json_kstr(j, "format", r.format == BW_REC_KBUILD ? "kbuild" : "bloatwatch");
	bw_json_kstr(j, "record", r.path);
	/* Known keys first in a fixed order, then any others, then the CONFIG values. */
	for (size_t k = 0; k < NKNOWN; k++) {
		const char *v = bw_buildrec_get(&r, known_keys[k]);

		if (v)
			bw_json_kstr(j, known_keys[k], v);
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
	if (r.format == BW_REC_KBUILD) {
		bw_json_key(j, "config_deps");
		bw_json_arr_begin(j);
		for (size_t i = 0; i < r.nconfig_deps; i++)
			bw_json_str(j, r.config_deps[i]);
		bw_json_arr_end(j);
	}
	bw_json_obj_end(j);
	bw_buildrec_free(&r);
}
