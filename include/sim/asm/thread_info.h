/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's current_thread_info(): the running simulated CPU's (overlay rule: include/sim/linux/kernel.h). */
#ifndef _ASM_THREAD_INFO_H
#define _ASM_THREAD_INFO_H

#include <bw/sim_hooks.h>

static inline struct thread_info *current_thread_info(void)
{
	return bw_sim_ti;
}

#endif /* _ASM_THREAD_INFO_H */
