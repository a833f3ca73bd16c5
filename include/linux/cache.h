/* SPDX-License-Identifier: GPL-2.0 */
/* L1 cache line size per architecture and the SMP-only cache-line alignment of hot structures. */
#ifndef _LINUX_CACHE_H
#define _LINUX_CACHE_H

#include <linux/compiler.h>

/* The line size each architecture's kernel of the era assumed (CONFIG_*_L1_CACHE_SHIFT defaults). */
#if defined(__powerpc__) || defined(__mips__)
#define L1_CACHE_SHIFT 5
#else
#define L1_CACHE_SHIFT 6
#endif
#define L1_CACHE_BYTES (1 << L1_CACHE_SHIFT)
#define INTERNODE_CACHE_SHIFT L1_CACHE_SHIFT

/*
 * Data written by many CPUs gets a line of its own on SMP so that CPUs do not
 * bounce unrelated data between caches; a UP kernel has nothing to separate and
 * pays no padding.
 */
#if IS_ENABLED(CONFIG_SMP)
#define ____cacheline_internodealigned_in_smp \
	__attribute__((__aligned__(1 << INTERNODE_CACHE_SHIFT)))
#else
#define ____cacheline_internodealigned_in_smp
#endif

#endif /* _LINUX_CACHE_H */
