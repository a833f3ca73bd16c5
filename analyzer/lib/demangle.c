// SPDX-License-Identifier: GPL-2.0
/* The one demangler of the project: libiberty's, wrapped as binutils' nm -C calls it. */
#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>

#include "demangle.h"

char *bw_demangle(const char *name)
{
	const char *pre = name, *suf;
	size_t pre_len, suf_len, res_len;
	char *core, *res, *out;

	/* bfd_demangle: leading dots or dollars (PowerPC64 function descriptors) stay outside. */
	while (*name == '.' || *name == '$')
		name++;
	pre_len = (size_t)(name - pre);
	suf = strchr(name, '@'); /* foo@GLIBC_2.2.5, foo@@VERS: the version stays outside */
	suf_len = suf ? strlen(suf) : 0;
	core = strndup(name, strlen(name) - suf_len);
	if (!core)
		return NULL;
	res = cplus_demangle(core, DMGL_PARAMS | DMGL_ANSI);
	free(core);
	if (!res || (pre_len == 0 && suf_len == 0))
		return res;
	res_len = strlen(res);
	out = malloc(pre_len + res_len + suf_len + 1);
	if (out) {
		memcpy(out, pre, pre_len);
		memcpy(out + pre_len, res, res_len);
		memcpy(out + pre_len + res_len, suf ? suf : "", suf_len + 1);
	}
	free(res);
	return out;
}
