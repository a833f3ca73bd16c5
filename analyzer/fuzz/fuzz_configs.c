// SPDX-License-Identifier: GPL-2.0
/* libFuzzer entry: arbitrary text through the extractconfig.sh emulation (first byte picks the options). */
#include <stdlib.h>

#include "configscan.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	struct bw_strset set = { 0 };
	unsigned flags;

	if (size == 0)
		return 0;
	flags = data[0];
	bw_configs_scan((const char *)data + 1, size - 1, (flags & 1) ? "dir/CONFIG_X.c:" : NULL,
			flags & 2, &set);
	bw_strset_sort(&set, false);
	bw_strset_free(&set);
	return 0;
}
