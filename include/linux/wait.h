/* SPDX-License-Identifier: GPL-2.0 */
/* wait_queue_head_t: a lock and a list of sleeping tasks. */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/list.h>
#include <linux/spinlock.h>

typedef struct __wait_queue_head {
	spinlock_t lock; /* protects task_list */
	struct list_head task_list; /* waiters, in arrival order */
} wait_queue_head_t;

#define __WAIT_QUEUE_HEAD_INITIALIZER(name)                             \
	{                                                               \
		.lock = __SPIN_LOCK_UNLOCKED(name.lock), .task_list = { \
			&(name).task_list,                              \
			&(name).task_list                               \
		}                                                       \
	}

static inline void init_waitqueue_head(wait_queue_head_t *q)
{
	spin_lock_init(&q->lock);
	INIT_LIST_HEAD(&q->task_list);
}

#endif /* _LINUX_WAIT_H */
