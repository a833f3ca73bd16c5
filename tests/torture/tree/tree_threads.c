// SPDX-License-Identifier: GPL-2.0
/* Tree RCU on real threads (TSan): the generic threaded oracles plus Tree's own checks. */

/*
 * Tree's oracles in this mode, exact under concurrency:
 *   G   the tree's shape for the build's (NR_CPUS, RCU_FANOUT), before any CPU runs;
 *   O2  a callback runs only once completed >= (gpnum read just before call_rcu) + 1;
 *   T3  after every task step, each CPU's own lists of both flavors: the four
 *       tails met in order, nothing after the last, qlen exact, the CPU's
 *       completed/gpnum never ahead of the flavor's (read with interrupts off
 *       on that CPU, which alone changes them);
 *   T4  the segment labels of those lists (done, wait, next-ready against the
 *       CPU's completed and the gpnum each callback was queued at);
 *   E   at the end, with every CPU at rest: empty lists, the masks consistent
 *       (a node waits iff its parent has its bit, no GP => nothing waits).
 * ThreadSanitizer adds: no data race in rcutree.c's lock-free accesses.
 * The deterministic simulator harness (tree_harness.c) covers the rest.
 */

#include <linux/rcupdate.h>
#include <linux/irqflags.h>
#include "../threads/threadtorture.h"
#include "tree_check.h"
#include "tree_geom.h"

#define LIMIT (64L * NR_CPUS + 64)

static struct rcu_state *const rsps[2] = { &rcu_state, &rcu_bh_state };

static struct rcu_data *rdp_of(int f, int cpu)
{
	return f ? &per_cpu(rcu_bh_data, cpu) : &per_cpu(rcu_data, cpu);
}

static void tree_queuing(struct bw_thr_obj *o)
{
	o->vdata[0] = READ_ONCE(rsps[o->flavor]->gpnum);
}

static void tree_invoked(struct bw_thr_obj *o)
{
	long completed = READ_ONCE(rsps[o->flavor]->completed);

	if (completed - (o->vdata[0] + 1) < 0)
		bw_thr_fail("O2: %s callback (cpu %d seq %lu) queued while gpnum was %ld runs with "
			    "completed %ld",
			    o->flavor ? "rcu_bh" : "rcu", o->cpu, o->seq, o->vdata[0], completed);
}

/* The gpnum at enqueue of a workload callback, unknown for the others (sync, barrier). */
static long tree_enq_gp(struct rcu_head *head)
{
	struct bw_thr_obj *o = bw_thr_obj(head);

	return o ? o->vdata[0] : TREE_GP_UNKNOWN;
}

static void tree_step(int cpu)
{
	unsigned long flags;
	const char *err;
	int f;

	local_irq_save(flags);
	for (f = 0; f < 2; f++) {
		struct rcu_data *rdp = rdp_of(f, cpu);

		err = tree_check_list(rdp, LIMIT, 1, tree_enq_gp);
		if (err)
			bw_thr_fail("%s (cpu %d %s)", err, cpu, f ? "rcu_bh" : "rcu");
		if (rdp->completed - READ_ONCE(rsps[f]->completed) > 0 ||
		    rdp->gpnum - READ_ONCE(rsps[f]->gpnum) > 0)
			bw_thr_fail("T3: cpu %d %s: completed %ld gpnum %ld ahead of the flavor's",
				    cpu, f ? "rcu_bh" : "rcu", rdp->completed, rdp->gpnum);
	}
	local_irq_restore(flags);
}

static void tree_finish(void)
{
	const char *err;
	int f, cpu;

	for (f = 0; f < 2; f++) {
		err = tree_check_geometry(rsps[f]);
		if (!err)
			err = tree_geom_check(rsps[f], NULL);
		if (!err)
			err = tree_check_masks_at_rest(rsps[f]);
		if (err)
			bw_thr_fail("E: %s_state: %s", f ? "rcu_bh" : "rcu", err);
		for (cpu = 0; cpu < bw_thr_ncpus(); cpu++) {
			struct rcu_data *rdp = rdp_of(f, cpu);

			err = tree_check_list(rdp, LIMIT, 1, tree_enq_gp);
			if (err)
				bw_thr_fail("E: cpu %d %s: %s", cpu, f ? "rcu_bh" : "rcu", err);
			if (rdp->qlen || rdp->nxtlist)
				bw_thr_fail("E: cpu %d %s still has %ld callbacks after the drain",
					    cpu, f ? "rcu_bh" : "rcu", rdp->qlen);
		}
	}
}

static void tree_report(FILE *out)
{
	int f;

	for (f = 0; f < 2; f++)
		fprintf(out, "  %s_state: gpnum %ld completed %ld signaled %d root qsmask %#lx\n",
			f ? "rcu_bh" : "rcu", READ_ONCE(rsps[f]->gpnum),
			READ_ONCE(rsps[f]->completed), READ_ONCE(rsps[f]->signaled),
			READ_ONCE(rsps[f]->node[0].qsmask));
}

static const struct bw_thr_variant tree = {
	.name = "tree",
	.queuing = tree_queuing,
	.invoked = tree_invoked,
	.step = tree_step,
	.finish = tree_finish,
	.report = tree_report,
};

int main(int argc, char **argv)
{
	return bw_thr_torture_main(argc, argv, &tree);
}
