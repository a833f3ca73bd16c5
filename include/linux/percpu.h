/* SPDX-License-Identifier: GPL-2.0 */
/* Per-CPU variables as NR_CPUS-element arrays: per_cpu(var, cpu), __get_cpu_var(var). */
#ifndef _LINUX_PERCPU_H
#define _LINUX_PERCPU_H

#include <linux/smp.h>

/*
 * The kernel places per-CPU data in a section copied per CPU; an array indexed
 * by CPU number has the same footprint (NR_CPUS copies) and, on UP, the same
 * code: the index is the constant 0.
 */
#if IS_ENABLED(CONFIG_SMP)
#define DECLARE_PER_CPU(type, name) extern __typeof__(type) per_cpu__##name[NR_CPUS]
#define DEFINE_PER_CPU(type, name) __typeof__(type) per_cpu__##name[NR_CPUS]
#define per_cpu(var, cpu) (per_cpu__##var[(cpu)])
#else
/*
 * UP (2.6.28 percpu.h): one plain variable. An array would also cost bytes:
 * i386 gcc aligns arrays of 32 bytes and more to 32.
 */
#define DECLARE_PER_CPU(type, name) extern __typeof__(type) per_cpu__##name
#define DEFINE_PER_CPU(type, name) __typeof__(type) per_cpu__##name
#define per_cpu(var, cpu) (*((void)(cpu), &per_cpu__##var))
#endif
#define EXPORT_PER_CPU_SYMBOL(var) EXPORT_SYMBOL(per_cpu__##var)
#define EXPORT_PER_CPU_SYMBOL_GPL(var) EXPORT_SYMBOL_GPL(per_cpu__##var)
#define __get_cpu_var(var) per_cpu(var, smp_processor_id())

#endif /* _LINUX_PERCPU_H */
