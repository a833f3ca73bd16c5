/* SPDX-License-Identifier: GPL-2.0 */
/* x86 (i386 and x86_64): the IF flag through pushf/popf, cli and sti. */
#ifndef _ASM_IRQFLAGS_X86_H
#define _ASM_IRQFLAGS_X86_H

#include <linux/compiler.h>

#define X86_EFLAGS_IF 0x00000200UL

static __always_inline unsigned long arch_local_save_flags(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushf ; pop %0" : "=rm"(flags) : : "memory");
	return flags;
}

static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("push %0 ; popf" : : "g"(flags) : "memory", "cc");
}

static __always_inline void arch_local_irq_disable(void)
{
	__asm__ __volatile__("cli" : : : "memory");
}

static __always_inline void arch_local_irq_enable(void)
{
	__asm__ __volatile__("sti" : : : "memory");
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = arch_local_save_flags();

	arch_local_irq_disable();
	return flags;
}

static __always_inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & X86_EFLAGS_IF);
}

static __always_inline unsigned long arch_stack_pointer(void)
{
	unsigned long sp;

#ifdef __x86_64__
	__asm__("movq %%rsp, %0" : "=r"(sp));
#else
	__asm__("movl %%esp, %0" : "=r"(sp));
#endif
	return sp;
}

#endif /* _ASM_IRQFLAGS_X86_H */
