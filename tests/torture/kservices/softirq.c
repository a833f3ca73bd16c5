// SPDX-License-Identifier: GPL-2.0
/* Softirqs and bottom halves (kernel/softirq.c), the same in both models. */

#include <linux/rcupdate.h>
#include <linux/hardirq.h>
#include <linux/interrupt.h>
#include "kservices.h"

struct softirq_action bw_k_softirq_vec[NR_SOFTIRQS];

#define MAX_SOFTIRQ_RESTART 10

void raise_softirq_irqoff(unsigned int nr)
{
	struct bw_kcpu *c = bw_k_this();

	if (!c->irqs_off)
		bw_k_fail("raise_softirq_irqoff(%u) with interrupts enabled", nr);
	c->softirq_pending |= 1UL << nr;
	if (!in_interrupt())
		bw_k_wakeup_softirqd(c);
}

void raise_softirq(unsigned int nr)
{
	unsigned long flags = bw_sim_irq_save();

	raise_softirq_irqoff(nr);
	bw_sim_irq_restore(flags);
}

/*
 * __do_softirq(): runs the handlers with interrupts on; each must return with
 * preemption, readers, locks and the mask as it found them, and its end is a
 * bh quiescent state. Softirqs raised meanwhile run again, a few times at most,
 * then are left to ksoftirqd.
 */
void bw_k_do_softirq_irqoff(struct bw_kcpu *c)
{
	int restart = MAX_SOFTIRQ_RESTART, nr;
	unsigned long pending = c->softirq_pending;

	add_preempt_count(SOFTIRQ_OFFSET);
	bw_k_observe(c, BW_K_SOFTIRQ_RUN, 0);
	for (;;) {
		c->softirq_pending = 0;
		bw_k_softirq_irq_restore(0);
		for (nr = 0; pending; nr++, pending >>= 1) {
			int count = preempt_count(), r0 = c->readers[0], r1 = c->readers[1];
			int locks = c->locks_held;

			if (!(pending & 1))
				continue;
			if (!bw_k_softirq_vec[nr].action)
				bw_k_fail("softirq %d raised but never opened", nr);
			bw_k_observe(c, BW_K_SOFTIRQ_BEGIN, nr);
			bw_k_softirq_vec[nr].action(&bw_k_softirq_vec[nr]);
			if (preempt_count() != count || c->readers[0] != r0 ||
			    c->readers[1] != r1 || c->locks_held != locks || c->irqs_off)
				bw_k_fail(
					"softirq %d handler returned unbalanced (preempt_count %#x, "
					"irqs_off %d)",
					nr, preempt_count(), c->irqs_off);
			bw_k_observe(c, BW_K_SOFTIRQ_END, nr);
			rcu_bh_qsctr_inc(c->id);
		}
		c->irqs_off = 1;
		pending = c->softirq_pending;
		if (!pending || --restart == 0)
			break;
	}
	if (pending)
		bw_k_wakeup_softirqd(c);
	sub_preempt_count(SOFTIRQ_OFFSET);
}

void do_softirq(void)
{
	struct bw_kcpu *c = bw_k_this();
	unsigned long flags;

	if (in_interrupt())
		return;
	flags = bw_sim_irq_save();
	if (c->softirq_pending)
		bw_k_do_softirq_irqoff(c);
	bw_k_softirq_irq_restore(flags);
}

void local_bh_disable(void)
{
	add_preempt_count(SOFTIRQ_OFFSET);
	barrier();
}

void local_bh_enable(void)
{
	struct bw_kcpu *c = bw_k_this();

	if (in_irq() || c->irqs_off)
		bw_k_fail("local_bh_enable() in hardirq or with interrupts off");
	if (!softirq_count())
		bw_k_fail("local_bh_enable() without local_bh_disable()");
	sub_preempt_count(SOFTIRQ_OFFSET - 1);
	if (!in_interrupt() && c->softirq_pending)
		do_softirq();
	dec_preempt_count();
	bw_sim_preempt_point();
}
