/* SPDX-License-Identifier: GPL-2.0 */
/* GNU symbol versions (.gnu.version, _d, _r): the @VERSION suffix nm -D prints. */
#ifndef BW_VERSIONS_H
#define BW_VERSIONS_H

#include "elfobj.h"

struct bw_verneed_entry {
	uint16_t other; /* vna_other: the versym value that refers to it */
	const char *name; /* vna_name */
};

struct bw_versions {
	bool active; /* .gnu.version plus a definition or requirement table */
	Elf_Data *versym; /* one 16-bit entry per dynamic symbol */
	const char **defs; /* version definition names by vd_ndx - 1 (NULL for gaps) */
	uint16_t base_flags; /* vd_flags of definition 1 */
	size_t ndefs; /* BFD's cverdefs: the highest vd_ndx */
	struct bw_verneed_entry *needs;
	size_t nneeds;
};

/* Read the version tables of @o. Return: 0 (inactive when absent) or -1 with @e set. */
int bw_versions_read(const struct bw_obj *o, struct bw_versions *v, struct bw_err *e);
void bw_versions_free(struct bw_versions *v);

/*
 * bw_version_of - BFD's _bfd_elf_get_symbol_version_string for dynamic symbol @idx
 * Return: the version name ("" for none); *at is "@" or "@@" as nm -D prints it.
 */
const char *bw_version_of(const struct bw_versions *v, size_t idx, const char *name, bool undefined,
			  const char **at);

#endif /* BW_VERSIONS_H */
