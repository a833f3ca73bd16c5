// SPDX-License-Identifier: GPL-2.0
/* Classic RCU on real threads (TSan): the generic threaded oracles plus the batch-number rule. */

/*
 * Classic's oracles in this mode (exact under concurrency):
 *   O2  a callback runs only once completed >= (cur read just before call_rcu) + 1;
 *   L   each CPU's own lists keep their shape after every task step (segments met
 *       in order, tails right, qlen exact), read with interrupts off on that CPU;
 *   E   after the drain, every CPU's lists are empty and the counters consistent.
 * The deterministic simulator harness (classic_harness.c) covers the rest.
 */

#include <linux/rcupdate.h>
#include <linux/irqflags.h>
#include "../threads/threadtorture.h"
#include "classic_check.h"

#define LIMIT (64L * NR_CPUS + 64)

static void classic_queuing(struct bw_thr_obj *o)
{
	o->vdata[0] = READ_ONCE(classic_blk(o->flavor)->cur);
}

static void classic_invoked(struct bw_thr_obj *o)
{
	long completed = READ_ONCE(classic_blk(o->flavor)->completed);

	if (rcu_batch_before(completed, o->vdata[0] + 1))
		bw_thr_fail(
			"O2: %s callback (cpu %d seq %lu) queued while batch %ld was the latest "
			"started runs with completed = %ld",
			o->flavor ? "rcu_bh" : "rcu", o->cpu, o->seq, o->vdata[0], completed);
}

static void classic_step(int cpu)
{
	unsigned long flags;
	const char *err;
	int f;

	local_irq_save(flags);
	for (f = 0; f < 2; f++) {
		err = classic_check_lists(classic_rdp(f, cpu), LIMIT, 1);
		if (err)
			bw_thr_fail("L: cpu %d %s: %s", cpu, f ? "rcu_bh" : "rcu", err);
	}
	local_irq_restore(flags);
}

static void classic_finish(void)
{
	const char *err;
	int f, cpu;

	for (f = 0; f < 2; f++) {
		err = classic_check_counters(classic_blk(f));
		if (err)
			bw_thr_fail("E: %s_ctrlblk: %s", f ? "rcu_bh" : "rcu", err);
		for (cpu = 0; cpu < bw_thr_ncpus(); cpu++) {
			struct rcu_data *rdp = classic_rdp(f, cpu);

			err = classic_check_lists(rdp, LIMIT, 1);
			if (err)
				bw_thr_fail("E: cpu %d %s: %s", cpu, f ? "rcu_bh" : "rcu", err);
			if (rdp->qlen || rdp->nxtlist || rdp->donelist)
				bw_thr_fail("E: cpu %d %s still has %ld callbacks after the drain",
					    cpu, f ? "rcu_bh" : "rcu", rdp->qlen);
		}
	}
}

static void classic_report(FILE *out)
{
	int f;

	for (f = 0; f < 2; f++) {
		struct rcu_ctrlblk *rcp = classic_blk(f);

		fprintf(out, "  %s_ctrlblk: cur %ld completed %ld pending %ld signaled %d\n",
			f ? "rcu_bh" : "rcu", READ_ONCE(rcp->cur), READ_ONCE(rcp->completed),
			READ_ONCE(rcp->pending), READ_ONCE(rcp->signaled));
	}
}

static const struct bw_thr_variant classic = {
	.name = "classic",
	.queuing = classic_queuing,
	.invoked = classic_invoked,
	.step = classic_step,
	.finish = classic_finish,
	.report = classic_report,
};

int main(int argc, char **argv)
{
	return bw_thr_torture_main(argc, argv, &classic);
}
