/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel services both torture execution models share: the per-CPU state and the interface. */
#ifndef _BW_KSERVICES_H
#define _BW_KSERVICES_H

/*
 * The two execution models of the torture tests (../sim/: one CPU at a time,
 * replayable; ../threads/: one host thread per CPU, under TSan) implement the
 * same 2.6.29 kernel services for the RCU objects. What does not depend on
 * how CPUs execute is written once here, and both models build it:
 *
 *   irq.c      the interrupt mask behind local_irq_save/restore, irq_enter/
 *              irq_exit, NMI entry/exit, the hardirq frame and its balance rule;
 *   softirq.c  raise_softirq, __do_softirq (restart limit, a bh quiescent state
 *              after each handler, balance rule), do_softirq, local_bh_*;
 *   rules.c    API rules (blocking only where legal, reader nesting, irq-safe
 *              locks), BUG/WARN, printk's formatting;
 *   cpu.c      cpu_online_map, the CPU notifier chain, smp_init()'s bring-up.
 *
 * What stays in each model depends on it: running and switching tasks, where
 * interrupts are taken, the tick and dyntick-idle (the threads mode publishes
 * tick_stopped only after RCU heard of it, for its clock thread), IPIs and
 * waiting for them, blocking, spinning, jiffies, printk's output.
 *
 * A model embeds the common per-CPU state at the start of its CPU struct with
 * BW_KCPU_STATE: the fields keep their names there (c->irqs_off), and the
 * whole is c->k, the struct bw_kcpu the shared code works on.
 */

#include <stdarg.h>
#include <stdint.h>

#include <linux/thread_info.h>
#include <linux/cpu.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>

/* Kernel state of one CPU that both models keep the same way. */
#define BW_KCPU_MEMBERS                                                     \
	struct thread_info ti; /* preempt_count, need_resched flag, cpu */  \
	int id;                                                             \
	int online;                                                         \
	int irqs_off;                                                       \
	unsigned long softirq_pending;                                      \
	int readers[2]; /* rcu_read_lock nesting by flavor, all contexts */ \
	int locks_held;                                                     \
	int tick_stopped; /* dyntick-idle (atomic in the threads mode) */

struct bw_kcpu {
	BW_KCPU_MEMBERS
};

/* The same members twice over, as in the kernel's struct_group_tagged(): by name and as c->k. */
#define BW_KCPU_STATE                   \
	union {                         \
		struct {                \
			BW_KCPU_MEMBERS \
		};                      \
		struct bw_kcpu k;       \
	}

/* Interrupt lines a CPU takes when it has interrupts enabled. */
#define HW_IPI 1U
#define HW_TICK 2U
#define HW_DEV 4U

/* Kernel events a model observes (counts, traces, its oracles' feed). */
enum bw_k_event {
	BW_K_IRQ_ENTER, /* irq_enter(), before rcu_irq_enter() */
	BW_K_IRQ_EXIT, /* irq_exit() after its softirqs, before rcu_irq_exit() */
	BW_K_SOFTIRQ_RUN, /* __do_softirq() starts */
	BW_K_SOFTIRQ_BEGIN, /* handler @nr is about to run */
	BW_K_SOFTIRQ_END, /* handler @nr returned balanced, before its bh quiescent state */
};

extern struct softirq_action bw_k_softirq_vec[NR_SOFTIRQS];

/* ---- shared: defined in this folder ---- */

void bw_k_fail(const char *fmt, ...) __attribute__((__noreturn__, __format__(printf, 1, 2)));
/* Take interrupt @line on @c (interrupts on): irq_enter, the model's body, irq_exit, balance. */
void bw_k_hardirq(struct bw_kcpu *c, unsigned int line, int user);
/* __do_softirq(): entered with interrupts off and softirqs pending. */
void bw_k_do_softirq_irqoff(struct bw_kcpu *c);
/* Preemption, interrupts off, a lock or a reader: no task switch may happen here. */
int bw_k_atomic_ctx(const struct bw_kcpu *c);
/* The checks for a blocking call that follow the model's own (on a CPU, not its idle loop). */
void bw_k_check_may_block(const struct bw_kcpu *c, const char *what);
/* Record the context lock @l is taken in; hardirq and irqs-on use together is a deadlock. */
void bw_k_lock_usage(const struct bw_kcpu *c, struct bw_sim_spinlock *l);
void bw_k_cpu_notifier_add(struct notifier_block *nb);
void bw_k_cpu_notify(unsigned long action, int cpu);
/* smp_init(): bring CPUs 1..@ncpus-1 online after the boot CPU's setup, with the notifiers. */
void bw_k_boot_cpus(int ncpus);

/* splitmix64: seeds the models' generators (and is the threads mode's per-CPU generator). */
static inline uint64_t bw_k_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* ---- provided by the execution model ---- */

struct bw_kcpu *bw_k_this(void); /* the CPU running the caller */
struct bw_kcpu *bw_k_cpu(int cpu);
/* Report a failure (reason, seed, state) and exit with status 1. */
void bw_k_vfail(const char *fmt, va_list ap)
	__attribute__((__noreturn__, __format__(printf, 1, 0)));
void bw_k_observe(struct bw_kcpu *c, enum bw_k_event ev, int nr);
/* The interrupt itself, in hardirq context with interrupts off: a tick, an IPI or a device. */
void bw_k_irq_body(struct bw_kcpu *c, unsigned int line, int user);
/*
 * Set the interrupt mask around softirq processing: the simulator restores it
 * as local_irq_restore() does (an interleaving point), the threads mode only
 * sets it (its safe-point loop is the caller).
 */
void bw_k_softirq_irq_restore(unsigned long flags);
/* Softirqs are pending outside interrupt context: ksoftirqd (or its stand-in) runs them. */
void bw_k_wakeup_softirqd(struct bw_kcpu *c);
/* Stop the tick of an idle CPU that nothing needs it for (@inidle: idle loop, else irq exit). */
void bw_k_tick_nohz_stop(int inidle);
/* One printk() line, formatted (@len as vsnprintf returned it). */
void bw_k_printk(const char *line, int len);

#endif /* _BW_KSERVICES_H */
