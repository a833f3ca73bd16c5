/* SPDX-License-Identifier: GPL-2.0 */
/* The scheduler interface RCU uses: need_resched flags, schedule, idle_cpu, cond_resched. */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/kernel.h>
#include <linux/preempt.h>

static inline int need_resched(void)
{
	return unlikely(test_thread_flag(TIF_NEED_RESCHED));
}

/* Ask the current CPU to reschedule at its next preemption or schedule point. */
static inline void set_need_resched(void)
{
	set_thread_flag(TIF_NEED_RESCHED);
}

#if IS_ENABLED(CONFIG_NO_HZ)
#include <linux/cpumask.h>
/* kernel/sched.c: CPUs idle with the tick stopped for more than a jiffy (kept by tick-sched). */
extern cpumask_t nohz_cpu_mask;
#else
/* Without dynticks no CPU ever stops its tick. */
#define nohz_cpu_mask ((cpumask_t){ { 0 } })
#endif

/* kernel/sched.c services: undefined in the objects, provided by the simulator. */
void schedule(void);
int idle_cpu(int cpu);
int cond_resched(void);

#endif /* _LINUX_SCHED_H */
