/* SPDX-License-Identifier: GPL-2.0 */
/* Bytes per compile unit and per source folder, from DWARF: code ranges and static variables. */
#ifndef BW_CUNITS_H
#define BW_CUNITS_H

#include "dwimage.h"
#include "elfobj.h"

/* An address range [start, end) of a linked image that a unit's code or variable occupies. */
struct bw_span {
	uint64_t start, end;
};

struct bw_cunit {
	const char *name; /* DW_AT_name, as the compiler recorded it */
	const char *producer; /* DW_AT_producer (compiler, version, often its flags), or NULL */
	char *folder; /* its source folder: relative to DW_AT_comp_dir, or to the folder
				 * all of the image's units share ("." when none) */
	uint64_t text; /* bytes of the unit's address ranges (DW_AT_ranges, low/high_pc) */
	uint64_t vars; /* bytes of its variables with a static address (DW_OP_addr) */
	uint64_t data, rodata, bss; /* @vars by the section holding them (linked images) */
	struct bw_span *spans; /* linked images: its code ranges, then its variables, in DWARF
				* order (what tells a symbol's unit by its address) */
	size_t nspans, spancap;
};

struct bw_cunit_folder {
	char *folder;
	size_t units;
	uint64_t text, vars, data, rodata, bss;
};

struct bw_cunits {
	struct bw_cunit *v; /* in file order */
	size_t n;
	struct bw_cunit_folder *folders; /* sorted by name */
	size_t nfolders;
	bool split; /* data/rodata/bss known: section addresses are the variables' */
};

/*
 * bw_cunits_read - every compile unit of @h's DWARF with the bytes it accounts for: its code
 * ranges, and its variables with a static address (defined, not through DW_AT_abstract_origin,
 * sized by their type), split by @o's section that holds them when the image is linked.
 * Return: 0 (no unit when there is no DWARF), or -1 with @e set.
 */
int bw_cunits_read(const struct bw_dwarf *h, const struct bw_obj *o, struct bw_cunits *out,
		   struct bw_err *e);
void bw_cunits_free(struct bw_cunits *u);

/* @p cleaned in place as Python's posixpath.normpath does: empty and "." segments dropped, a
 * segment and the ".." after it dropped (leading ".." of a relative path kept), "." for
 * nothing. The result is never longer. */
void bw_path_clean(char *p);

/* @path (a unit's name, a type's DW_AT_decl_file) relative to its unit's @comp_dir when under
 * it, leading `../` dropped (Kbuild's O= folder inside the tree): a pointer into @path. */
const char *bw_source_path(const char *path, const char *comp_dir);

/* The directory that the absolute unit folders of @dw share, the tree the compile units'
 * folders are relative to (bw_cunits_read drops it): *@root malloc'd, NULL when no folder is
 * absolute. Return 0, or -1 when out of memory. */
int bw_source_root(Dwarf *dw, char **root);

#endif /* BW_CUNITS_H */
