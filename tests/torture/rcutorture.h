/* SPDX-License-Identifier: GPL-2.0 */
/* Generic RCU torture workload and oracles on the simulator, shared by every variant's harness. */
#ifndef _BW_RCUTORTURE_H
#define _BW_RCUTORTURE_H

/*
 * The workload: shared slots (per flavor) hold pointers to objects; readers
 * in task, irq, NMI and softirq context dereference them and hold them across
 * interleaving points; updaters (same contexts, except NMI) publish a new
 * object and hand the old one to call_rcu()/call_rcu_bh(); tasks also call
 * synchronize_rcu() and rcu_barrier*(), sleep, spend time in user mode and
 * reschedule.
 *
 * The generic oracles, checked on every callback:
 *   O1  no object is freed while a reader of its flavor that began before the
 *       object's removal is still inside its critical section; readers also
 *       check a magic value on every access, and freed objects are poisoned
 *       and kept in quarantine before free() so stale access is caught with or
 *       without ASan;
 *   O4  every callback runs exactly once, in queue order per (CPU, flavor);
 *   O5  liveness: every drain phase ends with nothing outstanding;
 *   O6  rcu_barrier*() returns only after every callback of its flavor queued
 *       before the call ran, also when it is called while a CPU is offline but
 *       its CPU_DEAD has not run yet (the dead window, bw_torture_variant's
 *       dead_window_jiffies);
 *   and synchronize_rcu() returns only after every pre-existing rcu reader.
 * With the variant's gp() and its list walks (bw_torture_label()), the harness
 * also judges each callback's grace period from its own records:
 *   O10 label stability: the grace period the variant's lists assign a
 *       callback (its label) never moves later, except when CPU_DEAD
 *       processing adopts a dead CPU's callbacks (the adopter may relabel its
 *       own too);
 *   O11 latency bound: a label is at most label_lag grace periods after the
 *       one running at enqueue (or at the adoption); a callback labelled L
 *       that its online CPU's lists still hold is not yet past L + 1's end
 *       (the CPU's pass that reports for L + 1 first moves L's callbacks to
 *       the done list); a callback that a walk saw ready, with p callbacks
 *       ahead of it on its CPU's done list and completed = c, runs while
 *       completed <= c + p + 2 (each RCU softirq pass of the CPU invokes at
 *       least one, in order; each grace period after the running one needs
 *       the CPU's report, at most one per pass).
 * The run's summary gives queue-to-invoke latency in grace periods and in
 * simulator events (mean, p99, max) per flavor (docs/variants.md, "Callback
 * latency").
 * A variant harness adds its own oracles through struct bw_torture_variant.
 *
 * READING THE OUTPUT: one "ok - <name>: ..." line per run; on failure a
 * "FAIL (<name>): <oracle>: <details>" line, the seed, the event number, the
 * per-CPU state, the trace tail and the variant's report, and exit status 1.
 */

#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include <linux/rcupdate.h>
#include "sim/sim.h"

#define BW_NSLOTS 4

enum bw_obj_state { OBJ_PUBLISHED = 1, OBJ_QUEUED, OBJ_FREED };

/* A shared object: published in a slot, then retired through call_rcu*(). */
struct bw_obj {
	unsigned int magic; /* BW_OBJ_LIVE until freed */
	enum bw_obj_state state;
	int flavor; /* BW_RCU or BW_RCU_BH: which readers and call_rcu */
	int cpu; /* CPU that queued the callback */
	unsigned long seq; /* queue order per (cpu, flavor) */
	uint64_t removed; /* stamp when unlinked from its slot */
	uint64_t queued; /* stamp just before call_rcu*() */
	long vdata[2]; /* for the variant harness (e.g. GP number at enqueue) */
	/* O10, O11 and the latency figures: the harness's records, not the variant's state */
	long gp_queued, completed_queued; /* the flavor's GP numbers just before call_rcu*() */
	uint64_t event_queued; /* bw_sim_now() then */
	long gp_base; /* O11's origin: gp_queued, or the latest GP at adoption */
	long label; /* at the last walk (BW_GP_NONE before the first) */
	unsigned long deaths_seen; /* CPU removals begun by then */
	long ready_completed; /* completed when a walk last saw it ready, or BW_GP_NONE */
	long ready_ahead; /* callbacks ahead of it on that CPU's done list then */
	struct bw_obj *older, *newer; /* outstanding list per (cpu, flavor), queue order */
	struct rcu_head rh;
};

#define BW_OBJ_LIVE 0x4c495645u
#define BW_OBJ_DEAD 0x44454144u

/* Hooks a variant harness adds to the generic oracles (all optional). */
struct bw_torture_variant {
	const char *name;
	int workers_per_cpu; /* default 3 */
	/* right before call_rcu*() (snapshot GP numbers here); there is no hook after it, as the
	 * callback may have run and @o been freed (poisoned for ASan) before call_rcu*() returns */
	void (*queuing)(struct bw_obj *o);
	void (*invoked)(struct bw_obj *o); /* callback, before the generic checks */
	void (*after_sync)(long completed_before); /* synchronize_rcu() returned */
	void (*qs)(int cpu, enum bw_sim_qs kind);
	void (*softirq_begin)(int cpu, int nr);
	void (*softirq_end)(int cpu, int nr);
	void (*check)(void); /* after every event */
	int (*settled)(void); /* variant-side emptiness for the drain */
	void (*report)(FILE *out);
	void (*printk)(int cpu, const char *msg); /* every printk() line (stall warnings) */
	void (*phase)(enum bw_sim_phase phase); /* a random or drain phase starts */
	void (*setup)(void); /* after rcu_init(), only CPU 0 online yet */
	/* drain-tick: worker 0 of @cpu stays in kernel mode (cond_resched) instead of user mode */
	int (*kernel_hog)(int cpu);
	/* may an NMI on @cpu read now? (Classic: not on a CPU in nohz_cpu_mask, which it does not wait for) */
	int (*nmi_may_read)(int cpu);
	/* random phase: keep @cpu idle (its workers sleep, its interrupts queue no callbacks) */
	int (*quiet_cpu)(int cpu);
	/* if set, only this many of 1000 barrier actions call rcu_barrier*(): barriers serialise
	 * on a mutex and each waits for every CPU, so big machines would queue them without end */
	unsigned int barrier_permille;
	void (*finish)(void);
	/* the flavor's latest started and latest completed GP numbers: O10, O11, the latency
	 * figures in GPs (without it only the latency in events is given) */
	void (*gp)(int flavor, long *started, long *completed);
	/* O11: the latest GP a fresh callback may be labelled with, counted from the GP that was
	 * the latest started at enqueue (Classic 1: cur + 1; Tree 2: the next-ready segment) */
	int label_lag;
	/* CONFIG_HOTPLUG_CPU: half the CPU removals of random phases hold the CPU offline without
	 * CPU_DEAD for this many jiffies, with an rcu_barrier*() of a flavor the dead CPU holds
	 * callbacks of (O6); 0: no dead window. dead_window_ok() may veto one window. With a
	 * barrier, the window also lasts until the barrier task has been inside rcu_barrier*()
	 * for dead_window_barrier_points of the hotplug task's points (with a low HZ the
	 * jiffies pass before the barrier could queue its heads). */
	int dead_window_jiffies;
	int dead_window_barrier_points;
	int (*dead_window_ok)(int cpu);
};

/* Labels (O10, O11): the GP a queued callback waits for, as a walk of the variant's lists sees it. */
#define BW_GP_DONE LONG_MIN /* on the done list or segment: invocable now */
#define BW_GP_NONE LONG_MAX /* queued, no GP assigned yet (Tree's next segment) */

/*
 * A variant's walk of @cpu's list, at a moment the list is consistent (the CPU's interrupts
 * on, outside its RCU softirq), reports each head with its label @gp and, for a ready one,
 * the number of heads ahead of it on the done list (@ahead). Other callbacks are ignored.
 */
void bw_torture_label(struct rcu_head *head, int cpu, long gp, long ahead);

int bw_torture_main(int argc, char **argv, const struct bw_torture_variant *v);

/* Oldest outstanding (queued, not invoked) object of (cpu, flavor), or NULL. */
struct bw_obj *bw_torture_oldest(int cpu, int flavor);
long bw_torture_outstanding(void);
/* From a task: rcu_barrier (0), _bh (1), _sched (2) or one at random (-1), checked by O6. */
void bw_torture_barrier(int which);
/* The torture object behind a queued rcu_head, or NULL for other callbacks (barrier, sync). */
struct bw_obj *bw_torture_obj(struct rcu_head *head);

/* Totals for throughput and reports. */
struct bw_torture_stats {
	unsigned long queued[2], invoked[2], reads, syncs, barriers, irq_reads, nmi_reads;
};
extern struct bw_torture_stats bw_torture_stats;

#endif /* _BW_RCUTORTURE_H */
