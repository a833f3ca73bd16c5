// SPDX-License-Identifier: GPL-2.0
/* Interrupt mask, hardirq and NMI entry and exit (kernel/softirq.c), the same in both models. */

#include <linux/rcupdate.h>
#include <linux/hardirq.h>
#include <linux/interrupt.h>
#include <linux/cpumask.h>
#include <linux/sched.h>
#include "kservices.h"

#if IS_ENABLED(CONFIG_NO_HZ)
cpumask_t nohz_cpu_mask; /* CPUs in dyntick-idle (Classic RCU leaves them out of batches) */
#endif

/* ---- the interrupt mask behind local_irq_save/restore ---- */

unsigned long bw_sim_irqs_off(void)
{
	return (unsigned long)bw_k_this()->irqs_off;
}

unsigned long bw_sim_irq_save(void)
{
	struct bw_kcpu *c = bw_k_this();
	unsigned long flags = (unsigned long)c->irqs_off;

	c->irqs_off = 1;
	return flags;
}

/* Re-enabling interrupts is a point where pending ones are taken. */
void bw_sim_irq_restore(unsigned long flags)
{
	bw_k_this()->irqs_off = flags ? 1 : 0;
	if (!flags)
		bw_sim_preempt_point();
}

/* ---- hardirq entry and exit ---- */

void irq_enter(void)
{
	struct bw_kcpu *c = bw_k_this();

	bw_k_observe(c, BW_K_IRQ_ENTER, 0);
	rcu_irq_enter();
#if IS_ENABLED(CONFIG_NO_HZ)
	/* tick_nohz_update_jiffies(): an interrupted dyntick-idle CPU leaves nohz_cpu_mask */
	if (__atomic_load_n(&c->tick_stopped, __ATOMIC_RELAXED))
		cpu_clear(c->id, nohz_cpu_mask);
#endif
	add_preempt_count(HARDIRQ_OFFSET);
}

void irq_exit(void)
{
	struct bw_kcpu *c = bw_k_this();

	sub_preempt_count(HARDIRQ_OFFSET - 1);
	if (!in_interrupt() && c->softirq_pending)
		bw_k_do_softirq_irqoff(c);
	bw_k_observe(c, BW_K_IRQ_EXIT, 0);
	if (IS_ENABLED(CONFIG_NO_HZ)) {
		rcu_irq_exit();
		if (idle_cpu(c->id) && !in_interrupt() && !need_resched())
			bw_k_tick_nohz_stop(0);
	}
	sub_preempt_count(1);
}

void nmi_enter(void)
{
	rcu_nmi_enter();
	add_preempt_count(NMI_OFFSET + HARDIRQ_OFFSET);
}

void nmi_exit(void)
{
	sub_preempt_count(NMI_OFFSET + HARDIRQ_OFFSET);
	rcu_nmi_exit();
}

/* The CPU masks interrupts on entry; the handler leaves mask, preemption and readers as found. */
void bw_k_hardirq(struct bw_kcpu *c, unsigned int line, int user)
{
	int count = preempt_count(), r0 = c->readers[0], r1 = c->readers[1];

	c->irqs_off = 1;
	irq_enter();
	bw_k_irq_body(c, line, user);
	if (!c->irqs_off)
		bw_k_fail("irq handler returned with interrupts enabled");
	irq_exit();
	if (preempt_count() != count || c->readers[0] != r0 || c->readers[1] != r1)
		bw_k_fail("interrupt returned unbalanced (preempt_count %#x, was %#x)",
			  preempt_count(), count);
	c->irqs_off = 0;
}
