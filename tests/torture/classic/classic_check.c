// SPDX-License-Identifier: GPL-2.0
/* Classic RCU structural invariants (list segments, qlen, batch counters) as reusable checks. */

#include "classic_check.h"

struct rcu_ctrlblk *classic_blk(int flavor)
{
	return flavor == BW_RCU ? &rcu_ctrlblk : &rcu_bh_ctrlblk;
}

struct rcu_data *classic_rdp(int flavor, int cpu)
{
	return flavor == BW_RCU ? &per_cpu(rcu_data, cpu) : &per_cpu(rcu_bh_data, cpu);
}

const char *classic_check_lists(const struct rcu_data *rdp, long limit, int check_qlen)
{
	struct rcu_head *const *pp = &rdp->nxtlist;
	long n = 0, seg = 0;

	/* Each tail in turn must be the current position or lie further down the list. */
	for (;;) {
		while (seg < 3 && rdp->nxttail[seg] == pp)
			seg++;
		if (!*pp)
			break;
		if (++n > limit)
			return "nxtlist longer than the callbacks outstanding (cycle?)";
		pp = &(*pp)->next;
	}
	if (seg < 3)
		return "nxttail[] not met in list order (a tail points outside the list or backwards)";
	if (rdp->nxttail[2] != pp)
		return "nxttail[2] is not the ->next of the last callback";
	pp = &rdp->donelist;
	while (*pp) {
		if (++n > limit)
			return "donelist longer than the callbacks outstanding (cycle?)";
		pp = &(*pp)->next;
	}
	if (rdp->donetail != pp)
		return "donetail is not the ->next of the last ready callback";
	if (check_qlen && rdp->qlen != n)
		return "qlen differs from the number of queued callbacks";
	return NULL;
}

const char *classic_check_counters(const struct rcu_ctrlblk *rcp)
{
	long cur = READ_ONCE(rcp->cur), completed = READ_ONCE(rcp->completed);
	long pending = READ_ONCE(rcp->pending);

	if (rcu_batch_before(cur, completed) || rcu_batch_after(cur, completed + 1))
		return "cur is not completed or completed + 1";
	if (rcu_batch_before(pending, cur) || rcu_batch_after(pending, cur + 1))
		return "pending is not cur or cur + 1";
	return NULL;
}
