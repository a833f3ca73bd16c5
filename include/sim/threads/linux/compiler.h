/* SPDX-License-Identifier: GPL-2.0 */
/* The real-threads mode's READ_ONCE/WRITE_ONCE: C11 atomics (overlay rule: include/sim/linux/kernel.h). */
#ifndef _SIM_THREADS_LINUX_COMPILER_H
#define _SIM_THREADS_LINUX_COMPILER_H

#include_next <linux/compiler.h>

/*
 * Marked accesses are C11 atomics, so ThreadSanitizer sees them as intended
 * races. Acquire/release stand in for the fences that TSan does not model
 * (smp_mb() pairs with such accesses in the algorithms).
 */
#undef READ_ONCE
#undef WRITE_ONCE
#define READ_ONCE(x) __atomic_load_n(&(x), __ATOMIC_ACQUIRE)
#define WRITE_ONCE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELEASE)

#endif /* _SIM_THREADS_LINUX_COMPILER_H */
