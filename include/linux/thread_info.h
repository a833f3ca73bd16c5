/* SPDX-License-Identifier: GPL-2.0 */
/* struct thread_info (flags, preempt_count, cpu) and how to find the current one. */
#ifndef _LINUX_THREAD_INFO_H
#define _LINUX_THREAD_INFO_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/irqflags.h>

struct thread_info {
	unsigned long flags; /* TIF_* bits, e.g. TIF_NEED_RESCHED */
	int preempt_count; /* preemption, softirq, hardirq and NMI nesting: layout in hardirq.h */
	int cpu; /* CPU this thread runs on */
};

#define TIF_NEED_RESCHED 3
#define _TIF_NEED_RESCHED (1UL << TIF_NEED_RESCHED)

/* Kernel stacks are THREAD_SIZE-aligned with thread_info at their base (the 2.6 scheme). */
#define THREAD_SIZE (sizeof(long) == 8 ? 16384UL : 8192UL)

/* current_thread_info(): the architecture's (the simulator's in include/sim/asm/). */
#include <asm/thread_info.h>

/* Thread flags change from interrupts and, on SMP, from other CPUs: update them atomically. */
static inline void set_thread_flag(int flag)
{
	__atomic_fetch_or(&current_thread_info()->flags, 1UL << flag, __ATOMIC_RELAXED);
}

static inline void clear_thread_flag(int flag)
{
	__atomic_fetch_and(&current_thread_info()->flags, ~(1UL << flag), __ATOMIC_RELAXED);
}

static inline int test_thread_flag(int flag)
{
	return (READ_ONCE(current_thread_info()->flags) >> flag) & 1;
}

#endif /* _LINUX_THREAD_INFO_H */
