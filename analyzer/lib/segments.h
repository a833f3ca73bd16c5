/* SPDX-License-Identifier: GPL-2.0 */
/* A linked image as embedded users read it: its segments, and what occupies flash and RAM. */
#ifndef BW_SEGMENTS_H
#define BW_SEGMENTS_H

#include "elfobj.h"

struct bw_segment {
	uint32_t type, flags; /* p_type, p_flags (PF_R, PF_W, PF_X) */
	uint64_t offset, vaddr, paddr, filesz, memsz, align;
	size_t *secs; /* indices of the sections it holds, as readelf -l maps them */
	size_t nsecs;
};

/* Bytes by what they are (allocated sections) and by where they go. */
struct bw_memory {
	uint64_t text, rodata, data, bss; /* executable; read-only; writable with contents;
						 * without contents (.bss, .sbss, .tbss) */
	uint64_t flash, ram; /* flash/ROM: text + rodata + data (its load image); RAM: data + bss */
	bool from_segments; /* flash and RAM from PT_LOAD (file sizes; memory sizes of the
				 * writable ones), else from the sections */
};

struct bw_segments {
	struct bw_segment *v; /* in program header order */
	size_t n;
	struct bw_memory mem;
};

/* Read @o's program headers and sum its memory. Return: 0, or -1 with @e set. */
int bw_segments_read(const struct bw_obj *o, struct bw_segments *out, struct bw_err *e);
void bw_segments_free(struct bw_segments *s);

/* "LOAD", "DYNAMIC", "EXIDX" (EM_ARM) ... as readelf -l names them; @buf (24 bytes will do)
 * holds the name of a type readelf spells with its number ("LOPROC+0x5"). */
const char *bw_segment_type_name(uint16_t machine, uint32_t type, char *buf, size_t len);

#endif /* BW_SEGMENTS_H */
