/* SPDX-License-Identifier: GPL-2.0 */
/* The real-threads mode's barriers: the kernel's real fences, not the simulator's compiler barriers. */
#ifndef _SIM_THREADS_LINUX_BARRIER_H
#define _SIM_THREADS_LINUX_BARRIER_H

/* Found before include/sim/linux/barrier.h, which it skips: the shim's header as it is. */
#include "../../../linux/barrier.h"

#endif /* _SIM_THREADS_LINUX_BARRIER_H */
