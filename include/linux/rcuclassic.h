/* SPDX-License-Identifier: GPL-2.0 */
/* Classic RCU's interface (2.6.28 form): control blocks, per-CPU data, QS hooks, inline stubs. */
#ifndef _LINUX_RCUCLASSIC_H
#define _LINUX_RCUCLASSIC_H

#include <linux/cache.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>

struct rcu_head;

/* Stall warnings (2.6.28 timing): first complaint 3 s into a batch, then at most one per 30 s. */
#define RCU_SECONDS_TILL_STALL_CHECK (3 * HZ)
#define RCU_SECONDS_TILL_STALL_RECHECK (30 * HZ)
/* Our addition to 2.6.28: ticks a batch may go without progress before its laggards are poked. */
#define RCU_JIFFIES_TILL_FORCE_QS 3

/*
 * Global state of one flavor. Written under ->lock; fields that other CPUs
 * read without the lock are written with WRITE_ONCE() and read with READ_ONCE().
 */
struct rcu_ctrlblk {
	long cur; /* number of the most recently started batch */
	long completed; /* number of the last completed batch; cur != completed: one runs */
	long pending; /* highest batch a CPU asked for; a batch starts while cur != pending */
#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)
	unsigned long gp_start; /* jiffies when batch cur started */
	unsigned long jiffies_stall; /* jiffies at which to complain about laggards */
#endif
	unsigned long
		jiffies_force; /* no progress or poke by then: poke the mask's CPUs (our addition) */
	int signaled; /* times the mask's CPUs were poked for batch cur (0: not yet) */
	spinlock_t lock ____cacheline_internodealigned_in_smp;
	cpumask_t cpumask; /* CPUs that still owe a QS for batch cur */
} ____cacheline_internodealigned_in_smp;

extern struct rcu_ctrlblk rcu_ctrlblk; /* rcu (and rcu_sched) flavor */
extern struct rcu_ctrlblk rcu_bh_ctrlblk; /* rcu_bh flavor */

/* Is batch @a before batch @b? Wrap-safe (the numbers start at -300 to wrap early). */
static inline int rcu_batch_before(long a, long b)
{
	return (a - b) < 0;
}

/* Is batch @a after batch @b? */
static inline int rcu_batch_after(long a, long b)
{
	return (a - b) > 0;
}

/*
 * Per-CPU state of one flavor, touched only by its CPU (with interrupts off
 * where an interrupt's call_rcu() could interfere), except when a dead CPU's
 * callbacks are adopted.
 *
 * The callbacks form one list cut into three segments by nxttail[]; with
 * b = batch, every callback in
 *   [nxtlist, *nxttail[0])       waits for a batch <= b - 2 (already over),
 *   [*nxttail[0], *nxttail[1])   waits for a batch <= b - 1,
 *   [*nxttail[1], *nxttail[2])   waits for a batch <= b,  and *nxttail[2] == NULL.
 * An empty segment has the tail of the one before it (all &nxtlist when empty).
 */
struct rcu_data {
	long quiescbatch; /* batch this CPU is collecting a QS for */
	int passed_quiesc; /* a QS happened since quiescbatch was noticed */
	int qs_pending; /* the core waits for this CPU's QS in quiescbatch */
	long batch; /* batch the newest callbacks wait for */
	struct rcu_head *nxtlist; /* callbacks whose batch is not known to be over */
	struct rcu_head **nxttail[3]; /* segment ends, see above */
	long qlen; /* callbacks queued here: nxtlist + donelist */
	struct rcu_head *donelist; /* batch over: ready to invoke */
	struct rcu_head **donetail; /* ->next of the last ready callback, or &donelist */
	long blimit; /* callbacks invoked per softirq pass (INT_MAX while flooded) */
	int cpu; /* owning CPU */
};

DECLARE_PER_CPU(struct rcu_data, rcu_data);
DECLARE_PER_CPU(struct rcu_data, rcu_bh_data);

/*
 * Quiescent-state hooks: the CPU passed a QS (context switch, user or idle
 * tick; softirq end or kernel tick for bh). Only a flag: the softirq decides
 * whether it counts for the batch in progress.
 */
static inline void rcu_qsctr_inc(int cpu)
{
	per_cpu(rcu_data, cpu).passed_quiesc = 1;
}

static inline void rcu_bh_qsctr_inc(int cpu)
{
	per_cpu(rcu_bh_data, cpu).passed_quiesc = 1;
}

int rcu_pending(int cpu);
int rcu_needs_cpu(int cpu);
void rcu_check_callbacks(int cpu, int user);
void __rcu_init(void);
long rcu_batches_completed(void);
long rcu_batches_completed_bh(void);

#define __rcu_read_lock() preempt_disable()
#define __rcu_read_unlock() preempt_enable()
#define __rcu_read_lock_bh() local_bh_disable()
#define __rcu_read_unlock_bh() local_bh_enable()
#define __synchronize_sched() synchronize_rcu()

/*
 * Classic RCU has no dynticks counters: a CPU in dyntick-idle is left out of
 * new batches through nohz_cpu_mask, and rcu_needs_cpu() keeps the tick of a
 * CPU that owes a QS. The irq and NMI hooks have nothing to do.
 */
static inline void rcu_enter_nohz(void)
{
}

static inline void rcu_exit_nohz(void)
{
}

static inline void rcu_irq_enter(void)
{
}

static inline void rcu_irq_exit(void)
{
}

static inline void rcu_nmi_enter(void)
{
}

static inline void rcu_nmi_exit(void)
{
}

#endif /* _LINUX_RCUCLASSIC_H */
