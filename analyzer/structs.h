/* SPDX-License-Identifier: GPL-2.0 */
/* Struct and union layouts from DWARF, with pahole's numbers: the contract between the DWARF
 * extractor (structs*.c) and the rest of the analyzer (CLI, JSON, diff). */
#ifndef BW_STRUCTS_H
#define BW_STRUCTS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One ELF image in memory: a whole file or one archive member (e.g. from elf_rawfile()). */
struct bw_image {
	const char *name;	/* display name for messages: "file" or "archive(member)" */
	const void *bytes;	/* the ELF image; valid for the duration of the call */
	size_t size;		/* bytes in the image */
	/* 1: the extractor may write into @bytes (e.g. a MAP_PRIVATE, PROT_WRITE mapping that is
	 * not read afterwards): libelf updates section headers in place when it decompresses
	 * and libdwfl relocates .debug_* in place. 0 (default): a private copy is made. */
	int writable;
};

struct bw_layout_member {
	char *name;		/* member name; "" for an anonymous struct/union member */
	char *type;		/* C type name as pahole prints it ("struct rcu_head *", "long int") */
	uint64_t offset;	/* byte offset in the enclosing type */
	uint64_t size;		/* byte size of the member's type */
	uint32_t bit_size;	/* bit-field width, 0 when not a bit-field */
	uint32_t bit_offset;	/* bit offset inside the storage unit, as pahole prints it */
	/* Where the member name goes when @type is written as a declaration: @type[0..base_len)
	 * is the base ("int", "struct s *"), the name is inserted at @name_at ("int (*" NAME
	 * ")(void)", "char" NAME "[4]"); both equal strlen(type) for a plain type. */
	uint32_t base_len;
	uint32_t name_at;
	uint32_t alignment;	/* DW_AT_alignment (forced, e.g. __aligned__(64)), 0 when natural */
	uint8_t type_class;	/* BW_TC_*: what the type is once typedefs and qualifiers are removed */
	uint32_t natural_alignment; /* of the type, as pahole infers it (capped at the word size) */
	uint64_t type_padding;	/* tail padding inside the member's struct type, 0 otherwise */
	/* The anonymous struct/union this member is an instance of (pahole prints it inline),
	 * its member offsets relative to itself; NULL for every other member. */
	struct bw_layout *anon;
};

struct bw_layout {
	char *name;		/* tag name; anonymous types are skipped at top level, as pahole does */
	const char *kind;	/* "struct", "union" or "class" (static storage) */
	uint64_t size;		/* DW_AT_byte_size */
	uint32_t alignment;	/* DW_AT_alignment of the type (forced), 0 when natural */
	uint32_t cachelines;	/* cachelines spanned at the configured cacheline size */
	uint32_t holes;		/* number of byte holes between members */
	uint64_t hole_bytes;	/* sum of byte holes */
	uint32_t bit_holes;	/* number of bit holes */
	uint64_t bit_hole_bits;	/* sum of bit holes, in bits */
	uint64_t padding;	/* tail padding in bytes */
	struct bw_layout_member *members;	/* in declaration order */
	size_t nmembers;
	/* Facts of the compile unit that defined the type, inputs of --reorganize. */
	uint8_t addr_size;	/* the unit's address (pointer) size */
	/* pahole --reorganize: the suggested order and its size. */
	uint64_t reorg_size;	/* size after reorganization (== size when nothing to gain) */
	char **reorg_order;	/* member names in the suggested order (nmembers entries) */
};

/* bw_layout_member.type_class */
enum bw_type_class {
	BW_TC_OTHER = 0,	/* void, function, unknown */
	BW_TC_BASE,		/* int, char, float, _Bool ... */
	BW_TC_ENUM,
	BW_TC_POINTER,		/* pointers and references */
	BW_TC_STRUCT,		/* struct, union, class */
	BW_TC_ARRAY,
};

struct bw_layout_set {
	struct bw_layout *v;	/* de-duplicated across compile units, sorted by name then kind */
	size_t n;
};

struct bw_structs_opts {
	unsigned cacheline;	/* cacheline size in bytes, 64 by default */
	const char *only;	/* -C NAME: keep only this type, NULL for all */
	int no_debuginfo_search; /* 1: never look for separate debug files (build-id, debuglink) */
};

/**
 * bw_structs_extract - read every struct/union layout of an ELF image's DWARF
 * Return: 0 on success (an image without DWARF gives an empty set), -1 on error with a
 * one-line message (without the file name; the caller prefixes it) in @err.
 */
int bw_structs_extract(const struct bw_image *img, const struct bw_structs_opts *opts,
		       struct bw_layout_set *out, char *err, size_t errlen);

/* Free everything bw_structs_extract() allocated; accepts an empty or zeroed set. */
void bw_layout_set_free(struct bw_layout_set *set);

/* Print the set in pahole's text format (with --reorganize output when @reorganize). */
void bw_structs_print(FILE *out, const struct bw_layout_set *set,
		      const struct bw_structs_opts *opts, int reorganize);

#endif /* BW_STRUCTS_H */
