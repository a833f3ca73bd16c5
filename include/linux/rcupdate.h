/* SPDX-License-Identifier: GPL-2.0 */
/* The RCU API common to every variant: rcu_head, readers, publish/subscribe, update-side calls. */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/kernel.h>
#include <linux/barrier.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/interrupt.h>
#include <linux/preempt.h>

/* One queued callback: @func runs with this head once a grace period has elapsed. */
struct rcu_head {
	struct rcu_head *next; /* list link; callbacks are only appended at a tail */
	void (*func)(struct rcu_head *head); /* recovers its object with container_of() */
};

#define RCU_HEAD_INIT                      \
	{                                  \
		.next = NULL, .func = NULL \
	}
#define RCU_HEAD(head) struct rcu_head head = RCU_HEAD_INIT
#define INIT_RCU_HEAD(ptr)          \
	do {                        \
		(ptr)->next = NULL; \
		(ptr)->func = NULL; \
	} while (0)

/* The variant is a Kconfig choice: exactly one of these is set. */
#if defined(CONFIG_TINY_RCU)
#include <linux/rcutiny.h>
#elif defined(CONFIG_CLASSIC_RCU)
#include <linux/rcuclassic.h>
#elif defined(CONFIG_TREE_RCU)
#include <linux/rcutree.h>
#else
#error "no RCU variant selected: set CONFIG_TINY_RCU, CONFIG_CLASSIC_RCU or CONFIG_TREE_RCU"
#endif

#ifndef CONFIG_TINY_RCU
/* With one CPU online, any legal blocking point is already a grace period (2.6.29). */
static inline int rcu_blocking_is_gp(void)
{
	might_sleep();
	return num_online_cpus() == 1;
}
#endif

/* Reader bookkeeping for the simulator (include/sim/linux/rcupdate.h); nothing in the kernel. */
#define __bw_sim_reader(flavor, delta) \
	do {                           \
	} while (0)

/*
 * Readers. Nested sections count as one. A pointer fetched with
 * rcu_dereference() may be used until the outermost unlock.
 */
#define rcu_read_lock()                     \
	do {                                \
		__rcu_read_lock();          \
		__acquire(RCU);             \
		__bw_sim_reader(BW_RCU, 1); \
	} while (0)
#define rcu_read_unlock()                    \
	do {                                 \
		__bw_sim_reader(BW_RCU, -1); \
		__release(RCU);              \
		__rcu_read_unlock();         \
	} while (0)
#define rcu_read_lock_bh()                     \
	do {                                   \
		__rcu_read_lock_bh();          \
		__acquire(RCU_BH);             \
		__bw_sim_reader(BW_RCU_BH, 1); \
	} while (0)
#define rcu_read_unlock_bh()                    \
	do {                                    \
		__bw_sim_reader(BW_RCU_BH, -1); \
		__release(RCU_BH);              \
		__rcu_read_unlock_bh();         \
	} while (0)
/* rcu_sched readers are plain preemption-disabled regions, waited for by synchronize_sched(). */
#define rcu_read_lock_sched()               \
	do {                                \
		preempt_disable();          \
		__acquire(RCU_SCHED);       \
		__bw_sim_reader(BW_RCU, 1); \
	} while (0)
#define rcu_read_unlock_sched()              \
	do {                                 \
		__bw_sim_reader(BW_RCU, -1); \
		__release(RCU_SCHED);        \
		preempt_enable();            \
	} while (0)

/* Subscribe: one load of the pointer, ordered before the loads through it. */
#define rcu_dereference(p)                                \
	({                                                \
		__typeof__(p) _________p1 = READ_ONCE(p); \
		smp_read_barrier_depends();               \
		(_________p1);                            \
	})

/* Publish: initialisation of *v is ordered before the store (no barrier for a constant NULL). */
#define rcu_assign_pointer(p, v)                               \
	({                                                     \
		if (!__builtin_constant_p(v) || ((v) != NULL)) \
			smp_wmb();                             \
		WRITE_ONCE(p, v);                              \
	})

/* In these non-preemptible variants the sched flavor is the rcu flavor. */
#define synchronize_sched() __synchronize_sched()
#define call_rcu_sched(head, func) call_rcu(head, func)

/* A stack-allocated waiter for one grace period: wakeme_after_rcu() completes it. */
struct rcu_synchronize {
	struct rcu_head head; /* queued with the flavor's call_rcu */
	struct completion completion; /* completed from the callback */
};

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
void call_rcu_bh(struct rcu_head *head, void (*func)(struct rcu_head *head));
void synchronize_rcu(void);
void wakeme_after_rcu(struct rcu_head *head);
void rcu_barrier(void);
void rcu_barrier_bh(void);
void rcu_barrier_sched(void);
void rcu_init(void);

#endif /* _LINUX_RCUPDATE_H */
