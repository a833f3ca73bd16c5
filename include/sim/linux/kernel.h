/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's kernel.h: BUG, WARN_ON and might_sleep report into the simulator. */
#ifndef _SIM_LINUX_KERNEL_H
#define _SIM_LINUX_KERNEL_H

/*
 * include/sim/ is the host simulator as an architecture of its own (as UML is
 * one): the torture harnesses compile with -Iinclude/sim before -Iinclude (the
 * real-threads mode with -Iinclude/sim/threads before both), the kernel builds
 * never see it, and the headers under include/linux/ and include/asm/ know
 * nothing of it. An overlay header either
 *   - has a name of include/asm/ (an architecture's part: irqflags.h,
 *     thread_info.h, spinlock.h) and replaces it, or
 *   - has a name of include/linux/, includes the shim's header with
 *     #include_next and redefines the macros the simulator changes (#undef
 *     first): only macros, and only ones no inline function in the shim
 *     expands before the overlay's definitions are made.
 */
#include_next <linux/kernel.h>
#include <bw/sim_hooks.h>

/* In the simulator a BUG or WARN is a failed run: report where, with the seed. */
#undef BUG
#undef BUG_ON
#undef WARN_ON
#undef might_sleep
#define BUG() bw_sim_bug(__FILE__, __LINE__, "BUG()")
#define BUG_ON(c)                                           \
	do {                                                \
		if (unlikely(c))                            \
			bw_sim_bug(__FILE__, __LINE__, #c); \
	} while (0)
#define WARN_ON(c)                                           \
	({                                                   \
		int __w = !!(c);                             \
		if (unlikely(__w))                           \
			bw_sim_warn(__FILE__, __LINE__, #c); \
		unlikely(__w);                               \
	})
#define might_sleep() bw_sim_might_sleep(__FILE__, __LINE__)

#endif /* _SIM_LINUX_KERNEL_H */
