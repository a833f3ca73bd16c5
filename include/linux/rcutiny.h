/* SPDX-License-Identifier: GPL-2.0 */
/* Tiny RCU's interface: control blocks, QS hooks, and the inline stubs that cost nothing. */
#ifndef _LINUX_RCUTINY_H
#define _LINUX_RCUTINY_H

#include <linux/compiler.h>
#include <linux/preempt.h>
#include <linux/interrupt.h>

#if IS_ENABLED(CONFIG_SMP)
#error "Tiny RCU is designed for !SMP: every quiescent state of the one CPU is a grace period"
#endif

struct rcu_head;

/* One per flavor. The callback list is cut in two by donetail: ready, then waiting. */
struct rcu_ctrlblk {
	long completed; /* batches ended; only for rcu_batches_completed*() */
	struct rcu_head *rcucblist; /* first callback, NULL when empty */
	struct rcu_head **donetail; /* ->next of the last ready callback, or &rcucblist */
	struct rcu_head **curtail; /* ->next of the last callback, or &rcucblist */
};

extern struct rcu_ctrlblk rcu_ctrlblk; /* rcu (and rcu_sched) flavor */
extern struct rcu_ctrlblk rcu_bh_ctrlblk; /* rcu_bh flavor */

/* Quiescent-state reports: rcu (context switch, user/idle tick, idle entry) and bh. */
void rcu_qsctr_inc(int cpu);
void rcu_bh_qsctr_inc(int cpu);
/* Scheduling-clock tick: classify the interrupted context and report. */
void rcu_check_callbacks(int cpu, int user);
void __rcu_init(void);

/* The tick always calls rcu_check_callbacks(): any QS may end a grace period on UP. */
static inline int rcu_pending(int cpu)
{
	(void)cpu;
	return 1;
}

/* Never keep the tick for RCU: entering dyntick-idle is itself a QS that raises the softirq. */
static inline int rcu_needs_cpu(int cpu)
{
	(void)cpu;
	return 0;
}

static inline long rcu_batches_completed(void)
{
	return ACCESS_ONCE(rcu_ctrlblk.completed);
}

static inline long rcu_batches_completed_bh(void)
{
	return ACCESS_ONCE(rcu_bh_ctrlblk.completed);
}

#define __rcu_read_lock() preempt_disable()
#define __rcu_read_unlock() preempt_enable()
#define __rcu_read_lock_bh() local_bh_disable()
#define __rcu_read_unlock_bh() local_bh_enable()
#define __synchronize_sched() synchronize_rcu()

#if IS_ENABLED(CONFIG_NO_HZ)
void rcu_enter_nohz(void);
void rcu_exit_nohz(void);
#else
static inline void rcu_enter_nohz(void)
{
}

static inline void rcu_exit_nohz(void)
{
}
#endif /* CONFIG_NO_HZ */

/* Entering an irq leaves dyntick-idle from RCU's point of view, and leaving it re-enters. */
static inline void rcu_irq_enter(void)
{
	rcu_exit_nohz();
}

static inline void rcu_irq_exit(void)
{
	rcu_enter_nohz();
}

/* No QS can happen inside an NMI, and no other CPU can run one concurrently. */
static inline void rcu_nmi_enter(void)
{
}

static inline void rcu_nmi_exit(void)
{
}

#endif /* _LINUX_RCUTINY_H */
