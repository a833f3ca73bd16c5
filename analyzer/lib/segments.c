// SPDX-License-Identifier: GPL-2.0
/* Segments of a linked image, the sections each holds (readelf -l's mapping), flash and RAM.
 *
 * A section belongs to a segment by binutils' strict rule (readelf -l): TLS sections only in
 * PT_TLS, PT_GNU_RELRO or PT_LOAD and PT_TLS only holds them; PT_PHDR holds none; PT_LOAD and
 * the like hold only allocated sections; a section with contents lies within the segment's
 * file image, an allocated one within its memory image (a .tbss counts as empty outside
 * PT_TLS, and is left out there); a zero-sized section is not in PT_DYNAMIC or PT_NOTE at
 * their start or end.
 *
 * Flash is what the image stores (every PT_LOAD's file size: code, read-only data and the
 * initial values of writable data); RAM is what it occupies once running (the memory size of
 * every writable PT_LOAD: data and bss). Without program headers (a .o) the same comes from
 * the allocated sections.
 */
#include <stdlib.h>
#include <string.h>

#include "segments.h"

#ifndef PT_GNU_SFRAME
#define PT_GNU_SFRAME 0x6474e554
#endif

const char *bw_segment_type_name(uint16_t machine, uint32_t type, char *buf, size_t len)
{
	static const struct {
		uint32_t t;
		const char *name;
	} names[] = {
		{ PT_NULL, "NULL" },
		{ PT_LOAD, "LOAD" },
		{ PT_DYNAMIC, "DYNAMIC" },
		{ PT_INTERP, "INTERP" },
		{ PT_NOTE, "NOTE" },
		{ PT_SHLIB, "SHLIB" },
		{ PT_PHDR, "PHDR" },
		{ PT_TLS, "TLS" },
		{ PT_GNU_EH_FRAME, "GNU_EH_FRAME" },
		{ PT_GNU_STACK, "GNU_STACK" },
		{ PT_GNU_RELRO, "GNU_RELRO" },
		{ PT_GNU_PROPERTY, "GNU_PROPERTY" },
		{ PT_GNU_SFRAME, "GNU_SFRAME" },
	};
	/* Processor-specific types, as readelf names them per machine. */
	static const struct {
		uint16_t m;
		uint32_t t;
		const char *name;
	} proc[] = {
		{ EM_ARM, 0x70000001, "EXIDX" },
		{ EM_AARCH64, 0x70000000, "AARCH64_ARCHEXT" },
		{ EM_AARCH64, 0x70000002, "AARCH64_MEMTAG_MTE" },
		{ EM_MIPS, 0x70000000, "REGINFO" },
		{ EM_MIPS, 0x70000001, "RTPROC" },
		{ EM_MIPS, 0x70000002, "OPTIONS" },
		{ EM_MIPS, 0x70000003, "ABIFLAGS" },
		{ EM_RISCV, 0x70000003, "RISCV_ATTRIBUTES" },
		{ EM_PARISC, 0x70000000, "PARISC_ARCHEXT" },
		{ EM_PARISC, 0x70000001, "PARISC_UNWIND" },
		{ EM_S390, 0x70000000, "S390_PGSTE" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].t == type)
			return names[i].name;
	for (size_t i = 0; i < sizeof(proc) / sizeof(proc[0]); i++)
		if (proc[i].m == machine && proc[i].t == type)
			return proc[i].name;
	if (type >= 0x6474e500 && type <= 0x6474f4ff) /* PT_GNU_MBIND_LO..HI */
		snprintf(buf, len, "GNU_MBIND+%#x", type - 0x6474e500);
	else if (type >= PT_LOPROC && type <= PT_HIPROC)
		snprintf(buf, len, "LOPROC+%#x", type - PT_LOPROC);
	else if (type >= PT_LOOS && type <= PT_HIOS)
		snprintf(buf, len, "LOOS+%#x", type - PT_LOOS);
	else
		snprintf(buf, len, "<unknown>: %x", type);
	return buf;
}

static bool holds_only_alloc(uint32_t t)
{
	return t == PT_LOAD || t == PT_DYNAMIC || t == PT_GNU_EH_FRAME || t == PT_GNU_STACK ||
	       t == PT_GNU_RELRO || t == PT_GNU_SFRAME ||
	       (t >= 0x6474e500 && t <= 0x6474f4ff); /* PT_GNU_MBIND_LO..HI */
}

/* Does segment @p hold section @s (readelf's strict check)? */
static bool in_segment(const struct bw_sec *s, const GElf_Phdr *p)
{
	bool tls = s->flags & SHF_TLS, alloc = s->flags & SHF_ALLOC, nobits = s->type == SHT_NOBITS;
	uint64_t size;

	/* A .tbss outside PT_TLS takes no room there (readelf leaves it out). */
	if (tls && nobits && p->p_type != PT_TLS)
		return false;
	size = s->size;
	if (tls ? !(p->p_type == PT_TLS || p->p_type == PT_GNU_RELRO || p->p_type == PT_LOAD) :
		  (p->p_type == PT_TLS || p->p_type == PT_PHDR))
		return false;
	if (!alloc && holds_only_alloc(p->p_type))
		return false;
	if (!nobits && (s->offset < p->p_offset || s->offset - p->p_offset > p->p_filesz - 1 ||
			s->offset - p->p_offset + size > p->p_filesz))
		return false;
	if (alloc && (s->addr < p->p_vaddr || s->addr - p->p_vaddr > p->p_memsz - 1 ||
		      s->addr - p->p_vaddr + size > p->p_memsz))
		return false;
	if ((p->p_type == PT_DYNAMIC || p->p_type == PT_NOTE) && s->size == 0 && p->p_memsz != 0 &&
	    !((nobits || (s->offset > p->p_offset && s->offset - p->p_offset < p->p_filesz)) &&
	      (!alloc || (s->addr > p->p_vaddr && s->addr - p->p_vaddr < p->p_memsz))))
		return false;
	return true;
}

static void sum_sections(const struct bw_obj *o, struct bw_memory *m)
{
	for (size_t i = 1; i < o->shnum; i++) {
		const struct bw_sec *s = &o->secs[i];

		if (!(s->flags & SHF_ALLOC))
			continue;
		if (s->type == SHT_NOBITS)
			m->bss += s->size;
		else if (s->flags & SHF_EXECINSTR)
			m->text += s->size;
		else if (s->flags & SHF_WRITE)
			m->data += s->size;
		else
			m->rodata += s->size;
	}
	m->flash = m->text + m->rodata + m->data;
	m->ram = m->data + m->bss;
}

int bw_segments_read(const struct bw_obj *o, struct bw_segments *out, struct bw_err *e)
{
	size_t phnum = 0;

	memset(out, 0, sizeof(*out));
	sum_sections(o, &out->mem);
	if (elf_getphdrnum(o->elf, &phnum) != 0)
		return bw_fail(e, o->name, "bad program header count: %s", elf_errmsg(-1));
	if (!phnum)
		return 0;
	out->v = calloc(phnum, sizeof(*out->v));
	if (!out->v)
		return bw_fail(e, o->name, "out of memory");
	out->mem.flash = out->mem.ram = 0;
	out->mem.from_segments = true;
	for (size_t k = 0; k < phnum; k++) {
		struct bw_segment *g = &out->v[out->n];
		GElf_Phdr p;

		if (!gelf_getphdr(o->elf, (int)k, &p)) {
			bw_segments_free(out);
			return bw_fail(e, o->name, "cannot read program header %zu: %s", k,
				       elf_errmsg(-1));
		}
		out->n++;
		*g = (struct bw_segment){ p.p_type,   p.p_flags, p.p_offset, p.p_vaddr, p.p_paddr,
					  p.p_filesz, p.p_memsz, p.p_align,  NULL,	0 };
		if (p.p_type == PT_LOAD) {
			out->mem.flash += p.p_filesz;
			if (p.p_flags & PF_W)
				out->mem.ram += p.p_memsz;
		}
		g->secs = calloc(o->shnum ? o->shnum : 1, sizeof(*g->secs));
		if (!g->secs) {
			bw_segments_free(out);
			return bw_fail(e, o->name, "out of memory");
		}
		for (size_t i = 1; i < o->shnum; i++)
			if (in_segment(&o->secs[i], &p))
				g->secs[g->nsecs++] = i;
	}
	return 0;
}

void bw_segments_free(struct bw_segments *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].secs);
	free(s->v);
	memset(s, 0, sizeof(*s));
}
