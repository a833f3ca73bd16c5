/* SPDX-License-Identifier: GPL-2.0 */
/* An image's DWARF, opened once (dwopen.c) and read by every extractor that needs it. */
#ifndef BW_DWIMAGE_H
#define BW_DWIMAGE_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "bw.h"
#include "input.h"
#include "layouts.h"

struct bw_dwarf {
	const struct bw_image *img;
	Dwarf *dw; /* NULL: the image has no DWARF (nor a separate debug file) */
	enum bw_dwarf_source source;
	unsigned e_type, e_machine;
	bool little_endian;
	bool in_place; /* read as it is (no relocation, compression or type units): several
				 * handles over the image's bytes see the same DWARF */
	/* owned */
	Dwfl *dwfl;
	Elf *elf; /* a relocatable object dwreloc.c relocated */
	Dwarf *own_dw;
};

/*
 * bw_dwarf_open - the DWARF of @img: its own, or (ET_EXEC/ET_DYN without .debug_info, unless
 * @no_search) a separate debug file found by build-id or debuglink. Relocatable objects are
 * relocated in @img's memory: open an image once. Return: 0 (h->dw NULL when there is no
 * DWARF), or -1 with @e set.
 */
int bw_dwarf_open(const struct bw_image *img, bool no_search, struct bw_dwarf *h, struct bw_err *e);
void bw_dwarf_close(struct bw_dwarf *h);

/* dwlayouts.c: the layouts of an opened image (bw_layouts_read() opens and closes it). */
int bw_layouts_from(const struct bw_dwarf *h, const struct bw_layout_opts *opts,
		    struct bw_layout_set *out, struct bw_err *e);

#endif /* BW_DWIMAGE_H */
