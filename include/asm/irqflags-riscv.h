/* SPDX-License-Identifier: GPL-2.0 */
/* RISC-V (S-mode kernel): the sstatus SIE bit through csrrc/csrs/csrc. */
#ifndef _ASM_IRQFLAGS_RISCV_H
#define _ASM_IRQFLAGS_RISCV_H

#include <linux/compiler.h>

#define SR_SIE 0x00000002UL

static __always_inline unsigned long arch_local_save_flags(void)
{
	unsigned long flags;

	__asm__ __volatile__("csrr %0, sstatus" : "=r"(flags) : : "memory");
	return flags;
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("csrrc %0, sstatus, %1" : "=r"(flags) : "rK"(SR_SIE) : "memory");
	return flags;
}

static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("csrs sstatus, %0" : : "rK"(flags & SR_SIE) : "memory");
}

static __always_inline void arch_local_irq_disable(void)
{
	__asm__ __volatile__("csrc sstatus, %0" : : "rK"(SR_SIE) : "memory");
}

static __always_inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__("csrs sstatus, %0" : : "rK"(SR_SIE) : "memory");
}

static __always_inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & SR_SIE);
}

static __always_inline unsigned long arch_stack_pointer(void)
{
	unsigned long sp;

	__asm__("mv %0, sp" : "=r"(sp));
	return sp;
}

#endif /* _ASM_IRQFLAGS_RISCV_H */
