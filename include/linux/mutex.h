/* SPDX-License-Identifier: GPL-2.0 */
/* struct mutex (2.6.29 layout): count, wait lock and the list of sleeping waiters. */
#ifndef _LINUX_MUTEX_H
#define _LINUX_MUTEX_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/spinlock.h>

struct mutex {
	atomic_t count; /* 1: unlocked, 0: locked, negative: locked with waiters */
	spinlock_t wait_lock; /* protects wait_list */
	struct list_head wait_list; /* sleeping waiters, FIFO */
};

#define __MUTEX_INITIALIZER(name)                                                           \
	{                                                                                   \
		.count = ATOMIC_INIT(1), .wait_lock = __SPIN_LOCK_UNLOCKED(name.wait_lock), \
		.wait_list = LIST_HEAD_INIT(name.wait_list)                                 \
	}
#define DEFINE_MUTEX(name) struct mutex name = __MUTEX_INITIALIZER(name)

/* kernel/mutex.c: undefined in the objects, provided by the simulator. */
void mutex_lock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);

#endif /* _LINUX_MUTEX_H */
