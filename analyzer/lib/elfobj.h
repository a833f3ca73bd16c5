/* SPDX-License-Identifier: GPL-2.0 */
/* One ELF object read through libelf and validated: header facts, sections, BFD's view of them. */
#ifndef BW_ELFOBJ_H
#define BW_ELFOBJ_H

#include <gelf.h>

#include "bw.h"

/* BFD section flags the analyzer reproduces (bfd/section.c names, our own values). */
enum bw_secflag {
	BW_SEC_ALLOC = 1 << 0,
	BW_SEC_LOAD = 1 << 1,
	BW_SEC_READONLY = 1 << 2,
	BW_SEC_CODE = 1 << 3,
	BW_SEC_DATA = 1 << 4,
	BW_SEC_HAS_CONTENTS = 1 << 5,
	BW_SEC_DEBUGGING = 1 << 6,
	BW_SEC_SMALL_DATA = 1 << 7,
	BW_SEC_OTHER = 1 << 8, /* any flag that only matters for "no flags at all" (size -A) */
};

enum bw_bucket { BW_TEXT, BW_DATA, BW_BSS, BW_OTHER };

struct bw_sec {
	const char *name; /* NUL-terminated inside .shstrtab (checked) */
	uint32_t type;
	uint64_t flags; /* sh_flags */
	uint64_t addr, offset, size, entsize, align;
	uint32_t link, info;
	bool compressed; /* SHF_COMPRESSED or a .zdebug header */
	uint64_t usize; /* uncompressed size (== size when not compressed) */
	bool is_bfd; /* BFD makes a section of it: size -A lists it, symbols may use it */
	unsigned bfd_flags; /* enum bw_secflag, valid when is_bfd */
	enum bw_bucket bucket; /* Berkeley text/data/bss, BW_OTHER when not counted */
};

struct bw_obj {
	const char *name; /* display name for messages */
	const unsigned char *bytes;
	size_t size;
	Elf *elf;
	int cls; /* 32 or 64 */
	bool big_endian;
	uint16_t type, machine;
	uint32_t eflags;
	uint8_t osabi;
	size_t shnum; /* sections, including index 0 */
	size_t shstrndx;
	struct bw_sec *secs; /* shnum entries */
	size_t *bfd_order; /* indices of BFD sections in the order BFD creates them */
	size_t nbfd;
	size_t symtab, dynsym; /* BFD's "onesymtab" and "dynsymtab", 0 when absent */
	uint64_t text, data, bss; /* Berkeley totals */
};

/*
 * bw_obj_open - read and check an ELF image (libelf over memory, no copy)
 * Every header field is checked against the image size before use; on failure @e holds
 * one line (size's "file format not recognized" for non-ELF input).
 * Return: 0 or -1.
 */
int bw_obj_open(struct bw_obj *o, const char *name, const unsigned char *bytes, size_t size,
		struct bw_err *e);
/* Release what bw_obj_open() allocated; accepts a zeroed object. */
void bw_obj_close(struct bw_obj *o);

/* Section @i's raw bytes (NULL for NOBITS or empty sections). */
const unsigned char *bw_sec_bytes(const struct bw_obj *o, size_t i);

/* sizes.c: decide which sections BFD would create and their Berkeley bucket. */
int bw_classify(struct bw_obj *o, struct bw_err *e);

/* elfnames.c: names for the JSON header. */
const char *bw_target_name(const struct bw_obj *o, char *buf, size_t len);
const char *bw_machine_name(uint16_t machine, char *buf, size_t len);
const char *bw_type_name(uint16_t type, char *buf, size_t len);

#endif /* BW_ELFOBJ_H */
