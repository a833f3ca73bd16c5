/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's barriers: compiler barriers (overlay rule: include/sim/linux/kernel.h). */
#ifndef _SIM_LINUX_BARRIER_H
#define _SIM_LINUX_BARRIER_H

#include_next <linux/barrier.h>

/*
 * The simulator runs one simulated CPU at a time on one host thread, so its
 * executions are sequentially consistent and a compiler barrier is exact
 * (the real-threads mode keeps the real fences: include/sim/threads/).
 */
#undef smp_mb
#undef smp_rmb
#undef smp_wmb
#define smp_mb() barrier()
#define smp_rmb() barrier()
#define smp_wmb() barrier()

#endif /* _SIM_LINUX_BARRIER_H */
