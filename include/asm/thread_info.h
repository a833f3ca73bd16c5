/* SPDX-License-Identifier: GPL-2.0 */
/* current_thread_info(): thread_info at the base of the THREAD_SIZE-aligned kernel stack. */
#ifndef _ASM_THREAD_INFO_H
#define _ASM_THREAD_INFO_H

#include <asm/irqflags.h>

static inline struct thread_info *current_thread_info(void)
{
	return (struct thread_info *)(arch_stack_pointer() & ~(THREAD_SIZE - 1));
}

#endif /* _ASM_THREAD_INFO_H */
