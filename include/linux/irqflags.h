/* SPDX-License-Identifier: GPL-2.0 */
/* local_irq_save/restore/disable/enable and irqs_disabled() on top of the arch primitives. */
#ifndef _LINUX_IRQFLAGS_H
#define _LINUX_IRQFLAGS_H

#include <linux/types.h>
#include <asm/irqflags.h>

#define local_irq_save(flags)                    \
	do {                                     \
		(flags) = arch_local_irq_save(); \
	} while (0)
#define local_irq_restore(flags) arch_local_irq_restore(flags)
#define local_irq_disable() arch_local_irq_disable()
#define local_irq_enable() arch_local_irq_enable()
#define local_save_flags(flags)                    \
	do {                                       \
		(flags) = arch_local_save_flags(); \
	} while (0)
#define irqs_disabled_flags(flags) arch_irqs_disabled_flags(flags)
#define irqs_disabled() arch_irqs_disabled_flags(arch_local_save_flags())

#endif /* _LINUX_IRQFLAGS_H */
