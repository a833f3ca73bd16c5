/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's module_param(): a pointer the harness sets (overlay rule: include/sim/linux/kernel.h). */
#ifndef _SIM_LINUX_MODULEPARAM_H
#define _SIM_LINUX_MODULEPARAM_H

#include_next <linux/moduleparam.h>

/*
 * No command line to parse. The harness sets the variable through
 * __bw_param_<name> before rcu_init(), as a boot parameter would.
 */
#undef module_param
#define module_param(name, type, perm) type *const __bw_param_##name = &(name)

#endif /* _SIM_LINUX_MODULEPARAM_H */
