// SPDX-License-Identifier: GPL-2.0
/* Sanity checks on an ELF image before libdwfl sees it: elfutils 0.188 crashes on some broken
 * headers (e.g. a relocatable object without sections), so those are refused here first. */
#include <gelf.h>
#include <stdio.h>
#include <string.h>

#include "structs_int.h"

static bool range_ok(uint64_t off, uint64_t len, uint64_t size)
{
	return off <= size && len <= size - off;
}

int bw_elf_check(Elf *elf, size_t size, bool *has_debug, char *err, size_t errlen)
{
	GElf_Ehdr eh;
	size_t shnum, shstrndx, phnum, i;
	Elf_Scn *scn = NULL;

	*has_debug = false;
	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
		snprintf(err, errlen, "not an ELF file");
		return -1;
	}
	if (eh.e_type != ET_REL && eh.e_type != ET_EXEC && eh.e_type != ET_DYN &&
	    eh.e_type != ET_CORE) {
		snprintf(err, errlen, "unsupported ELF type %u", (unsigned)eh.e_type);
		return -1;
	}
	if (elf_getshdrnum(elf, &shnum) != 0 || elf_getphdrnum(elf, &phnum) != 0) {
		snprintf(err, errlen, "corrupt ELF header: %s", elf_errmsg(-1));
		return -1;
	}
	if (phnum && !range_ok(eh.e_phoff, (uint64_t)phnum * eh.e_phentsize, size)) {
		snprintf(err, errlen, "program headers past the end of the file");
		return -1;
	}
	/* libelf shows a section table that lies past the end as no sections at all. */
	if (eh.e_shoff && !range_ok(eh.e_shoff, (uint64_t)(eh.e_shnum ? eh.e_shnum : 1) *
				     eh.e_shentsize, size)) {
		snprintf(err, errlen, "section headers past the end of the file (truncated?)");
		return -1;
	}
	if (!shnum)
		return 0;	/* no sections, no DWARF */
	if (!range_ok(eh.e_shoff, (uint64_t)shnum * eh.e_shentsize, size) ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0 || shstrndx >= shnum) {
		snprintf(err, errlen, "corrupt section header table");
		return -1;
	}
	for (i = 1; (scn = elf_nextscn(elf, scn)); i++) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh)) {
			snprintf(err, errlen, "corrupt section header %zu", i);
			return -1;
		}
		if (sh.sh_type != SHT_NOBITS && !range_ok(sh.sh_offset, sh.sh_size, size)) {
			snprintf(err, errlen, "section %zu extends past the end of the file", i);
			return -1;
		}
		if ((sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA) &&
		    (!sh.sh_entsize || sh.sh_link >= shnum || sh.sh_info >= shnum)) {
			snprintf(err, errlen, "corrupt relocation section %zu", i);
			return -1;
		}
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && (!strcmp(name, ".debug_info") || !strcmp(name, ".zdebug_info")))
			*has_debug = sh.sh_type != SHT_NOBITS;
	}
	return 0;
}
