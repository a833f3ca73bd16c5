/* SPDX-License-Identifier: GPL-2.0 */
/* Memory barriers: real fences on SMP kernel builds, compiler barriers on UP and in the simulator. */
#ifndef _LINUX_BARRIER_H
#define _LINUX_BARRIER_H

#include <linux/compiler.h>

/*
 * The simulator runs one simulated CPU at a time on one host thread, so its
 * executions are sequentially consistent and a compiler barrier is exact; its
 * real-threads mode (BW_THREADS) needs the real fences.
 */
#if IS_ENABLED(CONFIG_SMP) && (!defined(BW_SIM) || defined(BW_THREADS))
#define smp_mb()	__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb()	__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define smp_wmb()	__atomic_thread_fence(__ATOMIC_RELEASE)
#else
#define smp_mb()	barrier()
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()
#endif
#define smp_read_barrier_depends()	do { } while (0)	/* Alpha only */
#define smp_mb__before_atomic_dec()	smp_mb()
#define smp_mb__after_atomic_dec()	smp_mb()
#define smp_mb__after_atomic_inc()	smp_mb()

#endif /* _LINUX_BARRIER_H */
