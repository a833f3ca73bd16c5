/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's interrupt flags: the simulated CPU's mask (overlay rule: include/sim/linux/kernel.h). */
#ifndef _ASM_IRQFLAGS_H
#define _ASM_IRQFLAGS_H

#include <bw/sim_hooks.h>

/* flags value: 1 = interrupts were disabled, 0 = enabled. */
static inline unsigned long arch_local_save_flags(void)
{
	return bw_sim_irqs_off();
}

static inline unsigned long arch_local_irq_save(void)
{
	return bw_sim_irq_save();
}

/* Re-enabling interrupts is where a pending simulated interrupt may be taken. */
static inline void arch_local_irq_restore(unsigned long flags)
{
	bw_sim_irq_restore(flags);
}

static inline void arch_local_irq_disable(void)
{
	bw_sim_irq_save();
}

static inline void arch_local_irq_enable(void)
{
	bw_sim_irq_restore(0);
}

static inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return flags != 0;
}

#endif /* _ASM_IRQFLAGS_H */
