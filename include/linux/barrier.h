/* SPDX-License-Identifier: GPL-2.0 */
/* Memory barriers: real fences on SMP, compiler barriers on UP (the simulator's: include/sim/). */
#ifndef _LINUX_BARRIER_H
#define _LINUX_BARRIER_H

#include <linux/compiler.h>

#if IS_ENABLED(CONFIG_SMP)
#define smp_mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_wmb() __atomic_thread_fence(__ATOMIC_RELEASE)
#else
#define smp_mb() barrier()
#define smp_rmb() barrier()
#define smp_wmb() barrier()
#endif
#define smp_read_barrier_depends() \
	do {                       \
	} while (0) /* Alpha only */
#define smp_mb__before_atomic_dec() smp_mb()
#define smp_mb__after_atomic_dec() smp_mb()
#define smp_mb__after_atomic_inc() smp_mb()

#endif /* _LINUX_BARRIER_H */
