/* SPDX-License-Identifier: GPL-2.0 */
/* The call graph of the images of one run and every function's worst-case stack through it. */
#ifndef BW_CALLGRAPH_H
#define BW_CALLGRAPH_H

#include "dwimage.h"
#include "stack.h"

#define BW_CG_NONE SIZE_MAX
#define BW_CG_CHAIN_MAX 100 /* names bw_cg_chain() gives at most (the worst counts them all) */

/* A function: defined by an image (its frame from that image's bw_stack), or only called. */
struct bw_cg_node {
	char *name, *section; /* owned; section NULL when no image defines it */
	int image; /* the image defining it (bw_cg_add() order), -1: none of the run's images */
	struct bw_frame fr; /* fr.name and fr.section are the two strings above */
	bool indirect; /* it makes an indirect call */
	/* bw_cg_solve(): */
	bool bounded;
	uint64_t worst; /* when @bounded: its frame plus the deepest callee chain's */
	size_t next; /* the callee the chain goes on with, BW_CG_NONE at its end */
	const char *why; /* when !@bounded: one line (recursion, indirect call, frame) */
};

/* A call before bw_cg_solve() resolves it: to a node, or to a name any image may define. */
struct bw_cg_call {
	size_t from, to; /* to: BW_CG_NONE while @name is unresolved */
	char *name;
};

struct bw_cg {
	struct bw_cg_node *v;
	size_t n, cap;
	struct bw_cg_call *calls;
	size_t ncalls, callcap;
	int nimages;
	size_t *first; /* nimages + 1 entries: image k's nodes are v[first[k] .. first[k + 1]) */
	size_t *byaddr; /* while an image is added: its nodes by section (relocatable) and value */
	size_t *byname; /* and by name */
	bool rel;
	char **whys; /* owned reason lines */
	size_t nwhy, whycap;
	size_t *adj, *off; /* callees of node i: adj[off[i] .. off[i + 1]), after solving */
	unsigned *mark, gen;
};

/*
 * bw_cg_add - add the functions of one image (@s: frames, .su applied, in output order) and
 * its direct calls: relocations of a relocatable @o inside a function against a function
 * symbol (or a section symbol + addend at a function), and, when @dw has DWARF, its call-site
 * entries (DW_TAG_call_site, DW_TAG_GNU_call_site); indirect calls from those and from the
 * code (cgdisasm.c). @o must not
 * have been relocated by bw_dwarf_open() before its relocations are read: open @dw after
 * bw_stack_read() but before calling this, as relocation only touches .debug_* sections.
 * Return: the image's index, or -1 with @e set.
 */
int bw_cg_add(struct bw_cg *g, const struct bw_obj *o, const struct bw_stack *s,
	      const struct bw_dwarf *dw, struct bw_err *e);

/*
 * bw_cg_solve - resolve calls by name across the images (a global or weak definition; else a
 * node no image defines, whose frame is unknown), then every node's worst case: an iterative
 * Tarjan pass, so that a cycle of any length costs linear time and no C stack.
 * Return: 0, or -1 with @e set (out of memory).
 */
int bw_cg_solve(struct bw_cg *g, const char *file, struct bw_err *e);

/* The chain of node @i, itself first: at most @max node indices into @out; a chain that comes
 * back to a function (recursion) ends with it. Return: the count. */
size_t bw_cg_chain(struct bw_cg *g, size_t i, size_t *out, size_t max);

void bw_cg_free(struct bw_cg *g);

/* Between the graph (callgraph.c) and the readers of calls (cgreloc.c, cgdwarf.c). */
/* Record a call from node @from to node @to, or (@to BW_CG_NONE) to whatever defines @name. */
int bw_cg_call(struct bw_cg *g, size_t from, size_t to, const char *name, struct bw_err *e);
/* The node of image @img at @value in section @shndx (BW_CG_NONE: any section) whose name is
 * @name or @name plus a clone suffix (@name NULL: any name). Return: BW_CG_NONE when none. */
size_t bw_cg_at(const struct bw_cg *g, int img, size_t shndx, uint64_t value, const char *name);
/* The function of image @img (the one being added) containing @off of section @sec. */
size_t bw_cg_containing(const struct bw_cg *g, int img, size_t sec, uint64_t off);
/* The node of image @img named @name, else one named @name plus a clone suffix. */
size_t bw_cg_named(const struct bw_cg *g, int img, const char *name);
/* @sym is @name, or @name plus a clone's suffix (".constprop.0", ".isra.0", ".part.0"). */
bool bw_cg_clone_of(const char *name, const char *sym);
int bw_cg_relocs(struct bw_cg *g, int img, const struct bw_obj *o, struct bw_err *e);
int bw_cg_disasm(struct bw_cg *g, int img, const struct bw_obj *o, struct bw_err *e);
int bw_cg_dwarf(struct bw_cg *g, int img, const struct bw_obj *o, const struct bw_dwarf *dw,
		struct bw_err *e);

#endif /* BW_CALLGRAPH_H */
