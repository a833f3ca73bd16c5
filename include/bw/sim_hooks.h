/* SPDX-License-Identifier: GPL-2.0 */
/* The calls the kernel API shim makes into the host simulator when built with -DBW_SIM. */
#ifndef _BW_SIM_HOOKS_H
#define _BW_SIM_HOOKS_H

/*
 * Only the host test build sees this header. Every function here is defined
 * for the simulator in tests/torture/sim/ (see sim.h there for the simulator
 * as a whole) and for real threads in tests/torture/threads/ (BW_THREADS), the
 * parts that do not depend on the execution model once, in
 * tests/torture/kservices/; the kernel objects of the build matrix never
 * reference any of them.
 */

struct thread_info;
struct bw_sim_spinlock;

/* thread_info of the CPU the simulator is running right now (per host thread in BW_THREADS). */
#ifdef BW_THREADS
extern __thread struct thread_info *bw_sim_ti;
#else
extern struct thread_info *bw_sim_ti;
#endif

/* Interrupt mask of the current simulated CPU (1 = disabled). */
unsigned long bw_sim_irqs_off(void);
unsigned long bw_sim_irq_save(void);
/* Restoring to enabled is an interleaving point: pending interrupts may be taken. */
void bw_sim_irq_restore(unsigned long flags);

/* After preempt_enable(): interleaving point, and a preemption point under CONFIG_PREEMPT. */
void bw_sim_preempt_point(void);

/*
 * An explicit interleaving point: the simulator may run other CPUs and deliver
 * interrupts to this one (if it has them enabled) before returning. Kernel
 * builds compile it to nothing; mutants use it to expose a race window.
 */
void bw_sim_window(void);

/* Reader bookkeeping behind rcu_read_lock() & co: flavor BW_RCU or BW_RCU_BH, delta +1/-1. */
void bw_sim_reader(int flavor, int delta);

/* Spinlock operations (the lock state lives in struct bw_sim_spinlock). */
void bw_sim_spin_lock(struct bw_sim_spinlock *lock);
int bw_sim_spin_trylock(struct bw_sim_spinlock *lock);
void bw_sim_spin_unlock(struct bw_sim_spinlock *lock);

/* Failure reporting: print the seed and the event trace tail, exit non-zero. */
void bw_sim_bug(const char *file, int line, const char *what) __attribute__((__noreturn__));
void bw_sim_warn(const char *file, int line, const char *what);
void bw_sim_might_sleep(const char *file, int line);

#define BW_RCU 0 /* rcu and rcu_sched readers (preemption disabled) */
#define BW_RCU_BH 1 /* rcu_bh readers (softirqs disabled) */

#endif /* _BW_SIM_HOOKS_H */
