// SPDX-License-Identifier: GPL-2.0
/* Which ELF sections binutils sees, and size(1)'s text/data/bss rule.
 *
 * size reports BFD sections, not ELF section headers.  BFD (bfd/elf.c,
 * bfd_section_from_shdr, binutils 2.40) makes a section of every header except:
 * SHT_NULL; the first SHT_SYMTAB (and every later one) unless it is SHF_ALLOC in a
 * shared object; SHT_SYMTAB_SHNDX; SHT_SHLIB; the section-name string table and the
 * symbol table's string table; SHT_REL/SHT_RELA that are folded into their target
 * section (in ET_REL always, in ET_EXEC/ET_DYN when not SHF_ALLOC) - a relocation section
 * stays a section of its own when it is allocated in a linked file, is SHT_RELR, or its
 * sh_link/sh_info are not the symbol table and a real target; unknown types outside the
 * OS and processor ranges.  A section seen out of order (a relocation section's target,
 * a symbol table a string table links to) is created first, so the order can differ
 * from the header order.
 *
 * BFD flags: HAS_CONTENTS unless SHT_NOBITS; ALLOC from SHF_ALLOC; READONLY unless
 * SHF_WRITE; CODE from SHF_EXECINSTR; DATA when allocated, with contents, not code.
 *
 * Berkeley rule (size.c, berkeley_or_gnu_sum), over BFD sections only:
 *   not SHF_ALLOC                          -> not counted (.comment, .debug_*, .symtab)
 *   SHF_EXECINSTR, or not SHF_WRITE        -> text   (so .rodata, .eh_frame, .note.*,
 *                                             .dynsym, .rela.dyn, and a read-only NOBITS)
 *   otherwise, not SHT_NOBITS              -> data   (.data, .tdata, .got, .dynamic)
 *   otherwise                              -> bss    (.bss, .tbss, .sbss)
 * The same rule holds for ET_REL, ET_EXEC and ET_DYN; sizes are sh_size, compressed
 * sections count with their compressed size (size does not decompress).
 */
#include <stdlib.h>
#include <string.h>

#include "elfobj.h"

#ifndef SHT_RELR
#define SHT_RELR 19
#endif
#ifndef SHF_GNU_RETAIN
#define SHF_GNU_RETAIN (1 << 21)
#endif

struct bfd_state {
	struct bw_obj *o;
	unsigned char *state; /* 0 not seen, 1 in progress, 2 done */
	size_t symsize;
};

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool small_data_name(const char *n)
{
	return starts(n, ".sdata") || starts(n, ".sbss") || starts(n, ".PPC.EMB.sdata") ||
	       starts(n, ".PPC.EMB.sbss");
}

/* _bfd_elf_make_section_from_shdr: the BFD flags of a section. */
static unsigned bfd_flags(const struct bw_obj *o, const struct bw_sec *s)
{
	unsigned f = 0;

	if (s->type != SHT_NOBITS)
		f |= BW_SEC_HAS_CONTENTS;
	if (s->flags & SHF_ALLOC) {
		f |= BW_SEC_ALLOC;
		if (s->type != SHT_NOBITS)
			f |= BW_SEC_LOAD;
	}
	if (!(s->flags & SHF_WRITE))
		f |= BW_SEC_READONLY;
	if (s->flags & SHF_EXECINSTR)
		f |= BW_SEC_CODE;
	else if (f & BW_SEC_LOAD)
		f |= BW_SEC_DATA;
	/* Flags that only matter when nothing else is set (size -A skips flagless sections). */
	if (!f && (s->flags & (SHF_MERGE | SHF_STRINGS | SHF_TLS | SHF_EXCLUDE | SHF_GNU_RETAIN) ||
		   s->type == SHT_GROUP || starts(s->name, ".gnu.linkonce") ||
		   starts(s->name, ".note.gnu") || starts(s->name, ".gnu.build.attributes")))
		f |= BW_SEC_OTHER;
	if (!(f & BW_SEC_ALLOC) && s->name[0] == '.' &&
	    (starts(s->name, ".debug") || starts(s->name, ".gnu.debuglto_.debug_") ||
	     starts(s->name, ".gnu.linkonce.wi.") || starts(s->name, ".zdebug") ||
	     starts(s->name, ".line") || starts(s->name, ".stab") ||
	     !strcmp(s->name, ".gdb_index")))
		f |= BW_SEC_DEBUGGING;
	/* Backends that mark small-data sections (nm's g/s letters). */
	/* The mips backend sees only its own section types (SHT_MIPS_*), not .sbss/.sdata. */
	if ((o->machine == EM_MIPS && s->type >= SHT_LOPROC && (s->flags & SHF_MIPS_GPREL)) ||
	    (o->machine == EM_MICROBLAZE && small_data_name(s->name)))
		f |= BW_SEC_SMALL_DATA;
	return f;
}

static void make_section(struct bfd_state *st, size_t i)
{
	struct bw_obj *o = st->o;
	struct bw_sec *s = &o->secs[i];

	if (s->is_bfd)
		return;
	s->is_bfd = true;
	s->bfd_flags = bfd_flags(o, s);
	o->bfd_order[o->nbfd++] = i;
	if (!(s->flags & SHF_ALLOC))
		s->bucket = BW_OTHER;
	else if ((s->flags & SHF_EXECINSTR) || !(s->flags & SHF_WRITE))
		s->bucket = BW_TEXT;
	else if (s->type != SHT_NOBITS)
		s->bucket = BW_DATA;
	else
		s->bucket = BW_BSS;
	if (s->bucket == BW_TEXT)
		o->text += s->size;
	else if (s->bucket == BW_DATA)
		o->data += s->size;
	else if (s->bucket == BW_BSS)
		o->bss += s->size;
}

static void from_shdr(struct bfd_state *st, size_t i);

static bool is_symtab_type(uint32_t t)
{
	return t == SHT_SYMTAB || t == SHT_DYNSYM;
}

/* SHT_REL/RELA/RELR: folded into the target section, or a section of its own. */
static void reloc_section(struct bfd_state *st, size_t i)
{
	struct bw_obj *o = st->o;
	struct bw_sec *s = &o->secs[i];
	bool linked = o->type == ET_EXEC || o->type == ET_DYN;

	if (s->link < o->shnum && is_symtab_type(o->secs[s->link].type))
		from_shdr(st, s->link);
	if (s->link >= o->shnum || (linked && (s->flags & SHF_ALLOC)) || s->type == SHT_RELR ||
	    s->link == 0 || s->link != o->symtab || s->info == 0 || s->info >= o->shnum ||
	    o->secs[s->info].type == SHT_REL || o->secs[s->info].type == SHT_RELA) {
		make_section(st, i);
		return;
	}
	from_shdr(st, s->info); /* the target exists before its relocations */
}

static void strtab_section(struct bfd_state *st, size_t i)
{
	struct bw_obj *o = st->o;

	if (o->secs[i].is_bfd || i == o->shstrndx)
		return;
	if (o->secs[o->symtab].link == i)
		return;
	if (o->secs[o->dynsym].link == i) {
		make_section(st, i);
		return;
	}
	/* A string table seen before its symbol table: look for the table that uses it. */
	if (o->symtab == 0 || o->dynsym == 0) {
		for (size_t k = 1; k < o->shnum; k++) {
			if (o->secs[k].link != i || k == i)
				continue;
			from_shdr(st, k);
			if (o->symtab == k)
				return;
			if (o->dynsym == k) {
				make_section(st, i);
				return;
			}
		}
	}
	make_section(st, i);
}

static void symtab_section(struct bfd_state *st, size_t i)
{
	struct bw_obj *o = st->o;
	struct bw_sec *s = &o->secs[i];
	bool dyn = s->type == SHT_DYNSYM;
	size_t *slot = dyn ? &o->dynsym : &o->symtab;
	uint64_t used;

	if (*slot == i || s->entsize != st->symsize)
		return;
	if (__builtin_mul_overflow((uint64_t)s->info, s->entsize, &used) || used > s->size)
		return;
	if (*slot != 0)
		return; /* BFD keeps the first table and warns about the rest */
	*slot = i;
	if (dyn || ((s->flags & SHF_ALLOC) && o->type == ET_DYN))
		make_section(st, i);
}

/* bfd_section_from_shdr, reduced to what decides existence and order. */
static void from_shdr(struct bfd_state *st, size_t i)
{
	struct bw_obj *o = st->o;
	struct bw_sec *s;

	if (i == 0 || i >= o->shnum || st->state[i])
		return; /* done, or recursion on a cyclic hostile file */
	st->state[i] = 1;
	s = &o->secs[i];
	switch (s->type) {
	case SHT_NULL:
	case SHT_SYMTAB_SHNDX:
	case SHT_SHLIB:
		break;
	case SHT_SYMTAB:
	case SHT_DYNSYM:
		symtab_section(st, i);
		break;
	case SHT_STRTAB:
		strtab_section(st, i);
		break;
	case SHT_REL:
	case SHT_RELA:
	case SHT_RELR:
		reloc_section(st, i);
		break;
	case SHT_GNU_versym:
		if (s->entsize == 2)
			make_section(st, i);
		break;
	case SHT_GROUP:
		if (s->entsize == 4 && s->size >= 8 && s->size % 4 == 0)
			make_section(st, i);
		break;
	case SHT_PROGBITS:
	case SHT_NOBITS:
	case SHT_HASH:
	case SHT_NOTE:
	case SHT_INIT_ARRAY:
	case SHT_FINI_ARRAY:
	case SHT_PREINIT_ARRAY:
	case SHT_GNU_LIBLIST:
	case SHT_GNU_HASH:
	case SHT_DYNAMIC:
	case SHT_GNU_verdef:
	case SHT_GNU_verneed:
		make_section(st, i);
		break;
	default:
		if (s->type >= SHT_LOPROC && s->type <= SHT_HIPROC)
			make_section(st, i); /* backends take their own types */
		else if (s->type >= SHT_LOUSER && s->type <= SHT_HIUSER && !(s->flags & SHF_ALLOC))
			make_section(st, i);
		else if (s->type >= SHT_LOOS && s->type <= SHT_HIOS &&
			 !(s->flags & SHF_OS_NONCONFORMING))
			make_section(st, i);
		break;
	}
	st->state[i] = 2;
}

int bw_classify(struct bw_obj *o, struct bw_err *e)
{
	struct bfd_state st = { .o = o };

	st.symsize = o->cls == 64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
	o->nbfd = 0;
	o->bfd_order = malloc((o->shnum ? o->shnum : 1) * sizeof(*o->bfd_order));
	st.state = calloc(o->shnum ? o->shnum : 1, 1);
	if (!o->bfd_order || !st.state) {
		free(st.state);
		return bw_fail(e, o->name, "out of memory");
	}
	for (size_t i = 1; i < o->shnum; i++)
		from_shdr(&st, i);
	free(st.state);
	return 0;
}
