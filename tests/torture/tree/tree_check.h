/* SPDX-License-Identifier: GPL-2.0 */
/* Tree RCU state checks shared by the simulator and the real-threads harnesses. */
#ifndef _BW_TREE_CHECK_H
#define _BW_TREE_CHECK_H

#include <linux/rcupdate.h>

/* Each check returns NULL, or a message (static buffer) naming what is wrong. */

/* G: the tree's shape for this build's (NR_CPUS, RCU_FANOUT[, EXACT]), after __rcu_init(). */
/* The checks' failure message, formatted into one static buffer (each is used at once). */
const char *tree_check_fail(const char *fmt, ...) __attribute__((__format__(printf, 1, 2)));

const char *tree_check_geometry(struct rcu_state *rsp);

/* Mask of the children @rnp really has: CPUs for a leaf, nodes otherwise. */
unsigned long tree_children_mask(struct rcu_state *rsp, struct rcu_node *rnp);

/*
 * T3/T4 on one CPU's list: the four tails met in list order, nothing after
 * the last, at most @limit callbacks, qlen equal to the length if @qlen_exact;
 * with @enq_gp (the flavor's gpnum when a callback was queued, or a value
 * below -(1L << 40) if unknown), the segment labels: done => completed >= g + 1,
 * wait => completed >= g, next-ready => completed + 1 >= g. The message starts
 * with the invariant it breaks ("T3: " or "T4: "), which the mutation score credits.
 */
const char *tree_check_list(struct rcu_data *rdp, long limit, int qlen_exact,
			    long (*enq_gp)(struct rcu_head *head));
#define TREE_GP_UNKNOWN (-(1L << 41))

/*
 * T1 with no report in flight (every CPU at rest): no GP => every qsmask 0; a
 * set-up GP => the root waits; a node waits iff its bit is set in its parent;
 * qsmask within qsmaskinit and the node's children.
 */
const char *tree_check_masks_at_rest(struct rcu_state *rsp);

#endif /* _BW_TREE_CHECK_H */
