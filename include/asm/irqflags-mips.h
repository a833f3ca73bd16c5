/* SPDX-License-Identifier: GPL-2.0 */
/* MIPS32r2: the Status IE bit through di/ei, ins and mtc0 (with the ehb hazard barrier). */
#ifndef _ASM_IRQFLAGS_MIPS_H
#define _ASM_IRQFLAGS_MIPS_H

#include <linux/compiler.h>

#define ST0_IE 0x00000001UL

static __always_inline unsigned long arch_local_save_flags(void)
{
	unsigned long flags;

	__asm__ __volatile__("mfc0 %0, $12" : "=r"(flags) : : "memory");
	return flags;
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__(".set push\n\t.set mips32r2\n\t"
			     "di %0\n\tehb\n\t.set pop"
			     : "=r"(flags)
			     :
			     : "memory");
	return flags & ST0_IE;
}

static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	unsigned long tmp;

	__asm__ __volatile__(".set push\n\t.set mips32r2\n\t"
			     "mfc0 %0, $12\n\tins %0, %1, 0, 1\n\t"
			     "mtc0 %0, $12\n\tehb\n\t.set pop"
			     : "=&r"(tmp)
			     : "r"(flags)
			     : "memory");
}

static __always_inline void arch_local_irq_disable(void)
{
	__asm__ __volatile__(".set push\n\t.set mips32r2\n\tdi\n\tehb\n\t.set pop" : : : "memory");
}

static __always_inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__(".set push\n\t.set mips32r2\n\tei\n\tehb\n\t.set pop" : : : "memory");
}

static __always_inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & ST0_IE);
}

static __always_inline unsigned long arch_stack_pointer(void)
{
	unsigned long sp;

	__asm__("move %0, $sp" : "=r"(sp));
	return sp;
}

#endif /* _ASM_IRQFLAGS_MIPS_H */
