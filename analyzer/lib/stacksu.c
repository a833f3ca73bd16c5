// SPDX-License-Identifier: GPL-2.0
/* -fstack-usage .su files (GCC and clang) beside an object, matched to its functions' frames.
 *
 * A line is "FILE:LINE[:COL]:FUNCTION<TAB>BYTES<TAB>QUALIFIER": GCC writes the column, clang
 * does not. The qualifier is "static", "dynamic" (alloca, VLA: BYTES is only the fixed part)
 * or "dynamic,bounded" (BYTES is an upper bound). GCC names a clone without the number of its
 * symbol (callee_saves.constprop for callee_saves.constprop.0).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stack.h"

struct su_line {
	char *name;
	uint64_t bytes;
	enum bw_su_qual qual;
	bool used;
};

/* The function name of "FILE:LINE[:COL]:FUNCTION": after the first ":N:" or ":N:N:". */
static const char *su_function(const char *s)
{
	for (const char *p = strchr(s, ':'); p; p = strchr(p + 1, ':')) {
		const char *q = p + 1;

		if (!isdigit((unsigned char)*q))
			continue;
		while (isdigit((unsigned char)*q))
			q++;
		if (*q != ':')
			continue;
		if (isdigit((unsigned char)q[1])) {
			const char *c = q + 1;

			while (isdigit((unsigned char)*c))
				c++;
			if (*c == ':' && c[1])
				return c + 1;
		}
		return q[1] ? q + 1 : NULL;
	}
	return NULL;
}

/* Parse one line (newline stripped) into @l. Return: NULL, or what is wrong with it. */
static const char *su_parse(char *line, struct su_line *l)
{
	char *tab = strchr(line, '\t'), *num, *qual, *end;
	const char *fn;

	if (!tab)
		return "no tab: expected FILE:LINE:COL:FUNCTION<TAB>BYTES<TAB>QUALIFIER";
	*tab = '\0';
	num = tab + 1;
	qual = strchr(num, '\t');
	if (!qual)
		return "no qualifier after the byte count";
	*qual++ = '\0';
	fn = su_function(line);
	if (!fn)
		return "no FILE:LINE:FUNCTION before the tab";
	if (!isdigit((unsigned char)*num))
		return "the byte count is not a number";
	errno = 0;
	l->bytes = strtoull(num, &end, 10);
	if (*end || errno)
		return "the byte count is not a number";
	if (!strcmp(qual, "static"))
		l->qual = BW_SU_STATIC;
	else if (!strcmp(qual, "dynamic"))
		l->qual = BW_SU_DYNAMIC;
	else if (!strcmp(qual, "dynamic,bounded"))
		l->qual = BW_SU_BOUNDED;
	else
		return "the qualifier is not static, dynamic or dynamic,bounded";
	l->name = strdup(fn);
	return l->name ? NULL : "out of memory";
}

/* @sym is @su's name, or @su's name plus a clone's ".N". */
static bool su_names(const char *su, const char *sym)
{
	size_t n = strlen(su);

	if (strncmp(su, sym, n))
		return false;
	if (!sym[n])
		return true;
	if (sym[n] != '.' || !isdigit((unsigned char)sym[n + 1]))
		return false;
	for (sym += n + 1; isdigit((unsigned char)*sym); sym++)
		;
	return !*sym;
}

/* Give @l to the first function it names that has no .su figure yet (exact names first). */
static void su_assign(struct bw_stack *s, struct su_line *l)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < s->n; i++) {
			struct bw_frame *fr = &s->v[i];

			if (fr->su != BW_SU_NONE ||
			    (pass ? !su_names(l->name, fr->name) : strcmp(l->name, fr->name)))
				continue;
			fr->su = l->qual;
			fr->su_bytes = l->bytes;
			l->used = true;
			return;
		}
}

int bw_stack_su(struct bw_stack *s, const char *path, struct bw_err *e)
{
	FILE *f = fopen(path, "r");
	struct su_line *v = NULL;
	size_t n = 0, cap = 0, lineno = 0, len = 0;
	char *line = NULL;
	ssize_t got;
	int ret = 0;

	if (!f)
		return errno == ENOENT ? 1 : bw_fail(e, path, "cannot read: %s", strerror(errno));
	while ((got = getline(&line, &len, f)) >= 0) {
		const char *why;
		struct su_line *nv;

		lineno++;
		if (got && line[got - 1] == '\n')
			line[--got] = '\0';
		if (!got)
			continue;
		if ((size_t)got != strlen(line)) {
			ret = bw_fail(e, path, "line %zu: a NUL byte inside the line", lineno);
			goto out;
		}
		nv = bw_grow(v, &cap, n + 1, sizeof(*v));
		if (!nv) {
			ret = bw_fail(e, path, "out of memory");
			goto out;
		}
		v = nv;
		v[n] = (struct su_line){ 0 };
		why = su_parse(line, &v[n]);
		if (why) {
			ret = bw_fail(e, path, "line %zu: %s", lineno, why);
			goto out;
		}
		n++;
	}
	if (ferror(f)) {
		ret = bw_fail(e, path, "cannot read: %s", strerror(errno));
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		su_assign(s, &v[i]);
	s->has_su = true;
out:
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	free(line);
	fclose(f);
	return ret;
}

const char *bw_su_qual_name(enum bw_su_qual q)
{
	static const char *const names[] = { NULL, "static", "dynamic", "dynamic,bounded" };

	return names[q];
}
