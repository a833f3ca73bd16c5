/* SPDX-License-Identifier: GPL-2.0 */
/* Tree RCU's CPU-hotplug going-down side (CONFIG_HOTPLUG_CPU): a dead CPU leaves the tree. */

/*
 * Included by rcutree.c only. The coming-up side, which boot uses as well, is
 * rcu_init_percpu_data() in rcutree_init.h; the CPU notifier there calls
 * rcu_offline_cpu() on CPU_DEAD and CPU_UP_CANCELED.
 */

#if IS_ENABLED(CONFIG_HOTPLUG_CPU)

/*
 * @cpu is dead (we run on a survivor): take it out of the tree, report its
 * QS, and adopt its callbacks. All of them restart at the end of this CPU's
 * next segment, in order, so that rcu_barrier() still sees them first.
 */
static void __rcu_offline_cpu(int cpu, struct rcu_state *rsp)
{
	struct rcu_data *rdp = rsp->rda[cpu];
	struct rcu_data *rdp_me;
	struct rcu_node *rnp;
	unsigned long flags, mask;
	long lastcomp;
	int i;

	spin_lock_irqsave(&rsp->onofflock, flags);

	/* Leave qsmaskinit, climbing while a node loses its last online CPU. */
	rnp = rdp->mynode;
	mask = rdp->grpmask;
	do {
		spin_lock(&rnp->lock);
		rnp->qsmaskinit &= ~mask;
		if (rnp->qsmaskinit != 0) {
			spin_unlock(&rnp->lock);
			break;
		}
		mask = rnp->grpmask;
		spin_unlock(&rnp->lock);
		rnp = rnp->parent;
	} while (rnp != NULL);
	lastcomp = READ_ONCE(rsp->completed);

	spin_unlock(&rsp->onofflock); /* interrupts stay off */

	/* Being offline is quiescent: release the GP in progress, if it waits for this CPU. */
	cpu_quiet(cpu, rsp, rdp, lastcomp);

	rdp_me = rsp->rda[smp_processor_id()];
	if (rdp->nxtlist != NULL) {
		*rdp_me->nxttail[RCU_NEXT_TAIL] = rdp->nxtlist;
		rdp_me->nxttail[RCU_NEXT_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
		rdp->nxtlist = NULL;
		for (i = 0; i < RCU_NEXT_SIZE; i++)
			rdp->nxttail[i] = &rdp->nxtlist;
		rdp_me->qlen += rdp->qlen;
		rdp->qlen = 0;
	}
	local_irq_restore(flags);
}

static void rcu_offline_cpu(int cpu)
{
	__rcu_offline_cpu(cpu, &rcu_state);
	__rcu_offline_cpu(cpu, &rcu_bh_state);
}

#else /* !CONFIG_HOTPLUG_CPU */

static void rcu_offline_cpu(int cpu)
{
	(void)cpu;
}

#endif /* CONFIG_HOTPLUG_CPU */
