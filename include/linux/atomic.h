/* SPDX-License-Identifier: GPL-2.0 */
/* atomic_t on the compiler's __atomic builtins: one interrupt-safe instruction or ll/sc loop. */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/compiler.h>

typedef struct {
	int counter;
} atomic_t;

#define ATOMIC_INIT(i) \
	{              \
		(i)    \
	}

/* UP only needs atomicity against interrupts; SMP also needs ordering (value-returning ops are full barriers). */
#if IS_ENABLED(CONFIG_SMP)
#define __BW_ATOMIC_ORDER __ATOMIC_SEQ_CST
#else
#define __BW_ATOMIC_ORDER __ATOMIC_RELAXED
#endif

#define atomic_read(v) READ_ONCE((v)->counter)
#define atomic_set(v, i) WRITE_ONCE((v)->counter, (i))

static inline void atomic_inc(atomic_t *v)
{
	__atomic_fetch_add(&v->counter, 1, __ATOMIC_RELAXED);
}

static inline void atomic_dec(atomic_t *v)
{
	__atomic_fetch_sub(&v->counter, 1, __ATOMIC_RELAXED);
}

static inline void atomic_add(int i, atomic_t *v)
{
	__atomic_fetch_add(&v->counter, i, __ATOMIC_RELAXED);
}

static inline int atomic_add_return(int i, atomic_t *v)
{
	return __atomic_add_fetch(&v->counter, i, __BW_ATOMIC_ORDER);
}

static inline int atomic_sub_return(int i, atomic_t *v)
{
	return __atomic_sub_fetch(&v->counter, i, __BW_ATOMIC_ORDER);
}

#define atomic_inc_return(v) atomic_add_return(1, (v))
#define atomic_dec_return(v) atomic_sub_return(1, (v))
#define atomic_dec_and_test(v) (atomic_sub_return(1, (v)) == 0)

#endif /* _LINUX_ATOMIC_H */
