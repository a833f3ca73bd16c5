// SPDX-License-Identifier: GPL-2.0
/* Classic RCU, 2.6.28 form: global batch numbers, a mask of CPUs owing a QS, one segmented list per CPU. */

/*
 * A batch (grace period) ends once every CPU that was in ->cpumask when it
 * started has passed a quiescent state after noticing it; the last CPU to
 * clear its bit ends the batch and starts the next one if a CPU asked for it.
 * A callback waits for batch cur + 1 as read at enqueue (batch cur may have
 * begun before it); the softirq moves callbacks whose batch is over to
 * donelist and invokes at most blimit of them per pass.
 *
 * Additions to 2.6.28, all marked "our addition": a batch that makes no
 * progress for RCU_JIFFIES_TILL_FORCE_QS ticks pokes the CPUs still in its
 * mask, again after each further interval without progress (2.6.28 forced
 * only on a callback flood, once per batch); an rcu_bh flood forces the
 * rcu_bh batch (2.6.28 always forced the rcu one); and the stall checks decide
 * and push their deadline under the lock, so exactly one CPU complains per
 * interval (2.6.28's other-CPU check also had its batch test inverted).
 */

#define KBUILD_MODNAME "rcuclassic" /* Kbuild passes it with -D */

#include <linux/rcupdate.h>
#include <linux/cpu.h>
#include <linux/hardirq.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/spinlock.h>

/* Batch numbers start at -300 so that wraparound-sensitive code meets negative values early. */
struct rcu_ctrlblk rcu_ctrlblk = {
	.cur = -300,
	.completed = -300,
	.pending = -300,
	.lock = __SPIN_LOCK_UNLOCKED(rcu_ctrlblk.lock),
};

struct rcu_ctrlblk rcu_bh_ctrlblk = {
	.cur = -300,
	.completed = -300,
	.pending = -300,
	.lock = __SPIN_LOCK_UNLOCKED(rcu_bh_ctrlblk.lock),
};

DEFINE_PER_CPU(struct rcu_data, rcu_data);
DEFINE_PER_CPU(struct rcu_data, rcu_bh_data);

static int blimit = 10; /* callbacks invoked per softirq pass */
static int qhimark = 10000; /* queue length that counts as a flood: no limit, force QSes */
static int qlowmark = 100; /* queue length at which the limit comes back */

/*
 * Poke the CPUs that still owe a QS for batch cur: a reschedule IPI makes each
 * context-switch at its next legal point; this CPU (on UP the only laggard) just
 * reschedules. A @flood pokes a batch at once, but only once; any other poke
 * waits for a forcing interval without progress, re-checked under the lock (the
 * batch the caller found overdue may have ended meanwhile, and the next one is
 * not). Our addition: forcing repeats (2.6.28 poked once per batch, so a poke
 * that came before a CPU noticed the batch, whose context switch cannot count,
 * left that CPU unpoked for good).
 */
static void force_quiescent_state(struct rcu_data *rdp, struct rcu_ctrlblk *rcp, int flood)
{
	unsigned long flags;
	int cpu;

	set_need_resched();
	spin_lock_irqsave(&rcp->lock, flags);
	if (rcp->cur != rcp->completed &&
	    ((flood && !rcp->signaled) || time_after_eq(jiffies, rcp->jiffies_force))) {
		WRITE_ONCE(rcp->signaled, rcp->signaled + 1);
		WRITE_ONCE(rcp->jiffies_force, jiffies + RCU_JIFFIES_TILL_FORCE_QS);
		/* A dead CPU keeps its bit until CPU_DEAD is processed: no IPI for it. */
		if (IS_ENABLED(CONFIG_SMP)) {
			for_each_cpu_mask(cpu, rcp->cpumask)
				if (cpu != rdp->cpu && cpu_online(cpu))
					smp_send_reschedule(cpu);
		}
	}
	spin_unlock_irqrestore(&rcp->lock, flags);
}

/* Our addition: batch cur has gone RCU_JIFFIES_TILL_FORCE_QS ticks without progress or a poke. */
static int rcu_force_due(struct rcu_ctrlblk *rcp)
{
	return READ_ONCE(rcp->cur) != READ_ONCE(rcp->completed) &&
	       time_after_eq(jiffies, READ_ONCE(rcp->jiffies_force));
}

/* Queue @head on this CPU for batch cur + 1 (irqs off: an interrupt may queue too). */
static void __call_rcu(struct rcu_head *head, struct rcu_ctrlblk *rcp, struct rcu_data *rdp)
{
	long batch;

	head->next = NULL;
	smp_mb(); /* the caller's unlink is ordered before the read of cur */
	batch = READ_ONCE(rcp->cur) + 1;

	/* Relabel the segments for the new batch number; labels only go up (conservative). */
	if (rdp->nxtlist && rcu_batch_after(batch, rdp->batch)) {
		rdp->nxttail[0] = rdp->nxttail[1];
		rdp->nxttail[1] = rdp->nxttail[2];
		if (rcu_batch_after(batch - 1, rdp->batch))
			rdp->nxttail[0] = rdp->nxttail[2];
	}
	rdp->batch = batch;
	*rdp->nxttail[2] = head;
	rdp->nxttail[2] = &head->next;

	if (unlikely(++rdp->qlen > qhimark)) {
		rdp->blimit = INT_MAX;
		force_quiescent_state(rdp, rcp, 1);
	}
}

#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)

static void record_gp_stall_check_time(struct rcu_ctrlblk *rcp)
{
	WRITE_ONCE(rcp->gp_start, jiffies);
	WRITE_ONCE(rcp->jiffies_stall, jiffies + RCU_SECONDS_TILL_STALL_CHECK);
}

/* Name every CPU still in the mask; the first CPU past the deadline pushes it for all. */
static void print_other_cpu_stall(struct rcu_ctrlblk *rcp)
{
	unsigned long flags;
	int cpu;

	spin_lock_irqsave(&rcp->lock, flags);
	if ((long)(jiffies - rcp->jiffies_stall) < 2 || rcp->cur == rcp->completed) {
		spin_unlock_irqrestore(&rcp->lock, flags);
		return;
	}
	WRITE_ONCE(rcp->jiffies_stall, jiffies + RCU_SECONDS_TILL_STALL_RECHECK);
	printk(KERN_ERR "INFO: RCU detected CPU stalls:");
	for_each_possible_cpu(cpu)
		if (cpu_isset(cpu, rcp->cpumask))
			printk(" %d", cpu);
	printk(" (detected by %d, t=%ld jiffies)\n", smp_processor_id(),
	       (long)(jiffies - rcp->gp_start));
	spin_unlock_irqrestore(&rcp->lock, flags);
}

/* This CPU holds up the batch: say so, dump the stack, try to get it to schedule. */
static void print_cpu_stall(struct rcu_ctrlblk *rcp)
{
	unsigned long flags;

	spin_lock_irqsave(&rcp->lock, flags);
	if ((long)(jiffies - rcp->jiffies_stall) < 0 || rcp->cur == rcp->completed) {
		spin_unlock_irqrestore(&rcp->lock, flags);
		return;
	}
	WRITE_ONCE(rcp->jiffies_stall, jiffies + RCU_SECONDS_TILL_STALL_RECHECK);
	printk(KERN_ERR "INFO: RCU detected CPU %d stall (t=%lu/%lu jiffies)\n", smp_processor_id(),
	       jiffies, jiffies - rcp->gp_start);
	spin_unlock_irqrestore(&rcp->lock, flags);
	dump_stack();
	set_need_resched();
}

/* From every rcu_pending(): a batch older than the deadline names its laggards. */
static void check_cpu_stall(struct rcu_ctrlblk *rcp)
{
	long delta = jiffies - READ_ONCE(rcp->jiffies_stall);

	if (cpu_isset(smp_processor_id(), rcp->cpumask) && delta >= 0)
		print_cpu_stall(rcp);
	else if (READ_ONCE(rcp->cur) != READ_ONCE(rcp->completed) && delta >= 2)
		print_other_cpu_stall(rcp); /* the laggard had two ticks to speak up */
}

#else /* !CONFIG_RCU_CPU_STALL_DETECTOR */

static inline void record_gp_stall_check_time(struct rcu_ctrlblk *rcp)
{
	(void)rcp;
}

static inline void check_cpu_stall(struct rcu_ctrlblk *rcp)
{
	(void)rcp;
}

#endif /* CONFIG_RCU_CPU_STALL_DETECTOR */

/* Queue a callback to run after every rcu reader running now has finished. */
void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *rcu))
{
	unsigned long flags;

	head->func = func;
	local_irq_save(flags);
	__call_rcu(head, &rcu_ctrlblk, &__get_cpu_var(rcu_data));
	local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(call_rcu);

/* The same for rcu_bh readers (softirq-disabled regions). */
void call_rcu_bh(struct rcu_head *head, void (*func)(struct rcu_head *rcu))
{
	unsigned long flags;

	head->func = func;
	local_irq_save(flags);
	__call_rcu(head, &rcu_bh_ctrlblk, &__get_cpu_var(rcu_bh_data));
	local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(call_rcu_bh);

/* Batches completed so far, for rcutorture and the like. */
long rcu_batches_completed(void)
{
	return READ_ONCE(rcu_ctrlblk.completed);
}
EXPORT_SYMBOL_GPL(rcu_batches_completed);

long rcu_batches_completed_bh(void)
{
	return READ_ONCE(rcu_bh_ctrlblk.completed);
}
EXPORT_SYMBOL_GPL(rcu_batches_completed_bh);

/* Invoke ready callbacks, at most ->blimit; leave the rest for another softirq pass. */
static void rcu_do_batch(struct rcu_data *rdp)
{
	struct rcu_head *next, *list;
	unsigned long flags;
	int count = 0;

	list = rdp->donelist;
	while (list) {
		next = list->next;
		list->func(list);
		list = next;
		if (++count >= rdp->blimit)
			break;
	}
	rdp->donelist = list;

	local_irq_save(flags);
	rdp->qlen -= count;
	local_irq_restore(flags);
	if (rdp->blimit == INT_MAX && rdp->qlen <= qlowmark)
		rdp->blimit = blimit;

	if (!rdp->donelist)
		rdp->donetail = &rdp->donelist;
	else
		raise_softirq(RCU_SOFTIRQ);
}

/*
 * Start batch cur + 1 if a CPU asked for it and none is running (lock held).
 * Our addition: arm the forcing deadline with the batch.
 */
static void rcu_start_batch(struct rcu_ctrlblk *rcp)
{
	if (rcp->cur != rcp->pending && rcp->completed == rcp->cur) {
		WRITE_ONCE(rcp->cur, rcp->cur + 1);
		record_gp_stall_check_time(rcp);
		WRITE_ONCE(rcp->jiffies_force, jiffies + RCU_JIFFIES_TILL_FORCE_QS);
		/*
		 * Read nohz_cpu_mask only after cur++: a CPU that stops its tick
		 * later has seen the new batch in rcu_needs_cpu() and stays awake.
		 * (One that decided to sleep just before may still be included;
		 * it only lengthens the batch, until forcing wakes it.)
		 */
		smp_mb();
		cpus_andnot(rcp->cpumask, cpu_online_map, nohz_cpu_mask);
		WRITE_ONCE(rcp->signaled, 0);
	}
}

/*
 * @cpu passed a QS for batch cur (lock held): clear its bit; the last one
 * ends the batch and chains the next. Our addition: a cleared bit is
 * progress, which pushes the forcing deadline.
 */
static void cpu_quiet(int cpu, struct rcu_ctrlblk *rcp)
{
	if (cpu_isset(cpu, rcp->cpumask)) {
		cpu_clear(cpu, rcp->cpumask);
		WRITE_ONCE(rcp->jiffies_force, jiffies + RCU_JIFFIES_TILL_FORCE_QS);
	}
	if (cpus_empty(rcp->cpumask)) {
		WRITE_ONCE(rcp->completed, rcp->cur);
		rcu_start_batch(rcp);
	}
}

/*
 * Softirq: report this CPU's QS for batch cur. A new batch is first only
 * noticed; a QS counts only if it happened after that (one from before
 * could predate a reader that the batch must wait for).
 */
static void rcu_check_quiescent_state(struct rcu_ctrlblk *rcp, struct rcu_data *rdp)
{
	unsigned long flags;
	long cur = READ_ONCE(rcp->cur);

	if (rdp->quiescbatch != cur) {
		rdp->qs_pending = 1;
		rdp->passed_quiesc = 0;
		rdp->quiescbatch = cur;
		return;
	}
	/* Already reported for this batch (qs_pending spares the shared mask's cache line). */
	if (!rdp->qs_pending)
		return;
	if (!rdp->passed_quiesc)
		return;
	rdp->qs_pending = 0;

	spin_lock_irqsave(&rcp->lock, flags);
	/* A CPU that came online during the batch noticed it without being in the mask. */
	if (likely(rdp->quiescbatch == rcp->cur))
		cpu_quiet(rdp->cpu, rcp);
	spin_unlock_irqrestore(&rcp->lock, flags);
}

#if IS_ENABLED(CONFIG_HOTPLUG_CPU)

/* Append a dead CPU's list to this CPU's newest segment, waiting for @batch. */
static void rcu_move_batch(struct rcu_data *this_rdp, struct rcu_head *list, struct rcu_head **tail,
			   long batch)
{
	unsigned long flags;

	if (list) {
		local_irq_save(flags);
		this_rdp->batch = batch; /* raises the labels of what is there: conservative */
		*this_rdp->nxttail[2] = list;
		this_rdp->nxttail[2] = tail;
		local_irq_restore(flags);
	}
}

/*
 * Adopt a dead CPU's callbacks for one flavor. Its bit may still hold up the
 * batch, so report for it; its callbacks all wait for a fresh batch, ready
 * ones first, so that per-CPU order (which rcu_barrier() relies on) holds.
 */
static void __rcu_offline_cpu(struct rcu_data *this_rdp, struct rcu_ctrlblk *rcp,
			      struct rcu_data *rdp)
{
	unsigned long flags;

	spin_lock_irqsave(&rcp->lock, flags);
	if (rcp->cur != rcp->completed)
		cpu_quiet(rdp->cpu, rcp);
	rcu_move_batch(this_rdp, rdp->donelist, rdp->donetail, rcp->cur + 1);
	rcu_move_batch(this_rdp, rdp->nxtlist, rdp->nxttail[2], rcp->cur + 1);
	spin_unlock(&rcp->lock);
	this_rdp->qlen += rdp->qlen;
	local_irq_restore(flags);
}

/* CPU_DEAD, on a surviving CPU. */
static void rcu_offline_cpu(int cpu)
{
	int this_cpu = get_cpu();

	__rcu_offline_cpu(&per_cpu(rcu_data, this_cpu), &rcu_ctrlblk, &per_cpu(rcu_data, cpu));
	__rcu_offline_cpu(&per_cpu(rcu_bh_data, this_cpu), &rcu_bh_ctrlblk,
			  &per_cpu(rcu_bh_data, cpu));
	put_cpu();
}

#else /* !CONFIG_HOTPLUG_CPU */

static inline void rcu_offline_cpu(int cpu)
{
	(void)cpu;
}

#endif /* CONFIG_HOTPLUG_CPU */

/* One flavor's share of the softirq: advance segments, request a batch, report a QS, invoke. */
static void __rcu_process_callbacks(struct rcu_ctrlblk *rcp, struct rcu_data *rdp)
{
	unsigned long flags;
	long completed_snap;

	if (rcu_force_due(rcp))
		force_quiescent_state(rdp, rcp, 0);

	if (rdp->nxtlist) {
		local_irq_save(flags);
		completed_snap = READ_ONCE(rcp->completed);

		/* Gather every segment whose batch is over into the first one... */
		if (!rcu_batch_before(completed_snap, rdp->batch))
			rdp->nxttail[0] = rdp->nxttail[1] = rdp->nxttail[2];
		else if (!rcu_batch_before(completed_snap, rdp->batch - 1))
			rdp->nxttail[0] = rdp->nxttail[1];

		/* ...and move it to the end of donelist. */
		if (rdp->nxttail[0] != &rdp->nxtlist) {
			*rdp->donetail = rdp->nxtlist;
			rdp->donetail = rdp->nxttail[0];
			rdp->nxtlist = *rdp->nxttail[0];
			*rdp->donetail = NULL;

			if (rdp->nxttail[1] == rdp->nxttail[0])
				rdp->nxttail[1] = &rdp->nxtlist;
			if (rdp->nxttail[2] == rdp->nxttail[0])
				rdp->nxttail[2] = &rdp->nxtlist;
			rdp->nxttail[0] = &rdp->nxtlist;
		}
		local_irq_restore(flags);

		/* Ask for the batch the newest callbacks need, and start it if none runs. */
		if (rcu_batch_after(rdp->batch, READ_ONCE(rcp->pending))) {
			spin_lock_irqsave(&rcp->lock, flags);
			if (rcu_batch_after(rdp->batch, rcp->pending)) {
				WRITE_ONCE(rcp->pending, rdp->batch);
				rcu_start_batch(rcp);
			}
			spin_unlock_irqrestore(&rcp->lock, flags);
		}
	}

	rcu_check_quiescent_state(rcp, rdp);
	if (rdp->donelist)
		rcu_do_batch(rdp);
}

/* RCU_SOFTIRQ: both flavors, between full barriers that order the readers around it. */
static void rcu_process_callbacks(struct softirq_action *unused)
{
	(void)unused;
	smp_mb(); /* earlier readers on this CPU before the batch bookkeeping */
	__rcu_process_callbacks(&rcu_ctrlblk, &__get_cpu_var(rcu_data));
	__rcu_process_callbacks(&rcu_bh_ctrlblk, &__get_cpu_var(rcu_bh_data));
	smp_mb(); /* the bookkeeping before later readers */
}

/* Does this CPU have RCU work for one flavor right now? */
static int __rcu_pending(struct rcu_ctrlblk *rcp, struct rcu_data *rdp)
{
	check_cpu_stall(rcp);

	if (rcu_force_due(rcp))
		return 1;
	if (rdp->nxtlist) {
		long completed_snap = READ_ONCE(rcp->completed);

		/* callbacks whose batch is over */
		if (!rcu_batch_before(completed_snap, rdp->batch))
			return 1;
		if (!rcu_batch_before(completed_snap, rdp->batch - 1) &&
		    rdp->nxttail[0] != rdp->nxttail[1])
			return 1;
		if (rdp->nxttail[0] != &rdp->nxtlist)
			return 1;
		/* callbacks whose batch is neither started nor requested */
		if (rcu_batch_after(rdp->batch, READ_ONCE(rcp->pending)))
			return 1;
	}
	if (rdp->donelist)
		return 1;
	/* a batch to notice, or a QS to report */
	if (rdp->quiescbatch != READ_ONCE(rcp->cur) || rdp->qs_pending)
		return 1;
	return 0;
}

/* From the tick: is it worth calling rcu_check_callbacks()? */
int rcu_pending(int cpu)
{
	return __rcu_pending(&rcu_ctrlblk, &per_cpu(rcu_data, cpu)) ||
	       __rcu_pending(&rcu_bh_ctrlblk, &per_cpu(rcu_bh_data, cpu));
}

/*
 * May this CPU stop its tick? Not while it has callbacks or owes a QS: with
 * no dynticks counters, a sleeping CPU could never report.
 */
int rcu_needs_cpu(int cpu)
{
	return !!per_cpu(rcu_data, cpu).nxtlist || !!per_cpu(rcu_bh_data, cpu).nxtlist ||
	       rcu_pending(cpu);
}

/*
 * Tick: from user mode, or from the idle loop outside softirq and nested
 * irqs, it is a QS for both flavors; otherwise outside softirq for bh only.
 */
void rcu_check_callbacks(int cpu, int user)
{
	if (user || (idle_cpu(cpu) && !in_softirq() && hardirq_count() <= (1 << HARDIRQ_SHIFT))) {
		smp_mb(); /* earlier accesses before the QS is seen */
		rcu_qsctr_inc(cpu);
		rcu_bh_qsctr_inc(cpu);
	} else if (!in_softirq()) {
		smp_mb();
		rcu_bh_qsctr_inc(cpu);
	}
	raise_softirq(RCU_SOFTIRQ);
}

/* A CPU comes up: empty lists, nothing owed until it notices a batch. */
static void rcu_init_percpu_data(int cpu, struct rcu_ctrlblk *rcp, struct rcu_data *rdp)
{
	unsigned long flags;

	spin_lock_irqsave(&rcp->lock, flags);
	__builtin_memset(rdp, 0, sizeof(*rdp));
	rdp->nxttail[0] = rdp->nxttail[1] = rdp->nxttail[2] = &rdp->nxtlist;
	rdp->donetail = &rdp->donelist;
	rdp->quiescbatch = rcp->completed;
	rdp->qs_pending = 0;
	rdp->cpu = cpu;
	rdp->blimit = blimit;
	spin_unlock_irqrestore(&rcp->lock, flags);
}

static void rcu_online_cpu(int cpu)
{
	rcu_init_percpu_data(cpu, &rcu_ctrlblk, &per_cpu(rcu_data, cpu));
	rcu_init_percpu_data(cpu, &rcu_bh_ctrlblk, &per_cpu(rcu_bh_data, cpu));
	open_softirq(RCU_SOFTIRQ, rcu_process_callbacks);
}

static int rcu_cpu_notify(struct notifier_block *self, unsigned long action, void *hcpu)
{
	long cpu = (long)hcpu;

	(void)self;
	switch (action & ~CPU_TASKS_FROZEN) {
	case CPU_UP_PREPARE:
		rcu_online_cpu(cpu);
		break;
	case CPU_DEAD:
		rcu_offline_cpu(cpu);
		break;
	default:
		break;
	}
	return NOTIFY_OK;
}

static struct notifier_block rcu_nb = {
	.notifier_call = rcu_cpu_notify,
};

/* Boot, before the tick runs: set up the boot CPU, then hear about the others. */
void __rcu_init(void)
{
	if (IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR))
		printk(KERN_INFO "RCU-based detection of stalled CPUs is enabled.\n");
	rcu_cpu_notify(&rcu_nb, CPU_UP_PREPARE, (void *)(long)smp_processor_id());
	register_cpu_notifier(&rcu_nb);
}

module_param(blimit, int, 0);
module_param(qhimark, int, 0);
module_param(qlowmark, int, 0);
