// SPDX-License-Identifier: GPL-2.0
/* The common part of a FILE entry (docs/analyzer-json.md): identity, sizes, sections, record. */
#include <string.h>

#include "buildrec.h"
#include "cmd.h"

const char *bw_bucket_name(enum bw_bucket b)
{
	switch (b) {
	case BW_TEXT:
		return "text";
	case BW_DATA:
		return "data";
	case BW_BSS:
		return "bss";
	default:
		return "other";
	}
}

static const char *sec_type_name(uint32_t t, char *buf, size_t len)
{
	static const char *const names[] = {
		"NULL",	      "PROGBITS",      "SYMTAB", "STRTAB",	 "RELA",
		"HASH",	      "DYNAMIC",       "NOTE",	 "NOBITS",	 "REL",
		"SHLIB",      "DYNSYM",	       NULL,	 NULL,		 "INIT_ARRAY",
		"FINI_ARRAY", "PREINIT_ARRAY", "GROUP",	 "SYMTAB_SHNDX", "RELR",
	};

	if (t < sizeof(names) / sizeof(names[0]) && names[t])
		return names[t];
	switch (t) {
	case SHT_GNU_HASH:
		return "GNU_HASH";
	case SHT_GNU_verdef:
		return "VERDEF";
	case SHT_GNU_verneed:
		return "VERNEED";
	case SHT_GNU_versym:
		return "VERSYM";
	case SHT_GNU_ATTRIBUTES:
		return "GNU_ATTRIBUTES";
	default:
		snprintf(buf, len, "%#x", t);
		return buf;
	}
}

static void sections_json(struct bw_json *j, const struct bw_obj *o)
{
	char buf[32];

	bw_json_key(j, "sections");
	bw_json_arr_begin(j);
	for (size_t k = 0; k < o->nbfd; k++) {
		const struct bw_sec *s = &o->secs[o->bfd_order[k]];

		if (!s->bfd_flags)
			continue; /* size -A leaves out sections without any flag */
		bw_json_obj_begin(j);
		bw_json_kstr(j, "name", s->name);
		bw_json_ku64(j, "size", s->size);
		bw_json_ku64(j, "addr", s->addr);
		bw_json_kstr(j, "class", bw_bucket_name(s->bucket));
		bw_json_ku64(j, "index", o->bfd_order[k]);
		bw_json_kstr(j, "type", sec_type_name(s->type, buf, sizeof(buf)));
		bw_json_ku64(j, "flags", s->flags);
		if (s->compressed)
			bw_json_ku64(j, "uncompressed_size", s->usize);
		bw_json_obj_end(j);
	}
	bw_json_arr_end(j);
}

/* The .comment strings (the compilers and linkers that made the object, e.g. "GCC: (Debian
 * 12.2.0-14) 12.2.0"), each once, in file order: a linked image merges every input's. */
static void comment_json(struct bw_json *j, const struct bw_obj *o)
{
	bw_json_key(j, "comment");
	bw_json_arr_begin(j);
	for (size_t i = 1; i < o->shnum; i++) {
		const struct bw_sec *s = &o->secs[i];
		const char *p = (const char *)bw_sec_bytes(o, i);

		if (!p || s->type != SHT_PROGBITS || s->compressed || strcmp(s->name, ".comment"))
			continue;
		for (size_t at = 0; at < s->size;) {
			const char *str = p + at, *end = memchr(str, '\0', s->size - at);
			size_t len = end ? (size_t)(end - str) : s->size - at;
			bool seen = false;

			for (size_t k = 0; k < at && !seen && len;) {
				size_t l = strnlen(p + k, at - k);

				seen = l == len && !memcmp(p + k, str, len);
				k += l + 1;
			}
			if (len && !seen)
				bw_json_strn(j, str, len);
			at += len + 1;
		}
	}
	bw_json_arr_end(j);
}

void bw_file_json_begin(struct bw_ctx *ctx, const struct bw_image *img, const struct bw_obj *o)
{
	struct bw_json *j = ctx->js;
	char buf[64];

	bw_json_obj_begin(j);
	bw_json_kstr(j, "file", img->file);
	bw_json_kstr(j, "member", img->member);
	bw_json_kstr(j, "format", bw_target_name(o, buf, sizeof(buf)));
	bw_json_ku64(j, "class", (uint64_t)o->cls);
	bw_json_kstr(j, "endian", o->big_endian ? "big" : "little");
	bw_json_kstr(j, "machine", bw_machine_name(o->machine, buf, sizeof(buf)));
	bw_json_kstr(j, "type", bw_type_name(o->type, buf, sizeof(buf)));
	bw_json_ku64(j, "text", o->text);
	bw_json_ku64(j, "data", o->data);
	bw_json_ku64(j, "bss", o->bss);
	bw_json_ku64(j, "dec", o->text + o->data + o->bss);
	sections_json(j, o);
	comment_json(j, o);
	bw_json_key(j, "build");
	bw_buildrec_json(ctx, img->path);
}
