/* SPDX-License-Identifier: GPL-2.0 */
/* Generic RCU torture workload and oracles for the real-threads mode; a variant adds its hooks. */
#ifndef _BW_THREADTORTURE_H
#define _BW_THREADTORTURE_H

/*
 * The workload of ../rcutorture.c on real threads: readers of both flavors in
 * task and irq context hold objects across safe points; updaters (task and
 * irq) publish a new object and retire the old one with call_rcu*();
 * synchronize_rcu(), rcu_barrier*(), user-mode and idle stints, bh-disabled
 * regions. Oracles, all on atomics so that they are exact under concurrency:
 *   O1  a reader never sees an object its callback already ran for (readers
 *       recheck every object they hold before unlocking); and a callback never
 *       runs while a reader of its flavor that began before the removal is
 *       still inside its critical section;
 *   O4  callbacks run exactly once, on the queuing CPU, in queue order per
 *       (CPU, flavor);
 *   O5  liveness: the drain settles within --drain-ms;
 *   O6  rcu_barrier*() waits for every callback of its flavor queued before;
 *   S   synchronize_rcu() waits for every rcu reader that began before it;
 *   O7  rcu_batches_completed*() never go back on any CPU.
 * ThreadSanitizer (the build this mode is for) adds: no data race anywhere.
 * A variant adds its own (e.g. the grace-period number rule O2).
 */

#include <stdint.h>
#include <stdio.h>

#include <linux/rcupdate.h>
#include "threads.h"

/* An object published in a slot, then retired through call_rcu*(). */
struct bw_thr_obj {
	unsigned int magic; /* atomic: BW_THR_LIVE until its callback ran */
	int state; /* atomic: enum bw_thr_obj_state */
	int flavor; /* BW_RCU or BW_RCU_BH */
	int cpu; /* CPU that queued it */
	unsigned long seq; /* queue order per (cpu, flavor) */
	uint64_t removed; /* stamp right after it was unlinked */
	long vdata[2]; /* for the variant (e.g. batch number at enqueue) */
	struct rcu_head rh;
};

enum bw_thr_obj_state { TOBJ_PUBLISHED = 1, TOBJ_QUEUED, TOBJ_FREED };
#define BW_THR_LIVE 0x4c495645u
#define BW_THR_DEAD 0x44454144u

struct bw_thr_variant {
	const char *name;
	void (*queuing)(struct bw_thr_obj *o); /* just before call_rcu*(), same CPU */
	void (*invoked)(struct bw_thr_obj *o); /* in the callback, before the generic checks */
	void (*step)(int cpu); /* after each task step: this CPU's own invariants */
	void (*finish)(void); /* all threads stopped: whole-state invariants */
	void (*report)(FILE *out);
};

int bw_thr_torture_main(int argc, char **argv, const struct bw_thr_variant *v);
/* The workload object behind a queued rcu_head, or NULL for other callbacks (sync, barrier). */
struct bw_thr_obj *bw_thr_obj(struct rcu_head *head);

#endif /* _BW_THREADTORTURE_H */
