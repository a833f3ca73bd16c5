// SPDX-License-Identifier: GPL-2.0
/* Direct calls of a relocatable object: call relocations inside a function against a function.
 *
 * A call relocation is one of the machine's branch-and-link or branch types (a tail call is a
 * call too). On x86 the PC-relative types also take an address (lea foo(%rip)), so the opcode
 * before the field decides: e8 call, e9 jmp, 0f 8x jcc. The callee is the function symbol, or
 * for a section symbol the function at the branch target: symbol + addend, plus the distance
 * from the field to the address the branch counts from (x86: the field's end), with REL
 * machines' addends read from the instruction.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"

#ifndef R_LARCH_B26
#define R_LARCH_B26 66
#endif
#ifndef R_PPC64_REL24_NOTOC
#define R_PPC64_REL24_NOTOC 116
#endif

/* Read @n bytes at @off of section @sec (0 when out of range). */
static uint64_t insn(const struct bw_obj *o, size_t sec, uint64_t off, unsigned n, bool *ok)
{
	const unsigned char *p = bw_sec_bytes(o, sec);
	uint64_t v = 0;

	*ok = p && o->secs[sec].type != SHT_NOBITS && bw_range_ok(off, n, o->secs[sec].size);
	if (!*ok)
		return 0;
	for (unsigned i = 0; i < n; i++)
		v |= (uint64_t)p[off + i] << (8 * (o->big_endian ? n - 1 - i : i));
	return v;
}

static bool x86_branch(const struct bw_obj *o, size_t sec, uint64_t off)
{
	bool ok1, ok2;
	uint64_t b1 = off >= 1 ? insn(o, sec, off - 1, 1, &ok1) : (ok1 = false, 0);
	uint64_t b2 = off >= 2 ? insn(o, sec, off - 2, 1, &ok2) : (ok2 = false, 0);

	return (ok1 && (b1 == 0xe8 || b1 == 0xe9)) || (ok2 && b2 == 0x0f && (b1 & 0xf0) == 0x80);
}

/*
 * Is relocation @type at @off of code section @sec a call? Then *@adj is what makes symbol +
 * addend the branch target, and *@addend the in-place addend on REL machines (*@known false
 * when it cannot be decoded: a section-symbol target is then not resolved).
 */
static bool call_reloc(const struct bw_obj *o, size_t sec, uint32_t type, uint64_t off, bool rel,
		       int64_t *adj, int64_t *addend, bool *known)
{
	bool ok;
	uint64_t w;

	*adj = 0;
	*known = !rel;
	switch (o->machine) {
	case EM_X86_64:
		if (type == R_X86_64_GOTPCRELX) { /* call/jmp *foo@GOTPCREL(%rip) */
			uint64_t op = off >= 2 ? insn(o, sec, off - 2, 2, &ok) : (ok = false, 0);

			return ok && (op == 0x15ff || op == 0x25ff);
		}
		*adj = 4;
		return (type == R_X86_64_PLT32 || type == R_X86_64_PC32) && x86_branch(o, sec, off);
	case EM_386:
		*adj = 4;
		if ((type != R_386_PLT32 && type != R_386_PC32) || !x86_branch(o, sec, off))
			return false;
		*addend = (int32_t)insn(o, sec, off, 4, known);
		return true;
	case EM_AARCH64:
		return type == R_AARCH64_CALL26 || type == R_AARCH64_JUMP26;
	case EM_ARM:
		if (type == R_ARM_THM_PC22 /* THM_CALL */ || type == R_ARM_THM_JUMP24 ||
		    type == R_ARM_THM_JUMP19)
			return true; /* Thumb-2 addends are split over two halfwords: not decoded */
		if (type != R_ARM_CALL && type != R_ARM_JUMP24 && type != R_ARM_PC24)
			return false;
		w = insn(o, sec, off, 4, known);
		*addend = ((int64_t)(int32_t)(w << 8) >> 6) + 8; /* imm24 * 4, from PC + 8 */
		return true;
	case EM_RISCV:
		return type == R_RISCV_CALL || type == R_RISCV_CALL_PLT || type == R_RISCV_JAL;
	case EM_MIPS:
		if (type == R_MIPS_CALL16 ||
		    type == R_MIPS_JALR) { /* PIC: the symbol is the callee */
			*known = false;
			return true;
		}
		if (type != R_MIPS_26)
			return false;
		w = insn(o, sec, off, 4, known);
		*addend = (int64_t)((w & 0x3ffffff) << 2); /* jal/j: the section offset, in place */
		return true;
	case EM_PPC:
		return type == R_PPC_REL24 || type == R_PPC_PLTREL24 || type == R_PPC_LOCAL24PC;
	case EM_PPC64:
		return type == R_PPC64_REL24 || type == R_PPC64_REL24_NOTOC;
	case EM_S390: {
		uint64_t op = off >= 2 ? insn(o, sec, off - 2, 2, &ok) : (ok = false, 0);

		*adj = 2; /* from the instruction, two bytes before the field */
		/* brasl (c0x5) calls, brcl 15 (c0f4) tail-calls; larl (c0x0) takes an address */
		return (type == R_390_PLT32DBL || type == R_390_PC32DBL) && ok &&
		       ((op & 0xff0f) == 0xc005 || op == 0xc0f4);
	}
	case EM_LOONGARCH:
		return type == R_LARCH_B26;
	case EM_SPARC:
	case EM_SPARCV9:
		return type == R_SPARC_WDISP30 || type == R_SPARC_WPLT30;
	default:
		return false;
	}
}

/* Calls in code section @sec from relocation section @rs. */
static int section_calls(struct bw_cg *g, int img, const struct bw_obj *o, size_t ri,
			 struct bw_err *e)
{
	const struct bw_sec *rs = &o->secs[ri];
	size_t sec = rs->info, n;
	Elf_Scn *scn = elf_getscn(o->elf, ri);
	Elf_Data *d = scn ? elf_getdata(scn, NULL) : NULL, *sd;
	size_t strtab;

	scn = rs->link < o->shnum ? elf_getscn(o->elf, rs->link) : NULL;
	sd = scn ? elf_getdata(scn, NULL) : NULL;
	if (!d || !sd || !rs->entsize)
		return bw_fail(e, o->name, "%s: cannot read the relocations: %s", rs->name,
			       elf_errmsg(-1));
	strtab = o->secs[rs->link].link;
	n = d->d_size / rs->entsize;
	for (size_t k = 0; k < n; k++) {
		GElf_Rela ra = { 0 };
		GElf_Rel rl;
		GElf_Sym s;
		bool rel = rs->type == SHT_REL, known;
		int64_t adj, addend = 0;
		size_t from, to = BW_CG_NONE;
		const char *name;

		if (rel ? !gelf_getrel(d, (int)k, &rl) : !gelf_getrela(d, (int)k, &ra))
			return bw_fail(e, o->name, "%s: cannot read relocation %zu", rs->name, k);
		if (rel)
			ra = (GElf_Rela){ rl.r_offset, rl.r_info, 0 };
		if (!call_reloc(o, sec, (uint32_t)GELF_R_TYPE(ra.r_info), ra.r_offset, rel, &adj,
				&addend, &known))
			continue;
		if (!rel)
			addend = ra.r_addend;
		from = bw_cg_containing(g, img, sec, ra.r_offset);
		if (from == BW_CG_NONE || !gelf_getsym(sd, (int)GELF_R_SYM(ra.r_info), &s))
			continue;
		name = elf_strptr(o->elf, strtab, s.st_name);
		if (s.st_shndx == SHN_UNDEF) {
			if (name && *name && bw_cg_call(g, from, BW_CG_NONE, name, e))
				return -1;
			continue;
		}
		if (s.st_shndx >= SHN_LORESERVE || s.st_shndx >= o->shnum)
			continue;
		if (GELF_ST_TYPE(s.st_info) == STT_FUNC)
			to = bw_cg_at(g, img, s.st_shndx, s.st_value & ~1ULL, name);
		else if (GELF_ST_TYPE(s.st_info) == STT_SECTION && known)
			to = bw_cg_at(g, img, s.st_shndx,
				      (uint64_t)((int64_t)s.st_value + addend + adj), NULL);
		if (to != BW_CG_NONE && bw_cg_call(g, from, to, NULL, e))
			return -1;
	}
	return 0;
}

int bw_cg_relocs(struct bw_cg *g, int img, const struct bw_obj *o, struct bw_err *e)
{
	for (size_t i = 1; i < o->shnum; i++) {
		const struct bw_sec *rs = &o->secs[i];

		if ((rs->type != SHT_RELA && rs->type != SHT_REL) || rs->info >= o->shnum ||
		    !rs->info || !(o->secs[rs->info].flags & SHF_EXECINSTR) ||
		    rs->link >= o->shnum || !rs->link)
			continue;
		if (section_calls(g, img, o, i, e))
			return -1;
	}
	return 0;
}
