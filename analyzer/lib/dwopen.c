// SPDX-License-Identifier: GPL-2.0
/* Open an image's DWARF once, in place: checked headers, libdwfl's relocation, separate files.
 *
 * libdwfl (not bare libdw) opens the image so that ET_REL objects get their .debug_*
 * relocations applied: on RELA targets the section contents hold zeros and the addends live in
 * the relocations, so unrelocated names and offsets are wrong. It reads the image where it is:
 * a struct bw_image is private memory, so the pages libelf and libdwfl write (section headers
 * of decompressed sections, relocated .debug_* of relocatable objects) are the only ones
 * copied. Relocation happens in place, once: every reader of an image shares its handle.
 */
#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <string.h>

#include "dwctx.h"
#include "dwimage.h"

static int no_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname, Dwarf_Addr base,
			const char *file_name, const char *debuglink_file, GElf_Word debuglink_crc,
			char **debuginfo_file_name)
{
	(void)mod, (void)userdata, (void)modname, (void)base, (void)file_name;
	(void)debuglink_file, (void)debuglink_crc, (void)debuginfo_file_name;
	return -1;
}

static char *debuginfo_path;

static const Dwfl_Callbacks cb_search = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &debuginfo_path,
};

static const Dwfl_Callbacks cb_nosearch = {
	.find_debuginfo = no_debuginfo,
	.section_address = dwfl_offline_section_address,
};

/* Does the image carry a .debug_info (plain or .zdebug_) section of its own? */
static bool has_debug_info(Elf *elf)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;

		if (!gelf_getshdr(scn, &sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (n && (!strcmp(n, ".debug_info") || !strcmp(n, ".zdebug_info")))
			return true;
	}
	return false;
}

/* The DWARF of a relocatable object whose .debug_* relocations dwreloc.c applies in place. */
static Dwarf *relocated_dwarf(const struct bw_image *img, Elf **elf, struct bw_err *e)
{
	Dwarf *dw;

	*elf = elf_memory((char *)img->bytes, img->size);
	if (!*elf) {
		bw_fail(e, img->display, "cannot read ELF: %s", elf_errmsg(-1));
		return NULL;
	}
	if (bw_dw_relocate(*elf, img->display, e))
		return NULL;
	dw = dwarf_begin_elf(*elf, DWARF_C_READ, NULL);
	if (!dw)
		bw_fail(e, img->display, "cannot read DWARF: %s", dwarf_errmsg(-1));
	return dw;
}

/* Every unit header of .debug_info must lie inside the section: libdw 0.188 accepts a unit
 * whose length runs past the end (a truncated section) and reads nothing from it. */
static int check_unit_lengths(Dwarf *dw, const char *file, struct bw_err *e)
{
	Elf *elf = dwarf_getelf(dw);
	Elf_Scn *scn = NULL;
	size_t shstrndx, secsize = 0;
	Dwarf_Off off = 0, next;
	size_t hsize;
	int r;

	if (!elf || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh.sh_name);
		if (n && (!strcmp(n, ".debug_info") || !strcmp(n, ".zdebug_info")) &&
		    (d = elf_getdata(scn, NULL)))
			secsize = d->d_size;
	}
	while ((r = dwarf_next_unit(dw, off, &next, &hsize, NULL, NULL, NULL, NULL, NULL, NULL)) ==
	       0) {
		if (next > secsize || next <= off) {
			return bw_fail(
				e, file,
				"unit at 0x%llx runs past the end of .debug_info (truncated)",
				(unsigned long long)off);
		}
		off = next;
	}
	if (r < 0 || (secsize && off < secsize && off + 4 <= secsize)) {
		return bw_fail(e, file, "corrupt unit header at 0x%llx in .debug_info",
			       (unsigned long long)off);
	}
	return 0;
}

/* Can several handles read the image's DWARF as it is (no relocation, no compression, no
 * type units)? */
static bool parallel_ok(Elf *elf, unsigned e_type)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (e_type == ET_REL || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *n;

		if (!gelf_getshdr(scn, &sh) || !(n = elf_strptr(elf, shstrndx, sh.sh_name)))
			return false;
		if (!strncmp(n, ".zdebug", 7) || !strcmp(n, ".debug_types") ||
		    (!strncmp(n, ".debug_", 7) && (sh.sh_flags & SHF_COMPRESSED)))
			return false;
	}
	return true;
}

const char *bw_dwarf_source_name(enum bw_dwarf_source s)
{
	return s == BW_DWARF_IMAGE ? "image" : s == BW_DWARF_SEPARATE ? "separate" : "none";
}

int bw_dwarf_open(const struct bw_image *img, bool no_search, struct bw_dwarf *h, struct bw_err *e)
{
	const unsigned char *id = img->bytes;
	const char *file = img->display;
	bool has_debug = false;
	Dwfl_Module *mod;
	Dwarf_Addr bias;

	memset(h, 0, sizeof(*h));
	h->img = img;
	e->msg[0] = '\0';
	if (img->size < EI_NIDENT + 4 || memcmp(id, ELFMAG, SELFMAG) != 0)
		return bw_fail(e, file, "not an ELF file");
	if (id[EI_DATA] != ELFDATA2LSB && id[EI_DATA] != ELFDATA2MSB)
		return bw_fail(e, file, "bad ELF byte order %u", id[EI_DATA]);
	h->little_endian = id[EI_DATA] == ELFDATA2LSB;
	h->e_type = h->little_endian ? id[16] | id[17] << 8 : id[16] << 8 | id[17];
	h->e_machine = h->little_endian ? id[18] | id[19] << 8 : id[18] << 8 | id[19];

	elf_version(EV_CURRENT);
	{
		Elf *check = elf_memory((char *)img->bytes, img->size);
		int bad = !check || bw_dw_check(check, img->size, file, &has_debug, e);

		/* Asked before libdwfl decompresses sections, which rewrites their headers in
		 * the image's memory (a second handle over those bytes could not read them). */
		h->in_place = !bad && has_debug && parallel_ok(check, h->e_type);
		if (!check)
			bw_fail(e, file, "not an ELF file: %s", elf_errmsg(-1));
		elf_end(check);
		if (bad)
			return -1;
		/* Without DWARF of its own, only a separate debug file could help. */
		if (!has_debug && (no_search || h->e_type == ET_REL))
			return 0;
	}
	/* libdwfl has no relocation backend for mips (elfutils 0.188): relocate here. */
	if (h->e_type == ET_REL && h->e_machine == EM_MIPS) {
		if (!(h->dw = h->own_dw = relocated_dwarf(img, &h->elf, e)))
			goto fail;
	} else {
		h->dwfl = dwfl_begin(no_search ? &cb_nosearch : &cb_search);
		if (!h->dwfl)
			return bw_fail(e, file, "libdwfl: %s", dwfl_errmsg(-1));
		mod = dwfl_report_offline_memory(h->dwfl, file, file, (char *)img->bytes,
						 img->size);
		if (!mod || dwfl_report_end(h->dwfl, NULL, NULL) != 0) {
			bw_fail(e, file, "cannot read ELF: %s", dwfl_errmsg(-1));
			goto fail;
		}
		h->dw = dwfl_module_getdwarf(mod, &bias);
		if (!h->dw) {
			Elf *elf = dwfl_module_getelf(mod, &bias);
			const char *msg = dwfl_errmsg(-1);

			if (elf && !has_debug_info(elf)) {
				bw_dwarf_close(h);
				h->img = img;
				return 0; /* no DWARF at all */
			}
			/* A machine libdwfl cannot relocate: dwreloc.c says which relocation. */
			if (h->e_type != ET_REL || !elf) {
				bw_fail(e, file, "cannot read DWARF: %s", msg);
				goto fail;
			}
			dwfl_end(h->dwfl);
			h->dwfl = NULL;
			if (!(h->dw = h->own_dw = relocated_dwarf(img, &h->elf, e)))
				goto fail;
		}
	}
	h->source = has_debug ? BW_DWARF_IMAGE : BW_DWARF_SEPARATE;
	h->in_place = h->in_place && !h->own_dw;
	if (check_unit_lengths(h->dw, file, e))
		goto fail;
	return 0;
fail:
	bw_dwarf_close(h);
	if (!e->msg[0])
		bw_fail(e, file, "cannot read DWARF");
	return -1;
}

void bw_dwarf_close(struct bw_dwarf *h)
{
	dwarf_end(h->own_dw);
	elf_end(h->elf);
	dwfl_end(h->dwfl);
	memset(h, 0, sizeof(*h));
}
