/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's spinlock_t: checked locks (overlay rule: include/sim/linux/kernel.h). */
#ifndef _ASM_SPINLOCK_H
#define _ASM_SPINLOCK_H

#include <bw/sim_hooks.h>

/* The simulator checks nesting, owner and interrupt state on every operation. */
typedef struct bw_sim_spinlock {
	int owner; /* CPU holding it, -1 when free */
	unsigned int used; /* BW_SIM_LOCK_* bits: contexts it was taken in (lock-order checks) */
	const char *name; /* for error messages */
} spinlock_t;
#define BW_SIM_LOCK_IRQS_ON 1U /* taken with interrupts enabled */
#define BW_SIM_LOCK_IN_IRQ 2U /* taken in hardirq context */

#define __SPIN_LOCK_UNLOCKED(x)                    \
	{                                          \
		.owner = -1, .used = 0, .name = #x \
	}
#define spin_lock_init(l)        \
	do {                     \
		(l)->owner = -1; \
		(l)->used = 0;   \
		(l)->name = #l;  \
	} while (0)
#define __bw_lock(l) bw_sim_spin_lock(l)
#define __bw_trylock(l) bw_sim_spin_trylock(l)
#define __bw_unlock(l) bw_sim_spin_unlock(l)
#include <linux/spinlock_up.h>

#endif /* _ASM_SPINLOCK_H */
