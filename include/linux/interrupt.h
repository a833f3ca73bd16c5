/* SPDX-License-Identifier: GPL-2.0 */
/* Softirqs: the vector numbers, open_softirq/raise_softirq and bottom-half disabling. */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/hardirq.h>

/* 2.6.29 numbering: a lower number runs first in __do_softirq(). */
enum {
	HI_SOFTIRQ = 0,
	TIMER_SOFTIRQ,
	NET_TX_SOFTIRQ,
	NET_RX_SOFTIRQ,
	BLOCK_SOFTIRQ,
	TASKLET_SOFTIRQ,
	SCHED_SOFTIRQ,
	HRTIMER_SOFTIRQ,
	RCU_SOFTIRQ,
	NR_SOFTIRQS
};

struct softirq_action {
	void (*action)(
		struct softirq_action *); /* the handler, run with irqs on in softirq context */
};

/* kernel/softirq.c services: undefined in the objects, provided by the simulator. */
void open_softirq(int nr, void (*action)(struct softirq_action *));
void raise_softirq(unsigned int nr);
void raise_softirq_irqoff(unsigned int nr);
void local_bh_disable(void);
void local_bh_enable(void);
void do_softirq(void);

#endif /* _LINUX_INTERRUPT_H */
