/* SPDX-License-Identifier: GPL-2.0 */
/* Fallback relocation of .debug_* sections for machines libdwfl has no backend for. */
#ifndef BW_STRUCTS_RELOC_H
#define BW_STRUCTS_RELOC_H

#include <libelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Apply the relocations of @elf's .debug_* sections in place (the ELF must be a private
 * copy). Return 0, or -1 with a one-line message in @err. */
int bw_debug_relocate(Elf *elf, char *err, size_t errlen);

#endif /* BW_STRUCTS_RELOC_H */
