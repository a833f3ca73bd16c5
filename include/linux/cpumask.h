/* SPDX-License-Identifier: GPL-2.0 */
/* cpumask_t bitmaps and the online/possible CPU maps. */
#ifndef _LINUX_CPUMASK_H
#define _LINUX_CPUMASK_H

#include <linux/smp.h>

typedef struct cpumask {
	unsigned long bits[BITS_TO_LONGS(NR_CPUS)]; /* bit n set: CPU n is in the mask */
} cpumask_t;

#define __CPU_WORD(cpu) ((cpu) / BITS_PER_LONG)
#define __CPU_BIT(cpu) (1UL << ((cpu) % BITS_PER_LONG))

/*
 * As in the kernel, cpu_set/cpu_clear are atomic bit operations (CPUs update their own
 * bits of a shared mask, e.g. nohz_cpu_mask, concurrently) and lock-free readers load
 * whole words once; __cpu_set/__cpu_clear are the non-atomic forms.
 */
#define cpu_set(cpu, mask) \
	((void)__atomic_fetch_or(&(mask).bits[__CPU_WORD(cpu)], __CPU_BIT(cpu), __ATOMIC_RELAXED))
#define cpu_clear(cpu, mask) \
	((void)__atomic_fetch_and(&(mask).bits[__CPU_WORD(cpu)], ~__CPU_BIT(cpu), __ATOMIC_RELAXED))
#define __cpu_set(cpu, mask) ((mask).bits[__CPU_WORD(cpu)] |= __CPU_BIT(cpu))
#define __cpu_clear(cpu, mask) ((mask).bits[__CPU_WORD(cpu)] &= ~__CPU_BIT(cpu))
#define cpu_isset(cpu, mask) ((READ_ONCE((mask).bits[__CPU_WORD(cpu)]) & __CPU_BIT(cpu)) != 0)

static inline void __cpus_clear(cpumask_t *m)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(m->bits); i++)
		WRITE_ONCE(m->bits[i], 0);
}
#define cpus_clear(mask) __cpus_clear(&(mask))

static inline void __cpus_and(cpumask_t *d, const cpumask_t *a, const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(d->bits); i++)
		WRITE_ONCE(d->bits[i], READ_ONCE(a->bits[i]) & READ_ONCE(b->bits[i]));
}
#define cpus_and(dst, a, b) __cpus_and(&(dst), &(a), &(b))

static inline void __cpus_andnot(cpumask_t *d, const cpumask_t *a, const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(d->bits); i++)
		WRITE_ONCE(d->bits[i], READ_ONCE(a->bits[i]) & ~READ_ONCE(b->bits[i]));
}
#define cpus_andnot(dst, a, b) __cpus_andnot(&(dst), &(a), &(b))

static inline int __cpus_empty(const cpumask_t *m)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(m->bits); i++)
		if (READ_ONCE(m->bits[i]))
			return 0;
	return 1;
}
#define cpus_empty(mask) __cpus_empty(&(mask))

/* Population count without libgcc helpers (kernel objects must not need them). */
static inline int hweight_long(unsigned long w)
{
	int n = 0;

	for (; w; w &= w - 1)
		n++;
	return n;
}

static inline int __cpus_weight(const cpumask_t *m)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < ARRAY_SIZE(m->bits); i++)
		n += hweight_long(READ_ONCE(m->bits[i]));
	return n;
}
#define cpus_weight(mask) __cpus_weight(&(mask))

#define for_each_cpu_mask(cpu, mask)              \
	for ((cpu) = 0; (cpu) < NR_CPUS; (cpu)++) \
		if (!cpu_isset((cpu), (mask)))    \
			;                         \
		else

#define for_each_possible_cpu(cpu) for ((cpu) = 0; (cpu) < NR_CPUS; (cpu)++)

#if IS_ENABLED(CONFIG_SMP)
/* kernel/cpu.c data: undefined in the objects, maintained by the simulator. */
extern cpumask_t cpu_online_map;
extern cpumask_t cpu_possible_map;
#define cpu_online(cpu) cpu_isset((cpu), cpu_online_map)
#define num_online_cpus() cpus_weight(cpu_online_map)
#else
/* One CPU, always online (2.6.28: cpumask_of_cpu(0)); no variable to load. */
#define cpu_online_map ((cpumask_t){ { 1UL } })
#define cpu_possible_map ((cpumask_t){ { 1UL } })
#define cpu_online(cpu) ((cpu) == 0)
#define num_online_cpus() 1
#endif

#define cpu_is_offline(cpu) unlikely(!cpu_online(cpu))

#define for_each_online_cpu(cpu)      \
	for_each_possible_cpu(cpu)    \
		if (!cpu_online(cpu)) \
			;             \
		else

#endif /* _LINUX_CPUMASK_H */
