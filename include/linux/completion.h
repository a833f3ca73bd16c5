/* SPDX-License-Identifier: GPL-2.0 */
/* struct completion: a counter of completions and the tasks waiting for one. */
#ifndef _LINUX_COMPLETION_H
#define _LINUX_COMPLETION_H

#include <linux/wait.h>

struct completion {
	unsigned int done; /* complete() calls not yet consumed by a waiter */
	wait_queue_head_t wait; /* tasks blocked in wait_for_completion() */
};

static inline void init_completion(struct completion *x)
{
	x->done = 0;
	init_waitqueue_head(&x->wait);
}

/* kernel/sched.c: undefined in the objects, provided by the simulator (which really blocks). */
void complete(struct completion *x);
void wait_for_completion(struct completion *x);

#endif /* _LINUX_COMPLETION_H */
