/* SPDX-License-Identifier: GPL-2.0 */
/* Tree RCU's CPU stall detector (CONFIG_RCU_CPU_STALL_DETECTOR): a GP that takes too long names its laggards. */

/*
 * Included by rcutree.c only, as the kernel's tree.c includes tree_stall.h.
 * Each GP start notes the time; from the tick, __rcu_pending() calls
 * check_cpu_stall(): past the deadline a CPU that itself holds up the GP says
 * so, and another one names every CPU still owing a QS and forces them.
 */

#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)

static void record_gp_stall_check_time(struct rcu_state *rsp)
{
	WRITE_ONCE(rsp->gp_start, jiffies);
	WRITE_ONCE(rsp->jiffies_stall, jiffies + RCU_SECONDS_TILL_STALL_CHECK);
}

/* Name every CPU whose leaf bit is still set, then kick them all. One complainer per interval. */
static void print_other_cpu_stall(struct rcu_state *rsp)
{
	struct rcu_node *rnp = rcu_get_root(rsp);
	struct rcu_node *rnp_cur = rsp->level[NUM_RCU_LVLS - 1];
	struct rcu_node *rnp_end = &rsp->node[NUM_RCU_NODES];
	unsigned long flags, mask;
	long delta;
	int cpu;

	spin_lock_irqsave(&rnp->lock, flags);
	delta = jiffies - rsp->jiffies_stall;
	if (delta < RCU_STALL_RAT_DELAY || rsp->gpnum == rsp->completed) {
		spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	WRITE_ONCE(rsp->jiffies_stall, jiffies + RCU_SECONDS_TILL_STALL_RECHECK);
	spin_unlock_irqrestore(&rnp->lock, flags);

	printk(KERN_ERR "RCU detected CPU stalls:");
	for (; rnp_cur < rnp_end; rnp_cur++) {
		mask = READ_ONCE(rnp_cur->qsmask);
		for (cpu = 0; cpu <= rnp_cur->grphi - rnp_cur->grplo; cpu++)
			if (mask & (1UL << cpu))
				printk(" %d", rnp_cur->grplo + cpu);
	}
	printk(" (detected by %d, t=%ld jiffies)\n", smp_processor_id(),
	       (long)(jiffies - READ_ONCE(rsp->gp_start)));
	force_quiescent_state(rsp, 0);
}

/* This CPU itself holds up the GP: say so, and push the deadline so no one else repeats it. */
static void print_cpu_stall(struct rcu_state *rsp)
{
	struct rcu_node *rnp = rcu_get_root(rsp);
	unsigned long flags;

	printk(KERN_ERR "RCU detected CPU %d stall (t=%lu jiffies)\n", smp_processor_id(),
	       jiffies - READ_ONCE(rsp->gp_start));
	dump_stack();
	spin_lock_irqsave(&rnp->lock, flags);
	if ((long)(jiffies - rsp->jiffies_stall) >= 0)
		WRITE_ONCE(rsp->jiffies_stall, jiffies + RCU_SECONDS_TILL_STALL_RECHECK);
	spin_unlock_irqrestore(&rnp->lock, flags);
	set_need_resched(); /* get this CPU to a context switch */
}

static void check_cpu_stall(struct rcu_state *rsp, struct rcu_data *rdp)
{
	long delta = jiffies - READ_ONCE(rsp->jiffies_stall);

	if ((READ_ONCE(rdp->mynode->qsmask) & rdp->grpmask) && delta >= 0)
		print_cpu_stall(rsp);
	else if (READ_ONCE(rsp->gpnum) != READ_ONCE(rsp->completed) && delta >= RCU_STALL_RAT_DELAY)
		print_other_cpu_stall(rsp); /* the stalled CPU had its chance to speak */
}

#else /* !CONFIG_RCU_CPU_STALL_DETECTOR */

static void record_gp_stall_check_time(struct rcu_state *rsp)
{
	(void)rsp;
}

static void check_cpu_stall(struct rcu_state *rsp, struct rcu_data *rdp)
{
	(void)rsp;
	(void)rdp;
}

#endif /* CONFIG_RCU_CPU_STALL_DETECTOR */
