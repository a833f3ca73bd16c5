// SPDX-License-Identifier: GPL-2.0
/* Tiny RCU: the uniprocessor RCU of "RCU: The Bloatwatch Edition", where every QS is a grace period. */

/*
 * With one CPU, any quiescent state of that CPU means no reader that started
 * before it can still be running, so a QS marks every callback queued so far
 * ready. Callbacks still run from RCU_SOFTIRQ, never from the scheduler or the
 * tick, so they may wake tasks and take locks.
 * Two changes to the article's listings, both following its prose: a rcu QS
 * evaluates both helpers (it is a bh QS too), and the helpers run with interrupts
 * off because 2.6.29 reports the softirq-end bh QS with interrupts enabled.
 */

#include <linux/rcupdate.h>
#include <linux/hardirq.h>
#include <linux/interrupt.h>
#include <linux/irqflags.h>
#include <linux/sched.h>

/* Counters start at -300 so that wraparound-sensitive code meets negative values early. */
struct rcu_ctrlblk rcu_ctrlblk = {
	.completed = -300,
	.rcucblist = NULL,
	.donetail = &rcu_ctrlblk.rcucblist,
	.curtail = &rcu_ctrlblk.rcucblist,
};
EXPORT_SYMBOL(rcu_ctrlblk);

struct rcu_ctrlblk rcu_bh_ctrlblk = {
	.completed = -300,
	.rcucblist = NULL,
	.donetail = &rcu_bh_ctrlblk.rcucblist,
	.curtail = &rcu_bh_ctrlblk.rcucblist,
};
EXPORT_SYMBOL(rcu_bh_ctrlblk);

#if IS_ENABLED(CONFIG_NO_HZ)

/* 1: running, 0: dyntick-idle, 2 and up: in (nested) interrupts. */
static long dynticks_nesting = 1;

/* Tick stopped for idle, or last irq left towards idle: a QS for both flavors. Irqs are off. */
void rcu_enter_nohz(void)
{
	if (--dynticks_nesting == 0)
		rcu_qsctr_inc(0);
}

/* Tick restarted, or an irq arrived: no longer idle for RCU. Irqs are off. */
void rcu_exit_nohz(void)
{
	dynticks_nesting++;
}

#endif /* CONFIG_NO_HZ */

/* Mark every queued callback ready (irqs off). Returns 1 if any became ready. */
static int rcu_qsctr_help(struct rcu_ctrlblk *rcp)
{
	if (rcp->donetail != rcp->curtail) {
		rcp->donetail = rcp->curtail;
		return 1;
	}
	return 0;
}

/* An rcu QS is also a bh QS: evaluate both helpers (no short circuit). */
void rcu_qsctr_inc(int cpu)
{
	unsigned long flags;
	int ready;

	(void)cpu;
	local_irq_save(flags);
	ready = rcu_qsctr_help(&rcu_ctrlblk) | rcu_qsctr_help(&rcu_bh_ctrlblk);
	local_irq_restore(flags);
	if (ready)
		raise_softirq(RCU_SOFTIRQ);
}

/* A bh QS: only the bh flavor's callbacks become ready. */
void rcu_bh_qsctr_inc(int cpu)
{
	unsigned long flags;
	int ready;

	(void)cpu;
	local_irq_save(flags);
	ready = rcu_qsctr_help(&rcu_bh_ctrlblk);
	local_irq_restore(flags);
	if (ready)
		raise_softirq(RCU_SOFTIRQ);
}

/*
 * The tick interrupted user mode, or the idle loop outside softirq and
 * nested irqs: a QS for both flavors. Otherwise, outside softirq: bh only.
 */
void rcu_check_callbacks(int cpu, int user)
{
	if (user || (idle_cpu(cpu) && !in_softirq() && hardirq_count() <= (1 << HARDIRQ_SHIFT)))
		rcu_qsctr_inc(cpu);
	else if (!in_softirq())
		rcu_bh_qsctr_inc(cpu);
}

/* Invoke the callbacks that were ready when the softirq ran, never later arrivals. */
static void __rcu_process_callbacks(struct rcu_ctrlblk *rcp)
{
	struct rcu_head *next, *list;
	unsigned long flags;

	if (rcp->donetail == &rcp->rcucblist)
		return;

	/* Detach the ready prefix; the waiting suffix becomes the whole list. */
	local_irq_save(flags);
	rcp->completed++;
	list = rcp->rcucblist;
	rcp->rcucblist = *rcp->donetail;
	*rcp->donetail = NULL;
	if (rcp->curtail == rcp->donetail)
		rcp->curtail = &rcp->rcucblist;
	rcp->donetail = &rcp->rcucblist;
	local_irq_restore(flags);

	while (list) {
		next = list->next;
		list->func(list);
		list = next;
	}
}

/* RCU_SOFTIRQ handler: rcu flavor first, then bh. */
static void rcu_process_callbacks(struct softirq_action *unused)
{
	(void)unused;
	__rcu_process_callbacks(&rcu_ctrlblk);
	__rcu_process_callbacks(&rcu_bh_ctrlblk);
}

/*
 * Every legal call site is a QS, hence a grace period on one CPU. It still
 * counts, so that rcutorture sees grace periods end, and is a compiler
 * barrier; it leaves the callbacks to the next QS.
 */
void synchronize_rcu(void)
{
	unsigned long flags;

	local_irq_save(flags);
	rcu_ctrlblk.completed++;
	local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(synchronize_rcu);

/* Append @head to the waiting segment; irqs off so an irq's call_rcu() cannot interleave. */
static void __call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *rcu),
		       struct rcu_ctrlblk *rcp)
{
	unsigned long flags;

	head->func = func;
	head->next = NULL;
	local_irq_save(flags);
	*rcp->curtail = head;
	rcp->curtail = &head->next;
	local_irq_restore(flags);
}

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *rcu))
{
	__call_rcu(head, func, &rcu_ctrlblk);
}
EXPORT_SYMBOL_GPL(call_rcu);

void call_rcu_bh(struct rcu_head *head, void (*func)(struct rcu_head *rcu))
{
	__call_rcu(head, func, &rcu_bh_ctrlblk);
}
EXPORT_SYMBOL_GPL(call_rcu_bh);

void __rcu_init(void)
{
	open_softirq(RCU_SOFTIRQ, rcu_process_callbacks);
}
