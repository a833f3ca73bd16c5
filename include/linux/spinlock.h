/* SPDX-License-Identifier: GPL-2.0 */
/* spinlock_t and spin_lock() & co for the RCU variants. */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/kernel.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>

/* spinlock_t and the lock calls: the architecture's (the simulator's in include/sim/asm/). */
#include <asm/spinlock.h>

#define DEFINE_SPINLOCK(x) spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

#endif /* _LINUX_SPINLOCK_H */
