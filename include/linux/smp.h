/* SPDX-License-Identifier: GPL-2.0 */
/* NR_CPUS, smp_processor_id, on_each_cpu and the reschedule IPI; the UP forms are inline. */
#ifndef _LINUX_SMP_H
#define _LINUX_SMP_H

#include <linux/kernel.h>
#include <linux/irqflags.h>
#include <linux/thread_info.h>

#define NR_CPUS CONFIG_NR_CPUS

#if !IS_ENABLED(CONFIG_SMP) && CONFIG_NR_CPUS != 1
#error "CONFIG_SMP=n requires CONFIG_NR_CPUS=1"
#endif

#if IS_ENABLED(CONFIG_SMP)

#define raw_smp_processor_id() (current_thread_info()->cpu)

/* kernel/smp.c and the arch IPI code: undefined in the objects, provided by the simulator. */
int on_each_cpu(void (*func)(void *info), void *info, int wait);
void smp_send_reschedule(int cpu);

#else /* !CONFIG_SMP */

#define raw_smp_processor_id() 0

/* One CPU: run @func here with interrupts off, as the IPI handler would. */
#define on_each_cpu(func, info, wait) \
	({                            \
		local_irq_disable();  \
		func(info);           \
		local_irq_enable();   \
		0;                    \
	})
static inline void smp_send_reschedule(int cpu)
{
	(void)cpu;
}

#endif /* CONFIG_SMP */

#define smp_processor_id() raw_smp_processor_id()
#define get_cpu()                   \
	({                          \
		preempt_disable();  \
		smp_processor_id(); \
	})
#define put_cpu() preempt_enable()

#endif /* _LINUX_SMP_H */
