/* SPDX-License-Identifier: GPL-2.0 */
/* spin_lock() & co around the lock operations __bw_lock/__bw_trylock/__bw_unlock the includer defines. */
#ifndef _LINUX_SPINLOCK_UP_H
#define _LINUX_SPINLOCK_UP_H

/*
 * One CPU at a time holds the lock by disabling preemption (and interrupts);
 * the uniprocessor kernel's lock operations are empty, the simulator's check
 * owner, nesting and interrupt state (include/sim/asm/spinlock.h).
 */
#define spin_lock(l)               \
	do {                       \
		preempt_disable(); \
		__bw_lock(l);      \
		__acquire(l);      \
	} while (0)
#define spin_trylock(l)                   \
	({                                \
		preempt_disable();        \
		__bw_trylock(l) ? 1 : ({  \
			preempt_enable(); \
			0;                \
		});                       \
	})
#define spin_unlock(l)            \
	do {                      \
		__release(l);     \
		__bw_unlock(l);   \
		preempt_enable(); \
	} while (0)
#define spin_lock_irq(l)             \
	do {                         \
		local_irq_disable(); \
		spin_lock(l);        \
	} while (0)
#define spin_unlock_irq(l)          \
	do {                        \
		__release(l);       \
		__bw_unlock(l);     \
		local_irq_enable(); \
		preempt_enable();   \
	} while (0)
#define spin_lock_irqsave(l, f)    \
	do {                       \
		local_irq_save(f); \
		spin_lock(l);      \
	} while (0)
#define spin_unlock_irqrestore(l, f)  \
	do {                          \
		__release(l);         \
		__bw_unlock(l);       \
		local_irq_restore(f); \
		preempt_enable();     \
	} while (0)
#define spin_trylock_irqsave(l, f)            \
	({                                    \
		local_irq_save(f);            \
		spin_trylock(l) ? 1 : ({      \
			local_irq_restore(f); \
			0;                    \
		});                           \
	})

#endif /* _LINUX_SPINLOCK_UP_H */
