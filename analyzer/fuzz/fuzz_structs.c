// SPDX-License-Identifier: GPL-2.0
/* libFuzzer entry for the DWARF layout reader: arbitrary bytes as an ELF image, every struct
 * read, printed (plain and --reorganize) and freed. Built and run (bounded) by
 * `make test-structs-fuzz`; the seed corpus is the fixtures and the malformed files. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layouts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct bw_layout_opts opts = { .cacheline = 64, .no_debuginfo_search = true };
	struct bw_image img = { .file = "fuzz", .display = "fuzz", .size = size, .index = -1 };
	struct bw_layout_set set;
	struct bw_err e;
	unsigned char *copy;

	if (!sink)
		sink = fopen("/dev/null", "w");
	/* An image is private, writable memory (the reader relocates in place); the input is not. */
	copy = malloc(size ? size : 1);
	if (!copy)
		return 0;
	memcpy(copy, data, size);
	img.bytes = copy;
	if (bw_layouts_read(&img, &opts, &set, &e) == 0) {
		if (sink) {
			bw_layouts_print(sink, &set, &opts, false);
			bw_layouts_print(sink, &set, &opts, true);
		}
		bw_layout_set_free(&set);
	}
	free(copy);
	return 0;
}
