// SPDX-License-Identifier: GPL-2.0
/* Tree (hierarchical) RCU, 2.6.29 design: quiescent states climb a static tree of rcu_nodes. */

/*
 * A grace period (GP) ends when the root's qsmask empties. Each CPU clears
 * its bit in its leaf once it has passed a quiescent state (QS) after
 * noticing the GP; the reporter that empties a node clears that node's bit in
 * its parent, so a parent's lock is taken by one CPU per child group instead
 * of by every CPU. CPUs in dyntick-idle (CONFIG_NO_HZ) or offline are
 * credited by forcing, from snapshots of their dynticks counters; the others
 * get a reschedule IPI. Callbacks sit in one list per CPU cut into four
 * segments (done, wait, next-ready, next) that advance one step for every GP
 * end the CPU observes.
 *
 * Two race windows of 2.6.29 are closed (docs/variants.md, Tree RCU):
 *  - a CPU starting a GP first catches up with GP ends it has not yet seen,
 *    under the root lock, so that its callbacks cannot move to the wait
 *    segment against a stale completed number (rcu_start_gp());
 *  - a QS report promotes next callbacks to next-ready only on the reporting
 *    CPU itself and only if that CPU has seen the latest GP end (cpu_quiet()),
 *    never on behalf of a CPU going online or offline.
 * and a third one that our torture harness found: 2.6.29's QS hooks tag a QS
 * with the CPU's completed number, which does not change when a GP starts, so
 * a QS noted before a GP began (with qs_pending still set from boot or from a
 * GP that forcing settled) could be reported for that GP while the CPU sat in
 * a reader. The hooks tag it with the GP the CPU knows of instead (as 2.6.32
 * does), and cpu_quiet()'s lastcomp check then refuses it.
 *
 * This file is the GP core. rcutree.o stays one object: the code that is
 * not core sits in fragments that this file includes where their code
 * belongs in the unit (as the kernel's tree.c includes tree_stall.h and
 * tree_plugin.h):
 *  - rcutree_dyntick.h: dyntick-idle (CONFIG_NO_HZ) counters and their
 *    snapshots for forcing;
 *  - rcutree_stall.h: the CPU stall detector;
 *  - rcutree_hotplug.h: taking a dead CPU out of the tree (CONFIG_HOTPLUG_CPU);
 *  - rcutree_force_qs.h: forcing quiescent states (SMP);
 *  - rcutree_init.h: bringing CPUs and the tree up.
 */

#define KBUILD_MODNAME "rcutree" /* Kbuild passes it with -D */

#include <linux/rcupdate.h>
#include <linux/cpu.h>
#include <linux/hardirq.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/spinlock.h>

/* GP numbers start at -300 so that wraparound-sensitive code meets negative values early. */
#define RCU_STATE_INITIALIZER(name)                                                         \
	{                                                                                   \
		.level = { &name.node[0] },                                                 \
		.levelcnt = { NUM_RCU_LVL_0, NUM_RCU_LVL_1, NUM_RCU_LVL_2, NUM_RCU_LVL_3 }, \
		.signaled = RCU_SIGNAL_INIT, .gpnum = -300, .completed = -300,              \
		.onofflock = __SPIN_LOCK_UNLOCKED(name.onofflock),                          \
		.fqslock = __SPIN_LOCK_UNLOCKED(name.fqslock),                              \
	}

struct rcu_state rcu_state = RCU_STATE_INITIALIZER(rcu_state);
DEFINE_PER_CPU(struct rcu_data, rcu_data);

struct rcu_state rcu_bh_state = RCU_STATE_INITIALIZER(rcu_bh_state);
DEFINE_PER_CPU(struct rcu_data, rcu_bh_data);

#if IS_ENABLED(CONFIG_NO_HZ) && IS_ENABLED(CONFIG_SMP)
/* Every CPU starts out running: nesting 1, counter odd (rcutree_dyntick.h). */
DEFINE_PER_CPU(struct rcu_dynticks, rcu_dynticks) = {
	[0 ... NR_CPUS - 1] = { .dynticks_nesting = 1, .dynticks = 1 },
};
#elif IS_ENABLED(CONFIG_NO_HZ)
DEFINE_PER_CPU(struct rcu_dynticks, rcu_dynticks) = { .dynticks_nesting = 1, .dynticks = 1 };
#endif /* CONFIG_NO_HZ */

static int blimit = 10; /* callbacks invoked per softirq pass */
static int qhimark = 10000; /* queue length that counts as a flood: no limit, force QSes */
static int qlowmark = 100; /* queue length at which the limit comes back */

#if IS_ENABLED(CONFIG_SMP)
static void force_quiescent_state(struct rcu_state *rsp, int relaxed);
#else
/* One CPU: the only laggard is this one (SMP: rcutree_force_qs.h). */
static void force_quiescent_state(struct rcu_state *rsp, int relaxed)
{
	(void)rsp;
	(void)relaxed;
	set_need_resched();
}
#endif

/* Number of the last completed rcu GP (rcutorture watches it advance). */
long rcu_batches_completed(void)
{
	return READ_ONCE(rcu_state.completed);
}
EXPORT_SYMBOL_GPL(rcu_batches_completed);

long rcu_batches_completed_bh(void)
{
	return READ_ONCE(rcu_bh_state.completed);
}
EXPORT_SYMBOL_GPL(rcu_batches_completed_bh);

static int cpu_has_callbacks_ready_to_invoke(struct rcu_data *rdp)
{
	return &rdp->nxtlist != rdp->nxttail[RCU_DONE_TAIL];
}

/* This CPU has callbacks that no GP covers yet, and no GP is running. */
static int cpu_needs_another_gp(struct rcu_state *rsp, struct rcu_data *rdp)
{
	return *rdp->nxttail[RCU_DONE_TAIL] && READ_ONCE(rsp->completed) == READ_ONCE(rsp->gpnum);
}

static struct rcu_node *rcu_get_root(struct rcu_state *rsp)
{
	return &rsp->node[0];
}

#if IS_ENABLED(CONFIG_SMP)
/*
 * An offline CPU is quiescent (it cannot leave that state while interrupts
 * are off here). An online one that has not reported gets a reschedule IPI:
 * its next context switch is a QS.
 */
static int rcu_implicit_offline_qs(struct rcu_data *rdp)
{
	if (cpu_is_offline(rdp->cpu)) {
		rdp->offline_fqs++;
		return 1;
	}
	if (rdp->cpu != smp_processor_id())
		smp_send_reschedule(rdp->cpu);
	else
		set_need_resched();
	rdp->resched_ipi++;
	return 0;
}
#endif /* CONFIG_SMP */

#include "rcutree_dyntick.h"

#include "rcutree_stall.h"

/* This CPU learns of a new GP: it owes a QS, and only one that happens from now on counts. */
static void note_new_gpnum(struct rcu_state *rsp, struct rcu_data *rdp)
{
	rdp->qs_pending = 1;
	rdp->passed_quiesc = 0;
	rdp->gpnum = READ_ONCE(rsp->gpnum);
	rdp->n_rcu_pending_force_qs = rdp->n_rcu_pending + RCU_JIFFIES_TILL_FORCE_QS;
}

static int check_for_new_grace_period(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;
	int ret = 0;

	local_irq_save(flags);
	if (rdp->gpnum != READ_ONCE(rsp->gpnum)) {
		note_new_gpnum(rsp, rdp);
		ret = 1;
	}
	local_irq_restore(flags);
	return ret;
}

/*
 * Advance this CPU's callbacks one segment if a GP ended since it last looked
 * (interrupts off). One step however many GPs ended: conservative.
 */
static void __rcu_process_gp_end(struct rcu_state *rsp, struct rcu_data *rdp)
{
	long completed_snap = READ_ONCE(rsp->completed);

	if (rdp->completed != completed_snap) {
		rdp->nxttail[RCU_DONE_TAIL] = rdp->nxttail[RCU_WAIT_TAIL];
		rdp->nxttail[RCU_WAIT_TAIL] = rdp->nxttail[RCU_NEXT_READY_TAIL];
		rdp->nxttail[RCU_NEXT_READY_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
		rdp->completed = completed_snap;
	}
}

static void rcu_process_gp_end(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;

	local_irq_save(flags);
	__rcu_process_gp_end(rsp, rdp);
	local_irq_restore(flags);
}

/*
 * Start a GP if this CPU needs one and none is running. Called with the root
 * lock held and interrupts off; releases the lock.
 */
static void rcu_start_gp(struct rcu_state *rsp, unsigned long flags)
	__releases(rcu_get_root(rsp)->lock)
{
	struct rcu_data *rdp = rsp->rda[smp_processor_id()];
	struct rcu_node *rnp = rcu_get_root(rsp);
	struct rcu_node *rnp_cur, *rnp_end;

	/*
	 * Catch up with GP ends this CPU has not seen yet, while completed cannot
	 * move: otherwise callbacks moved to the wait segment below would be
	 * advanced once more for the GP that just ended (the 2.6.29 race).
	 */
	__rcu_process_gp_end(rsp, rdp);
	if (!cpu_needs_another_gp(rsp, rdp)) {
		spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}

	WRITE_ONCE(rsp->gpnum, rsp->gpnum + 1);
	WRITE_ONCE(rsp->signaled, RCU_GP_INIT); /* hold forcing off until the masks are set */
	WRITE_ONCE(rsp->jiffies_force_qs, jiffies + RCU_JIFFIES_TILL_FORCE_QS);
	rdp->n_rcu_pending_force_qs = rdp->n_rcu_pending + RCU_JIFFIES_TILL_FORCE_QS;
	record_gp_stall_check_time(rsp);
	dyntick_record_completed(rsp, rsp->completed - 1); /* no snapshot for this GP yet */
	note_new_gpnum(rsp, rdp);

	/* Everything this CPU has queued predates the new GP, which therefore covers it. */
	rdp->nxttail[RCU_NEXT_READY_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];
	rdp->nxttail[RCU_WAIT_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];

	if (NUM_RCU_NODES == 1) {
		WRITE_ONCE(rnp->qsmask, rnp->qsmaskinit);
		WRITE_ONCE(rsp->signaled, RCU_SIGNAL_INIT);
		spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}

	spin_unlock(&rnp->lock); /* interrupts stay off */

	/* Keep CPUs from coming or going while the masks are copied. */
	spin_lock(&rsp->onofflock);

	/*
	 * Inner nodes first, without their locks: reporters only climb from a
	 * leaf whose mask became empty, and every leaf still shows no GP. This
	 * CPU's own bit keeps the GP from ending during the setup.
	 */
	rnp_end = rsp->level[NUM_RCU_LVLS - 1];
	for (rnp_cur = &rsp->node[0]; rnp_cur < rnp_end; rnp_cur++)
		WRITE_ONCE(rnp_cur->qsmask, rnp_cur->qsmaskinit);

	/* Then the leaves, each under its lock: their CPUs may report as soon as it is set. */
	rnp_end = &rsp->node[NUM_RCU_NODES];
	for (rnp_cur = rsp->level[NUM_RCU_LVLS - 1]; rnp_cur < rnp_end; rnp_cur++) {
		spin_lock(&rnp_cur->lock);
		WRITE_ONCE(rnp_cur->qsmask, rnp_cur->qsmaskinit);
		spin_unlock(&rnp_cur->lock);
	}

	WRITE_ONCE(rsp->signaled, RCU_SIGNAL_INIT); /* forcing may proceed */
	spin_unlock_irqrestore(&rsp->onofflock, flags);
}

/*
 * Clear @mask in @rnp (locked, interrupts off) and climb while a node empties:
 * only the reporter that empties a node touches its parent. Emptying the root
 * ends the GP, and the next one starts if this CPU needs it. Releases the lock.
 */
static void cpu_quiet_msk(unsigned long mask, struct rcu_state *rsp, struct rcu_node *rnp,
			  unsigned long flags) __releases(rnp->lock)
{
	for (;;) {
		if (!(rnp->qsmask & mask)) {
			/* already reported, by forcing or by another path */
			spin_unlock_irqrestore(&rnp->lock, flags);
			return;
		}
		WRITE_ONCE(rnp->qsmask, rnp->qsmask & ~mask);
		if (rnp->qsmask != 0) {
			/* others below this node still owe a QS */
			spin_unlock_irqrestore(&rnp->lock, flags);
			return;
		}
		mask = rnp->grpmask;
		if (rnp->parent == NULL)
			break; /* the root emptied: keep its lock */
		spin_unlock(&rnp->lock); /* interrupts stay off */
		rnp = rnp->parent;
		spin_lock(&rnp->lock);
	}

	/* Last QS of this GP: it is over. Chain the next one if needed (releases the lock). */
	WRITE_ONCE(rsp->completed, rsp->gpnum);
	rcu_start_gp(rsp, flags);
}

/*
 * Report a QS of @cpu (this CPU, or one going online or offline on whose
 * behalf this CPU acts). @lastcomp is the completed number of the GP the QS
 * was taken for (the one the CPU knew of, minus one): a QS taken for another
 * GP, earlier or ended since, proves nothing for the current one.
 */
static void cpu_quiet(int cpu, struct rcu_state *rsp, struct rcu_data *rdp, long lastcomp)
{
	struct rcu_node *rnp = rdp->mynode;
	unsigned long flags, mask;

	spin_lock_irqsave(&rnp->lock, flags);
	if (lastcomp != READ_ONCE(rsp->completed)) {
		/* The QS belongs to another GP: wait for one after noticing this GP. */
		rdp->passed_quiesc = 0;
		spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	mask = rdp->grpmask;
	if ((rnp->qsmask & mask) == 0) {
		spin_unlock_irqrestore(&rnp->lock, flags);
		return;
	}
	rdp->qs_pending = 0;

	/*
	 * This GP cannot end before this report (the bit is still set), so all
	 * callbacks queued here so far are covered by the next GP. That holds for
	 * the reporting CPU's own list, and only if its segments are relative to
	 * the current completed number (the second race of docs/variants.md).
	 */
	if (cpu == smp_processor_id() && rdp->completed == READ_ONCE(rsp->completed))
		rdp->nxttail[RCU_NEXT_READY_TAIL] = rdp->nxttail[RCU_NEXT_TAIL];

	cpu_quiet_msk(mask, rsp, rnp, flags); /* releases rnp->lock */
}

/*
 * From the softirq: notice a new GP, or report a QS that happened since this
 * CPU noticed the current one.
 */
static void rcu_check_quiescent_state(struct rcu_state *rsp, struct rcu_data *rdp)
{
	if (check_for_new_grace_period(rsp, rdp))
		return;
	if (!rdp->qs_pending)
		return;
	if (!rdp->passed_quiesc)
		return;
	cpu_quiet(rdp->cpu, rsp, rdp, rdp->passed_quiesc_completed);
}

#include "rcutree_hotplug.h"

/* Invoke the ready callbacks, at most blimit of them; the rest go back to the list head. */
static void rcu_do_batch(struct rcu_data *rdp)
{
	struct rcu_head *next, *list, **tail;
	unsigned long flags;
	int count;

	if (!cpu_has_callbacks_ready_to_invoke(rdp))
		return;

	/* Detach the done segment; an interrupt's call_rcu() may append meanwhile. */
	local_irq_save(flags);
	list = rdp->nxtlist;
	rdp->nxtlist = *rdp->nxttail[RCU_DONE_TAIL];
	*rdp->nxttail[RCU_DONE_TAIL] = NULL;
	tail = rdp->nxttail[RCU_DONE_TAIL];
	for (count = RCU_NEXT_SIZE - 1; count >= 0; count--)
		if (rdp->nxttail[count] == rdp->nxttail[RCU_DONE_TAIL])
			rdp->nxttail[count] = &rdp->nxtlist;
	local_irq_restore(flags);

	count = 0;
	while (list) {
		next = list->next;
		list->func(list);
		list = next;
		if (++count >= rdp->blimit)
			break;
	}

	local_irq_save(flags);
	rdp->qlen -= count;
	if (list != NULL) {
		/* Put the leftovers back in front, still done; empty leading segments end there. */
		*tail = rdp->nxtlist;
		rdp->nxtlist = list;
		for (count = 0; count < RCU_NEXT_SIZE; count++)
			if (&rdp->nxtlist == rdp->nxttail[count])
				rdp->nxttail[count] = tail;
			else
				break;
	}
	if (rdp->blimit == LONG_MAX && rdp->qlen <= qlowmark)
		rdp->blimit = blimit; /* the flood is over */
	local_irq_restore(flags);

	if (cpu_has_callbacks_ready_to_invoke(rdp))
		raise_softirq(RCU_SOFTIRQ);
}

/*
 * Scheduling-clock tick (interrupts off): a tick from user mode, or from the
 * idle loop outside softirq and nested interrupts, is a QS for both flavors;
 * from other code outside softirq, for rcu_bh only.
 */
void rcu_check_callbacks(int cpu, int user)
{
	if (user || (idle_cpu(cpu) && !in_softirq() && hardirq_count() <= (1 << HARDIRQ_SHIFT))) {
		rcu_qsctr_inc(cpu);
		rcu_bh_qsctr_inc(cpu);
	} else if (!in_softirq()) {
		rcu_bh_qsctr_inc(cpu);
	}
	raise_softirq(RCU_SOFTIRQ);
}

#include "rcutree_force_qs.h"

/* One flavor's softirq work on this CPU. */
static void __rcu_process_callbacks(struct rcu_state *rsp, struct rcu_data *rdp)
{
	unsigned long flags;

	if ((long)(READ_ONCE(rsp->jiffies_force_qs) - jiffies) < 0 ||
	    (rdp->n_rcu_pending_force_qs - rdp->n_rcu_pending) < 0)
		force_quiescent_state(rsp, 1);

	rcu_process_gp_end(rsp, rdp); /* GPs other CPUs ended */
	rcu_check_quiescent_state(rsp, rdp);

	if (cpu_needs_another_gp(rsp, rdp)) {
		spin_lock_irqsave(&rcu_get_root(rsp)->lock, flags);
		rcu_start_gp(rsp, flags); /* releases the lock */
	}

	rcu_do_batch(rdp);
}

/* RCU_SOFTIRQ handler, both flavors between full barriers. */
static void rcu_process_callbacks(struct softirq_action *unused)
{
	(void)unused;
	smp_mb(); /* readers the softirq interrupted come before GP bookkeeping */
	__rcu_process_callbacks(&rcu_state, &__get_cpu_var(rcu_data));
	__rcu_process_callbacks(&rcu_bh_state, &__get_cpu_var(rcu_bh_data));
	smp_mb(); /* GP bookkeeping comes before later readers */
}

/* Queue @head on this CPU's next segment; start a GP if none runs, force one on a flood. */
static void __call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *rcu),
		       struct rcu_state *rsp)
{
	struct rcu_data *rdp;
	unsigned long flags;

	head->func = func;
	head->next = NULL;

	smp_mb(); /* the caller's unlink is ordered before the GP numbers are read */

	/*
	 * Note GP ends and starts on the way. A start may be seen right after an
	 * end, never the reverse: this CPU must pass a QS in between.
	 */
	local_irq_save(flags);
	rdp = rsp->rda[smp_processor_id()];
	rcu_process_gp_end(rsp, rdp);
	check_for_new_grace_period(rsp, rdp);

	*rdp->nxttail[RCU_NEXT_TAIL] = head;
	rdp->nxttail[RCU_NEXT_TAIL] = &head->next;

	if (READ_ONCE(rsp->completed) == READ_ONCE(rsp->gpnum)) {
		unsigned long nestflag;
		struct rcu_node *rnp_root = rcu_get_root(rsp);

		spin_lock_irqsave(&rnp_root->lock, nestflag);
		rcu_start_gp(rsp, nestflag); /* releases the lock */
	}

	if (unlikely(++rdp->qlen > qhimark)) {
		rdp->blimit = LONG_MAX;
		force_quiescent_state(rsp, 0);
	} else if ((long)(READ_ONCE(rsp->jiffies_force_qs) - jiffies) < 0) {
		force_quiescent_state(rsp, 1);
	}
	local_irq_restore(flags);
}

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *rcu))
{
	__call_rcu(head, func, &rcu_state);
}
EXPORT_SYMBOL_GPL(call_rcu);

void call_rcu_bh(struct rcu_head *head, void (*func)(struct rcu_head *rcu))
{
	__call_rcu(head, func, &rcu_bh_state);
}
EXPORT_SYMBOL_GPL(call_rcu_bh);

/* Does this CPU have work for the RCU core in this flavor? Also the stall check, from the tick. */
static int __rcu_pending(struct rcu_state *rsp, struct rcu_data *rdp)
{
	rdp->n_rcu_pending++;

	check_cpu_stall(rsp, rdp);

	if (rdp->qs_pending)
		return 1; /* the tree waits for this CPU */
	if (cpu_has_callbacks_ready_to_invoke(rdp))
		return 1;
	if (cpu_needs_another_gp(rsp, rdp))
		return 1;
	if (READ_ONCE(rsp->completed) != rdp->completed)
		return 1; /* a GP ended that this CPU has not processed */
	if (READ_ONCE(rsp->gpnum) != rdp->gpnum)
		return 1; /* a GP started that this CPU has not noticed */
	if (READ_ONCE(rsp->completed) != READ_ONCE(rsp->gpnum) &&
	    ((long)(READ_ONCE(rsp->jiffies_force_qs) - jiffies) < 0 ||
	     (rdp->n_rcu_pending_force_qs - rdp->n_rcu_pending) < 0))
		return 1; /* time to force */
	return 0;
}

int rcu_pending(int cpu)
{
	return __rcu_pending(&rcu_state, &per_cpu(rcu_data, cpu)) ||
	       __rcu_pending(&rcu_bh_state, &per_cpu(rcu_bh_data, cpu));
}

/*
 * Keep the tick while callbacks are queued here. A CPU that merely owes a QS
 * may sleep: forcing credits it from its dynticks counter.
 */
int rcu_needs_cpu(int cpu)
{
	return per_cpu(rcu_data, cpu).nxtlist || per_cpu(rcu_bh_data, cpu).nxtlist;
}

#include "rcutree_init.h"

module_param(blimit, int, 0);
module_param(qhimark, int, 0);
module_param(qlowmark, int, 0);
