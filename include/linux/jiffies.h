/* SPDX-License-Identifier: GPL-2.0 */
/* jiffies and the wrap-safe comparisons on it. */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <linux/compiler.h>

#if !defined(HZ) && defined(CONFIG_HZ)
#define HZ CONFIG_HZ
#endif
#ifndef HZ
#define HZ 1000
#endif

/* Advanced by the timer tick (kernel/timer.c); defined by the simulator. */
extern volatile unsigned long jiffies;

#define time_after(a, b) ((long)((b) - (a)) < 0)
#define time_before(a, b) time_after(b, a)
#define time_after_eq(a, b) ((long)((a) - (b)) >= 0)
#define time_before_eq(a, b) time_after_eq(b, a)

#endif /* _LINUX_JIFFIES_H */
