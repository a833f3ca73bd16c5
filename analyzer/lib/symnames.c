// SPDX-License-Identifier: GPL-2.0
/* Normalize symbol names so a function keeps its identity across compiler clones and numbering. */
#include <stdlib.h>
#include <string.h>

#include "symnames.h"

static bool all_digits(const char *s, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

static bool clone_word(const char *s, size_t n)
{
	static const char *const words[] = {
		"isra", "constprop", "part", "cold", "lto_priv", "localalias", "llvm",
	};

	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (strlen(words[k]) == n && !memcmp(s, words[k], n))
			return true;
	return all_digits(s, n);
}

/* bloat-o-meter: remove every "." followed by one or more digits (the digits too). */
static void strip_dot_numbers(const char *name, size_t len, char *out)
{
	size_t o = 0;

	for (size_t i = 0; i < len;) {
		if (name[i] == '.' && i + 1 < len && name[i + 1] >= '0' && name[i + 1] <= '9') {
			i++;
			while (i < len && name[i] >= '0' && name[i] <= '9')
				i++;
			continue;
		}
		out[o++] = name[i++];
	}
	out[o] = '\0';
}

char *bw_norm_name(const char *name, size_t len, bool exact)
{
	char *out = malloc(len + 1);
	size_t o = 0, i;

	if (!out)
		return NULL;
	if (exact) {
		strip_dot_numbers(name, len, out);
		return out;
	}
	/* The first component stays whole, even when the name starts with a dot. */
	for (i = 0; i < len && (name[i] != '.' || i == 0); i++)
		out[o++] = name[i];
	while (i < len) {
		size_t start = i + 1, end = start;

		while (end < len && name[end] != '.')
			end++;
		if (!clone_word(name + start, end - start)) {
			memcpy(out + o, name + i, end - i);
			o += end - i;
		}
		i = end;
	}
	out[o] = '\0';
	return out;
}
