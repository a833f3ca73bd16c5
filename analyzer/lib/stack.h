/* SPDX-License-Identifier: GPL-2.0 */
/* Stack frames of an object's functions: its call frame information (.eh_frame, .debug_frame) and .su files. */
#ifndef BW_STACK_H
#define BW_STACK_H

#include "elfobj.h"

enum bw_frame_kind {
	BW_FRAME_STATIC, /* the CFA stays stack-pointer based: @frame is the frame */
	BW_FRAME_FP, /* the CFA moves to a frame pointer (alloca, VLA, -fno-omit-frame-
				 * pointer): @frame is the stack-pointer based part, a lower bound */
	BW_FRAME_UNKNOWN, /* no FDE covers the function (hand-written assembly, no CFI) */
};

/* A -fstack-usage qualifier; BW_SU_NONE: no .su line names the function. */
enum bw_su_qual {
	BW_SU_NONE,
	BW_SU_STATIC, /* su_bytes is the frame */
	BW_SU_DYNAMIC, /* alloca or a VLA: su_bytes is only the fixed part, no bound */
	BW_SU_BOUNDED, /* "dynamic,bounded": su_bytes is an upper bound */
};

struct bw_frame {
	const char *name; /* the function symbol, inside the string table */
	const char *section;
	uint64_t value; /* st_value */
	uint64_t size; /* st_size */
	size_t shndx; /* st_shndx */
	unsigned char bind; /* STB_* */
	uint64_t frame; /* bytes; 0 when BW_FRAME_UNKNOWN */
	enum bw_frame_kind kind;
	enum bw_su_qual su; /* from the .su file beside the object, when there is one */
	uint64_t su_bytes;
};

struct bw_stack {
	struct bw_frame *v; /* every defined function symbol, largest frame first, then by name */
	size_t n;
	size_t nfde; /* FDEs read */
	bool has_su; /* a .su file was read */
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

/*
 * bw_stack_su - read the -fstack-usage file @path (stacksu.c) and give each line's bytes and
 * qualifier to the function it names (a clone's ".N" aside); lines naming no function of @s
 * (C++ signatures, functions the linker dropped) are ignored.
 * Return: 0, 1 when @path does not exist, or -1 with @e naming the file and the line.
 */
int bw_stack_su(struct bw_stack *s, const char *path, struct bw_err *e);
const char *bw_su_qual_name(enum bw_su_qual q);
const char *bw_frame_kind_name(enum bw_frame_kind k);

#endif /* BW_STACK_H */
