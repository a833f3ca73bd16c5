/* SPDX-License-Identifier: GPL-2.0 */
/* Deterministic simulator of N kernel CPUs on which the RCU variants' host builds are tortured. */
#ifndef _BW_SIM_H
#define _BW_SIM_H

/*
 * HOW IT WORKS
 *
 * Every simulated CPU runs real C code on coroutine stacks (ucontext): each
 * CPU has an idle task, a ksoftirqd task and the harness's worker tasks. Only
 * one CPU executes at a time; it runs until it reaches an interleaving point
 * (bw_sim_point(): re-enabling interrupts, preempt_enable(), spinning on or
 * releasing a lock, the harness's own points) and then returns to the driver.
 * The driver draws the next event from a seeded PRNG: which CPU, and whether
 * that CPU just continues or first takes a tick, a device interrupt, an NMI,
 * an explicit softirq run or a reschedule request. So every interleaving is a
 * sequence of whole steps, sequentially consistent, and replayable from the
 * seed (memory-model bugs are out of scope; logic races are in scope).
 *
 * One random-phase stretch in three is quiet (device interrupts rarely wake
 * sleeping tasks), so CPUs go idle and, with CONFIG_NO_HZ, dyntick-idle; the
 * scheduler tick ends time slices when another task is runnable.
 *
 * Interrupts are taken like hardware does: a raised line stays pending until
 * the CPU is at a point with interrupts enabled. Interrupt handlers run on the
 * interrupted task's stack and may themselves reach interleaving points.
 *
 * Kernel services the variants call but do not define are implemented here as
 * in 2.6.29 (the parts the real-threads mode shares in ../kservices/):
 * irq_enter/irq_exit (rcu_irq_enter/exit, softirqs on exit,
 * dyntick re-entry), __do_softirq (a bh quiescent state after each handler,
 * restart limit, ksoftirqd), raise_softirq/open_softirq, local_bh_*,
 * schedule (rcu_qsctr_inc at every context switch), the idle loop
 * (tick_nohz_stop_sched_tick only if rcu_needs_cpu() == 0, calling
 * rcu_enter_nohz/rcu_exit_nohz), the timer tick (jiffies, rcu_pending ->
 * rcu_check_callbacks(cpu, user)), NMIs (rcu_nmi_enter/exit), completions and
 * mutexes that really block, spinlocks, on_each_cpu and reschedule IPIs,
 * cpu_online_map, CPU hotplug notifiers, jiffies and printk.
 *
 * API rules are enforced, not tested: a context switch, sleep or blocking
 * call inside a reader, with a lock held, with interrupts off or in interrupt
 * context is a harness failure; so are unbalanced locks, readers or
 * preempt_count across a softirq handler.
 *
 * A failure prints the reason, the seed, the event number and the tail of the
 * event trace, calls the harness's report hook and exits with status 1. Run
 * the same binary with --seed S to replay it exactly (add -v for a full trace).
 *
 * USING IT FROM A HARNESS (tests/torture/<variant>_harness.c):
 *  - fill a struct bw_sim_hooks: setup() creates worker tasks with
 *    bw_sim_task_create() and calls rcu_init(); it runs on CPU 0 with only
 *    CPU 0 online, as rcu_init() does at boot; the other CPUs then come up
 *    through the CPU notifiers (CPU_UP_PREPARE, online, CPU_ONLINE); irq()/nmi()/timer() are the
 *    bodies of device interrupts, NMIs and the TIMER_SOFTIRQ handler; qs()
 *    learns of every quiescent state as the kernel defines them (before the
 *    variant is told); check() runs after every event; settled() says when a
 *    drain phase has finished all outstanding work;
 *  - call bw_sim_main(argc, argv, &hooks) from main(): it parses the common
 *    options (--seed, --rounds, --events, --cpus, --lock-stretch, -v), runs random phases
 *    alternating with drain phases and returns 0 on success.
 *  - worker tasks loop forever calling the variant's API; they call
 *    bw_sim_point()/bw_sim_user()/bw_sim_cond_resched() to let time pass and
 *    consult bw_sim_phase() to stop producing work while the run drains.
 */

#include <stdint.h>
#include <stdio.h>

/* Interleaving point kinds: what the CPU is doing while it waits for the driver. */
enum bw_sim_point_kind {
	BW_PT_KERNEL, /* kernel code; preemptible only under CONFIG_PREEMPT with preempt_count 0 */
	BW_PT_TASK, /* a voluntary schedule point (cond_resched) in a task */
	BW_PT_USER, /* the task is running in user mode: ticks see user == 1 */
	BW_PT_IDLE, /* the idle loop waiting for work */
	BW_PT_SPIN, /* spinning on a lock or waiting for IPIs */
};

/* Quiescent states, reported to hooks->qs() before the variant hears of them. */
enum bw_sim_qs {
	BW_QS_CTXSW, /* schedule(): rcu_qsctr_inc() */
	BW_QS_KSOFTIRQD, /* ksoftirqd loop: rcu_qsctr_inc() */
	BW_QS_TICK_USER, /* tick from user mode: rcu + bh */
	BW_QS_TICK_IDLE, /* tick from the idle loop, not in softirq or nested irq: rcu + bh */
	BW_QS_TICK_BH, /* tick from kernel code outside softirq: bh only */
	BW_QS_SOFTIRQ_END, /* end of a softirq handler in __do_softirq(): bh only */
	BW_QS_NOHZ_ENTER, /* tick stopped for idle (rcu_enter_nohz reaches dyntick-idle) */
	BW_QS_NOHZ_IRQ_EXIT, /* outermost irq returns to dyntick-idle (rcu_irq_exit) */
};

/* Phases of a run: random events, then one drain mode in turn. */
enum bw_sim_phase {
	BW_PHASE_RANDOM,
	BW_DRAIN_TICK, /* only ticks: workers stay in user mode */
	BW_DRAIN_SCHED, /* only context switches: workers loop on cond_resched */
	BW_DRAIN_IDLE, /* workers sleep: CPUs idle (dyntick-idle with CONFIG_NO_HZ) */
	BW_NR_PHASES
};

struct bw_sim_hooks {
	const char *name; /* harness name for messages */
	void (*setup)(void); /* create tasks, rcu_init(); runs on CPU 0 before any event */
	void (*irq)(int cpu); /* device interrupt body: hardirq, irqs off */
	void (*nmi)(int cpu); /* NMI body */
	void (*timer)(int cpu); /* TIMER_SOFTIRQ handler body (softirq context) */
	void (*qs)(int cpu, enum bw_sim_qs kind);
	void (*softirq_begin)(int cpu, int nr); /* before a softirq handler runs */
	void (*softirq_end)(int cpu, int nr); /* after it returned, before its bh QS */
	void (*phase)(enum bw_sim_phase phase); /* a phase starts */
	void (*check)(void); /* after every event: invariants */
	int (*settled)(void); /* drain finished: nothing outstanding */
	void (*report)(FILE *out); /* state dump on failure */
	void (*printk)(int cpu, const char *msg); /* every printk() line */
	void (*finish)(void); /* after the last round: final checks, free memory */
	void (*resched_ipi)(int from, int to); /* smp_send_reschedule(), before it takes effect */
	/*
	 * bw_sim_cpu_down(): @cpu has left cpu_online_map and CPU_DEAD has not run yet; runs
	 * in the hotplug caller's task, which may pass interleaving points to hold the window
	 * open (as the kernel's cpu_down() sleeps in __cpu_die() before the CPU_DEAD notifiers).
	 */
	void (*cpu_dead_window)(int cpu);
};

/* Run parameters (bw_sim_main fills them from the command line). */
struct bw_sim_config {
	uint64_t seed;
	long rounds; /* random phase + drain, this many times */
	long events; /* events per random phase */
	long drain_limit; /* events a drain may take before it is a liveness failure */
	int ncpus; /* online CPUs at start, 1..NR_CPUS */
	int verbose;
	int hotplug; /* allow bw_sim_cpu_down/up (harness-driven) */
	int tick_gap; /* resumes of a CPU between two of its ticks, at least (0: default 4) */
	/*
	 * --lock-stretch P: P% of spinlock acquisitions first pass 1..16 spin points even when
	 * the lock is free, so other CPUs run inside the window between a lockless check and
	 * the locked re-check (a contended lock at batch end, stretched). 0: off.
	 */
	int lock_stretch;
	unsigned int weights[BW_NR_PHASES][8]; /* per phase: driver event weights, see sim_core.c */
};

int bw_sim_main(int argc, char **argv, const struct bw_sim_hooks *hooks);
int bw_sim_run(const struct bw_sim_hooks *hooks, const struct bw_sim_config *cfg);

/* Tasks (coroutines bound to one CPU). */
struct bw_sim_task;
struct bw_sim_task *bw_sim_task_create(int cpu, const char *name, void (*fn)(void *), void *arg);
void bw_sim_sleep(void); /* block until a device irq on this CPU wakes it */
int bw_sim_task_cpu(void);

/* Register the TIMER_SOFTIRQ handler that runs hooks->timer (call from setup). */
void bw_sim_open_timer_softirq(void);

/* Interleaving points (also bw_sim_window() from bw/sim_hooks.h, a BW_PT_KERNEL point). */
void bw_sim_point(enum bw_sim_point_kind kind);
void bw_sim_user(int steps); /* spend @steps points in user mode */
void bw_sim_cond_resched(void);

/* State the harness may read. */
enum bw_sim_phase bw_sim_phase(void);
int bw_sim_cpu(void); /* current CPU, as smp_processor_id() */
int bw_sim_last_cpu(void); /* CPU the last event ran (in check(): what may have changed) */
int bw_sim_ncpus(void); /* CPUs configured (online or not) */
int bw_sim_cpu_is_online(int cpu);
int bw_sim_irqs_are_off(int cpu);
int bw_sim_readers(int cpu, int flavor); /* reader nesting on @cpu (all contexts) */
int bw_sim_in_task(void); /* process context of a worker task */
/* @cpu sits in dyntick-idle with nothing to wake it but an interrupt (no softirq, no resched). */
int bw_sim_dyntick_asleep(int cpu);
uint64_t bw_sim_now(void); /* event number */
uint64_t bw_sim_stamp(void); /* strictly increasing logical clock for ordering facts */

/* CPU hotplug from a worker task (CONFIG_HOTPLUG_CPU harnesses); 0 or -errno. */
int bw_sim_cpu_down(int cpu);
int bw_sim_cpu_up(int cpu);

/* Deterministic randomness: all choices must come from here. */
uint64_t bw_sim_rand(void);
unsigned int bw_sim_below(unsigned int n); /* uniform in [0, n) */
int bw_sim_chance(unsigned int percent);

/* Trace: @fmt must be a string constant (it is formatted only on failure or with -v). */
void bw_sim_trace(const char *fmt, long a, long b);
void bw_sim_fail(const char *fmt, ...) __attribute__((__noreturn__, __format__(printf, 1, 2)));

#endif /* _BW_SIM_H */
