/* SPDX-License-Identifier: GPL-2.0 */
/* Picks the interrupt-flag and stack-pointer primitives of the target from the compiler's arch macros. */
#ifndef _ASM_IRQFLAGS_H
#define _ASM_IRQFLAGS_H

/*
 * Each arch file defines, as real instructions:
 *   arch_local_save_flags(), arch_local_irq_save(), arch_local_irq_restore(f),
 *   arch_local_irq_disable(), arch_local_irq_enable(), arch_irqs_disabled_flags(f),
 *   arch_stack_pointer().
 * The host simulator has its own (include/sim/asm/irqflags.h).
 */
#if defined(__x86_64__) || defined(__i386__)
#include <asm/irqflags-x86.h>
#elif defined(__aarch64__)
#include <asm/irqflags-arm64.h>
#elif defined(__arm__)
#include <asm/irqflags-arm.h>
#elif defined(__riscv)
#include <asm/irqflags-riscv.h>
#elif defined(__powerpc__)
#include <asm/irqflags-powerpc.h>
#elif defined(__mips__)
#include <asm/irqflags-mips.h>
#else
#error "no interrupt-flag primitives for this architecture"
#endif

#endif /* _ASM_IRQFLAGS_H */
