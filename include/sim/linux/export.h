/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's EXPORT_SYMBOL: no symbol table (overlay rule: include/sim/linux/kernel.h). */
#ifndef _SIM_LINUX_EXPORT_H
#define _SIM_LINUX_EXPORT_H

#include_next <linux/export.h>

/* No modules load into the host harness: a declaration, whatever CONFIG_MODULES says. */
#undef EXPORT_SYMBOL
#undef EXPORT_SYMBOL_GPL
#define EXPORT_SYMBOL(sym) extern __typeof__(sym) sym
#define EXPORT_SYMBOL_GPL(sym) extern __typeof__(sym) sym

#endif /* _SIM_LINUX_EXPORT_H */
