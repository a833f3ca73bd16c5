/* SPDX-License-Identifier: GPL-2.0 */
/* preempt_count layout and the context tests (in_irq, in_softirq, in_interrupt, in_nmi). */
#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H

#include <linux/preempt.h>

/*
 * preempt_count bits (2.6.29 layout, plus the NMI bit that arrived in 2.6.30):
 *   0- 7 preemption disable depth
 *   8-15 softirq: serving a softirq or bottom halves disabled
 *  16-25 hardirq nesting
 *  26    NMI
 */
#define PREEMPT_BITS 8
#define SOFTIRQ_BITS 8
#define HARDIRQ_BITS 10
#define NMI_BITS 1

#define PREEMPT_SHIFT 0
#define SOFTIRQ_SHIFT (PREEMPT_SHIFT + PREEMPT_BITS)
#define HARDIRQ_SHIFT (SOFTIRQ_SHIFT + SOFTIRQ_BITS)
#define NMI_SHIFT (HARDIRQ_SHIFT + HARDIRQ_BITS)

#define __IRQ_MASK(x) ((1UL << (x)) - 1)
#define PREEMPT_MASK (__IRQ_MASK(PREEMPT_BITS) << PREEMPT_SHIFT)
#define SOFTIRQ_MASK (__IRQ_MASK(SOFTIRQ_BITS) << SOFTIRQ_SHIFT)
#define HARDIRQ_MASK (__IRQ_MASK(HARDIRQ_BITS) << HARDIRQ_SHIFT)
#define NMI_MASK (__IRQ_MASK(NMI_BITS) << NMI_SHIFT)

#define PREEMPT_OFFSET (1UL << PREEMPT_SHIFT)
#define SOFTIRQ_OFFSET (1UL << SOFTIRQ_SHIFT)
#define HARDIRQ_OFFSET (1UL << HARDIRQ_SHIFT)
#define NMI_OFFSET (1UL << NMI_SHIFT)

#define hardirq_count() (preempt_count() & HARDIRQ_MASK)
#define softirq_count() (preempt_count() & SOFTIRQ_MASK)
#define irq_count() (preempt_count() & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK))

#define in_irq() (hardirq_count())
#define in_softirq() (softirq_count())
#define in_interrupt() (irq_count())
#define in_nmi() (preempt_count() & NMI_MASK)

/* Kernel entry points that call into RCU: implemented by the simulator (kernel/softirq.c). */
void irq_enter(void);
void irq_exit(void);
void nmi_enter(void);
void nmi_exit(void);

#endif /* _LINUX_HARDIRQ_H */
