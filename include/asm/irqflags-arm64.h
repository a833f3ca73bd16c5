/* SPDX-License-Identifier: GPL-2.0 */
/* arm64: the DAIF I bit through mrs/msr daif and daifset/daifclr. */
#ifndef _ASM_IRQFLAGS_ARM64_H
#define _ASM_IRQFLAGS_ARM64_H

#include <linux/compiler.h>

#define PSR_I_BIT 0x00000080UL

static __always_inline unsigned long arch_local_save_flags(void)
{
	unsigned long flags;

	__asm__ __volatile__("mrs %0, daif" : "=r"(flags) : : "memory");
	return flags;
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("mrs %0, daif\n\tmsr daifset, #2" : "=r"(flags) : : "memory");
	return flags;
}

static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("msr daif, %0" : : "r"(flags) : "memory");
}

static __always_inline void arch_local_irq_disable(void)
{
	__asm__ __volatile__("msr daifset, #2" : : : "memory");
}

static __always_inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__("msr daifclr, #2" : : : "memory");
}

static __always_inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return (flags & PSR_I_BIT) != 0;
}

static __always_inline unsigned long arch_stack_pointer(void)
{
	unsigned long sp;

	__asm__("mov %0, sp" : "=r"(sp));
	return sp;
}

#endif /* _ASM_IRQFLAGS_ARM64_H */
