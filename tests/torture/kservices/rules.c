// SPDX-License-Identifier: GPL-2.0
/* API rules the kernel services enforce (blocking, readers, irq-safe locks); BUG/WARN fail runs. */

#include <stdarg.h>

#include <linux/rcupdate.h>
#include <linux/hardirq.h>
#include "kservices.h"

void bw_k_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bw_k_vfail(fmt, ap);
}

void bw_sim_bug(const char *file, int line, const char *what)
{
	bw_k_fail("BUG at %s:%d: %s", file, line, what);
}

void bw_sim_warn(const char *file, int line, const char *what)
{
	bw_k_fail("WARNING at %s:%d: %s", file, line, what);
}

int bw_k_atomic_ctx(const struct bw_kcpu *c)
{
	return c->ti.preempt_count || c->irqs_off || c->locks_held || c->readers[0] ||
	       c->readers[1];
}

/* Blocking is legal only in task context, interrupts on, no reader, lock or preemption off. */
void bw_k_check_may_block(const struct bw_kcpu *c, const char *what)
{
	if (c->ti.preempt_count & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK))
		bw_k_fail("%s in interrupt or bh-disabled context (preempt_count %#x)", what,
			  c->ti.preempt_count);
	if (c->readers[BW_RCU] || c->readers[BW_RCU_BH])
		bw_k_fail("%s inside an RCU read-side critical section", what);
	if (bw_k_atomic_ctx(c))
		bw_k_fail("%s in atomic context (irqs_off %d, locks %d, preempt_count %#x)", what,
			  c->irqs_off, c->locks_held, c->ti.preempt_count);
}

void bw_sim_reader(int flavor, int delta)
{
	struct bw_kcpu *c = bw_k_this();

	c->readers[flavor] += delta;
	if (c->readers[flavor] < 0)
		bw_k_fail("rcu_read_unlock%s() without a matching lock", flavor ? "_bh" : "");
}

void bw_k_lock_usage(const struct bw_kcpu *c, struct bw_sim_spinlock *l)
{
	unsigned int used = in_irq() ? BW_SIM_LOCK_IN_IRQ : !c->irqs_off ? BW_SIM_LOCK_IRQS_ON : 0;

	if (!used)
		return;
	used |= __atomic_fetch_or(&l->used, used, __ATOMIC_RELAXED);
	if ((used & (BW_SIM_LOCK_IN_IRQ | BW_SIM_LOCK_IRQS_ON)) ==
	    (BW_SIM_LOCK_IN_IRQ | BW_SIM_LOCK_IRQS_ON))
		bw_k_fail("lock %s taken in hardirq and elsewhere with irqs on: an interrupt can "
			  "deadlock on it",
			  l->name);
}
