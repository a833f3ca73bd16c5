/* SPDX-License-Identifier: GPL-2.0 */
/* 32-bit PowerPC (classic MMU): the MSR EE bit through mfmsr/mtmsr. */
#ifndef _ASM_IRQFLAGS_POWERPC_H
#define _ASM_IRQFLAGS_POWERPC_H

#include <linux/compiler.h>

#define MSR_EE 0x00008000UL

static __always_inline unsigned long arch_local_save_flags(void)
{
	unsigned long msr;

	__asm__ __volatile__("mfmsr %0" : "=r"(msr) : : "memory");
	return msr;
}

static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("mtmsr %0" : : "r"(flags) : "memory");
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = arch_local_save_flags();

	arch_local_irq_restore(flags & ~MSR_EE);
	return flags;
}

static __always_inline void arch_local_irq_disable(void)
{
	arch_local_irq_restore(arch_local_save_flags() & ~MSR_EE);
}

static __always_inline void arch_local_irq_enable(void)
{
	arch_local_irq_restore(arch_local_save_flags() | MSR_EE);
}

static __always_inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & MSR_EE);
}

static __always_inline unsigned long arch_stack_pointer(void)
{
	unsigned long sp;

	__asm__("mr %0, 1" : "=r"(sp));
	return sp;
}

#endif /* _ASM_IRQFLAGS_POWERPC_H */
