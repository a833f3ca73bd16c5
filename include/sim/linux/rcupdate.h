/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's readers: rcu_read_lock() & co counted (overlay rule: include/sim/linux/kernel.h). */
#ifndef _SIM_LINUX_RCUPDATE_H
#define _SIM_LINUX_RCUPDATE_H

#include_next <linux/rcupdate.h>
#include <bw/sim_hooks.h>

#undef __bw_sim_reader
#define __bw_sim_reader(flavor, delta) bw_sim_reader(flavor, delta)

#endif /* _SIM_LINUX_RCUPDATE_H */
