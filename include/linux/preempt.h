/* SPDX-License-Identifier: GPL-2.0 */
/* preempt_disable/enable: a real counter with CONFIG_PREEMPT, a compiler barrier without. */
#ifndef _LINUX_PREEMPT_H
#define _LINUX_PREEMPT_H

#include <linux/thread_info.h>

#define preempt_count() (current_thread_info()->preempt_count)
#define add_preempt_count(val)            \
	do {                              \
		preempt_count() += (val); \
	} while (0)
#define sub_preempt_count(val)            \
	do {                              \
		preempt_count() -= (val); \
	} while (0)
#define inc_preempt_count() add_preempt_count(1)
#define dec_preempt_count() sub_preempt_count(1)

/* Out of line in the scheduler: left undefined in the objects, provided by the simulator. */
void preempt_schedule(void);

/* An interleaving point for the simulator (include/sim/linux/preempt.h); nothing in the kernel. */
#define __bw_preempt_point() \
	do {                 \
	} while (0)

#if IS_ENABLED(CONFIG_PREEMPT)

#define preempt_disable()            \
	do {                         \
		inc_preempt_count(); \
		barrier();           \
	} while (0)
#define preempt_enable_no_resched()  \
	do {                         \
		barrier();           \
		dec_preempt_count(); \
	} while (0)
#define preempt_check_resched()                                   \
	do {                                                      \
		if (unlikely(test_thread_flag(TIF_NEED_RESCHED))) \
			preempt_schedule();                       \
	} while (0)
#define preempt_enable()                     \
	do {                                 \
		preempt_enable_no_resched(); \
		barrier();                   \
		preempt_check_resched();     \
		__bw_preempt_point();        \
	} while (0)

#else /* !CONFIG_PREEMPT */

/* A non-preemptible kernel switches only at explicit schedule() calls: nothing to count. */
#define preempt_disable() barrier()
#define preempt_enable_no_resched() barrier()
#define preempt_check_resched() \
	do {                    \
	} while (0)
#define preempt_enable()              \
	do {                          \
		barrier();            \
		__bw_preempt_point(); \
	} while (0)

#endif /* CONFIG_PREEMPT */

#endif /* _LINUX_PREEMPT_H */
