// SPDX-License-Identifier: GPL-2.0
/* Update-side RCU code shared by every variant: waiting via callbacks, rcu_barrier, rcu_init. */

/*
 * Tiny RCU defines its own synchronize_rcu() (any legal call site is a grace
 * period on one CPU), so its build of this file keeps only wakeme_after_rcu(),
 * the barrier machinery and rcu_init(); the SMP variants also get the
 * completion-based synchronize_rcu().
 */

#include <linux/rcupdate.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/hardirq.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/smp.h>

enum rcu_barrier {
	RCU_BARRIER_STD,
	RCU_BARRIER_BH,
	RCU_BARRIER_SCHED,
};

static DEFINE_PER_CPU(struct rcu_head, rcu_barrier_head);
static atomic_t rcu_barrier_cpu_count; /* barrier callbacks still queued, plus the bias */
static DEFINE_MUTEX(rcu_barrier_mutex); /* one barrier at a time: they share the heads */
static struct completion rcu_barrier_completion;

/* Callback for a struct rcu_synchronize: the grace period is over, wake its waiter. */
void wakeme_after_rcu(struct rcu_head *head)
{
	struct rcu_synchronize *rcu;

	rcu = container_of(head, struct rcu_synchronize, head);
	complete(&rcu->completion);
}
EXPORT_SYMBOL_GPL(wakeme_after_rcu);

#ifndef CONFIG_TINY_RCU
/* Wait for every pre-existing reader: queue a callback and sleep until it runs. */
void synchronize_rcu(void)
{
	struct rcu_synchronize rcu;

	if (rcu_blocking_is_gp())
		return;
	init_completion(&rcu.completion);
	call_rcu(&rcu.head, wakeme_after_rcu);
	wait_for_completion(&rcu.completion);
}
EXPORT_SYMBOL_GPL(synchronize_rcu);
#endif /* !CONFIG_TINY_RCU */

/* The last barrier callback to run wakes the rcu_barrier() caller. */
static void rcu_barrier_callback(struct rcu_head *notused)
{
	(void)notused;
	if (atomic_dec_and_test(&rcu_barrier_cpu_count))
		complete(&rcu_barrier_completion);
}

/* Runs on each CPU with interrupts off: queue this CPU's barrier head behind its callbacks. */
static void rcu_barrier_func(void *type)
{
	struct rcu_head *head = &__get_cpu_var(rcu_barrier_head);

	atomic_inc(&rcu_barrier_cpu_count);
	if ((unsigned long)type == RCU_BARRIER_BH)
		call_rcu_bh(head, rcu_barrier_callback);
	else /* RCU_BARRIER_STD and RCU_BARRIER_SCHED: call_rcu_sched() is call_rcu() */
		call_rcu(head, rcu_barrier_callback);
}

/*
 * Wait until every callback of the flavor queued before this call has run.
 * Callbacks run in queue order per CPU, so the barrier head queued last on a
 * CPU runs after all earlier ones there. The count starts at 1 so that an
 * early callback cannot complete the barrier before every CPU has queued.
 */
static void _rcu_barrier(enum rcu_barrier type)
{
	BUG_ON(in_interrupt());
	mutex_lock(&rcu_barrier_mutex);
	init_completion(&rcu_barrier_completion);
	atomic_set(&rcu_barrier_cpu_count, 1);
	/*
	 * A CPU already offline whose callbacks CPU_DEAD has not yet moved would
	 * get no barrier head, and its callbacks could land behind the survivor's:
	 * no hotplug while the heads are queued (2.6.29 had this race; 2.6.30
	 * closed it by queueing extra callbacks from CPU_DYING).
	 */
	get_online_cpus();
	on_each_cpu(rcu_barrier_func, (void *)(unsigned long)type, 1);
	put_online_cpus();
	if (atomic_dec_and_test(&rcu_barrier_cpu_count))
		complete(&rcu_barrier_completion);
	wait_for_completion(&rcu_barrier_completion);
	mutex_unlock(&rcu_barrier_mutex);
}

void rcu_barrier(void)
{
	_rcu_barrier(RCU_BARRIER_STD);
}
EXPORT_SYMBOL_GPL(rcu_barrier);

void rcu_barrier_bh(void)
{
	_rcu_barrier(RCU_BARRIER_BH);
}
EXPORT_SYMBOL_GPL(rcu_barrier_bh);

void rcu_barrier_sched(void)
{
	_rcu_barrier(RCU_BARRIER_SCHED);
}
EXPORT_SYMBOL_GPL(rcu_barrier_sched);

/* Boot: hand over to the variant's own initialisation. */
void rcu_init(void)
{
	__rcu_init();
}
