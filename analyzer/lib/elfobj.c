// SPDX-License-Identifier: GPL-2.0
/* Read one ELF image with libelf and check every offset, count and string index before it is used. */
#include <stdlib.h>
#include <string.h>

#include "elfobj.h"

static bool libelf_ready(void)
{
	/* elf_version() only records the version; calling it each time keeps state out of here. */
	return elf_version(EV_CURRENT) != EV_NONE;
}

static uint32_t rd32(const unsigned char *p, bool big)
{
	return big ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3] :
		     (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static uint64_t rd64(const unsigned char *p, bool big)
{
	uint64_t hi = rd32(p + (big ? 0 : 4), big), lo = rd32(p + (big ? 4 : 0), big);

	return hi << 32 | lo;
}

/* e_shnum as written (section 0's sh_size under extended numbering, when readable). */
static size_t raw_shnum(const struct bw_obj *o)
{
	const unsigned char *b = o->bytes;
	bool big = o->big_endian;
	uint64_t shoff = o->cls == 64 ? rd64(b + 0x28, big) : rd32(b + 0x20, big);
	unsigned at = o->cls == 64 ? 0x3c : 0x30;
	size_t n = big ? (size_t)(b[at] << 8 | b[at + 1]) : (size_t)(b[at + 1] << 8 | b[at]);

	if (n == 0 && bw_range_ok(shoff, o->cls == 64 ? 64 : 40, o->size))
		n = o->cls == 64 ? (size_t)rd64(b + shoff + 32, big) : rd32(b + shoff + 20, big);
	return n;
}

const unsigned char *bw_sec_bytes(const struct bw_obj *o, size_t i)
{
	const struct bw_sec *s = &o->secs[i];

	if (i == 0 || s->type == SHT_NOBITS || s->type == SHT_NULL || s->size == 0)
		return NULL;
	return o->bytes + s->offset; /* range checked in bw_obj_open() */
}

/* Compressed sections: size reports sh_size; JSON also gives the uncompressed size. */
static void read_compression(struct bw_obj *o, size_t i)
{
	struct bw_sec *s = &o->secs[i];
	const unsigned char *p = bw_sec_bytes(o, i);

	s->usize = s->size;
	if (!p)
		return;
	if (s->flags & SHF_COMPRESSED) {
		size_t chdr = o->cls == 64 ? 24 : 12;

		if (s->size >= chdr) {
			s->compressed = true;
			s->usize = o->cls == 64 ? rd64(p + 8, o->big_endian) :
						  rd32(p + 4, o->big_endian);
		}
	} else if (s->name[1] == 'z' && s->size >= 12 && !strncmp(s->name, ".zdebug", 7) &&
		   !memcmp(p, "ZLIB", 4)) {
		s->compressed = true;
		s->usize = rd64(p + 4, true); /* always big-endian in the .zdebug header */
	}
}

struct extent {
	uint64_t offset, size;
	size_t index;
};

static int by_offset(const void *pa, const void *pb)
{
	const struct extent *a = pa, *b = pb;

	if (a->offset != b->offset)
		return a->offset < b->offset ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

/* File-content overlap of two sections means a corrupt or hostile file. */
static int check_overlap(struct bw_obj *o, struct bw_err *e)
{
	struct extent *x;
	size_t n = 0;
	int ret = 0;

	x = malloc(o->shnum * sizeof(*x));
	if (!x)
		return bw_fail(e, o->name, "out of memory");
	for (size_t i = 1; i < o->shnum; i++)
		if (o->secs[i].type != SHT_NOBITS && o->secs[i].type != SHT_NULL && o->secs[i].size)
			x[n++] = (struct extent){ o->secs[i].offset, o->secs[i].size, i };
	qsort(x, n, sizeof(*x), by_offset);
	for (size_t i = 1; i < n; i++) {
		if (x[i - 1].offset + x[i - 1].size > x[i].offset) {
			ret = bw_fail(e, o->name,
				      "sections %zu (%s) and %zu (%s) overlap in the file",
				      x[i - 1].index, o->secs[x[i - 1].index].name, x[i].index,
				      o->secs[x[i].index].name);
			break;
		}
	}
	free(x);
	return ret;
}

static int read_sections(struct bw_obj *o, struct bw_err *e)
{
	const struct bw_sec *strsec;
	GElf_Shdr sh;
	Elf_Scn *scn;

	o->secs = calloc(o->shnum ? o->shnum : 1, sizeof(*o->secs));
	if (!o->secs)
		return bw_fail(e, o->name, "out of memory");
	for (size_t i = 0; i < o->shnum; i++) {
		struct bw_sec *s = &o->secs[i];

		scn = elf_getscn(o->elf, i);
		if (!scn || !gelf_getshdr(scn, &sh))
			return bw_fail(e, o->name, "cannot read section header %zu: %s", i,
				       elf_errmsg(-1));
		s->type = sh.sh_type;
		s->flags = sh.sh_flags;
		s->addr = sh.sh_addr;
		s->offset = sh.sh_offset;
		s->size = sh.sh_size;
		s->entsize = sh.sh_entsize;
		s->align = sh.sh_addralign;
		s->link = sh.sh_link;
		s->info = sh.sh_info;
		s->name = (const char *)(uintptr_t)sh.sh_name; /* resolved below */
		if (i > 0 && s->type != SHT_NOBITS && s->type != SHT_NULL &&
		    !bw_range_ok(s->offset, s->size, o->size))
			return bw_fail(
				e, o->name,
				"section %zu: contents (offset %#llx, size %#llx) extend past the end of the file (%#zx bytes)",
				i, (unsigned long long)s->offset, (unsigned long long)s->size,
				o->size);
	}
	if (o->shnum <= 1) {
		for (size_t i = 0; i < o->shnum; i++)
			o->secs[i].name = "";
		return 0;
	}
	if (o->shstrndx == SHN_UNDEF)
		return bw_fail(e, o->name, "no section name string table (e_shstrndx is 0)");
	if (o->shstrndx >= o->shnum)
		return bw_fail(e, o->name, "bad e_shstrndx %zu: only %zu sections", o->shstrndx,
			       o->shnum);
	strsec = &o->secs[o->shstrndx];
	if (strsec->type == SHT_NOBITS || strsec->type == SHT_NULL || strsec->size == 0 ||
	    !bw_range_ok(strsec->offset, strsec->size, o->size))
		return bw_fail(
			e, o->name,
			"section name string table (section %zu) is empty or outside the file",
			o->shstrndx);
	for (size_t i = 0; i < o->shnum; i++) {
		uint64_t off = (uint64_t)(uintptr_t)o->secs[i].name;
		const char *tab = (const char *)o->bytes + strsec->offset;

		if (off >= strsec->size || !memchr(tab + off, '\0', strsec->size - off)) {
			if (i == 0 && off == 0)
				return bw_fail(e, o->name,
					       "section name string table is not NUL-terminated");
			return bw_fail(
				e, o->name,
				"section %zu: name offset %#llx outside the section name table (%#llx bytes)",
				i, (unsigned long long)off, (unsigned long long)strsec->size);
		}
		o->secs[i].name = tab + off;
		read_compression(o, i);
	}
	return check_overlap(o, e);
}

int bw_obj_open(struct bw_obj *o, const char *name, const unsigned char *bytes, size_t size,
		struct bw_err *e)
{
	GElf_Ehdr eh;
	size_t ehsize, shentsize;
	uint64_t table;

	memset(o, 0, sizeof(*o));
	o->name = name;
	o->bytes = bytes;
	o->size = size;
	if (size < EI_NIDENT || memcmp(bytes, ELFMAG, SELFMAG))
		return bw_fail(e, name, "file format not recognized");
	if ((bytes[EI_CLASS] != ELFCLASS32 && bytes[EI_CLASS] != ELFCLASS64) ||
	    (bytes[EI_DATA] != ELFDATA2LSB && bytes[EI_DATA] != ELFDATA2MSB) ||
	    bytes[EI_VERSION] != EV_CURRENT)
		return bw_fail(e, name, "file format not recognized");
	o->cls = bytes[EI_CLASS] == ELFCLASS64 ? 64 : 32;
	o->big_endian = bytes[EI_DATA] == ELFDATA2MSB;
	ehsize = o->cls == 64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
	shentsize = o->cls == 64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
	if (size < ehsize)
		return bw_fail(e, name, "file truncated: %zu bytes, the ELF header needs %zu", size,
			       ehsize);
	if (!libelf_ready())
		return bw_fail(e, name, "libelf: %s", elf_errmsg(-1));
	o->elf = elf_memory((char *)(uintptr_t)bytes, size);
	if (!o->elf || elf_kind(o->elf) != ELF_K_ELF || !gelf_getehdr(o->elf, &eh))
		return bw_fail(e, name, "bad ELF header: %s", elf_errmsg(-1));
	o->type = eh.e_type;
	o->machine = eh.e_machine;
	o->eflags = eh.e_flags;
	o->osabi = bytes[EI_OSABI];
	if (eh.e_shoff != 0) {
		if (eh.e_shoff < ehsize)
			return bw_fail(
				e, name,
				"section header table at offset %#llx overlaps the ELF header",
				(unsigned long long)eh.e_shoff);
		if (eh.e_shentsize != shentsize)
			return bw_fail(e, name, "bad section header size %u (expected %zu)",
				       eh.e_shentsize, shentsize);
		if (!bw_range_ok(eh.e_shoff, shentsize, size))
			return bw_fail(
				e, name,
				"section header table at offset %#llx is past the end of the file",
				(unsigned long long)eh.e_shoff);
		if (elf_getshdrnum(o->elf, &o->shnum))
			return bw_fail(e, name, "bad section count: %s", elf_errmsg(-1));
		/* libelf quietly shortens a table that runs past the end: check the header's count. */
		if (raw_shnum(o) > o->shnum)
			o->shnum = raw_shnum(o);
		if (__builtin_mul_overflow((uint64_t)o->shnum, shentsize, &table) ||
		    !bw_range_ok(eh.e_shoff, table, size))
			return bw_fail(
				e, name,
				"section header table (%zu entries at offset %#llx) extends past the end of the file",
				o->shnum, (unsigned long long)eh.e_shoff);
		if (elf_getshdrstrndx(o->elf, &o->shstrndx))
			return bw_fail(e, name, "bad e_shstrndx: %s", elf_errmsg(-1));
	}
	if (read_sections(o, e))
		return -1;
	return bw_classify(o, e);
}

void bw_obj_close(struct bw_obj *o)
{
	if (o->elf)
		elf_end(o->elf);
	free(o->secs);
	free(o->bfd_order);
	memset(o, 0, sizeof(*o));
}
