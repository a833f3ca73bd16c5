/* SPDX-License-Identifier: GPL-2.0 */
/* Tree RCU's dyntick-idle side (CONFIG_NO_HZ): the counters, and forcing's snapshots of them. */

/*
 * Included by rcutree.c only (one object, as the kernel's tree.c includes
 * tree_plugin.h). A CPU whose tick stopped for idle runs no readers, so it
 * cannot report a QS itself: it makes its per-CPU dynticks counter even when
 * it enters idle and odd when it leaves, interrupts and NMIs included, and
 * force_quiescent_state() credits it from a snapshot of that counter. Without
 * NO_HZ the snapshot pass is empty and forcing goes straight to offline CPUs
 * and reschedule IPIs.
 */

#if IS_ENABLED(CONFIG_NO_HZ)

static DEFINE_RATELIMIT_STATE(rcu_rs, 10 * HZ, 5);

/* The tick stops for idle: from here on the CPU runs no RCU readers (irqs off by the caller). */
void rcu_enter_nohz(void)
{
	unsigned long flags;
	struct rcu_dynticks *rdtp;

	smp_mb(); /* readers before this point are seen before the counter goes even */
	local_irq_save(flags);
	rdtp = &__get_cpu_var(rcu_dynticks);
	WRITE_ONCE(rdtp->dynticks, rdtp->dynticks + 1);
	rdtp->dynticks_nesting--;
	WARN_ON_RATELIMIT(rdtp->dynticks & 0x1, &rcu_rs);
	local_irq_restore(flags);
}

/* The tick restarts: readers may run again. */
void rcu_exit_nohz(void)
{
	unsigned long flags;
	struct rcu_dynticks *rdtp;

	local_irq_save(flags);
	rdtp = &__get_cpu_var(rcu_dynticks);
	WRITE_ONCE(rdtp->dynticks, rdtp->dynticks + 1);
	rdtp->dynticks_nesting++;
	WARN_ON_RATELIMIT(!(rdtp->dynticks & 0x1), &rcu_rs);
	local_irq_restore(flags);
	smp_mb(); /* the counter goes odd before any later reader */
}

/* An NMI may run readers even in dyntick-idle: make the CPU look busy meanwhile. */
void rcu_nmi_enter(void)
{
	struct rcu_dynticks *rdtp = &__get_cpu_var(rcu_dynticks);

	if (rdtp->dynticks & 0x1)
		return;
	WRITE_ONCE(rdtp->dynticks_nmi, rdtp->dynticks_nmi + 1);
	WARN_ON_RATELIMIT(!(rdtp->dynticks_nmi & 0x1), &rcu_rs);
	smp_mb(); /* the counter goes odd before the NMI handler's readers */
}

void rcu_nmi_exit(void)
{
	struct rcu_dynticks *rdtp = &__get_cpu_var(rcu_dynticks);

	if (rdtp->dynticks & 0x1)
		return;
	smp_mb(); /* the NMI handler's readers are seen before the counter goes even */
	WRITE_ONCE(rdtp->dynticks_nmi, rdtp->dynticks_nmi + 1);
	WARN_ON_RATELIMIT(rdtp->dynticks_nmi & 0x1, &rcu_rs);
}

/* An interrupt arrives; only the outermost one taken from dyntick-idle changes the counter. */
void rcu_irq_enter(void)
{
	struct rcu_dynticks *rdtp = &__get_cpu_var(rcu_dynticks);

	if (rdtp->dynticks_nesting++)
		return;
	WRITE_ONCE(rdtp->dynticks, rdtp->dynticks + 1);
	WARN_ON_RATELIMIT(!(rdtp->dynticks & 0x1), &rcu_rs);
	smp_mb(); /* the counter goes odd before the handler's readers */
}

/* The outermost interrupt returns to dyntick-idle: leave it at once if it queued callbacks. */
void rcu_irq_exit(void)
{
	struct rcu_dynticks *rdtp = &__get_cpu_var(rcu_dynticks);

	if (--rdtp->dynticks_nesting)
		return;
	smp_mb(); /* the handler's readers are seen before the counter goes even */
	WRITE_ONCE(rdtp->dynticks, rdtp->dynticks + 1);
	WARN_ON_RATELIMIT(rdtp->dynticks & 0x1, &rcu_rs);
	if (__get_cpu_var(rcu_data).nxtlist || __get_cpu_var(rcu_bh_data).nxtlist)
		set_need_resched();
}

static void dyntick_record_completed(struct rcu_state *rsp, long comp)
{
	WRITE_ONCE(rsp->dynticks_completed, comp);
}

#else /* !CONFIG_NO_HZ */

static void dyntick_record_completed(struct rcu_state *rsp, long comp)
{
	(void)rsp;
	(void)comp;
}

#endif /* CONFIG_NO_HZ */

#if IS_ENABLED(CONFIG_NO_HZ) && IS_ENABLED(CONFIG_SMP)

/* The GP (its completed number) that the current dynticks snapshot belongs to. */
static long dyntick_recall_completed(struct rcu_state *rsp)
{
	return READ_ONCE(rsp->dynticks_completed);
}

/* Snapshot a CPU's counters; one idle right now (both even) is quiescent at once. */
static int dyntick_save_progress_counter(struct rcu_data *rdp)
{
	int snap, snap_nmi, ret;

	snap = READ_ONCE(rdp->dynticks->dynticks);
	snap_nmi = READ_ONCE(rdp->dynticks->dynticks_nmi);
	smp_mb(); /* the snapshot is ordered after the GP began */
	rdp->dynticks_snap = snap;
	rdp->dynticks_nmi_snap = snap_nmi;
	ret = (snap & 0x1) == 0 && (snap_nmi & 0x1) == 0;
	if (ret)
		rdp->dynticks_fqs++;
	return ret;
}

/*
 * Quiescent since the snapshot if the CPU is idle now or passed through idle
 * (counter even or changed), and no NMI that interrupted idle was running then
 * and still is. Otherwise, look for offline or send the IPI.
 */
static int rcu_implicit_dynticks_qs(struct rcu_data *rdp)
{
	long curr, curr_nmi, snap, snap_nmi;

	curr = READ_ONCE(rdp->dynticks->dynticks);
	snap = rdp->dynticks_snap;
	curr_nmi = READ_ONCE(rdp->dynticks->dynticks_nmi);
	snap_nmi = rdp->dynticks_nmi_snap;
	smp_mb(); /* the counters are read before the QS is reported */
	if ((curr != snap || (curr & 0x1) == 0) &&
	    (curr_nmi != snap_nmi || (curr_nmi & 0x1) == 0)) {
		rdp->dynticks_fqs++;
		return 1;
	}
	return rcu_implicit_offline_qs(rdp);
}

#elif IS_ENABLED(CONFIG_SMP) /* && !CONFIG_NO_HZ */

/* No snapshot pass without dynticks: forcing works on the current GP. */
static long dyntick_recall_completed(struct rcu_state *rsp)
{
	return READ_ONCE(rsp->completed);
}

static int dyntick_save_progress_counter(struct rcu_data *rdp)
{
	(void)rdp;
	return 0;
}

static int rcu_implicit_dynticks_qs(struct rcu_data *rdp)
{
	return rcu_implicit_offline_qs(rdp);
}

#endif /* CONFIG_SMP */
