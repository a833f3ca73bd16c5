// SPDX-License-Identifier: GPL-2.0
/* libFuzzer entry for the DWARF struct extractor: arbitrary bytes as an ELF image, every
 * struct extracted, printed (plain and --reorganize) and freed. Built and run (bounded) by
 * `make test-structs-fuzz`; the seed corpus is the fixtures and the malformed files. */
#include <stdint.h>
#include <stdio.h>

#include "structs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct bw_structs_opts opts = { .cacheline = 64, .no_debuginfo_search = 1 };
	struct bw_image img = { .name = "fuzz", .bytes = data, .size = size };
	struct bw_layout_set set;
	char err[256];

	if (!sink)
		sink = fopen("/dev/null", "w");
	if (bw_structs_extract(&img, &opts, &set, err, sizeof(err)) == 0) {
		if (sink) {
			bw_structs_print(sink, &set, &opts, 0);
			bw_structs_print(sink, &set, &opts, 1);
		}
		bw_layout_set_free(&set);
	}
	return 0;
}
