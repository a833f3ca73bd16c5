/* SPDX-License-Identifier: GPL-2.0 */
/* Stack frames of an object's functions, from its call frame information (.eh_frame, .debug_frame). */
#ifndef BW_STACK_H
#define BW_STACK_H

#include "elfobj.h"

enum bw_frame_kind {
	BW_FRAME_STATIC, /* the CFA stays stack-pointer based: @frame is the frame */
	BW_FRAME_FP, /* the CFA moves to a frame pointer (alloca, VLA, -fno-omit-frame-
				 * pointer): @frame is the stack-pointer based part, a lower bound */
	BW_FRAME_UNKNOWN, /* no FDE covers the function (hand-written assembly, no CFI) */
};

struct bw_frame {
	const char *name; /* the function symbol, inside the string table */
	const char *section;
	uint64_t value; /* st_value */
	uint64_t frame; /* bytes; 0 when BW_FRAME_UNKNOWN */
	enum bw_frame_kind kind;
};

struct bw_stack {
	struct bw_frame *v; /* every defined function symbol, largest frame first, then by name */
	size_t n;
	size_t nfde; /* FDEs read */
};

/*
 * bw_stack_read - the frame of every function symbol of @o: the largest CFA offset over the
 * rows of its FDE. That is the bytes the function's frame occupies below its caller's stack
 * pointer before the call, return address included where the call pushes one (x86), which
 * is GCC's -fstack-usage static figure. FDEs map to functions by the relocation of their
 * initial location in a relocatable object (section + offset), by address in a linked one.
 * Return: 0, or -1 with @e set (malformed CFI).
 */
int bw_stack_read(const struct bw_obj *o, struct bw_stack *out, struct bw_err *e);
void bw_stack_free(struct bw_stack *s);
const char *bw_frame_kind_name(enum bw_frame_kind k);

#endif /* BW_STACK_H */
