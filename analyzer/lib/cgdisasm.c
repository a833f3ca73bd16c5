// SPDX-License-Identifier: GPL-2.0
/* Indirect calls in each function's code: capstone's disassembly (RISC-V decoded here).
 *
 * DWARF call sites name most indirect calls, but GCC leaves out the ones whose arguments it
 * does not track, and objects without -g have none: the code itself is the one complete
 * source. An indirect call is a call instruction whose target is a register or memory
 * (x86 call *%rax, arm64 blr, arm blx rN, mips jalr, powerpc bctrl/bcctrl with link). An
 * indirect jump is not counted: it is a jump table as often as a tail call.
 */
#include <capstone/capstone.h>
#include <string.h>

#include "callgraph.h"

/* capstone's mode for @o's code at @value, or false when it has no backend for it. */
static bool cs_for(const struct bw_obj *o, uint64_t value, cs_arch *arch, cs_mode *mode)
{
	cs_mode endian = o->big_endian ? CS_MODE_BIG_ENDIAN : CS_MODE_LITTLE_ENDIAN;

	switch (o->machine) {
	case EM_X86_64:
		*arch = CS_ARCH_X86, *mode = CS_MODE_64;
		return true;
	case EM_386:
		*arch = CS_ARCH_X86, *mode = CS_MODE_32;
		return true;
	case EM_AARCH64:
		*arch = CS_ARCH_ARM64, *mode = endian;
		return true;
	case EM_ARM:
		*arch = CS_ARCH_ARM, *mode = (value & 1 ? CS_MODE_THUMB : CS_MODE_ARM) | endian;
		return true;
	case EM_MIPS:
		*arch = CS_ARCH_MIPS;
		*mode = (o->cls == 64 ? CS_MODE_MIPS64 : CS_MODE_MIPS32) | endian;
		return true;
	case EM_PPC:
	case EM_PPC64:
		*arch = CS_ARCH_PPC, *mode = (o->cls == 64 ? CS_MODE_64 : CS_MODE_32) | endian;
		return true;
	default:
		return false;
	}
}

static bool cs_indirect_call(csh h, const cs_insn *in, cs_arch arch)
{
	const cs_detail *d = in->detail;

	if (!d)
		return false;
	switch (arch) {
	case CS_ARCH_X86:
		return cs_insn_group(h, in, CS_GRP_CALL) && d->x86.op_count &&
		       d->x86.operands[0].type != X86_OP_IMM;
	case CS_ARCH_ARM64: /* by id: capstone 4 puts blr in no call group */
		return in->id == ARM64_INS_BLR;
	case CS_ARCH_ARM:
		return in->id == ARM_INS_BLX && d->arm.op_count &&
		       d->arm.operands[0].type == ARM_OP_REG;
	case CS_ARCH_MIPS:
		return in->id == MIPS_INS_JALR || in->id == MIPS_INS_JALRC ||
		       in->id == MIPS_INS_JIALC;
	case CS_ARCH_PPC:
		return in->id == PPC_INS_BCTRL || in->id == PPC_INS_BCCTRL;
	default:
		return false;
	}
}

/* RISC-V: jalr ra (or c.jalr) not completing an auipc ra + jalr ra call pair. */
static bool riscv_indirect(const uint8_t *p, size_t n)
{
	uint32_t prev = 0;

	for (size_t i = 0; i + 2 <= n;) {
		uint32_t w = p[i] | (uint32_t)p[i + 1] << 8;

		if ((w & 3) != 3) { /* compressed: c.jalr rs1 is 1001 rs1 00000 10 */
			if ((w & 0xf07f) == 0x9002 && (w & 0x0f80))
				return true;
			prev = 0;
			i += 2;
			continue;
		}
		if (i + 4 > n)
			break;
		w |= (uint32_t)p[i + 2] << 16 | (uint32_t)p[i + 3] << 24;
		if ((w & 0x707f) == 0x0067 && ((w >> 7) & 31) == 1) { /* jalr ra, imm(rs1) */
			unsigned rs1 = (w >> 15) & 31;

			if (!((prev & 0x7f) == 0x17 && ((prev >> 7) & 31) == rs1))
				return true;
		}
		prev = w;
		i += 4;
	}
	return false;
}

int bw_cg_disasm(struct bw_cg *g, int img, const struct bw_obj *o, struct bw_err *e)
{
	csh h = 0;
	cs_arch arch = CS_ARCH_ALL;
	cs_mode mode = 0;
	cs_insn *in = NULL;

	for (size_t i = g->first[img]; i < g->first[img + 1]; i++) {
		struct bw_cg_node *d = &g->v[i];
		const struct bw_sec *s = d->fr.shndx < o->shnum ? &o->secs[d->fr.shndx] : NULL;
		const uint8_t *base = s ? bw_sec_bytes(o, d->fr.shndx) : NULL;
		uint64_t start = d->fr.value & (o->machine == EM_ARM ? ~1ULL : ~0ULL), off;
		const uint8_t *code;
		size_t size;
		uint64_t addr;
		cs_arch a;
		cs_mode m;

		if (!base || s->type == SHT_NOBITS || !d->fr.size || start < s->addr)
			continue;
		off = o->type == ET_REL ? start : start - s->addr;
		if (!bw_range_ok(off, d->fr.size, s->size))
			continue;
		if (o->machine == EM_RISCV) {
			d->indirect |= riscv_indirect(base + off, d->fr.size);
			continue;
		}
		if (!cs_for(o, d->fr.value, &a, &m))
			return 0;
		if (!h || a != arch || m != mode) {
			if (h)
				cs_close(&h);
			h = 0;
			if (cs_open(a, m, &h) != CS_ERR_OK)
				return bw_fail(e, o->name, "capstone cannot open its disassembler");
			cs_option(h, CS_OPT_DETAIL, CS_OPT_ON);
			cs_option(h, CS_OPT_SKIPDATA, CS_OPT_ON); /* literal pools, padding */
			arch = a, mode = m;
			if (!in)
				in = cs_malloc(h);
			if (!in) {
				cs_close(&h);
				return bw_fail(e, o->name, "out of memory");
			}
		}
		code = base + off;
		size = d->fr.size;
		addr = start;
		while (!d->indirect && cs_disasm_iter(h, &code, &size, &addr, in))
			d->indirect = cs_indirect_call(h, in, arch);
	}
	if (in)
		cs_free(in, 1);
	if (h)
		cs_close(&h);
	return 0;
}
