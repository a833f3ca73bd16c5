// SPDX-License-Identifier: GPL-2.0
/* Classic RCU torture on the simulator: generic oracles plus batch rules, forcing, stalls, hotplug, dynticks. */

/*
 * Classic-specific oracles, checked after every event
 * unless noted:
 *   O2  a callback runs only once completed >= (cur read just before call_rcu) + 1;
 *   O7  completed <= cur <= completed + 1, cur <= pending <= cur + 1, neither goes back;
 *       a drain that invoked callbacks advanced rcu_batches_completed*();
 *   M   a batch is in progress exactly while its mask is non-empty (so it ends exactly
 *       when the last bit clears); a new batch's mask is within the online CPUs minus
 *       nohz_cpu_mask; bits only clear during a batch; an offline or dyntick-idle CPU
 *       is never in a mask;
 *   C1  a CPU clears its bit (in its RCU softirq) only after it noticed that batch in an
 *       earlier softirq pass and then passed a QS of the flavor (an rcu_bh QS never
 *       counts for rcu): the "notice first, report later" rule. Every clear is judged,
 *       a batch that another CPU started while this one waited for the lock included;
 *       only CPU_DEAD processing clears the bit of another (dead) CPU;
 *   R   a CPU that noticed a batch, is in its mask and passed a QS reports it before it
 *       takes R_TICKS more ticks outside softirq context and irq nesting (rcu_pending()
 *       must see the QS it owes, so that the tick raises the softirq that reports it);
 *   L   every online CPU's list keeps its segment shape, tails and qlen whenever its
 *       interrupts are on and it is not inside its RCU softirq;
 *   D   a CPU asleep in dyntick-idle has no callbacks (rcu_needs_cpu() kept its tick);
 *   F1  our forcing addition: the first RCU softirq that finds a batch not yet poked and
 *       without progress (a bit cleared) for RCU_JIFFIES_TILL_FORCE_QS jiffies pokes it;
 *       every other online CPU still owing a QS then gets a reschedule IPI; no poke comes
 *       sooner than that after the last progress or poke, except a callback flood's first
 *       poke of a batch; the drain by ticks keeps one worker in kernel mode (kernel_hog),
 *       where only a poke or other work on its CPU makes it schedule;
 *   F2  forcing state belongs to a batch: a batch starts unpoked (a poke count left from
 *       an earlier batch would silence its forcing), unless a flood poked it in that step;
 *   F3  no reschedule IPI goes to an offline CPU (a dead CPU keeps its bit until CPU_DEAD);
 *   F4  every poke is followed, within RCU_JIFFIES_TILL_FORCE_QS * (CPUs poked + 1) +
 *       F4_SLACK jiffies, by the QS of every CPU it poked (or the batch's end) or by
 *       another poke: a poke whose QS got lost (e.g. it came before the CPU noticed the
 *       batch) must be repeated;
 *   S   (CONFIG_RCU_CPU_STALL_DETECTOR) a task that holds an rcu reader for longer than
 *       the stall timeout gets its CPU named by a stall warning; every warning names
 *       exactly the CPUs of a mask whose batch is older than the timeout; at most one
 *       warning per flavor and interval;
 *   H   (CONFIG_HOTPLUG_CPU) a hotplug task takes random CPUs down and up during the
 *       random phases, often ones still holding ready callbacks; along every list the
 *       callbacks of each originating CPU stay in queue order (adopted ones included),
 *       O4 checks the invocation order and O5 that none is lost; a CPU comes back only
 *       once its old callbacks ran;
 *   O9  in some random phases the odd CPUs are kept idle: batches must complete while
 *       they sleep in dyntick-idle (NO_HZ);
 *   O10, O11 (rcutorture.h) on the labels check_cpu()'s walks read: donelist and the
 *       first segment are done (the first holds batch <= b - 2 <= completed, moved at
 *       the next pass), the second waits for b - 1, the third for b = rdp->batch;
 *       label_lag 1: __call_rcu() labels a callback cur + 1.
 * Schedules aimed at narrow windows:
 *   dead window   (CONFIG_HOTPLUG_CPU, the generic harness's) half the CPU removals hold
 *                 the CPU offline without CPU_DEAD for RCU_JIFFIES_TILL_FORCE_QS + 2 jiffies
 *                 (forcing becomes due while a dead CPU may still hold its bit: F3), and
 *                 when the dead CPU holds callbacks a barrier task runs rcu_barrier*() of
 *                 their flavor meanwhile (O6: the barrier must hold off hotplug);
 *   flood-before-notice  (SMP, up to CHECK_SPAN CPUs) in each drain by ticks a flood
 *                 task on CPU 0 starts a batch and floods call_rcu() right after the
 *                 kernel-mode hog CPU ticked, so the flood's poke makes the hog
 *                 context-switch before it noticed the batch: that QS cannot count, and
 *                 without a repeated poke the hog never reports (F4);
 *   --lock-stretch (sim option, 10% by default here up to CHECK_SPAN CPUs) stretches
 *                 spinlock acquisitions, so a batch can end and the next one start while
 *                 a CPU waits for the lock to report its QS (C1).
 * Tunables are lowered to reach the rare paths: blimit 1 (leftover callbacks, which a CPU
 * going down may still hold in its donelist), qhimark 8 and qlowmark 2 (floods).
 * CONFIG_HZ sets the stall timeout in jiffies; the random phases are sized to hold one.
 */

#include <stdlib.h>
#include <string.h>

#include <linux/rcupdate.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include "../rcutorture.h"
#include "../sim/sim_internal.h" /* bw_sim_cfg: the drain weights */
#include "classic_check.h"

/* Boot parameters of rcuclassic.o (module_param), set before rcu_init(). */
extern int *const __bw_param_blimit;
extern int *const __bw_param_qhimark;
extern int *const __bw_param_qlowmark;

#define STALL_SLACK 6 /* jiffies a due stall warning may take: a tick, then the check */
#define CHECK_SPAN 16 /* CPUs whose lists are walked per event on big machines */

static const char *const fl_name[2] = { "rcu", "rcu_bh" };

/* Batch bookkeeping per flavor. */
static long last_cur[2], last_completed[2], drain_completed[2];
static unsigned long drain_invoked[2];
static cpumask_t last_mask[2]; /* mask after the previous event */
static unsigned long progress_j[2]; /* jiffies at the batch start or last bit cleared */
static int last_signaled[2];
static long poke_batch[2]; /* batch of the last observed poke */
static unsigned long poke_j[2]; /* jiffies of that poke */

/* F4: the last poke waits for the QS of the CPUs it poked, or another poke. */
#define F4_SLACK 32 /* a CPU may sit in one long softirq or irq nest that long */
static int follow_on[2];
static long follow_batch[2];
static unsigned long follow_j[2], follow_bound[2];
static cpumask_t follow_mask[2];

/*
 * R: a passed QS the CPU owes is reported within R_TICKS of its ticks taken outside
 * softirq context (whose irq exit runs the RCU softirq the tick raised).
 */
#define R_TICKS 4
static unsigned long free_ticks[NR_CPUS];
static int ready_on[NR_CPUS][2]; /* a QS for ready_batch is waiting to be reported */
static long ready_batch[NR_CPUS][2];
static unsigned long ready_ticks[NR_CPUS][2]; /* the CPU's tick count when it became ready */
static uint64_t last_observed[2]; /* stamp of the previous observation */
static uint64_t ipi_stamp[NR_CPUS]; /* last reschedule IPI sent to each CPU */

/* The notice-then-report rule (C1), per CPU and flavor. */
static uint64_t qs_stamp[NR_CPUS][2]; /* last QS of a kind the flavor counts */
static long noticed[NR_CPUS][2]; /* quiescbatch seen at the end of a softirq */
static uint64_t notice_stamp[NR_CPUS][2];
static int sb_bit[NR_CPUS][2]; /* at RCU softirq entry: in the mask? */
static long sb_cur[NR_CPUS][2];
static int sb_due[NR_CPUS][2]; /* at RCU softirq entry: forcing was due */
static unsigned long sb_progress[NR_CPUS][2]; /* at RCU softirq entry: progress_j */
static int in_rcu_softirq[NR_CPUS];

/* Forcing test (F): the CPU whose worker stays in kernel mode during drain-tick. */
static int hog_cpu = -1;

/* Stall test (S). */
static struct completion stall_kick;
static int stall_cpu;
static int stall_active;
static unsigned long stall_tests, stall_warnings;

/* Hotplug (H). */
static struct completion hp_kick;
static unsigned long hp_down, hp_up;
static cpumask_t dying; /* between CPU_DOWN_PREPARE and the end of CPU_DEAD processing */

/* Dyntick-idle (O9): in some random phases the odd CPUs are kept idle. */
static int quiet_phase;
static cpumask_t quiet_set;
static unsigned long quiet_batches; /* batches completed in this quiet phase with a CPU asleep */

static unsigned long rounds, forced[2], batches[2], batches_asleep, check_rr;

static void observe(int f, int asleep, int poker);
static void flood_noticed(int cpu, int f);

/* ---- quiescent states and the RCU softirq (C1) ---- */

/* Which flavors' passed_quiesc each kind of QS sets in Classic. */
static unsigned int qs_flavors(enum bw_sim_qs kind)
{
	switch (kind) {
	case BW_QS_CTXSW:
	case BW_QS_KSOFTIRQD:
		return 1U << BW_RCU; /* schedule() and ksoftirqd call rcu_qsctr_inc() only */
	case BW_QS_TICK_USER:
	case BW_QS_TICK_IDLE:
		return 3U;
	case BW_QS_TICK_BH:
	case BW_QS_SOFTIRQ_END:
		return 1U << BW_RCU_BH;
	default:
		return 0; /* dyntick-idle entry: Classic has no hook there */
	}
}

static void classic_qs(int cpu, enum bw_sim_qs kind)
{
	unsigned int m = qs_flavors(kind);
	uint64_t now = bw_sim_stamp();
	int f;

	/* ticks outside softirq context and not nested in another irq: their exit runs softirqs */
	free_ticks[cpu] +=
		(kind == BW_QS_TICK_USER || kind == BW_QS_TICK_IDLE || kind == BW_QS_TICK_BH) &&
		hardirq_count() <= HARDIRQ_OFFSET;

	for (f = 0; f < 2; f++) {
		struct rcu_ctrlblk *rcp = classic_blk(f);

		if (!(m & (1U << f)))
			continue;
		qs_stamp[cpu][f] = now;
		/* R: noticed in an earlier pass, still owed: the report is due from now on */
		if (!ready_on[cpu][f] && rcp->cur != rcp->completed &&
		    noticed[cpu][f] == rcp->cur && cpu_isset(cpu, rcp->cpumask)) {
			ready_on[cpu][f] = 1;
			ready_batch[cpu][f] = rcp->cur;
			ready_ticks[cpu][f] = free_ticks[cpu];
		}
	}
}

/* R, after each event of @cpu: a ready QS not reported within R_TICKS of its ticks. */
static void check_ready(int cpu)
{
	int f;

	for (f = 0; f < 2; f++) {
		struct rcu_ctrlblk *rcp = classic_blk(f);

		if (!ready_on[cpu][f])
			continue;
		if (rcp->cur != ready_batch[cpu][f] || !cpu_isset(cpu, rcp->cpumask) ||
		    !bw_sim_cpu_is_online(cpu)) {
			ready_on[cpu][f] = 0;
			continue;
		}
		if (free_ticks[cpu] - ready_ticks[cpu][f] > R_TICKS)
			bw_sim_fail(
				"R: cpu %d noticed %s batch %ld and passed a QS, but %lu of its ticks "
				"outside softirq later it still has not reported it (rcu_pending() "
				"must ask for the softirq)",
				cpu, fl_name[f], rcp->cur, free_ticks[cpu] - ready_ticks[cpu][f]);
	}
}

static void classic_softirq_begin(int cpu, int nr)
{
	int f;

	if (nr != RCU_SOFTIRQ)
		return;
	in_rcu_softirq[cpu] = 1;
	for (f = 0; f < 2; f++) {
		struct rcu_ctrlblk *rcp = classic_blk(f);

		observe(f, -1, cpu);
		sb_bit[cpu][f] = cpu_isset(cpu, rcp->cpumask);
		sb_cur[cpu][f] = rcp->cur;
		/* F1: the batch is due its first poke: this pass must poke (unless progress comes first) */
		sb_due[cpu][f] = rcp->cur != rcp->completed && poke_batch[f] != rcp->cur &&
				 time_after_eq(jiffies, progress_j[f] + RCU_JIFFIES_TILL_FORCE_QS);
		sb_progress[cpu][f] = progress_j[f];
	}
}

static void classic_softirq_end(int cpu, int nr)
{
	int f;

	if (nr != RCU_SOFTIRQ)
		return;
	for (f = 0; f < 2; f++) {
		struct rcu_ctrlblk *rcp = classic_blk(f);
		struct rcu_data *rdp = classic_rdp(f, cpu);

		observe(f, -1, cpu);
		if (sb_due[cpu][f] && rcp->cur == sb_cur[cpu][f] &&
		    progress_j[f] == sb_progress[cpu][f] && poke_batch[f] != rcp->cur)
			bw_sim_fail(
				"F1: %s batch %ld made no progress for %lu jiffies (forcing delay %d), "
				"yet the RCU softirq on cpu %d did not poke its CPUs",
				fl_name[f], rcp->cur, jiffies - progress_j[f],
				RCU_JIFFIES_TILL_FORCE_QS, cpu);

		/* Only this CPU clears its own bit while it runs: a clear here is its report. */
		if (sb_bit[cpu][f] &&
		    (rcp->cur != sb_cur[cpu][f] || !cpu_isset(cpu, rcp->cpumask))) {
			if (noticed[cpu][f] != sb_cur[cpu][f])
				bw_sim_fail(
					"C1: cpu %d reported a %s QS for batch %ld it had not noticed "
					"in an earlier softirq pass (last noticed %ld)",
					cpu, fl_name[f], sb_cur[cpu][f], noticed[cpu][f]);
			if (qs_stamp[cpu][f] < notice_stamp[cpu][f])
				bw_sim_fail(
					"C1: cpu %d reported a %s QS for batch %ld without a %s QS "
					"since it noticed the batch (last QS at %llu, noticed at %llu)",
					cpu, fl_name[f], sb_cur[cpu][f], fl_name[f],
					(unsigned long long)qs_stamp[cpu][f],
					(unsigned long long)notice_stamp[cpu][f]);
		}
		if (rdp->quiescbatch != noticed[cpu][f]) {
			noticed[cpu][f] = rdp->quiescbatch;
			notice_stamp[cpu][f] = bw_sim_stamp();
			flood_noticed(cpu, f);
		}
	}
	in_rcu_softirq[cpu] = 0;
}

/* ---- the grace-period number rule (O2) ---- */

static void classic_queuing(struct bw_obj *o)
{
	o->vdata[0] = classic_blk(o->flavor)->cur;
}

static void classic_invoked(struct bw_obj *o)
{
	long completed = classic_blk(o->flavor)->completed;

	if (rcu_batch_before(completed, o->vdata[0] + 1))
		bw_sim_fail(
			"O2: %s callback (cpu %d seq %lu) queued while batch %ld was the latest "
			"started runs with completed = %ld",
			fl_name[o->flavor], o->cpu, o->seq, o->vdata[0], completed);
}

/* ---- per-event invariants ---- */

static int mask_subset(const cpumask_t *a, const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(a->bits); i++)
		if (a->bits[i] & ~b->bits[i])
			return 0;
	return 1;
}

static void __cpus_or(cpumask_t *d, const cpumask_t *a, const cpumask_t *b)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(d->bits); i++)
		d->bits[i] = a->bits[i] | b->bits[i];
}

static int mask_equal(const cpumask_t *a, const cpumask_t *b)
{
	return !memcmp(a, b, sizeof(*a));
}

static int any_flood(void)
{
	int cpu, f;

	for (cpu = 0; cpu < bw_sim_ncpus(); cpu++)
		for (f = 0; f < 2; f++)
			if (bw_sim_cpu_is_online(cpu) && classic_rdp(f, cpu)->blimit == INT_MAX)
				return 1;
	return 0;
}

/*
 * C1 for every bit of batch @b cleared since the last observation (@cleared): only
 * CPU_DEAD processing clears a dead CPU's bit; otherwise the CPU itself, in its RCU
 * softirq, after noticing @b in an earlier pass and passing a QS since.
 */
static void judge_clears(int f, long b, const cpumask_t *cleared, int poker)
{
	int cpu;

	if (cpus_empty(*cleared))
		return; /* the usual case: keep big machines fast */
	for (cpu = 0; cpu < bw_sim_ncpus(); cpu++) {
		if (!cpu_isset(cpu, *cleared) || cpu_isset(cpu, dying))
			continue;
		if (cpu != poker || !in_rcu_softirq[cpu])
			bw_sim_fail("C1: cpu %d's bit in %s batch %ld was cleared by cpu %d %s",
				    cpu, fl_name[f], b, poker,
				    cpu != poker ? "(only the CPU itself reports)" :
						   "outside its RCU softirq");
		if (noticed[cpu][f] != b)
			bw_sim_fail(
				"C1: cpu %d reported a %s QS for batch %ld it had not noticed in an "
				"earlier softirq pass (last noticed %ld)",
				cpu, fl_name[f], b, noticed[cpu][f]);
		if (qs_stamp[cpu][f] < notice_stamp[cpu][f])
			bw_sim_fail(
				"C1: cpu %d reported a %s QS for batch %ld without a %s QS since it "
				"noticed the batch",
				cpu, fl_name[f], b, fl_name[f]);
	}
}

/* @poker ran since the last observation: every other online laggard got a reschedule IPI. */
static void check_poke_ipis(int f, int poker)
{
	struct rcu_ctrlblk *rcp = classic_blk(f);
	int cpu;

	for (cpu = 0; cpu < bw_sim_ncpus(); cpu++)
		if (cpu != poker && cpu_isset(cpu, rcp->cpumask) && bw_sim_cpu_is_online(cpu) &&
		    ipi_stamp[cpu] <= last_observed[f])
			bw_sim_fail(
				"F1: %s batch %ld was poked from cpu %d, but cpu %d, which still owes "
				"its QS, got no reschedule IPI",
				fl_name[f], rcp->cur, poker, cpu);
}

/* A poke of batch cur was observed: F1's timing, then F4 waits for its outcome. */
static void poked(int f, int poker)
{
	struct rcu_ctrlblk *rcp = classic_blk(f);
	unsigned long base = progress_j[f];

	forced[f]++;
	check_poke_ipis(f, poker);
	if (poke_batch[f] == rcp->cur && time_after(poke_j[f], base))
		base = poke_j[f];
	/* before this observation's progress: the poke may precede a report */
	if (time_before(jiffies, base + RCU_JIFFIES_TILL_FORCE_QS) &&
	    (poke_batch[f] == rcp->cur || !any_flood()))
		bw_sim_fail(
			"F1: %s batch %ld poked its CPUs %lu jiffies after its last progress or "
			"poke, before the forcing delay of %d and not a flood's first poke",
			fl_name[f], rcp->cur, jiffies - base, RCU_JIFFIES_TILL_FORCE_QS);
	poke_batch[f] = rcp->cur;
	poke_j[f] = jiffies;
	follow_on[f] = 1;
	follow_batch[f] = rcp->cur;
	follow_j[f] = jiffies;
	follow_mask[f] = rcp->cpumask;
	follow_bound[f] =
		RCU_JIFFIES_TILL_FORCE_QS * ((unsigned long)cpus_weight(rcp->cpumask) + 1) +
		F4_SLACK;
}

/* F4: the last poke's CPUs have all reported, or the batch ended, or the bound passed. */
static void check_follow(int f)
{
	struct rcu_ctrlblk *rcp = classic_blk(f);
	cpumask_t owed;
	int cpu;

	if (!follow_on[f])
		return;
	cpus_and(owed, follow_mask[f], rcp->cpumask);
	if (rcp->cur != follow_batch[f] || rcp->cur == rcp->completed || cpus_empty(owed)) {
		follow_on[f] = 0;
		return;
	}
	if (!time_after(jiffies, follow_j[f] + follow_bound[f]))
		return;
	for (cpu = 0; cpu < bw_sim_ncpus() && !cpu_isset(cpu, owed); cpu++)
		;
	bw_sim_fail("F4: %s batch %ld was poked at jiffy %lu; %lu jiffies later cpu %d still owes "
		    "the QS it was asked for and no further poke came (bound %lu)",
		    fl_name[f], rcp->cur, follow_j[f], jiffies - follow_j[f], cpu, follow_bound[f]);
}

/*
 * Follow one flavor's batches: called after every event and around every RCU
 * softirq pass, so a bit cleared or a batch started is seen in the same jiffy.
 * Progress (a new batch or a cleared bit) is what the forcing delay counts from.
 * Everything since the last observation was done by CPU @poker.
 */
static void observe(int f, int asleep, int poker)
{
	struct rcu_ctrlblk *rcp = classic_blk(f);
	const char *err = classic_check_counters(rcp);
	int in_progress = rcp->cur != rcp->completed;
	cpumask_t allowed, nohz = nohz_cpu_mask, cleared;

	if (err)
		bw_sim_fail("O7: %s_ctrlblk: %s (cur %ld completed %ld pending %ld)", fl_name[f],
			    err, rcp->cur, rcp->completed, rcp->pending);
	if (rcu_batch_before(rcp->cur, last_cur[f]) ||
	    rcu_batch_before(rcp->completed, last_completed[f]))
		bw_sim_fail("O7: %s batch numbers went back (cur %ld -> %ld, completed %ld -> %ld)",
			    fl_name[f], last_cur[f], rcp->cur, last_completed[f], rcp->completed);
	if (in_progress == cpus_empty(rcp->cpumask))
		bw_sim_fail("M: %s batch %ld %s but its mask is %s", fl_name[f], rcp->cur,
			    in_progress ? "is in progress" : "is over",
			    in_progress ? "empty" : "not empty");
	/* C1: the bits of the last observed batch that are clear now */
	cleared = last_mask[f];
	if (rcp->cur == last_cur[f])
		cpus_andnot(cleared, last_mask[f], rcp->cpumask);
	if (poker >= 0)
		judge_clears(f, last_cur[f], &cleared, poker);
	if (rcp->completed != last_completed[f]) {
		batches[f] += (unsigned long)(rcp->completed - last_completed[f]);
		batches_asleep += asleep > 0;
		quiet_batches += asleep > 0 && quiet_phase;
	}
	if (rcp->cur != last_cur[f]) {
		/* A new batch: its mask was the online CPUs minus the dyntick-idle ones. */
		cpus_andnot(allowed, cpu_online_map, nohz);
		__cpus_or(&allowed, &allowed, &dying);
		if (!mask_subset(&rcp->cpumask, &allowed))
			bw_sim_fail("M: new %s batch %ld includes a CPU that is offline or in "
				    "nohz_cpu_mask",
				    fl_name[f], rcp->cur);
		progress_j[f] = jiffies;
		if (rcp->signaled) {
			/* F2: only a flood in this very step may have poked the new batch already */
			if (!any_flood())
				bw_sim_fail(
					"F2: %s batch %ld starts marked poked (signaled %d) without a "
					"flood: forcing state left from an earlier batch",
					fl_name[f], rcp->cur, rcp->signaled);
			for (int cpu = 0; cpu < bw_sim_ncpus(); cpu++)
				if (cpu != poker && cpu_isset(cpu, rcp->cpumask) &&
				    bw_sim_cpu_is_online(cpu) && ipi_stamp[cpu] <= last_observed[f])
					bw_sim_fail(
						"F2: %s batch %ld starts marked poked, but cpu %d in its "
						"mask got no reschedule IPI: forcing state left from an "
						"earlier batch",
						fl_name[f], rcp->cur, cpu);
			poked(f, poker);
		}
	} else {
		if (rcp->signaled != last_signaled[f])
			poked(f, poker);
		if (!mask_subset(&rcp->cpumask, &last_mask[f]))
			bw_sim_fail("M: a bit was set in the %s mask in the middle of batch %ld",
				    fl_name[f], rcp->cur);
		if (!mask_equal(&rcp->cpumask, &last_mask[f]))
			progress_j[f] = jiffies;
	}
	check_follow(f);
	last_cur[f] = rcp->cur;
	last_completed[f] = rcp->completed;
	last_mask[f] = rcp->cpumask;
	last_signaled[f] = rcp->signaled;
	last_observed[f] = bw_sim_stamp();
}

static void classic_resched_ipi(int from, int to)
{
	if (!bw_sim_cpu_is_online(to))
		bw_sim_fail(
			"F3: cpu %d sends a reschedule IPI to cpu %d, which is offline%s", from, to,
			cpu_isset(to, dying) ? " (its CPU_DEAD processing is still to come)" : "");
	ipi_stamp[to] = bw_sim_stamp();
}

/* After every event: the masks against the online and dyntick-idle CPUs. */
static void check_flavor(int f, int asleep)
{
	struct rcu_ctrlblk *rcp = classic_blk(f);
	cpumask_t allowed, nohz = nohz_cpu_mask;

	observe(f, asleep, bw_sim_last_cpu());
	/* A CPU just taken down keeps its bit until CPU_DEAD has been processed. */
	cpus_andnot(allowed, rcp->cpumask, dying);
	if (!mask_subset(&allowed, &cpu_online_map))
		bw_sim_fail("M: an offline CPU is in the %s mask of batch %ld", fl_name[f],
			    rcp->cur);
	cpus_and(allowed, rcp->cpumask, nohz);
	if (!cpus_empty(allowed))
		bw_sim_fail(
			"M: a CPU in nohz_cpu_mask (dyntick-idle) is in the %s mask of batch %ld",
			fl_name[f], rcp->cur);
}

/*
 * Invocation order is list order (donelist, then nxtlist): the callbacks of
 * each originating CPU must appear in queue order, adopted ones included (H).
 * Each head's label goes to O10/O11: done on donelist and in the first segment,
 * rdp->batch - 1 in the second, rdp->batch in the third.
 */
static void check_order(int cpu, int f, const struct rcu_data *rdp)
{
	static unsigned long last_seq[NR_CPUS], epoch[NR_CPUS], walk;
	struct rcu_head *h, *const *pp;
	long ahead = 0;
	int i, seg = 0;

	walk++;
	for (i = 0; i < 2; i++)
		for (pp = i ? &rdp->nxtlist : &rdp->donelist; (h = *pp) != NULL; pp = &h->next) {
			struct bw_obj *o;

			while (i && seg < 2 && rdp->nxttail[seg] == pp)
				seg++;
			if (!i || !seg)
				bw_torture_label(h, cpu, BW_GP_DONE, ahead++);
			else
				bw_torture_label(h, cpu, rdp->batch - 2 + seg, 0);
			o = bw_torture_obj(h);
			if (!o)
				continue;
			if (epoch[o->cpu] == walk && o->seq <= last_seq[o->cpu])
				bw_sim_fail(
					"H: cpu %d's %s list holds callback seq %lu of cpu %d after seq %lu "
					"of the same CPU: per-CPU order lost",
					cpu, fl_name[f], o->seq, o->cpu, last_seq[o->cpu]);
			epoch[o->cpu] = walk;
			last_seq[o->cpu] = o->seq;
		}
}

static void check_cpu(int cpu)
{
	long limit = bw_torture_outstanding() + 4L * NR_CPUS + 16;
	const char *err;
	int f;

	if (!bw_sim_cpu_is_online(cpu) || bw_sim_irqs_are_off(cpu) || in_rcu_softirq[cpu])
		return;
	for (f = 0; f < 2; f++) {
		err = classic_check_lists(classic_rdp(f, cpu), limit, 1);
		if (err)
			bw_sim_fail("L: cpu %d %s: %s", cpu, fl_name[f], err);
		check_order(cpu, f, classic_rdp(f, cpu));
	}
}

static void classic_check(void)
{
	int n = bw_sim_ncpus(), cpu, f, asleep = 0, i;

	for (cpu = 0; cpu < n; cpu++) {
		if (!bw_sim_dyntick_asleep(cpu))
			continue;
		asleep++;
		for (f = 0; f < 2; f++)
			if (classic_rdp(f, cpu)->nxtlist || classic_rdp(f, cpu)->donelist)
				bw_sim_fail(
					"D: cpu %d sleeps in dyntick-idle with %s callbacks queued",
					cpu, fl_name[f]);
	}
	for (f = 0; f < 2; f++)
		check_flavor(f, asleep);
	if (bw_sim_last_cpu() >= 0)
		check_ready(bw_sim_last_cpu());
	if (n <= CHECK_SPAN) {
		for (cpu = 0; cpu < n; cpu++)
			check_cpu(cpu);
	} else {
		for (i = 0; i < CHECK_SPAN; i++)
			check_cpu((int)(check_rr++ % (unsigned long)n));
	}
}

/* ---- stall warnings (S) ---- */

#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)

static unsigned long stall_from; /* jiffies when the stalling reader began */
static int stall_named; /* a warning named stall_cpu since stall_from */
static unsigned long last_warning_j[2];
static long last_warning_batch[2];
static char line[NR_CPUS][256]; /* printk pieces until the newline, per CPU */

/* Does the set of CPUs in @names (" 3 7 12") equal @mask? */
static int names_match(const char *names, const cpumask_t *mask)
{
	cpumask_t seen;
	char *end;
	long cpu;

	cpus_clear(seen);
	for (;;) {
		cpu = strtol(names, &end, 10);
		if (end == names)
			break;
		if (cpu < 0 || cpu >= NR_CPUS)
			return 0;
		__cpu_set(cpu, seen);
		names = end;
	}
	return mask_equal(&seen, mask);
}

static void stall_warning(int f, int named_cpu, long t)
{
	struct rcu_ctrlblk *rcp = classic_blk(f);

	if (t < RCU_SECONDS_TILL_STALL_CHECK)
		bw_sim_fail("S: %s stall warning %ld jiffies into batch %ld, before the timeout %d",
			    fl_name[f], t, rcp->cur, RCU_SECONDS_TILL_STALL_CHECK);
	if (last_warning_batch[f] == rcp->cur &&
	    time_before(jiffies, last_warning_j[f] + RCU_SECONDS_TILL_STALL_RECHECK))
		bw_sim_fail(
			"S: a second %s stall warning for batch %ld after %lu jiffies (one per %d)",
			fl_name[f], rcp->cur, jiffies - last_warning_j[f],
			RCU_SECONDS_TILL_STALL_RECHECK);
	last_warning_batch[f] = rcp->cur;
	last_warning_j[f] = jiffies;
	stall_warnings++;
	if (stall_active && named_cpu)
		stall_named = 1;
}

/* A whole printk line: stall warnings are checked against the state they describe. */
static void classic_line(int cpu, const char *msg)
{
	const char *p;
	int f, self;
	long t;

	if (strncmp(msg, "<3>INFO: RCU detected CPU", 25) != 0)
		return;
	if (sscanf(msg, "<3>INFO: RCU detected CPU %d stall (t=%*u/%ld", &self, &t) == 2) {
		if (self != cpu)
			bw_sim_fail("S: cpu %d reports a stall of cpu %d as its own", cpu, self);
		for (f = 0; f < 2; f++) {
			struct rcu_ctrlblk *rcp = classic_blk(f);

			if (rcp->cur != rcp->completed && cpu_isset(cpu, rcp->cpumask) &&
			    (long)(jiffies - rcp->gp_start) == t)
				break;
		}
		if (f == 2)
			bw_sim_fail(
				"S: cpu %d says it stalls a batch, but no batch in progress waits for "
				"it since %ld jiffies: %s",
				cpu, t, msg);
		stall_warning(f, cpu == stall_cpu, t);
		return;
	}
	p = strstr(msg, "stalls:");
	if (!p || !strstr(msg, "(detected by ") || sscanf(strstr(msg, "t="), "t=%ld", &t) != 1)
		bw_sim_fail("S: unexpected stall warning format: %s", msg);
	for (f = 0; f < 2; f++) {
		struct rcu_ctrlblk *rcp = classic_blk(f);
		char names[256];
		size_t n = (size_t)(strstr(msg, "(detected by") - (p + 7));

		if (n >= sizeof(names))
			n = sizeof(names) - 1;
		memcpy(names, p + 7, n);
		names[n] = 0;
		if (rcp->cur != rcp->completed && names_match(names, &rcp->cpumask) &&
		    (long)(jiffies - rcp->gp_start) == t) {
			stall_warning(f, cpu_isset(stall_cpu, rcp->cpumask), t);
			return;
		}
	}
	bw_sim_fail("S: stall warning that names no batch's laggards exactly: %s", msg);
}

static void classic_printk(int cpu, const char *msg)
{
	size_t have = strlen(line[cpu]), n = strlen(msg);

	if (have + n >= sizeof(line[cpu]))
		bw_sim_fail("printk line too long on cpu %d", cpu);
	memcpy(line[cpu] + have, msg, n + 1);
	if (n && msg[n - 1] == '\n') {
		classic_line(cpu, line[cpu]);
		line[cpu][0] = 0;
	}
}

/*
 * The staller: woken at the start of some random phases, it holds an rcu reader
 * at kernel points (no QS possible) until a warning names its CPU or well past
 * the timeout of the batch that waits for it.
 */
static void staller(void *arg)
{
	(void)arg;
	for (;;) {
		unsigned long gp = 0, deadline;
		int waited = 0;

		wait_for_completion(&stall_kick);
		rcu_read_lock();
		stall_active = 1;
		stall_named = 0;
		stall_from = jiffies;
		deadline = stall_from + 2 * RCU_SECONDS_TILL_STALL_CHECK;
		bw_sim_trace("staller holds an rcu reader", 0, 0);
		while (!stall_named && time_before(jiffies, deadline)) {
			struct rcu_ctrlblk *rcp = &rcu_ctrlblk;

			/* the latest batch that waits for this CPU (an earlier one may still end) */
			if (rcp->cur != rcp->completed && cpu_isset(bw_sim_cpu(), rcp->cpumask) &&
			    (!waited || rcp->gp_start != gp)) {
				waited = 1;
				gp = rcp->gp_start;
				deadline = gp + RCU_SECONDS_TILL_STALL_CHECK + STALL_SLACK;
			}
			bw_sim_point(BW_PT_KERNEL);
		}
		if (waited && !stall_named)
			bw_sim_fail(
				"S: cpu %d held an rcu reader from jiffy %lu for %lu jiffies, its "
				"batch waited since %lu, and no stall warning named it",
				bw_sim_cpu(), stall_from, jiffies - stall_from, gp);
		stall_tests += waited;
		stall_active = 0;
		rcu_read_unlock();
	}
}

#else /* !CONFIG_RCU_CPU_STALL_DETECTOR */

static void classic_printk(int cpu, const char *msg)
{
	(void)cpu;
	if (strstr(msg, "RCU detected"))
		bw_sim_fail("S: a stall warning without CONFIG_RCU_CPU_STALL_DETECTOR: %s", msg);
}

static void staller(void *arg)
{
	(void)arg;
}

#endif /* CONFIG_RCU_CPU_STALL_DETECTOR */

/* ---- hotplug (H) ---- */

/* Registered after RCU's notifier, so CPU_DEAD reaches it once RCU has adopted the CPU. */
static int dying_notify(struct notifier_block *nb, unsigned long action, void *hcpu)
{
	long cpu = (long)hcpu;

	(void)nb;
	if ((action & ~CPU_TASKS_FROZEN) == CPU_DOWN_PREPARE)
		cpu_set(cpu, dying);
	else if ((action & ~CPU_TASKS_FROZEN) == CPU_DEAD)
		cpu_clear(cpu, dying);
	return NOTIFY_OK;
}

static struct notifier_block dying_nb = { .notifier_call = dying_notify };

/*
 * A CPU comes back only once the callbacks it queued before going down (now on
 * another CPU) have run: the kernel keeps per-CPU order only within a CPU's
 * list, so new callbacks of the returning CPU could overtake them and O4 would
 * check an order nobody promises.
 */
static int may_come_up(int cpu)
{
	return !bw_sim_cpu_is_online(cpu) && !bw_torture_oldest(cpu, BW_RCU) &&
	       !bw_torture_oldest(cpu, BW_RCU_BH);
}

/* Does @cpu hold ready callbacks (and, with @both, waiting ones too) of one flavor? */
static int holds(int cpu, int both)
{
	int f;

	for (f = 0; f < 2; f++)
		if (classic_rdp(f, cpu)->donelist && (!both || classic_rdp(f, cpu)->nxtlist))
			return 1;
	return 0;
}

/*
 * Half the time, a CPU that still holds ready callbacks goes down, preferably one that
 * also holds waiting ones (their order must survive the adoption).
 */
static int pick_victim(int n)
{
	int cpu, tries, both;

	if (bw_sim_chance(50))
		for (both = 1; both >= 0; both--)
			for (tries = 0; tries < 8; tries++) {
				cpu = 1 + (int)bw_sim_below((unsigned int)n - 1);
				if (bw_sim_cpu_is_online(cpu) && holds(cpu, both))
					return cpu;
			}
	return 1 + (int)bw_sim_below((unsigned int)n - 1);
}

/* On CPU 0: random CPUs down and up in random phases; every CPU back up for the drains. */
static void hotplug_task(void *arg)
{
	int n = bw_sim_ncpus(), cpu, offline;

	(void)arg;
	for (;;) {
		if (bw_sim_phase() == BW_PHASE_RANDOM) {
			bw_sim_user(2 + (int)bw_sim_below(20));
			if (bw_sim_phase() != BW_PHASE_RANDOM)
				continue;
			cpu = pick_victim(n);
			if (bw_sim_cpu_is_online(cpu))
				hp_down += bw_sim_cpu_down(cpu) == 0;
			else if (may_come_up(cpu))
				hp_up += bw_sim_cpu_up(cpu) == 0;
			continue;
		}
		offline = 0;
		for (cpu = 1; cpu < n; cpu++) {
			if (may_come_up(cpu))
				hp_up += bw_sim_cpu_up(cpu) == 0;
			offline += !bw_sim_cpu_is_online(cpu);
		}
		if (offline)
			bw_sim_user(1); /* their callbacks are still running elsewhere */
		else
			wait_for_completion(&hp_kick);
	}
}

/* ---- the flood-before-notice schedule (SMP, drain by ticks) ---- */

/*
 * The hog CPU runs a task in kernel mode that schedules only when asked to. A flood on
 * CPU 0 pokes the batch it just started right after the hog's tick, so the hog takes
 * the IPI and context-switches before its next tick makes it notice the batch: that QS
 * predates the notice and cannot count. The hog owes a new one, which only another poke
 * can obtain (F4). flood_wasted counts the pokes whose QS came before the notice.
 */
#define FLOOD_N 12 /* above qhimark (8 here) with the first head */
#define FLOOD_TRIES 24
static struct completion flood_kick;
static struct rcu_head flood_heads[FLOOD_N];
static int flood_outstanding, flood_busy;
static long flood_batch;
static uint64_t flood_stamp;
static unsigned long flood_tries, flood_hits, flood_wasted;

static void flood_cb(struct rcu_head *h)
{
	(void)h;
	flood_outstanding--;
}

static int flood_wait(int (*cond)(void))
{
	long points = 0;

	while (!cond()) {
		if (points++ > 3000 || bw_sim_phase() != BW_DRAIN_TICK)
			return 0;
		bw_sim_point(BW_PT_TASK);
	}
	return 1;
}

/* No rcu batch runs, the flood's callbacks ran, and the hog just ticked (its softirq done). */
static int flood_ready(void)
{
	struct sim_cpu *h = &bw_sim_cpus[hog_cpu];

	return !flood_outstanding && rcu_ctrlblk.cur == rcu_ctrlblk.completed &&
	       classic_rdp(BW_RCU, hog_cpu)->quiescbatch == rcu_ctrlblk.cur && h->since_tick <= 1 &&
	       !h->softirq_pending && !(h->hw_pending & HW_TICK);
}

/* One try; 0 if the hog does not tick (its worker slept when the drain began: it idles). */
static int flood_once(void)
{
	struct rcu_data *hog = classic_rdp(BW_RCU, hog_cpu);
	unsigned long flags;
	long cur;
	int i;

	if (!flood_wait(flood_ready))
		return 0;
	flood_tries++;
	cur = rcu_ctrlblk.cur;
	flood_outstanding = FLOOD_N;
	call_rcu(&flood_heads[0], flood_cb);
	/* run this CPU's RCU softirq now: it asks for batch cur + 1 and starts it */
	local_bh_disable();
	raise_softirq(RCU_SOFTIRQ);
	local_bh_enable();
	if (rcu_ctrlblk.cur == cur || hog->quiescbatch == rcu_ctrlblk.cur ||
	    !cpu_isset(hog_cpu, rcu_ctrlblk.cpumask) || rcu_ctrlblk.signaled) {
		/* the batch did not start here, or the hog already noticed it: no flood */
		local_irq_save(flags);
		for (i = 1; i < FLOOD_N; i++)
			call_rcu(&flood_heads[i], flood_cb);
		local_irq_restore(flags);
		return 1;
	}
	flood_batch = rcu_ctrlblk.cur;
	flood_stamp = bw_sim_stamp();
	local_irq_save(flags);
	for (i = 1; i < FLOOD_N; i++)
		call_rcu(&flood_heads[i], flood_cb);
	flood_hits += ipi_stamp[hog_cpu] > flood_stamp;
	local_irq_restore(flags);
	return 1;
}

static void flood_task(void *arg)
{
	(void)arg;
	for (;;) {
		unsigned long hits;
		int tries;

		wait_for_completion(&flood_kick);
		hits = flood_wasted;
		for (tries = 0; tries < FLOOD_TRIES && flood_wasted == hits &&
				bw_sim_phase() == BW_DRAIN_TICK && flood_once();
		     tries++)
			;
		flood_busy = 0;
	}
}

/* The hog noticed the flooded batch: was the QS its poke caused already spent? */
static void flood_noticed(int cpu, int f)
{
	if (f == BW_RCU && cpu == hog_cpu && noticed[cpu][f] == flood_batch && flood_stamp &&
	    qs_stamp[cpu][f] > flood_stamp && ipi_stamp[cpu] > flood_stamp) {
		flood_wasted++;
		flood_stamp = 0;
	}
}

/* ---- phases, drain, setup ---- */

static void classic_phase(enum bw_sim_phase phase)
{
	int n = bw_sim_ncpus(), cpu,
	    stall = IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR) && rounds % 4 == 1;

	if (IS_ENABLED(CONFIG_HOTPLUG_CPU) && n > 1)
		complete(&hp_kick);
	hog_cpu = -1;
	if (quiet_phase && !quiet_batches)
		bw_sim_fail(
			"O9: the odd CPUs were kept idle for a whole random phase, yet no batch "
			"completed while one of them slept in dyntick-idle");
	quiet_phase = 0;
	if (phase == BW_PHASE_RANDOM) {
		if (stall)
			complete(&stall_kick);
		if (IS_ENABLED(CONFIG_NO_HZ) && n > 1 && rounds % 3 == 2) {
			quiet_phase = 1;
			quiet_batches = 0;
			cpus_clear(quiet_set);
			for (cpu = 1; cpu < n; cpu += 2)
				if (!stall || cpu != stall_cpu)
					__cpu_set(cpu, quiet_set);
			quiet_phase = !cpus_empty(quiet_set);
		}
		rounds++;
	} else if (phase == BW_DRAIN_TICK) {
		hog_cpu = (int)bw_sim_below((unsigned int)n);
		if (IS_ENABLED(CONFIG_SMP) && n > 1 && n <= CHECK_SPAN) {
			struct sim_cpu *h;
			int i;

			hog_cpu = 1 + (int)bw_sim_below((unsigned int)n - 1);
			/* a hog asleep since the random phase would leave its CPU idle: wake it */
			h = &bw_sim_cpus[hog_cpu];
			for (i = 0; i < h->ntasks; i++)
				if (h->tasks[i]->sleeping) {
					h->tasks[i]->sleeping = 0;
					sim_wake(h->tasks[i]);
				}
			flood_busy = 1;
			complete(&flood_kick);
		}
	}
}

static int classic_quiet_cpu(int cpu)
{
	return quiet_phase && cpu_isset(cpu, quiet_set);
}

static int classic_kernel_hog(int cpu)
{
	return cpu == hog_cpu;
}

/* Classic (2.6.28) has no NMI hook: an NMI on a CPU left out of batches may not read. */
static int classic_nmi_may_read(int cpu)
{
	return !cpu_isset(cpu, nohz_cpu_mask);
}

static int classic_settled(void)
{
	int cpu, f;

	for (cpu = 0; cpu < bw_sim_ncpus(); cpu++) {
		if (!bw_sim_cpu_is_online(cpu))
			return 0; /* the hotplug task brings every CPU back first */
		for (f = 0; f < 2; f++)
			if (classic_rdp(f, cpu)->nxtlist || classic_rdp(f, cpu)->donelist ||
			    classic_rdp(f, cpu)->qlen)
				return 0;
	}
	if (stall_active || flood_busy || flood_outstanding)
		return 0;
	for (f = 0; f < 2; f++) {
		long c = f ? rcu_batches_completed_bh() : rcu_batches_completed();

		if (bw_torture_stats.invoked[f] != drain_invoked[f] && c == drain_completed[f])
			bw_sim_fail("O7: %lu %s callbacks ran since the last drain but "
				    "rcu_batches_completed%s() did not advance",
				    bw_torture_stats.invoked[f] - drain_invoked[f], fl_name[f],
				    f ? "_bh" : "");
		drain_completed[f] = c;
		drain_invoked[f] = bw_torture_stats.invoked[f];
	}
	return 1;
}

static void classic_setup(void)
{
	int f, n = bw_sim_ncpus();

	for (f = 0; f < 2; f++) {
		last_cur[f] = classic_blk(f)->cur;
		last_completed[f] = drain_completed[f] = classic_blk(f)->completed;
		progress_j[f] = jiffies;
	}
	/*
	 * Classic reports QSes from its softirq, which the tick raises: like a
	 * real kernel, keep ticking while draining by context switches (from
	 * kernel mode: bh QSes only). Index 1 is the tick (sim_core.c's events).
	 */
	((struct bw_sim_config *)bw_sim_cfg)->weights[BW_DRAIN_SCHED][1] = 10;
	((struct bw_sim_hooks *)bw_sim_h)->resched_ipi = classic_resched_ipi;
	init_completion(&hp_kick);
	init_completion(&stall_kick);
	init_completion(&flood_kick);
	if (IS_ENABLED(CONFIG_HOTPLUG_CPU) && n > 1) {
		register_cpu_notifier(&dying_nb);
		bw_sim_task_create(0, "hotplug", hotplug_task, NULL);
	}
	if (IS_ENABLED(CONFIG_SMP) && n > 1 && n <= CHECK_SPAN)
		bw_sim_task_create(0, "flood", flood_task, NULL);
	if (IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)) {
		stall_cpu = n - 1;
		bw_sim_task_create(stall_cpu, "staller", staller, NULL);
	}
}

static void classic_finish(void)
{
	printf("# classic: %lu/%lu batches (rcu/bh), %lu with a CPU in dyntick-idle, pokes %lu/%lu, "
	       "stall tests %lu, stall warnings %lu, CPUs down %lu up %lu\n",
	       batches[0], batches[1], batches_asleep, forced[0], forced[1], stall_tests,
	       stall_warnings, hp_down, hp_up);
	printf("# classic: flood-before-notice: %lu tries, %lu pokes before the notice, %lu of them "
	       "spent before it\n",
	       flood_tries, flood_hits, flood_wasted);
	if (IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR) && !stall_tests)
		bw_sim_fail("S: no stall test completed: make the random phases longer");
}

#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)
#define STALL_FMT " gp_start %lu jiffies_stall %lu"
#define STALL_ARGS(rcp) , (rcp)->gp_start, (rcp)->jiffies_stall
#else
#define STALL_FMT ""
#define STALL_ARGS(rcp)
#endif

static void classic_report(FILE *out)
{
	int f, cpu;

	for (f = 0; f < 2; f++) {
		struct rcu_ctrlblk *rcp = classic_blk(f);

		fprintf(out,
			"  %s_ctrlblk: cur %ld completed %ld pending %ld signaled %d "
			"jiffies_force %lu (jiffies %lu)" STALL_FMT " mask",
			fl_name[f], rcp->cur, rcp->completed, rcp->pending, rcp->signaled,
			rcp->jiffies_force, jiffies STALL_ARGS(rcp));
		for (cpu = 0; cpu < bw_sim_ncpus(); cpu++)
			if (cpu_isset(cpu, rcp->cpumask))
				fprintf(out, " %d", cpu);
		fputc('\n', out);
		for (cpu = 0; cpu < bw_sim_ncpus() && cpu < 16; cpu++) {
			struct rcu_data *rdp = classic_rdp(f, cpu);

			fprintf(out,
				"    cpu%d: quiescbatch %ld passed %d pending %d batch %ld qlen %ld "
				"blimit %ld nxtlist %p donelist %p\n",
				cpu, rdp->quiescbatch, rdp->passed_quiesc, rdp->qs_pending,
				rdp->batch, rdp->qlen, rdp->blimit, (void *)rdp->nxtlist,
				(void *)rdp->donelist);
		}
	}
}

static void classic_gp(int f, long *started, long *completed)
{
	*started = classic_blk(f)->cur;
	*completed = classic_blk(f)->completed;
}

static const struct bw_torture_variant classic = {
	.name = "classic",
	.queuing = classic_queuing,
	.invoked = classic_invoked,
	.qs = classic_qs,
	.softirq_begin = classic_softirq_begin,
	.softirq_end = classic_softirq_end,
	.check = classic_check,
	.settled = classic_settled,
	.report = classic_report,
	.printk = classic_printk,
	.phase = classic_phase,
	.setup = classic_setup,
	.finish = classic_finish,
	.kernel_hog = classic_kernel_hog,
	.nmi_may_read = classic_nmi_may_read,
	.quiet_cpu = classic_quiet_cpu,
	.gp = classic_gp,
	.label_lag = 1,
	.dead_window_jiffies = RCU_JIFFIES_TILL_FORCE_QS + 2,
	/* a barrier waits for every CPU's ticks: keep the serialised queue short on big machines */
	.barrier_permille = NR_CPUS >= 16 ? 2000 / NR_CPUS : 0,
};

/*
 * Default events per random phase, enough for a stall test on every machine
 * size, and a drain bound that grows with it (a batch needs every CPU's ticks).
 */
static long default_events(void)
{
	long per_jiffy = 16L * NR_CPUS; /* driver events per jiffy (ticks are spread over CPUs) */
	long need = per_jiffy * (RCU_SECONDS_TILL_STALL_CHECK + 4 * STALL_SLACK);

	if (!IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR) || need < 100000)
		need = 100000;
	return need;
}

static long default_drain_limit(void)
{
	return 200000 + 16L * NR_CPUS * 400; /* about 400 jiffies of ticks on every CPU */
}

int main(int argc, char **argv)
{
	char events[32], drain[32], **args = calloc((size_t)argc + 7, sizeof(*args));
	int i;

	if (!args)
		return 2;
	*__bw_param_blimit = 1;
	*__bw_param_qhimark = 8;
	*__bw_param_qlowmark = 2;
	snprintf(events, sizeof(events), "%ld", default_events());
	snprintf(drain, sizeof(drain), "%ld", default_drain_limit());
	args[0] = argv[0];
	args[1] = (char *)"--events";
	args[2] = events;
	args[3] = (char *)"--drain-limit";
	args[4] = drain;
	/* C1's window: stretched unless the command line says 0 (not on big machines: slow) */
	args[5] = (char *)"--lock-stretch";
	args[6] = (char *)(NR_CPUS <= CHECK_SPAN ? "10" : "0");
	for (i = 1; i < argc; i++)
		args[i + 6] = argv[i];
	i = bw_torture_main(argc + 6, args, &classic);
	free(args);
	return i;
}
