/* SPDX-License-Identifier: GPL-2.0 */
/* spinlock_t: empty on UP, out-of-line lock calls on SMP, checked locks in the simulator. */
#ifndef _LINUX_SPINLOCK_H
#define _LINUX_SPINLOCK_H

#include <linux/kernel.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>

#if defined(BW_SIM)

/* The simulator checks nesting, owner and interrupt state on every operation. */
typedef struct bw_sim_spinlock {
	int owner;		/* CPU holding it, -1 when free */
	unsigned int used;	/* BW_SIM_LOCK_* bits: contexts it was taken in (lock-order checks) */
	const char *name;	/* for error messages */
} spinlock_t;
#define BW_SIM_LOCK_IRQS_ON	1U	/* taken with interrupts enabled */
#define BW_SIM_LOCK_IN_IRQ	2U	/* taken in hardirq context */

#define __SPIN_LOCK_UNLOCKED(x)	{ .owner = -1, .used = 0, .name = #x }
#define spin_lock_init(l)	do { (l)->owner = -1; (l)->used = 0; (l)->name = #l; } while (0)
#define __bw_lock(l)		bw_sim_spin_lock(l)
#define __bw_trylock(l)		bw_sim_spin_trylock(l)
#define __bw_unlock(l)		bw_sim_spin_unlock(l)

#elif IS_ENABLED(CONFIG_SMP)

typedef struct {
	volatile unsigned int slock;	/* arch lock word */
} spinlock_t;
#define __SPIN_LOCK_UNLOCKED(x)	{ 0 }
#define spin_lock_init(l)	do { (l)->slock = 0; } while (0)

/* kernel/spinlock.c: undefined in the objects. */
void _spin_lock(spinlock_t *lock);
int _spin_trylock(spinlock_t *lock);
void _spin_unlock(spinlock_t *lock);
void _spin_lock_irq(spinlock_t *lock);
void _spin_unlock_irq(spinlock_t *lock);
unsigned long _spin_lock_irqsave(spinlock_t *lock);
void _spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);

#else /* UP */

/* Nothing to lock with one CPU: disabling preemption (and irqs) is enough. */
typedef struct {
} spinlock_t;
#define __SPIN_LOCK_UNLOCKED(x)	{ }
#define spin_lock_init(l)	do { (void)(l); } while (0)
#define __bw_lock(l)		do { (void)(l); } while (0)
#define __bw_trylock(l)		({ (void)(l); 1; })
#define __bw_unlock(l)		do { (void)(l); } while (0)

#endif

#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

#if IS_ENABLED(CONFIG_SMP) && !defined(BW_SIM)
#define spin_lock(l)			_spin_lock(l)
#define spin_trylock(l)			_spin_trylock(l)
#define spin_unlock(l)			_spin_unlock(l)
#define spin_lock_irq(l)		_spin_lock_irq(l)
#define spin_unlock_irq(l)		_spin_unlock_irq(l)
#define spin_lock_irqsave(l, f)		do { (f) = _spin_lock_irqsave(l); } while (0)
#define spin_unlock_irqrestore(l, f)	_spin_unlock_irqrestore(l, f)
#define spin_trylock_irqsave(l, f)					\
	({ local_irq_save(f); _spin_trylock(l) ? 1 : ({ local_irq_restore(f); 0; }); })
#else
#define spin_lock(l)		do { preempt_disable(); __bw_lock(l); __acquire(l); } while (0)
#define spin_trylock(l)		({ preempt_disable(); __bw_trylock(l) ? 1 : ({ preempt_enable(); 0; }); })
#define spin_unlock(l)		do { __release(l); __bw_unlock(l); preempt_enable(); } while (0)
#define spin_lock_irq(l)	do { local_irq_disable(); spin_lock(l); } while (0)
#define spin_unlock_irq(l)	do { __release(l); __bw_unlock(l); local_irq_enable(); preempt_enable(); } while (0)
#define spin_lock_irqsave(l, f)	do { local_irq_save(f); spin_lock(l); } while (0)
#define spin_unlock_irqrestore(l, f)					\
	do { __release(l); __bw_unlock(l); local_irq_restore(f); preempt_enable(); } while (0)
#define spin_trylock_irqsave(l, f)					\
	({ local_irq_save(f); spin_trylock(l) ? 1 : ({ local_irq_restore(f); 0; }); })
#endif

#endif /* _LINUX_SPINLOCK_H */
