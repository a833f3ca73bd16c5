/* SPDX-License-Identifier: GPL-2.0 */
/* Compiler barriers, branch hints, attributes and sparse annotations (no-ops here). */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#include <linux/kconfig.h>

/* Stops the compiler from moving memory accesses across this point. */
#define barrier() __asm__ __volatile__("" : : : "memory")

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* One access the compiler may neither tear, merge nor repeat. */
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define READ_ONCE(x) ACCESS_ONCE(x)
#define WRITE_ONCE(x, v)              \
	do {                          \
		ACCESS_ONCE(x) = (v); \
	} while (0)

/* Guarded: the simulator build also sees the C library's definitions of some of these. */
#ifndef __always_inline
#define __always_inline inline __attribute__((__always_inline__))
#endif
#ifndef noinline
#define noinline __attribute__((__noinline__))
#endif
#ifndef __used
#define __used __attribute__((__used__))
#endif
#ifndef __maybe_unused
#define __maybe_unused __attribute__((__unused__))
#endif
#ifndef __noreturn
#define __noreturn __attribute__((__noreturn__))
#endif
#ifndef __aligned
#define __aligned(x) __attribute__((__aligned__(x)))
#endif
#ifndef __printf
#define __printf(a, b) __attribute__((__format__(printf, a, b)))
#endif

/* Sparse context annotations: documentation only in this build. */
#define __acquires(x)
#define __releases(x)
#define __acquire(x) (void)0
#define __release(x) (void)0
#define __rcu

#define __stringify_1(x) #x
#define __stringify(x) __stringify_1(x)

#endif /* _LINUX_COMPILER_H */
