/* SPDX-License-Identifier: GPL-2.0 */
/* The RCU API by flavor (BW_RCU, BW_RCU_BH): the dispatch both torture workloads use. */
#ifndef _BW_RCU_FLAVOR_H
#define _BW_RCU_FLAVOR_H

#include <linux/rcupdate.h>

static inline const char *bw_flavor_name(int flavor)
{
	return flavor ? "rcu_bh" : "rcu";
}

static inline void bw_flavor_read_lock(int flavor)
{
	if (flavor == BW_RCU)
		rcu_read_lock();
	else
		rcu_read_lock_bh();
}

static inline void bw_flavor_read_unlock(int flavor)
{
	if (flavor == BW_RCU)
		rcu_read_unlock();
	else
		rcu_read_unlock_bh();
}

static inline void bw_flavor_call_rcu(int flavor, struct rcu_head *head,
				      void (*func)(struct rcu_head *head))
{
	if (flavor == BW_RCU)
		call_rcu(head, func);
	else
		call_rcu_bh(head, func);
}

/*
 * Barrier @which: 0 rcu_barrier(), 1 rcu_barrier_bh(), 2 rcu_barrier_sched().
 * Returns the flavor whose earlier callbacks it must have waited for.
 */
static inline int bw_flavor_barrier(int which)
{
	if (which == 0)
		rcu_barrier();
	else if (which == 1)
		rcu_barrier_bh();
	else
		rcu_barrier_sched();
	return which == 1 ? BW_RCU_BH : BW_RCU;
}

/* The name suffix of barrier @which, for messages: "", "_bh" or "_sched". */
static inline const char *bw_barrier_suffix(int which)
{
	return which == 1 ? "_bh" : which == 2 ? "_sched" : "";
}

#endif /* _BW_RCU_FLAVOR_H */
