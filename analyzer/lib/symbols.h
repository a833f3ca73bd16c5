/* SPDX-License-Identifier: GPL-2.0 */
/* Sized symbols of an object, as nm -S --size-sort lists them, with section, binding and kind. */
#ifndef BW_SYMBOLS_H
#define BW_SYMBOLS_H

#include "elfobj.h"

enum bw_kind { BW_KIND_FUNC, BW_KIND_DATA, BW_KIND_RODATA, BW_KIND_BSS, BW_KIND_OTHER, BW_NKINDS };

struct bw_sym {
	char *name; /* as nm prints it (dynamic symbols carry @VERSION / @@VERSION) */
	const char *base; /* the name without version, inside the string table */
	size_t baselen; /* strlen(base) */
	uint64_t value; /* as nm prints it: section address + st_value in ET_REL */
	uint64_t size;
	char letter; /* nm's type letter */
	uint8_t bind; /* STB_* */
	const char *section; /* section name, or "*COM*" */
	enum bw_kind kind;
	size_t index; /* symbol table index: the last tie-breaker */
};

struct bw_symtab {
	struct bw_sym *v; /* sized symbols, in nm --size-sort order */
	size_t n;
	const char *table; /* ".symtab", ".dynsym" (no .symtab) or NULL (neither) */
	uint64_t rollup[BW_NKINDS]; /* bytes by kind */
};

/*
 * bw_symbols_read - the symbols nm -S --size-sort prints for @o: defined in a section
 * (not absolute, not undefined), not section or file symbols, st_size != 0, sorted by
 * size then name (strcoll, as nm); from .symtab, or from .dynsym with version suffixes
 * (as nm -D) when the object has no .symtab.
 * Return: 0, or -1 with @e set (bad table geometry, string offsets, version records).
 */
int bw_symbols_read(const struct bw_obj *o, struct bw_symtab *t, struct bw_err *e);
void bw_symtab_free(struct bw_symtab *t);

const char *bw_kind_name(enum bw_kind k);

#endif /* BW_SYMBOLS_H */
