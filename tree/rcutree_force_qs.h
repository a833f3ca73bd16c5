/* SPDX-License-Identifier: GPL-2.0 */
/* Tree RCU forcing quiescent states (SMP): crediting idle and offline CPUs, kicking the others. */

/*
 * Included by rcutree.c only. A GP that runs past its forcing deadline, or a
 * CPU flooded with callbacks, calls force_quiescent_state(): it walks the
 * leaves, crediting the CPUs that are idle or offline (rcutree_dyntick.h,
 * rcu_implicit_offline_qs()) and sending the rest a reschedule IPI. With one
 * CPU the only laggard is this one: the UP version is in rcutree.c.
 */

#if IS_ENABLED(CONFIG_SMP)

/*
 * Apply @f to every CPU whose leaf bit is set, leaf by leaf under its lock,
 * and report those for which it returns 1. Returns 1 if GP @lastcomp + 1
 * ended meanwhile (the snapshot is then worthless).
 */
static int rcu_process_dyntick(struct rcu_state *rsp, long lastcomp, int (*f)(struct rcu_data *))
{
	struct rcu_node *rnp_cur = rsp->level[NUM_RCU_LVLS - 1];
	struct rcu_node *rnp_end = &rsp->node[NUM_RCU_NODES];
	unsigned long bit, flags, mask;
	int cpu;

	for (; rnp_cur < rnp_end; rnp_cur++) {
		mask = 0;
		spin_lock_irqsave(&rnp_cur->lock, flags);
		if (READ_ONCE(rsp->completed) != lastcomp) {
			spin_unlock_irqrestore(&rnp_cur->lock, flags);
			return 1;
		}
		if (rnp_cur->qsmask == 0) {
			spin_unlock_irqrestore(&rnp_cur->lock, flags);
			continue;
		}
		cpu = rnp_cur->grplo;
		bit = 1;
		for (; cpu <= rnp_cur->grphi; cpu++, bit <<= 1)
			if ((rnp_cur->qsmask & bit) != 0 && f(rsp->rda[cpu]))
				mask |= bit;
		if (mask != 0 && READ_ONCE(rsp->completed) == lastcomp) {
			cpu_quiet_msk(mask, rsp, rnp_cur, flags); /* releases the lock */
			continue;
		}
		spin_unlock_irqrestore(&rnp_cur->lock, flags);
	}
	return 0;
}

/*
 * The GP is taking long: first snapshot the dynticks counters of the CPUs it
 * waits for (crediting those idle now), then, on later calls, credit those
 * that have been idle since and send the rest a reschedule IPI. @relaxed:
 * only if due (jiffies or this CPU's rcu_pending() clock).
 */
static void force_quiescent_state(struct rcu_state *rsp, int relaxed)
{
	struct rcu_data *rdp = rsp->rda[smp_processor_id()];
	struct rcu_node *rnp = rcu_get_root(rsp);
	unsigned long flags;
	long lastcomp;
	u8 signaled;

	if (READ_ONCE(rsp->completed) == READ_ONCE(rsp->gpnum))
		return; /* no GP to force */
	if (!spin_trylock_irqsave(&rsp->fqslock, flags)) {
		/* someone else is forcing; the count may lose increments */
		WRITE_ONCE(rsp->n_force_qs_lh, READ_ONCE(rsp->n_force_qs_lh) + 1);
		return;
	}
	if (relaxed && (long)(READ_ONCE(rsp->jiffies_force_qs) - jiffies) >= 0 &&
	    (rdp->n_rcu_pending_force_qs - rdp->n_rcu_pending) >= 0)
		goto unlock_ret; /* not due yet */
	rsp->n_force_qs++;
	spin_lock(&rnp->lock);
	lastcomp = rsp->completed;
	signaled = READ_ONCE(rsp->signaled);
	WRITE_ONCE(rsp->jiffies_force_qs, jiffies + RCU_JIFFIES_TILL_FORCE_QS);
	rdp->n_rcu_pending_force_qs = rdp->n_rcu_pending + RCU_JIFFIES_TILL_FORCE_QS;
	if (lastcomp == rsp->gpnum) {
		rsp->n_force_qs_ngp++;
		spin_unlock(&rnp->lock);
		goto unlock_ret; /* the GP ended meanwhile */
	}
	spin_unlock(&rnp->lock);

	switch (signaled) {
	case RCU_GP_INIT:
		break; /* masks not set up yet */

	case RCU_SAVE_DYNTICK:
		if (RCU_SIGNAL_INIT != RCU_SAVE_DYNTICK)
			break; /* dead code without NO_HZ */
		if (rcu_process_dyntick(rsp, lastcomp, dyntick_save_progress_counter))
			goto unlock_ret;
		spin_lock(&rnp->lock);
		if (lastcomp == rsp->completed) {
			WRITE_ONCE(rsp->signaled, RCU_FORCE_QS);
			dyntick_record_completed(rsp, lastcomp);
		}
		spin_unlock(&rnp->lock);
		break;

	case RCU_FORCE_QS:
		/* Compare against the snapshot of this same GP; stay in this state. */
		if (rcu_process_dyntick(rsp, dyntick_recall_completed(rsp),
					rcu_implicit_dynticks_qs))
			goto unlock_ret;
		break;
	}
unlock_ret:
	spin_unlock_irqrestore(&rsp->fqslock, flags);
}

#endif /* CONFIG_SMP */
