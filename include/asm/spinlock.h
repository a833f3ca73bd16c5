/* SPDX-License-Identifier: GPL-2.0 */
/* spinlock_t: out-of-line lock calls on SMP, nothing to lock on UP. */
#ifndef _ASM_SPINLOCK_H
#define _ASM_SPINLOCK_H

#if IS_ENABLED(CONFIG_SMP)

typedef struct {
	volatile unsigned int slock; /* arch lock word */
} spinlock_t;
#define __SPIN_LOCK_UNLOCKED(x) \
	{                       \
		0               \
	}
#define spin_lock_init(l)       \
	do {                    \
		(l)->slock = 0; \
	} while (0)

/* kernel/spinlock.c: undefined in the objects. */
void _spin_lock(spinlock_t *lock);
int _spin_trylock(spinlock_t *lock);
void _spin_unlock(spinlock_t *lock);
void _spin_lock_irq(spinlock_t *lock);
void _spin_unlock_irq(spinlock_t *lock);
unsigned long _spin_lock_irqsave(spinlock_t *lock);
void _spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);

#define spin_lock(l) _spin_lock(l)
#define spin_trylock(l) _spin_trylock(l)
#define spin_unlock(l) _spin_unlock(l)
#define spin_lock_irq(l) _spin_lock_irq(l)
#define spin_unlock_irq(l) _spin_unlock_irq(l)
#define spin_lock_irqsave(l, f)              \
	do {                                 \
		(f) = _spin_lock_irqsave(l); \
	} while (0)
#define spin_unlock_irqrestore(l, f) _spin_unlock_irqrestore(l, f)
#define spin_trylock_irqsave(l, f)            \
	({                                    \
		local_irq_save(f);            \
		_spin_trylock(l) ? 1 : ({     \
			local_irq_restore(f); \
			0;                    \
		});                           \
	})

#else /* UP */

/* Nothing to lock with one CPU: disabling preemption (and irqs) is enough. */
typedef struct {
} spinlock_t;
#define __SPIN_LOCK_UNLOCKED(x) \
	{                       \
	}
#define spin_lock_init(l)  \
	do {               \
		(void)(l); \
	} while (0)
#define __bw_lock(l)       \
	do {               \
		(void)(l); \
	} while (0)
#define __bw_trylock(l)    \
	({                 \
		(void)(l); \
		1;         \
	})
#define __bw_unlock(l)     \
	do {               \
		(void)(l); \
	} while (0)
#include <linux/spinlock_up.h>

#endif

#endif /* _ASM_SPINLOCK_H */
