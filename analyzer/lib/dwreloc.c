// SPDX-License-Identifier: GPL-2.0
/* Apply the .debug_* relocations of a relocatable object that libdwfl cannot relocate.
 *
 * elfutils 0.188 has no mips backend, so libdwfl refuses mips objects (32- and 64-bit). gcc's mips .o files
 * relocate debug sections against section symbols (the offset is stored in place), but clang's
 * use local symbols inside .debug_str with a zero in place: without applying R_MIPS_32 the
 * names come out wrong (pahole 1.24 prints them wrong). Only absolute 32/64-bit data
 * relocations occur in debug sections; anything else is reported, not guessed.
 */
#include <gelf.h>
#include <string.h>

#include "dwctx.h"

#define R_MIPS_NONE_ 0
#define R_MIPS_32_ 2
#define R_MIPS_64_ 18
#define R_MIPS_TLS_DTPMOD32_ 38
#define R_MIPS_TLS_DTPREL64_ 41

/*
 * mips64 packs up to three relocation types in r_info: r_sym (32 bits), r_ssym, r_type3,
 * r_type2, r_type (8 bits each), in that order in the file. libelf reads r_info as one 64-bit
 * integer in the file's byte order, so on little-endian mips64 the fields come out permuted.
 */
static void mips64_info(uint64_t info, bool big, uint64_t *sym, unsigned *type, unsigned *type2)
{
	if (big) {
		*sym = info >> 32;
		*type = info & 0xff;
		*type2 = (info >> 8) & 0xff;
		if ((info >> 16) & 0xff)
			*type2 = 0xff; /* a third type: never in debug sections */
	} else {
		*sym = info & 0xffffffffULL;
		*type = (info >> 56) & 0xff;
		*type2 = (info >> 48) & 0xff;
		if ((info >> 40) & 0xff)
			*type2 = 0xff;
	}
}

static void put(unsigned char *p, uint64_t v, unsigned width, bool big)
{
	unsigned i;

	for (i = 0; i < width; i++)
		p[big ? width - 1 - i : i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get(const unsigned char *p, unsigned width, bool big)
{
	uint64_t v = 0;
	unsigned i;

	for (i = 0; i < width; i++)
		v |= (uint64_t)p[big ? width - 1 - i : i] << (8 * i);
	return v;
}

int bw_dw_relocate(Elf *elf, const char *file, struct bw_err *e)
{
	GElf_Ehdr eh;
	size_t shstrndx;
	Elf_Scn *scn = NULL;
	bool big;

	if (!gelf_getehdr(elf, &eh) || elf_getshdrstrndx(elf, &shstrndx) != 0) {
		return bw_fail(e, file, "cannot read ELF header: %s", elf_errmsg(-1));
	}
	big = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh, tsh, symsh;
		Elf_Scn *tscn, *symscn;
		Elf_Data *rd, *td, *sd;
		const char *tname;
		size_t i, n;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA))
			continue;
		tscn = elf_getscn(elf, sh.sh_info);
		if (!tscn || !gelf_getshdr(tscn, &tsh))
			continue;
		tname = elf_strptr(elf, shstrndx, tsh.sh_name);
		if (!tname || strncmp(tname, ".debug_", 7) != 0)
			continue;
		if (eh.e_machine != EM_MIPS) {
			return bw_fail(e, file, "cannot relocate %s for machine %u", tname,
				       (unsigned)eh.e_machine);
		}
		if ((tsh.sh_flags & SHF_COMPRESSED) && elf_compress(tscn, 0, 0) < 0) {
			return bw_fail(e, file, "cannot decompress %s: %s", tname, elf_errmsg(-1));
		}
		symscn = elf_getscn(elf, sh.sh_link);
		rd = elf_getdata(scn, NULL);
		td = elf_getdata(tscn, NULL);
		sd = symscn ? elf_getdata(symscn, NULL) : NULL;
		if (!rd || !td || !sd || !gelf_getshdr(symscn, &symsh) || !sh.sh_entsize) {
			return bw_fail(e, file, "corrupt relocations for %s", tname);
		}
		n = rd->d_size / sh.sh_entsize;
		for (i = 0; i < n; i++) {
			GElf_Rela r;
			GElf_Sym sym;
			unsigned type, type2 = 0, width;
			uint64_t addend, symi;

			if (sh.sh_type == SHT_REL) {
				GElf_Rel rel;

				if (!gelf_getrel(rd, (int)i, &rel))
					goto corrupt;
				r.r_offset = rel.r_offset;
				r.r_info = rel.r_info;
				r.r_addend = 0;
			} else if (!gelf_getrela(rd, (int)i, &r)) {
				goto corrupt;
			}
			if (eh.e_ident[EI_CLASS] == ELFCLASS64) {
				mips64_info(r.r_info, big, &symi, &type, &type2);
			} else {
				symi = GELF_R_SYM(r.r_info);
				type = (unsigned)GELF_R_TYPE(r.r_info);
			}
			/* TLS offsets only appear in location expressions: no layout reads them. */
			if (type == R_MIPS_NONE_ ||
			    (type >= R_MIPS_TLS_DTPMOD32_ && type <= R_MIPS_TLS_DTPREL64_))
				continue;
			if ((type != R_MIPS_32_ && type != R_MIPS_64_) || type2 != R_MIPS_NONE_) {
				return bw_fail(e, file, "unsupported relocation type %u in %s",
					       type, tname);
			}
			width = type == R_MIPS_64_ ? 8 : 4;
			if (r.r_offset > td->d_size || td->d_size - r.r_offset < width ||
			    symi > INT32_MAX || !gelf_getsym(sd, (int)symi, &sym))
				goto corrupt;
			addend = sh.sh_type == SHT_REL ?
					 get((unsigned char *)td->d_buf + r.r_offset, width, big) :
					 (uint64_t)r.r_addend;
			/* Sections of a relocatable object sit at address 0: S is the symbol value. */
			put((unsigned char *)td->d_buf + r.r_offset, sym.st_value + addend, width,
			    big);
		}
		continue;
corrupt:
		return bw_fail(e, file, "corrupt relocation entry for %s", tname);
	}
	return 0;
}
