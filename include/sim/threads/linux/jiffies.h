/* SPDX-License-Identifier: GPL-2.0 */
/* The real-threads mode's jiffies: an atomic load (overlay rule: include/sim/linux/kernel.h). */
#ifndef _SIM_THREADS_LINUX_JIFFIES_H
#define _SIM_THREADS_LINUX_JIFFIES_H

#include_next <linux/jiffies.h>

/* One CPU thread's tick writes it while the others read it. */
extern unsigned long bw_sim_jiffies;
#define jiffies __atomic_load_n(&bw_sim_jiffies, __ATOMIC_RELAXED)

#endif /* _SIM_THREADS_LINUX_JIFFIES_H */
