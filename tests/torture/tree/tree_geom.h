/* SPDX-License-Identifier: GPL-2.0 */
/* Oracle GI: Tree RCU's shape recomputed from its definition, compared field by field. */
#ifndef _BW_TREE_GEOM_H
#define _BW_TREE_GEOM_H

#include <linux/rcupdate.h>

/*
 * The tree for (NR_CPUS, CONFIG_RCU_FANOUT[, EXACT]) is computed here by
 * division from the CPUs up, never through rcu_init_one()'s strides: a CPU's leaf
 * and bit are its index divided by and modulo the leaves' spread, a node's
 * parent and grpnum the same one level up, and a node's CPU range is the
 * lowest and highest CPU whose chain of parents reaches it.
 *
 * tree_geom_check() compares every node's level, grplo/grphi, grpnum,
 * grpmask and parent and every CPU's rda[] entry, leaf and grpmask (0 for a
 * CPU never brought up) in @rsp with it. With @rcu_online (NR_CPUS flags: the
 * CPUs between their CPU_UP_PREPARE and CPU_DEAD), also every node's
 * qsmaskinit: exactly the bits of the children holding such a CPU. Returns
 * NULL, or a message (static buffer).
 */
const char *tree_geom_check(struct rcu_state *rsp, const unsigned char *rcu_online);

#endif /* _BW_TREE_GEOM_H */
