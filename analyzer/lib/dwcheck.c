// SPDX-License-Identifier: GPL-2.0
/* Sanity checks on an ELF image before libdwfl sees it: elfutils 0.188 crashes on some broken
 * headers (e.g. a relocatable object without sections), so those are refused here first. */
#include <gelf.h>
#include <stdio.h>
#include <string.h>

#include "dwctx.h"

static bool range_ok(uint64_t off, uint64_t len, uint64_t size)
{
	return off <= size && len <= size - off;
}

int bw_dw_check(Elf *elf, size_t size, const char *file, bool *has_debug, struct bw_err *e)
{
	GElf_Ehdr eh;
	size_t shnum, shstrndx, phnum, i;
	Elf_Scn *scn = NULL;

	*has_debug = false;
	if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
		return bw_fail(e, file, "not an ELF file");
	}
	if (eh.e_type != ET_REL && eh.e_type != ET_EXEC && eh.e_type != ET_DYN &&
	    eh.e_type != ET_CORE) {
		return bw_fail(e, file, "unsupported ELF type %u", (unsigned)eh.e_type);
	}
	if (elf_getshdrnum(elf, &shnum) != 0 || elf_getphdrnum(elf, &phnum) != 0) {
		return bw_fail(e, file, "corrupt ELF header: %s", elf_errmsg(-1));
	}
	if (phnum && !range_ok(eh.e_phoff, (uint64_t)phnum * eh.e_phentsize, size)) {
		return bw_fail(e, file, "program headers past the end of the file");
	}
	/* libelf shows a section table that lies past the end as no sections at all. */
	if (eh.e_shoff &&
	    !range_ok(eh.e_shoff, (uint64_t)(eh.e_shnum ? eh.e_shnum : 1) * eh.e_shentsize, size)) {
		return bw_fail(e, file, "section headers past the end of the file (truncated?)");
	}
	if (!shnum)
		return 0; /* no sections, no DWARF */
	if (!range_ok(eh.e_shoff, (uint64_t)shnum * eh.e_shentsize, size) ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0 || shstrndx >= shnum) {
		return bw_fail(e, file, "corrupt section header table");
	}
	for (i = 1; (scn = elf_nextscn(elf, scn)); i++) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh)) {
			return bw_fail(e, file, "corrupt section header %zu", i);
		}
		if (sh.sh_type != SHT_NOBITS && !range_ok(sh.sh_offset, sh.sh_size, size)) {
			return bw_fail(e, file, "section %zu extends past the end of the file", i);
		}
		if ((sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA) &&
		    (!sh.sh_entsize || sh.sh_link >= shnum || sh.sh_info >= shnum)) {
			return bw_fail(e, file, "corrupt relocation section %zu", i);
		}
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && (!strcmp(name, ".debug_info") || !strcmp(name, ".zdebug_info")))
			*has_debug = sh.sh_type != SHT_NOBITS;
	}
	return 0;
}
