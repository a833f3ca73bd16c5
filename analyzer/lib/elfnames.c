// SPDX-License-Identifier: GPL-2.0
/* Names for an object's header facts: BFD target name (as objdump prints it), machine, type. */
#include <string.h>

#include "elfobj.h"

#ifndef EF_MIPS_ABI2
#define EF_MIPS_ABI2 0x20
#endif

const char *bw_target_name(const struct bw_obj *o, char *buf, size_t len)
{
	const char *le = o->big_endian ? "big" : "little";
	bool be = o->big_endian;

	switch (o->machine) {
	case EM_X86_64:
		return o->cls == 64 ? "elf64-x86-64" : "elf32-x86-64";
	case EM_386:
		return "elf32-i386";
	case EM_ARM:
		return be ? "elf32-bigarm" : "elf32-littlearm";
	case EM_AARCH64:
		snprintf(buf, len, "elf%d-%saarch64", o->cls, le);
		return buf;
	case EM_RISCV:
		snprintf(buf, len, "elf%d-%sriscv", o->cls, le);
		return buf;
	case EM_PPC:
		return be ? "elf32-powerpc" : "elf32-powerpcle";
	case EM_PPC64:
		return be ? "elf64-powerpc" : "elf64-powerpcle";
	case EM_MIPS:
		if (o->cls == 32 && (o->eflags & EF_MIPS_ABI2))
			snprintf(buf, len, "elf32-ntrad%smips", le);
		else
			snprintf(buf, len, "elf%d-trad%smips", o->cls, le);
		return buf;
	case EM_S390:
		return o->cls == 64 ? "elf64-s390" : "elf32-s390";
	case EM_SPARC:
	case EM_SPARC32PLUS:
		return "elf32-sparc";
	case EM_SPARCV9:
		return "elf64-sparc";
	case EM_LOONGARCH:
		return o->cls == 64 ? "elf64-loongarch" : "elf32-loongarch";
	case EM_68K:
		return "elf32-m68k";
	default:
		snprintf(buf, len, "elf%d-%s", o->cls, le);
		return buf;
	}
}

const char *bw_machine_name(uint16_t machine, char *buf, size_t len)
{
	static const struct {
		uint16_t em;
		const char *name;
	} names[] = {
		{ EM_NONE, "EM_NONE" },
		{ EM_386, "EM_386" },
		{ EM_X86_64, "EM_X86_64" },
		{ EM_ARM, "EM_ARM" },
		{ EM_AARCH64, "EM_AARCH64" },
		{ EM_RISCV, "EM_RISCV" },
		{ EM_PPC, "EM_PPC" },
		{ EM_PPC64, "EM_PPC64" },
		{ EM_MIPS, "EM_MIPS" },
		{ EM_S390, "EM_S390" },
		{ EM_SPARC, "EM_SPARC" },
		{ EM_SPARCV9, "EM_SPARCV9" },
		{ EM_LOONGARCH, "EM_LOONGARCH" },
		{ EM_68K, "EM_68K" },
		{ EM_SH, "EM_SH" },
		{ EM_IA_64, "EM_IA_64" },
		{ EM_BPF, "EM_BPF" },
		{ EM_XTENSA, "EM_XTENSA" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].em == machine)
			return names[i].name;
	snprintf(buf, len, "EM_%u", machine);
	return buf;
}

const char *bw_type_name(uint16_t type, char *buf, size_t len)
{
	switch (type) {
	case ET_NONE:
		return "NONE";
	case ET_REL:
		return "REL";
	case ET_EXEC:
		return "EXEC";
	case ET_DYN:
		return "DYN";
	case ET_CORE:
		return "CORE";
	default:
		snprintf(buf, len, "%#x", type);
		return buf;
	}
}
