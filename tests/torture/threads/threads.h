/* SPDX-License-Identifier: GPL-2.0 */
/* Real-threads mode: simulated CPUs as host threads running a variant concurrently (for TSan). */
#ifndef _BW_THREADS_H
#define _BW_THREADS_H

/*
 * HOW IT WORKS
 *
 * The deterministic simulator (../sim/) runs one CPU at a time, so it finds
 * logic races but no data races. This mode runs the same variant source, built
 * with -DBW_SIM -DBW_THREADS, on one host thread per simulated CPU, truly in
 * parallel: READ_ONCE/WRITE_ONCE are C11 atomics, smp_mb() is a real fence,
 * spinlocks are real (acquire/release), and ThreadSanitizer reports any plain
 * access that races. The kernel services the objects leave undefined are
 * implemented here for real threads (what does not depend on the execution
 * model, e.g. irq_exit and __do_softirq, is shared with the simulator in
 * ../kservices/):
 *
 *  - each CPU thread has its own thread_info (preempt_count, need_resched),
 *    interrupt mask, softirq pending bits, reader nesting and dyntick state;
 *  - a clock thread advances jiffies and raises the tick line of every CPU
 *    whose tick is running (and, now and then, a device interrupt line);
 *  - interrupts are taken at safe points: re-enabling interrupts,
 *    preempt_enable(), the harness's own points, the idle loop; irq_enter and
 *    irq_exit call the rcu_irq hooks, run softirqs on the way out and re-stop
 *    the tick of an idle CPU (or restart it while rcu_needs_cpu());
 *  - schedule() is a quiescent state (rcu_qsctr_inc) and happens at legal
 *    points only (task or user points; kernel points under CONFIG_PREEMPT);
 *  - blocking (wait_for_completion, mutex_lock) sends the CPU through
 *    schedule() into the idle loop, which stops the tick when rcu_needs_cpu()
 *    allows (nohz_cpu_mask, rcu_enter_nohz) and sleeps until an interrupt;
 *    complete() and mutex_unlock() wake a waiter with a reschedule IPI;
 *  - on_each_cpu() and smp_send_reschedule() are IPIs; cpu_online_map is set
 *    at boot, where the CPU notifiers run as in smp_init().
 *
 * Runs are not replayable (the host schedules the threads); the seed fixes
 * each CPU's own random choices. A failure prints the reason and the seed and
 * exits with status 1. API rules are enforced as in the simulator.
 *
 * USING IT: a workload (threadtorture.c is the generic one) fills a struct
 * bw_thr_hooks and calls bw_thr_main(); a variant plugs into threadtorture
 * with a struct bw_thr_variant (see threadtorture.h).
 */

#include <stdint.h>
#include <stdio.h>

/* Kinds of safe point: what the CPU is doing when interrupts may be taken. */
enum bw_thr_point {
	BW_THR_KERNEL, /* kernel code: preemptible only under CONFIG_PREEMPT */
	BW_THR_TASK, /* a voluntary schedule point (cond_resched) */
	BW_THR_USER, /* user mode: ticks see user == 1 */
};

struct bw_thr_hooks {
	const char *name;
	void (*boot)(void); /* on CPU 0 before the other CPUs come up: rcu_init() etc. */
	void (*task)(int cpu); /* one step of the CPU's task, process context */
	void (*irq)(int cpu); /* device interrupt body: hardirq, irqs off */
	int (*settled)(void); /* after the steps: is all work finished? (any thread) */
	void (*report)(FILE *out); /* state on failure */
	void (*finish)(void); /* after every thread stopped: final checks */
};

struct bw_thr_config {
	uint64_t seed;
	int ncpus; /* CPU threads, 1..NR_CPUS */
	long steps; /* task steps per CPU */
	int tick_us; /* real microseconds per jiffy */
	int drain_ms; /* the drain must settle within this (liveness) */
	int verbose;
};

int bw_thr_main(int argc, char **argv, const struct bw_thr_hooks *hooks);

/* For the workload, on a CPU thread. */
int bw_thr_cpu(void); /* this thread's CPU */
int bw_thr_ncpus(void);
void bw_thr_point(enum bw_thr_point kind); /* take interrupts; schedule if legal and asked */
void bw_thr_user(int steps); /* spend @steps points in user mode */
void bw_thr_idle(int ticks); /* the task sleeps: the CPU idles for about @ticks jiffies */
int bw_thr_draining(void); /* the steps are done: stop producing work */
uint64_t bw_thr_rand(void); /* this CPU's PRNG, seeded from the run's seed */
unsigned int bw_thr_below(unsigned int n);
int bw_thr_chance(unsigned int percent);
uint64_t bw_thr_stamp(void); /* global, strictly increasing logical clock */
void bw_thr_fail(const char *fmt, ...) __attribute__((__noreturn__, __format__(printf, 1, 2)));

/* Totals of the run (reported by the runtime). */
struct bw_thr_stats {
	unsigned long ticks, irqs, ipis, switches, softirqs, nohz_entries, stalls;
};

#endif /* _BW_THREADS_H */
