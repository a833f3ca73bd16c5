/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's preempt_enable(): an interleaving point (overlay rule: include/sim/linux/kernel.h). */
#ifndef _SIM_LINUX_PREEMPT_H
#define _SIM_LINUX_PREEMPT_H

#include_next <linux/preempt.h>
#include <bw/sim_hooks.h>

#undef __bw_preempt_point
#define __bw_preempt_point() bw_sim_preempt_point()

#endif /* _SIM_LINUX_PREEMPT_H */
