// SPDX-License-Identifier: GPL-2.0
/* Tiny RCU torture harness: the generic oracles plus Tiny's QS rule, promptness and list shape. */

/*
 * Tiny-specific oracles:
 *   O3  a callback runs only after a quiescent state of a flavor that covers
 *       it, later than its enqueue (an rcu QS covers both flavors, a bh QS
 *       only rcu_bh): catches early invocation, including callbacks queued
 *       between a QS and the softirq;
 *   P   promptness: when an RCU_SOFTIRQ run ends, every callback queued before
 *       the last covering QS that preceded the run has been invoked (on one
 *       CPU a QS is a grace period);
 *   T1  list shape of both control blocks whenever the CPU has interrupts
 *       enabled; segments only move forward (a ready callback never becomes
 *       waiting again), and a callback is ready only after a covering QS;
 *   T5  rcu_needs_cpu() == 0 is safe: the CPU never sleeps in dyntick-idle while
 *       callbacks wait (entering dyntick-idle is a QS that raises the softirq);
 *   T6  rcu_batches_completed*() never decrease; each RCU_SOFTIRQ run advances a
 *       flavor's count by exactly one if it found ready callbacks, else not at
 *       all; synchronize_rcu() advances rcu_batches_completed().
 */

#include <linux/rcupdate.h>
#include "../rcutorture.h"

static uint64_t last_qs[2]; /* stamp of the last QS covering each flavor */
static uint64_t snap_qs[2]; /* last_qs when the current RCU_SOFTIRQ run began */
static long snap_completed[2]; /* rcu_batches_completed*() then */
static int snap_ready[2]; /* the block had ready callbacks then */
static long last_completed[2];
static long drain_completed[2];
static unsigned long drain_invoked[2];

static struct rcu_ctrlblk *blk(int flavor)
{
	return flavor == BW_RCU ? &rcu_ctrlblk : &rcu_bh_ctrlblk;
}

static void tiny_qs(int cpu, enum bw_sim_qs kind)
{
	uint64_t now = bw_sim_stamp();

	(void)cpu;
	switch (kind) {
	case BW_QS_TICK_BH:
	case BW_QS_SOFTIRQ_END:
		last_qs[BW_RCU_BH] = now;
		break;
	default: /* context switch, ksoftirqd, user/idle tick, dyntick-idle entry */
		last_qs[BW_RCU] = now;
		last_qs[BW_RCU_BH] = now;
		break;
	}
}

static void tiny_invoked(struct bw_obj *o)
{
	if (last_qs[o->flavor] < o->queued)
		bw_sim_fail("O3: %s callback seq %lu invoked without a covering quiescent state "
			    "since its enqueue (queued at %llu, last covering QS at %llu)",
			    o->flavor ? "rcu_bh" : "rcu", o->seq, (unsigned long long)o->queued,
			    (unsigned long long)last_qs[o->flavor]);
}

static void tiny_softirq_begin(int cpu, int nr)
{
	(void)cpu;
	if (nr == RCU_SOFTIRQ) {
		int f;

		for (f = 0; f < 2; f++) {
			snap_qs[f] = last_qs[f];
			snap_completed[f] = blk(f)->completed;
			snap_ready[f] = blk(f)->donetail != &blk(f)->rcucblist;
		}
	}
}

static void tiny_softirq_end(int cpu, int nr)
{
	int f;

	if (nr != RCU_SOFTIRQ)
		return;
	for (f = 0; f < 2; f++) {
		struct bw_obj *o = bw_torture_oldest(cpu, f);

		if (blk(f)->completed != snap_completed[f] + snap_ready[f])
			bw_sim_fail(
				"T6: RCU_SOFTIRQ moved %s completed from %ld to %ld (ready callbacks: %d)",
				f ? "rcu_bh" : "rcu", snap_completed[f], blk(f)->completed,
				snap_ready[f]);

		if (o && o->queued < snap_qs[f])
			bw_sim_fail(
				"P: RCU_SOFTIRQ ended with %s callback seq %lu still queued although "
				"a covering QS (at %llu) followed its enqueue (at %llu)",
				f ? "rcu_bh" : "rcu", o->seq, (unsigned long long)snap_qs[f],
				(unsigned long long)o->queued);
	}
}

/* T1 and the monotonic segments, on one control block. */
static void check_block(int f)
{
	struct rcu_ctrlblk *rcp = blk(f);
	struct rcu_head **pp = &rcp->rcucblist;
	int seen_done = rcp->donetail == pp, n = 0;
	long limit = bw_torture_outstanding() + 64;
	struct rcu_head *h;

	while ((h = *pp) != NULL) {
		struct bw_obj *o = bw_torture_obj(h);

		if (++n > limit)
			bw_sim_fail("T1: %s list longer than the callbacks outstanding (cycle?)",
				    f ? "rcu_bh" : "rcu");
		if (o && !seen_done && !o->vdata[1]) {
			/* first seen in the ready segment: a covering QS must have made it so */
			o->vdata[1] = 1;
			if (last_qs[f] < o->queued)
				bw_sim_fail(
					"T2: %s callback seq %lu became ready without a covering QS "
					"after its enqueue",
					f ? "rcu_bh" : "rcu", o->seq);
		} else if (o && seen_done && o->vdata[1]) {
			bw_sim_fail("T1: %s callback seq %lu went back from ready to waiting",
				    f ? "rcu_bh" : "rcu", o->seq);
		}
		pp = &h->next;
		if (pp == rcp->donetail)
			seen_done = 1;
	}
	if (pp != rcp->curtail)
		bw_sim_fail("T1: %s curtail does not point at the last ->next of the list",
			    f ? "rcu_bh" : "rcu");
	if (!seen_done)
		bw_sim_fail("T1: %s donetail does not point into the list", f ? "rcu_bh" : "rcu");
}

static void tiny_check_nohz(void)
{
	if ((rcu_ctrlblk.rcucblist || rcu_bh_ctrlblk.rcucblist) && bw_sim_dyntick_asleep(0))
		bw_sim_fail(
			"T5: the CPU sleeps in dyntick-idle with callbacks queued and no softirq "
			"pending: rcu_needs_cpu() == 0 strands them");
}

static void tiny_check(void)
{
	int f;

	for (f = 0; f < 2; f++) {
		long c = f ? rcu_batches_completed_bh() : rcu_batches_completed();

		if (c - last_completed[f] < 0)
			bw_sim_fail("T6: rcu_batches_completed%s() went back from %ld to %ld",
				    f ? "_bh" : "", last_completed[f], c);
		last_completed[f] = c;
		/* The lists are consistent whenever interrupts could observe them. */
		if (!bw_sim_irqs_are_off(0))
			check_block(f);
	}
	tiny_check_nohz();
}

static void tiny_after_sync(long before)
{
	if (rcu_batches_completed() - before <= 0)
		bw_sim_fail("T6: synchronize_rcu() returned without rcu_batches_completed() "
			    "advancing (%ld): rcutorture would see grace periods never end",
			    before);
}

static int tiny_settled(void)
{
	int f;

	if (rcu_ctrlblk.rcucblist || rcu_bh_ctrlblk.rcucblist)
		return 0;
	for (f = 0; f < 2; f++) {
		long c = f ? rcu_batches_completed_bh() : rcu_batches_completed();

		if (bw_torture_stats.invoked[f] != drain_invoked[f] && c == drain_completed[f])
			bw_sim_fail("T6: %lu %s callbacks ran since the last drain but "
				    "rcu_batches_completed%s() did not advance",
				    bw_torture_stats.invoked[f] - drain_invoked[f],
				    f ? "rcu_bh" : "rcu", f ? "_bh" : "");
		drain_completed[f] = c;
		drain_invoked[f] = bw_torture_stats.invoked[f];
	}
	return 1;
}

static void tiny_setup(void)
{
	last_completed[0] = drain_completed[0] = rcu_batches_completed();
	last_completed[1] = drain_completed[1] = rcu_batches_completed_bh();
}

static void tiny_report(FILE *out)
{
	int f;

	for (f = 0; f < 2; f++) {
		struct rcu_ctrlblk *rcp = blk(f);

		fprintf(out,
			"  %s_ctrlblk: completed %ld rcucblist %p donetail %p curtail %p "
			"(&rcucblist %p); last covering QS at %llu\n",
			f ? "rcu_bh" : "rcu", rcp->completed, (void *)rcp->rcucblist,
			(void *)rcp->donetail, (void *)rcp->curtail, (void *)&rcp->rcucblist,
			(unsigned long long)last_qs[f]);
	}
}

/*
 * The latency figures in batches (rcu_batches_completed*(): one per RCU_SOFTIRQ run that found
 * ready callbacks). No labels to walk: T1's forward-only segments are Tiny's label stability,
 * P its latency bound (a callback runs by the end of the first RCU softirq run after a QS).
 */
static void tiny_gp(int f, long *started, long *completed)
{
	*started = *completed = blk(f)->completed;
}

static const struct bw_torture_variant tiny = {
	.name = "tiny",
	.invoked = tiny_invoked,
	.after_sync = tiny_after_sync,
	.qs = tiny_qs,
	.softirq_begin = tiny_softirq_begin,
	.softirq_end = tiny_softirq_end,
	.check = tiny_check,
	.settled = tiny_settled,
	.report = tiny_report,
	.setup = tiny_setup,
	.gp = tiny_gp,
};

int main(int argc, char **argv)
{
	return bw_torture_main(argc, argv, &tiny);
}
