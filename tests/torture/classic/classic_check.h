/* SPDX-License-Identifier: GPL-2.0 */
/* Classic RCU structural invariants, shared by the simulator and threads harnesses. */
#ifndef _BW_CLASSIC_CHECK_H
#define _BW_CLASSIC_CHECK_H

#include <linux/rcupdate.h>

/* The control block of @flavor (BW_RCU or BW_RCU_BH) and a CPU's data for it. */
struct rcu_ctrlblk *classic_blk(int flavor);
struct rcu_data *classic_rdp(int flavor, int cpu);

/*
 * One CPU's lists: walking nxtlist meets nxttail[0], [1], [2] in that order,
 * *nxttail[2] == NULL, donetail ends donelist, qlen counts both lists (when
 * @check_qlen), no list longer than @limit (a cycle). Returns NULL or what is wrong.
 */
const char *classic_check_lists(const struct rcu_data *rdp, long limit, int check_qlen);

/* Global counters: completed <= cur <= completed + 1 and cur <= pending <= cur + 1. */
const char *classic_check_counters(const struct rcu_ctrlblk *rcp);

#endif /* _BW_CLASSIC_CHECK_H */
