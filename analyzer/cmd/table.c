// SPDX-License-Identifier: GPL-2.0
/* The extractor table: one row per mode, in the order of --help and of mode all's JSON keys. */
#include "cmd.h"

/* Mode all reads the parts in this order. stack comes before the first part that opens the
 * DWARF (structs): that relocates the image's .debug_* sections in place, .debug_frame
 * included, and stack reads the CFI's relocations with their addends as the file has them. */
#define BW_EXTRACTORS(X) \
	X(size)          \
	X(symbols)       \
	X(stack)         \
	X(structs)       \
	X(segments)      \
	X(compileunits)  \
	X(configs)       \
	X(diff)          \
	X(relocs)        \
	X(all)

#define DECLARE(name) extern const struct bw_extractor bw_x_##name;
BW_EXTRACTORS(DECLARE)

#define ROW(name) &bw_x_##name,
const struct bw_extractor *const bw_extractors[] = { BW_EXTRACTORS(ROW) };
const size_t bw_nextractors = sizeof(bw_extractors) / sizeof(bw_extractors[0]);
