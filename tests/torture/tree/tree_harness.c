// SPDX-License-Identifier: GPL-2.0
/* Tree RCU torture harness: geometry, tree masks, GP numbers, QS causes, forcing, stalls, hotplug. */

/*
 * Oracles added to the generic ones of rcutorture.h (tests/torture/README.md).
 * Each failure message starts with its tag:
 *
 *   G   geometry, checked at init for the (NR_CPUS, RCU_FANOUT) pair of the
 *       build: level counts from the formula, spreads, every node covers at
 *       least one CPU, children tile their parent's range in order, grpmask
 *       and parent links, each CPU's leaf;
 *   GI  geometry against tree_geom.c's own computation of the tree (from the
 *       definition, by division, not rcu_init_one()'s strides), at boot and after
 *       every CPU notifier event: every node's level, CPU range, grpnum,
 *       grpmask and parent, every CPU's leaf and bit, and every qsmaskinit
 *       equal to the bits of the CPUs between CPU_UP_PREPARE and CPU_DEAD;
 *   O2  a callback queued while the flavor's gpnum was g runs only once
 *       completed >= g + 1 (the races of docs/variants.md break exactly this);
 *   O7  completed <= gpnum <= completed + 1, both never decrease, and every
 *       drain that ran callbacks advanced completed;
 *   T1  tree masks: no GP => every qsmask is 0; a GP past its setup => the
 *       root's qsmask is not 0; a node with bits set has its bit set in its
 *       parent (no report climbs before its node empties); a node emptied with
 *       its parent bit still set is a reporter between the two locks, so there
 *       are never more of them than CPUs with interrupts off; qsmask is within
 *       the qsmaskinit values seen since the GP began; no bit beyond the
 *       node's children;
 *   T2  a CPU's leaf bit is cleared only if that CPU passed a quiescent state
 *       of the flavor since the GP began, or sat in dyntick-idle or offline
 *       at some point since (what forcing may credit);
 *   T3  per-CPU lists: the four tails met in list order, *nxttail[NEXT] ==
 *       NULL, qlen equals the length whenever the CPU could observe it, the
 *       CPU's completed/gpnum never ahead of the flavor's;
 *   T4  segment labels, with g the gpnum at enqueue and c the CPU's completed:
 *       done => c >= g + 1, wait => c >= g, next-ready => c + 1 >= g (a
 *       segment advanced too far, or against a stale c, fails here first);
 *   T5  a CPU asleep in dyntick-idle has no callbacks (rcu_needs_cpu());
 *   O8  a hog CPU that holds an rcu reader gets a reschedule IPI from forcing
 *       and, with CONFIG_RCU_CPU_STALL_DETECTOR, is named by a stall warning
 *       within the stall timeout; every warning names exactly the CPUs whose
 *       leaf bits are set (for a flavor whose GP runs), its printer is the
 *       CPU it says, and one interval passes between two warnings of a GP;
 *   O9  forcing never IPIs a CPU sitting in dyntick-idle (nor an offline
 *       one); with NO_HZ, GPs complete while CPUs sit in dyntick-idle
 *       throughout them, credited from their dynticks counters;
 *   H   hotplug: after CPU_DEAD the dead CPU has no callbacks and no bits;
 *       after CPU_UP_PREPARE it is in qsmaskinit; while it is coming up (still
 *       offline) a GP that waits for it is released by forcing;
 *   O6  across CPU removal: the generic dead window (outside late-tick bursts)
 *       holds half the removed CPUs offline without CPU_DEAD for
 *       RCU_JIFFIES_TILL_FORCE_QS + 2 jiffies, with an rcu_barrier*() of a
 *       flavor the dead CPU holds callbacks of;
 *   O10, O11 (rcutorture.h) on the labels check_list()'s walks read: done;
 *       wait => the CPU's completed + 1; next-ready => completed + 2; next =>
 *       none yet. label_lag 2: a callback queued during GP g after its CPU
 *       reported g stays in next until g ends, then waits in next-ready for
 *       g + 2 (unless its CPU starts g + 1 itself).
 */

#include <stdlib.h>
#include <string.h>

#include <linux/rcupdate.h>
#include <linux/cpu.h>
#include "../rcutorture.h"
#include "../sim/sim_internal.h"
#include "tree_check.h"
#include "tree_geom.h"

#define NFL 2
#define FL_NAME(f) ((f) ? "rcu_bh" : "rcu")
#define SMP IS_ENABLED(CONFIG_SMP)
#define STALL IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)
#define JIFFIES_SLACK 10 /* jiffies for the responsible CPU to take its next tick */
/* Forcing: a snapshot pass, then a kick pass, each due RCU_JIFFIES_TILL_FORCE_QS after the last. */
#define FORCE_DEADLINE (8 * RCU_JIFFIES_TILL_FORCE_QS + JIFFIES_SLACK)

/* rcutree.c's boot parameters (module_param() in the host build). */
extern int *const __bw_param_blimit, *const __bw_param_qhimark, *const __bw_param_qlowmark;

static struct rcu_state *const rsps[NFL] = { &rcu_state, &rcu_bh_state };

static struct rcu_data *rdp_of(int f, int cpu)
{
	return f ? &per_cpu(rcu_bh_data, cpu) : &per_cpu(rcu_data, cpu);
}

/* What the harness saw of one flavor at the previous check. */
struct flavor_obs {
	long gpnum, completed;
	uint64_t gp_start; /* the current GP began after this stamp */
	unsigned long init_union[NUM_RCU_NODES]; /* qsmaskinit values seen since then */
	unsigned long prev_init[NUM_RCU_NODES];
	unsigned long leaf_seen[NUM_RCU_NODES]; /* leaf bits seen set in this GP, still set */
	unsigned long gps, gps_idle; /* GP ends; those that waited for an idle CPU */
	int idle_credit; /* the current GP waited for an idle CPU */
	long drain_completed;
	unsigned long drain_invoked;
	unsigned long stall_gp_seen; /* stall warnings that may be this flavor's */
	long last_stall_gp; /* the GP and time of the last of them */
	unsigned long last_stall_jiffies;
	int sure_stall_gp_seen; /* the same, for warnings surely this flavor's */
	long sure_stall_gp;
	unsigned long sure_stall_jiffies;
};

static struct flavor_obs obs[NFL];
static uint64_t last_qs[NFL][NR_CPUS]; /* stamp of the last QS covering the flavor */
static uint64_t last_eqs[NR_CPUS]; /* last check that saw the CPU idle (dyntick) or offline */
static uint64_t eqs_since[NR_CPUS]; /* idle or offline continuously since this check, or 0 */
static unsigned char tick_qs[NR_CPUS]; /* in a tick that is a QS: 2 rcu and bh, 1 bh only */
static int in_rcu_softirq[NR_CPUS];
static uint64_t prev_stamp;
static int ncpus;
static int hotplug_busy; /* a cpu_down/cpu_up is in progress: any CPU's state may change */
static int burst; /* a late-tick hotplug burst runs: CPU 0 is kept quiet */

/* Statistics for the summary. */
static unsigned long n_ipis, n_stalls, n_self_stalls, n_downs, n_ups, n_windows, n_window_credits;
static unsigned long n_hogs, n_hogs_late_tick, n_hogs_aborted, n_spurious_stalls;

/* ---- geometry (G): tree_check_geometry() ---- */

static unsigned long valid_mask[NFL][NUM_RCU_NODES];
static unsigned char rcu_up[NR_CPUS]; /* between CPU_UP_PREPARE and CPU_DEAD (or UP_CANCELED) */
static unsigned long n_geom_checks;

/* GI on both flavors; @when names the moment for the message. */
static void geom_check(const char *when, int cpu)
{
	int f;

	n_geom_checks++;
	for (f = 0; f < NFL; f++) {
		const char *err = tree_geom_check(rsps[f], rcu_up);

		if (err)
			bw_sim_fail("GI: %s, %s cpu %d (NR_CPUS %d, fanout %d%s): %s", FL_NAME(f),
				    when, cpu, NR_CPUS, CONFIG_RCU_FANOUT,
				    IS_ENABLED(CONFIG_RCU_FANOUT_EXACT) ? " exact" : "", err);
	}
}

/* ---- quiescent states as the simulator defines them ---- */

static void tree_qs(int cpu, enum bw_sim_qs kind)
{
	uint64_t now = bw_sim_stamp();

	/*
	 * A tick's handler runs rcu_pending() (stall checks, forcing: lock points,
	 * maybe a GP start) before rcu_check_callbacks() notes the QS: the CPU
	 * stays quiescent until the handler returns (observe_cpu()).
	 */
	if (kind == BW_QS_TICK_USER || kind == BW_QS_TICK_IDLE)
		tick_qs[cpu] = 2;
	else if (kind == BW_QS_TICK_BH)
		tick_qs[cpu] = 1;
	if (kind == BW_QS_TICK_BH || kind == BW_QS_SOFTIRQ_END) {
		last_qs[1][cpu] = now;
	} else { /* context switch, ksoftirqd, user/idle tick, dyntick-idle: both flavors */
		last_qs[0][cpu] = now;
		last_qs[1][cpu] = now;
	}
}

/* Idle with the tick stopped and no irq or NMI running, or offline: what forcing may credit. */
static int cpu_in_eqs(int c)
{
	struct sim_cpu *p = &bw_sim_cpus[c];

	return !p->online || (p->nohz_nesting == 0 && !(p->ti.preempt_count & NMI_MASK));
}

static void tree_softirq_begin(int cpu, int nr)
{
	if (nr == RCU_SOFTIRQ)
		in_rcu_softirq[cpu]++;
}

static void tree_softirq_end(int cpu, int nr)
{
	if (nr == RCU_SOFTIRQ)
		in_rcu_softirq[cpu]--;
}

/* ---- callbacks: O2 ---- */

static void tree_queuing(struct bw_obj *o)
{
	o->vdata[0] = READ_ONCE(rsps[o->flavor]->gpnum);
}

static void tree_invoked(struct bw_obj *o)
{
	long completed = READ_ONCE(rsps[o->flavor]->completed);

	if (completed - (o->vdata[0] + 1) < 0)
		bw_sim_fail(
			"O2: %s callback cpu %d seq %lu queued while gpnum was %ld runs with completed "
			"%ld: its grace period (%ld) has not ended",
			FL_NAME(o->flavor), o->cpu, o->seq, o->vdata[0], completed,
			o->vdata[0] + 1);
}

/* ---- the hog (O8) ---- */

static volatile int hog_active;
static int hog_cpu, hog_named, hog_kicked, hog_bit_seen, hog_done_round;
static unsigned long hog_bit_jiffies, hog_ri;
static long hog_gp;

/*
 * Hold up the rcu GP on this CPU, inside a long reader, until forcing kicked
 * it and the stall detector named it. Half of the time the CPU's tick is late
 * meanwhile (as a stuck timer would be): it cannot name itself, so another CPU
 * must, and the timer duty moves on.
 */
static void hog_episode(void)
{
	int late_tick = 0, c;

	/* A late tick only if another CPU will keep taking ticks (and keep time). */
	for (c = 0; SMP && c < ncpus && c < NR_CPUS; c++)
		late_tick |= c != smp_processor_id() && bw_sim_cpus[c].online &&
			     !bw_sim_cpus[c].dying && bw_sim_cpus[c].since_tick > -1000;
	late_tick = late_tick && bw_sim_chance(50);

	hog_cpu = smp_processor_id();
	hog_named = hog_kicked = hog_bit_seen = 0;
	hog_ri = rdp_of(0, hog_cpu)->resched_ipi;
	hog_active = 1;
	n_hogs++;
	n_hogs_late_tick += late_tick;
	bw_sim_trace("hog begins on cpu %ld (late tick: %ld)", hog_cpu, late_tick);
	if (late_tick) {
		bw_sim_cpus[hog_cpu].since_tick = -1000000000L;
		if (bw_sim_timekeeper == hog_cpu)
			bw_sim_timekeeper = -1;
	}
	rcu_read_lock();
	for (;;) {
		unsigned long before = jiffies;

		bw_sim_point(BW_PT_KERNEL);
		if ((!STALL || hog_named) && (!SMP || hog_kicked))
			break;
		/* A late tick, not a dead one: it comes back if no other CPU keeps time. */
		if (late_tick && jiffies == before && ++late_tick > 400) {
			bw_sim_cpus[hog_cpu].since_tick = 0;
			late_tick = 0;
		} else if (late_tick && jiffies != before) {
			late_tick = 1;
		}
		if (bw_sim_cpus[hog_cpu].dying) {
			n_hogs_aborted++; /* a cpu_down chose this CPU just before the hog began */
			break;
		}
	}
	rcu_read_unlock();
	bw_sim_cpus[hog_cpu].since_tick = 0;
	hog_active = 0;
	bw_sim_trace("hog ends", 0, 0);
}

static void hog_task(void *arg)
{
	(void)arg;
	for (;;) {
		bw_sim_sleep();
		/* The first chance of the run, then now and then: at most one per round. */
		if (bw_sim_phase() == BW_PHASE_RANDOM && !hog_active && !hog_done_round &&
		    !bw_sim_cpus[smp_processor_id()].dying && (!n_hogs || bw_sim_chance(1))) {
			hog_done_round = 1;
			hog_episode();
		}
	}
}

/* Deadlines, checked after every event while a hog runs. */
static void check_hog(void)
{
	struct rcu_data *rdp = rdp_of(0, hog_cpu);

	if (!hog_active)
		return;
	if (rdp->resched_ipi != hog_ri)
		hog_kicked = 1; /* forcing kicked it: IPI, or its own set_need_resched() */
	/*
	 * The deadlines run from the first check that saw the hog holding up the
	 * current GP (it may have reported a QS taken before its reader began).
	 */
	if (!(READ_ONCE(rdp->mynode->qsmask) & rdp->grpmask) ||
	    rcu_state.gpnum == rcu_state.completed) {
		hog_bit_seen = 0;
	} else if (!hog_bit_seen || hog_gp != rcu_state.gpnum) {
		hog_bit_seen = 1;
		hog_bit_jiffies = jiffies;
		hog_gp = rcu_state.gpnum;
	}
	if (!hog_bit_seen)
		return;
	/* Forcing: snapshot pass, then the kick pass, each RCU_JIFFIES_TILL_FORCE_QS apart. */
	if (SMP && !hog_kicked && (long)(jiffies - hog_bit_jiffies) > FORCE_DEADLINE)
		bw_sim_fail(
			"O8: CPU %d has held up rcu GP %ld for %ld jiffies without a reschedule "
			"IPI from forcing (due after %d)",
			hog_cpu, hog_gp, (long)(jiffies - hog_bit_jiffies),
			RCU_JIFFIES_TILL_FORCE_QS);
#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)
	{
		/* 10 s into the GP; or 30 s after a warning about this GP that came before. */
		unsigned long from = hog_bit_jiffies;
		long wait = RCU_SECONDS_TILL_STALL_CHECK;

		if (obs[0].stall_gp_seen && obs[0].last_stall_gp == hog_gp) {
			from = obs[0].last_stall_jiffies;
			wait = RCU_SECONDS_TILL_STALL_RECHECK;
		}
		if (!hog_named &&
		    (long)(jiffies - from) > wait + RCU_STALL_RAT_DELAY + JIFFIES_SLACK)
			bw_sim_fail(
				"O8: CPU %d has held up rcu GP %ld for %ld jiffies and no stall "
				"warning named it (stall timeout %d jiffies, then one per %d)",
				hog_cpu, hog_gp, (long)(jiffies - hog_bit_jiffies),
				RCU_SECONDS_TILL_STALL_CHECK, RCU_SECONDS_TILL_STALL_RECHECK);
	}
#endif
}

/* ---- stall warnings (O8) ---- */

static char pk_buf[NR_CPUS][256];

/* Does @cpus (a list of CPU numbers) equal the leaf bits of flavor @f? */
static int stall_set_matches(int f, const int *cpus, int n)
{
	struct rcu_state *rsp = rsps[f];
	int c, k, set, listed;

	if (rsp->gpnum == rsp->completed)
		return 0;
	for (c = 0; c < NR_CPUS; c++) {
		struct rcu_data *rdp = rdp_of(f, c);

		set = (rdp->mynode->qsmask >> (c - rdp->mynode->grplo)) & 1;
		for (listed = 0, k = 0; k < n; k++)
			listed |= cpus[k] == c;
		if (set != listed)
			return 0;
	}
	return 1;
}

/*
 * A warning about flavor @f's current GP (@sure: no other flavor's CPUs match
 * it): one interval between two sure warnings about the same GP. Any warning
 * that may be this flavor's moves the deadline for the next one (check_hog()).
 */
static void stall_interval(int f, int sure)
{
#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)
	struct flavor_obs *o = &obs[f];

	if (sure) {
		if (o->sure_stall_gp_seen && o->sure_stall_gp == rsps[f]->gpnum &&
		    (long)(jiffies - o->sure_stall_jiffies) < RCU_SECONDS_TILL_STALL_RECHECK - 1)
			bw_sim_fail(
				"O8: two %s stall warnings for GP %ld only %ld jiffies apart (one "
				"per %d)",
				FL_NAME(f), o->sure_stall_gp,
				(long)(jiffies - o->sure_stall_jiffies),
				RCU_SECONDS_TILL_STALL_RECHECK);
		o->sure_stall_gp_seen = 1;
		o->sure_stall_gp = rsps[f]->gpnum;
		o->sure_stall_jiffies = jiffies;
	}
	o->stall_gp_seen++;
	o->last_stall_gp = rsps[f]->gpnum;
	o->last_stall_jiffies = jiffies;
#else
	(void)f;
	(void)sure;
#endif
}

static void stall_line(int cpu, const char *line)
{
	int cpus[NR_CPUS] = { 0 }, n = 0, by = -1, who = -1, f, match[NFL];
	const char *p;

	if ((p = strstr(line, "RCU detected CPU stalls:"))) {
		p += strlen("RCU detected CPU stalls:");
		while (*p == ' ' && p[1] >= '0' && p[1] <= '9' && n < NR_CPUS)
			cpus[n++] = (int)strtol(p + 1, (char **)&p, 10);
		if (sscanf(p, " (detected by %d,", &by) != 1 || by != cpu)
			bw_sim_fail("O8: malformed stall warning or wrong detector on cpu %d: %s",
				    cpu, line);
		for (f = 0; f < NFL; f++)
			match[f] = stall_set_matches(f, cpus, n);
		if (!match[0] && !match[1])
			bw_sim_fail(
				"O8: stall warning \"%s\" does not name exactly the CPUs whose leaf bits "
				"are set in either flavor",
				line);
		for (f = 0; f < NFL; f++)
			if (match[f])
				stall_interval(f, !match[!f]);
		n_stalls++;
		for (f = 0; f < n; f++)
			if (hog_active && cpus[f] == hog_cpu && match[0])
				hog_named = 1;
	} else if (sscanf(line, "<3>RCU detected CPU %d stall", &who) == 1) {
		if (who != cpu)
			bw_sim_fail("O8: CPU %d reports a self stall for CPU %d", cpu, who);
		for (f = 0; f < NFL; f++) {
			struct rcu_data *rdp = rdp_of(f, cpu);

			match[f] = rsps[f]->gpnum != rsps[f]->completed &&
				   (rdp->mynode->qsmask & rdp->grpmask);
		}
		if (!match[0] && !match[1])
			bw_sim_fail("O8: CPU %d reports itself stalled but its leaf bit is clear",
				    cpu);
		for (f = 0; f < NFL; f++)
			if (match[f])
				stall_interval(f, !match[!f]);
		n_self_stalls++;
		if (hog_active && cpu == hog_cpu && match[0])
			hog_named = 1;
	} else {
		return;
	}
	if (!hog_active)
		n_spurious_stalls++;
}

/* printk() pieces arrive one call at a time; a line is complete at its newline. */
static void tree_printk(int cpu, const char *msg)
{
	char *b = pk_buf[cpu];
	size_t len = strlen(b);

	snprintf(b + len, sizeof(pk_buf[cpu]) - len, "%s", msg);
	if (!strchr(b, '\n'))
		return;
	stall_line(cpu, b);
	b[0] = '\0';
}

/* ---- invariants after every event ---- */

/* What check_list() last verified of a list: an unchanged list needs no new walk. */
struct list_sig {
	struct rcu_head *nxtlist;
	struct rcu_head **tail[RCU_NEXT_SIZE];
	long qlen, completed;
	int qlen_checked;
};
static struct list_sig list_sigs[NFL][NR_CPUS];

/* T3/T4: walk one CPU's list of one flavor (if it changed since the last walk). */
static int walked_flavor; /* the flavor check_list() is walking, for sim_enq_gp() */

/* gpnum when a torture callback was queued (unknown for sync/barrier heads); flavor check. */
static long sim_enq_gp(struct rcu_head *head)
{
	struct bw_obj *o = bw_torture_obj(head);

	if (!o)
		return TREE_GP_UNKNOWN;
	if (o->flavor != walked_flavor)
		bw_sim_fail("T3: %s callback (cpu %d seq %lu) on an %s list", FL_NAME(o->flavor),
			    o->cpu, o->seq, FL_NAME(walked_flavor));
	return o->vdata[0];
}

/* O10/O11: each head's label by its segment (the list is consistent: tree_check_list() passed). */
static void label_list(struct rcu_data *rdp, int c)
{
	struct rcu_head **pp, *h;
	long ahead = 0;
	int seg = 0;

	for (pp = &rdp->nxtlist; (h = *pp) != NULL; pp = &h->next) {
		while (seg < RCU_NEXT_TAIL && rdp->nxttail[seg] == pp)
			seg++;
		bw_torture_label(h, c,
				 seg == RCU_DONE_TAIL	    ? BW_GP_DONE :
				 seg == RCU_WAIT_TAIL	    ? rdp->completed + 1 :
				 seg == RCU_NEXT_READY_TAIL ? rdp->completed + 2 :
							      BW_GP_NONE,
				 ahead++);
	}
}

static void check_list(int f, int c)
{
	struct rcu_data *rdp = rdp_of(f, c);
	long limit = bw_torture_outstanding() + 4 * NR_CPUS + 64;
	int qlen_check = bw_sim_cpus[c].online ? !bw_sim_cpus[c].irqs_off && !in_rcu_softirq[c] : 1;
	struct list_sig *sig = &list_sigs[f][c];
	const char *err;

	if (sig->nxtlist == rdp->nxtlist && sig->tail[0] == rdp->nxttail[0] &&
	    sig->tail[1] == rdp->nxttail[1] && sig->tail[2] == rdp->nxttail[2] &&
	    sig->tail[3] == rdp->nxttail[3] && sig->qlen == rdp->qlen &&
	    sig->completed == rdp->completed && (sig->qlen_checked || !qlen_check))
		return;
	sig->nxtlist = rdp->nxtlist;
	memcpy(sig->tail, rdp->nxttail, sizeof(sig->tail));
	sig->qlen = rdp->qlen;
	sig->completed = rdp->completed;
	sig->qlen_checked = qlen_check;
	walked_flavor = f;
	err = tree_check_list(rdp, limit, qlen_check, sim_enq_gp);
	if (err)
		bw_sim_fail("%s (%s cpu %d)", err, FL_NAME(f), c);
	if (qlen_check)
		label_list(rdp, c);
}

/* CPUs with interrupts off: the most reporters that can be between two node locks. */
static int count_irqs_off(void)
{
	int c, n = 0;

	for (c = 0; c < ncpus; c++)
		n += bw_sim_cpus[c].online && bw_sim_cpus[c].irqs_off;
	return n;
}

/* T2: @cpu's leaf bit was cleared during the current GP. */
static void leaf_bit_cleared(int f, int c)
{
	struct flavor_obs *o = &obs[f];
	int eqs = cpu_in_eqs(c); /* @c did not run in this event, unless it is the last CPU */

	if (bw_sim_cpus[c].online && eqs)
		o->idle_credit = 1; /* forcing credited an idle CPU */
	if (last_qs[f][c] < o->gp_start && last_eqs[c] < o->gp_start && !eqs)
		bw_sim_fail(
			"T2: %s GP %ld: cpu %d's leaf bit was cleared, but the CPU passed no QS of "
			"this flavor since the GP began (after stamp %llu; last QS %llu, last seen "
			"idle/offline %llu)",
			FL_NAME(f), o->gpnum, c, (unsigned long long)o->gp_start,
			(unsigned long long)last_qs[f][c], (unsigned long long)last_eqs[c]);
}

/* T3/T5 for one CPU whose state may have changed. */
static void check_cpu(int f, int c)
{
	struct rcu_data *rdp = rdp_of(f, c);

	check_list(f, c);
	if (rdp->beenonline &&
	    (rdp->completed - rsps[f]->completed > 0 || rdp->gpnum - rsps[f]->gpnum > 0))
		bw_sim_fail("T3: %s cpu %d: completed %ld gpnum %ld ahead of the flavor's %ld/%ld",
			    FL_NAME(f), c, rdp->completed, rdp->gpnum, rsps[f]->completed,
			    rsps[f]->gpnum);
	if (rdp->nxtlist && bw_sim_cpus[c].tick_stopped && bw_sim_dyntick_asleep(c))
		bw_sim_fail("T5: cpu %d sleeps in dyntick-idle with %s callbacks queued", c,
			    FL_NAME(f));
}

static void check_flavor(int f, int full, int last)
{
	struct rcu_state *rsp = rsps[f];
	struct flavor_obs *o = &obs[f];
	long gp = rsp->gpnum, comp = rsp->completed;
	int in_gp = gp != comp, init = in_gp && rsp->signaled == RCU_GP_INIT, transit = 0, i, c;
	int first_leaf = (int)(rsp->level[NUM_RCU_LVLS - 1] - rsp->node);

	/* O7 */
	if (comp - o->completed < 0 || gp - o->gpnum < 0 || gp - comp < 0 || gp - comp > 1)
		bw_sim_fail("O7: %s gpnum %ld completed %ld (were %ld/%ld)", FL_NAME(f), gp, comp,
			    o->gpnum, o->completed);
	/* T2: leaf bits seen set in this GP that are clear now (judged against this GP's start) */
	for (i = first_leaf; i < NUM_RCU_NODES; i++) {
		unsigned long gone = o->leaf_seen[i] & ~rsp->node[i].qsmask;

		o->leaf_seen[i] &= ~gone;
		for (c = rsp->node[i].grplo; gone; c++, gone >>= 1)
			if (gone & 1)
				leaf_bit_cleared(f, c);
	}
	if (comp != o->completed) {
		/*
		 * O9: the GP that just ended waited for a CPU in dyntick-idle: one was
		 * credited while it sat there, or sat there throughout.
		 */
		o->gps += comp - o->completed;
		for (c = 0; c < ncpus && !o->idle_credit; c++)
			o->idle_credit = eqs_since[c] && eqs_since[c] <= o->gp_start &&
					 bw_sim_cpus[c].online;
		o->gps_idle += o->idle_credit;
	}
	if (gp != o->gpnum) {
		o->gp_start = prev_stamp;
		o->idle_credit = 0;
		memset(o->leaf_seen, 0, sizeof(o->leaf_seen));
		for (i = 0; i < NUM_RCU_NODES; i++)
			o->init_union[i] = o->prev_init[i];
	}
	o->gpnum = gp;
	o->completed = comp;

	/* T1 */
	for (i = 0; i < NUM_RCU_NODES; i++) {
		struct rcu_node *rnp = &rsp->node[i];
		unsigned long qs = rnp->qsmask;

		o->init_union[i] |= rnp->qsmaskinit;
		o->prev_init[i] = rnp->qsmaskinit;
		if (!in_gp && qs)
			bw_sim_fail(
				"T1: %s: no GP in progress (completed %ld) but node %d (CPUs %d-%d) "
				"has qsmask %#lx",
				FL_NAME(f), comp, i, rnp->grplo, rnp->grphi, qs);
		if (qs & ~o->init_union[i])
			bw_sim_fail(
				"T1: %s GP %ld: node %d (CPUs %d-%d) waits for %#lx, outside the "
				"qsmaskinit values since the GP began (%#lx)",
				FL_NAME(f), gp, i, rnp->grplo, rnp->grphi, qs, o->init_union[i]);
		if (qs & ~valid_mask[f][i])
			bw_sim_fail(
				"T1: %s: node %d qsmask %#lx has bits beyond its children (%#lx)",
				FL_NAME(f), i, qs, valid_mask[f][i]);
		if (i >= first_leaf)
			o->leaf_seen[i] |= qs; /* bits seen set in this GP, and still set */
		if (!rnp->parent) {
			if (in_gp && !init && !qs)
				bw_sim_fail(
					"T1: %s GP %ld is set up and running but the root's qsmask is "
					"empty",
					FL_NAME(f), gp);
			continue;
		}
		if (qs && !(rnp->parent->qsmask & rnp->grpmask))
			bw_sim_fail(
				"T1: %s GP %ld: node %d (CPUs %d-%d) still waits for %#lx but its bit "
				"in its parent is clear: a QS was reported up before the node emptied",
				FL_NAME(f), gp, i, rnp->grplo, rnp->grphi, qs);
		if (!qs && (rnp->parent->qsmask & rnp->grpmask) && in_gp && !init)
			transit++;
	}
	if (transit && transit > count_irqs_off())
		bw_sim_fail(
			"T1: %s GP %ld: %d nodes are empty with their parent's bit still set, but "
			"only %d CPUs have interrupts off (could be climbing)",
			FL_NAME(f), gp, transit, count_irqs_off());

	/* T3, T4, T5: only the CPU that ran can have changed its lists (hotplug: all). */
	if (full) {
		for (c = 0; c < ncpus; c++)
			check_cpu(f, c);
	} else if (last >= 0) {
		check_cpu(f, last);
	}
}

/* A CPU's idle/offline state, as the simulator sees it now. */
static void observe_cpu(int c, uint64_t now)
{
	int pc = bw_sim_cpus[c].ti.preempt_count;

	if (tick_qs[c] && (pc & HARDIRQ_MASK) && !(pc & NMI_MASK)) {
		last_qs[1][c] = now; /* still inside the tick's handler */
		if (tick_qs[c] == 2)
			last_qs[0][c] = now;
	} else if (!(pc & HARDIRQ_MASK)) {
		tick_qs[c] = 0;
	}
	if (cpu_in_eqs(c)) {
		last_eqs[c] = now;
		if (!eqs_since[c])
			eqs_since[c] = now;
	} else {
		eqs_since[c] = 0;
	}
}

static void tree_check(void)
{
	static int checked;
	uint64_t now = bw_sim_stamp();
	int c, f, last = bw_sim_last_cpu(), full = hotplug_busy || !checked;

	/* Only the CPU that ran changes its own state, except during hotplug operations. */
	if (full) {
		for (c = 0; c < ncpus; c++)
			observe_cpu(c, now);
	} else if (last >= 0) {
		observe_cpu(last, now);
	}
	checked = 1;
	for (f = 0; f < NFL; f++)
		check_flavor(f, full, last);
	check_hog();
	prev_stamp = now;
}

/* O9: every reschedule IPI, as it is sent (the target has not moved yet). */
static void tree_resched_ipi(int from, int to)
{
	n_ipis++;
	if (!bw_sim_cpus[to].online)
		bw_sim_fail(
			"O9: cpu %d sends a reschedule IPI to offline cpu %d: forcing must credit "
			"an offline CPU",
			from, to);
	if (cpu_in_eqs(to))
		bw_sim_fail(
			"O9: cpu %d sends a reschedule IPI to cpu %d, which sits in dyntick-idle "
			"(its dynticks counter says so): forcing must credit it",
			from, to);
	if (hog_active && to == hog_cpu)
		hog_kicked = 1;
}

/* ---- hotplug (H) ---- */

static int want_window; /* the next CPU_UP_PREPARE keeps the CPU offline for a while */

static unsigned long leaf_bits(int c, int init)
{
	unsigned long bits = 0;
	int f;

	for (f = 0; f < NFL; f++) {
		struct rcu_data *rdp = rdp_of(f, c);
		unsigned long m = init ? rdp->mynode->qsmaskinit : rdp->mynode->qsmask;

		bits |= ((m >> (c - rdp->mynode->grplo)) & 1) << f;
	}
	return bits;
}

/*
 * Our CPU notifier runs after RCU's: during CPU_UP_PREPARE the CPU is in the
 * masks but not online yet (as between CPU_UP_PREPARE and start_secondary()).
 * A GP that starts now waits for it, and only forcing can release it.
 */
static int window_notify(struct notifier_block *nb, unsigned long action, void *hcpu)
{
	int cpu = (int)(long)hcpu, f, waited = 0;
	unsigned long start = jiffies, seen_at[NFL] = { 0, 0 };
	long seen_gp[NFL] = { 0, 0 };
	int seen[NFL] = { 0, 0 };

	(void)nb;
	/* RCU's notifier has run: its view of the event is complete. */
	if (action == CPU_UP_PREPARE)
		rcu_up[cpu] = 1;
	else if (action == CPU_DEAD || action == CPU_UP_CANCELED)
		rcu_up[cpu] = 0;
	geom_check(action == CPU_UP_PREPARE   ? "after CPU_UP_PREPARE of" :
		   action == CPU_ONLINE	      ? "after CPU_ONLINE of" :
		   action == CPU_DOWN_PREPARE ? "after CPU_DOWN_PREPARE of" :
		   action == CPU_DEAD	      ? "after CPU_DEAD of" :
						"after a notifier event of",
		   cpu);
	if (action != CPU_UP_PREPARE || !want_window)
		return NOTIFY_OK;
	want_window = 0;
	n_windows++;
	for (;;) {
		bw_sim_point(BW_PT_TASK);
		for (f = 0; f < NFL; f++) {
			if ((leaf_bits(cpu, 0) >> f) & 1) {
				if (!seen[f] || seen_gp[f] != rsps[f]->gpnum) {
					seen[f] = 1;
					seen_at[f] = jiffies;
					seen_gp[f] = rsps[f]->gpnum;
				}
				if ((long)(jiffies - seen_at[f]) > FORCE_DEADLINE)
					bw_sim_fail(
						"H: cpu %d, coming up (offline, in qsmaskinit), has held up "
						"%s GP %ld for %ld jiffies: forcing must credit an offline "
						"CPU",
						cpu, FL_NAME(f), seen_gp[f],
						(long)(jiffies - seen_at[f]));
			} else if (seen[f]) {
				seen[f] = 0;
				n_window_credits++;
				waited = 1;
			}
		}
		/* Until one GP waited for it and was released, or none came. */
		if (waited && !seen[0] && !seen[1])
			break;
		if (!seen[0] && !seen[1] && (long)(jiffies - start) > FORCE_DEADLINE)
			break;
	}
	return NOTIFY_OK;
}

static struct notifier_block window_nb = { .notifier_call = window_notify };

static void cpu_down_checked(int cpu)
{
	int f;

	hotplug_busy = 1;
	if (bw_sim_cpu_down(cpu) == 0) {
		n_downs++;
		for (f = 0; f < NFL; f++) {
			struct rcu_data *rdp = rdp_of(f, cpu);

			if (rdp->nxtlist || rdp->qlen)
				bw_sim_fail("H: %s: dead cpu %d kept %ld callbacks", FL_NAME(f),
					    cpu, rdp->qlen);
		}
		if (leaf_bits(cpu, 0) || leaf_bits(cpu, 1))
			bw_sim_fail(
				"H: dead cpu %d still in its leaves' masks (qsmask %#lx, qsmaskinit "
				"%#lx by flavor)",
				cpu, leaf_bits(cpu, 0), leaf_bits(cpu, 1));
	}
	hotplug_busy = 0;
}

static void cpu_up_checked(int cpu, int window)
{
	hotplug_busy = 1;
	want_window = window;
	if (bw_sim_cpu_up(cpu) == 0) {
		n_ups++;
		if (leaf_bits(cpu, 1) != 3)
			bw_sim_fail("H: cpu %d came up but is not in both flavors' qsmaskinit",
				    cpu);
	}
	want_window = 0;
	hotplug_busy = 0;
}

/* Up only once the CPU's old callbacks ran: new ones must not overtake them (per-CPU FIFO). */
static int old_callbacks_done(int cpu)
{
	return !bw_torture_oldest(cpu, BW_RCU) && !bw_torture_oldest(cpu, BW_RCU_BH);
}

static int first_offline(int need_done)
{
	int c;

	for (c = 1; c < ncpus; c++)
		if (!bw_sim_cpu_is_online(c) && (!need_done || old_callbacks_done(c)))
			return c;
	return -1;
}

/* A CPU to take down (not a hog's), preferably one flavor @f's current GP still waits for. */
static int pick_victim(int f)
{
	int c, n = 0, cand[NR_CPUS];

	for (c = 1; c < ncpus; c++)
		if (bw_sim_cpus[c].online && !(hog_active && c == hog_cpu) &&
		    (((leaf_bits(c, 0) >> f) & 1) || bw_sim_chance(20)))
			cand[n++] = c;
	return n ? cand[bw_sim_below((unsigned int)n)] : -1;
}

/* An online CPU (not 0, not a hog's) holding a flavor-@f callback of the GP now running. */
static int fresh_victim(int f)
{
	struct rcu_state *rsp = rsps[f];
	int c;

	if (rsp->gpnum == rsp->completed)
		return -1;
	for (c = 1; c < ncpus; c++) {
		struct rcu_head *h;

		if (!bw_sim_cpus[c].online || (hog_active && c == hog_cpu))
			continue;
		for (h = rdp_of(f, c)->nxtlist; h; h = h->next) {
			struct bw_obj *o = bw_torture_obj(h);

			if (o && o->vdata[0] == rsp->gpnum)
				return c;
		}
	}
	return -1;
}

/*
 * Two CPUs down in a row while this CPU is quiet and its tick is late (as a
 * delayed timer interrupt would be): no RCU softirq and no call_rcu() here
 * meanwhile, so this CPU's view of the GPs goes stale. First wait until it has
 * missed a GP end and another CPU holds callbacks of the GP now running; then
 * adopt those callbacks (CPU_DEAD of that CPU) and report on behalf of a second
 * dying CPU the GP waits for: the situation of the second race
 * of docs/variants.md (Tree RCU).
 */
static void late_tick_burst(int online)
{
	int f = (int)bw_sim_below(NFL), n, c = -1;

	burst = 1;
	bw_sim_cpus[0].since_tick = -1000000000L;
	if (bw_sim_timekeeper == 0)
		bw_sim_timekeeper = -1; /* jiffies go on: the next CPU to tick keeps time */
	bw_sim_trace("hotplug: burst with a late tick, flavor %ld", f, 0);
	for (n = 0; n < 2000 && bw_sim_phase() == BW_PHASE_RANDOM; n++) {
		if (rdp_of(f, 0)->completed != rsps[f]->completed && (c = fresh_victim(f)) > 0)
			break;
		bw_sim_user(1);
	}
	if (c <= 0)
		c = pick_victim(f);
	if (c > 0) {
		cpu_down_checked(c);
		online--;
	}
	/* The second: one the GP still waits for, so that its report is made on its behalf. */
	for (c = 1; online > 1 && c < ncpus; c++)
		if (bw_sim_cpus[c].online && !(hog_active && c == hog_cpu) &&
		    ((leaf_bits(c, 0) >> f) & 1)) {
			cpu_down_checked(c);
			break;
		}
	bw_sim_cpus[0].since_tick = 0;
	burst = 0;
}

/*
 * On CPU 0: take CPUs down and bring them back in random phases (with a spell
 * in user mode between operations); all up for the drains. It never sleeps:
 * nothing would wake it in a drain, and a drain needs every CPU back.
 */
static void hotplug_task(void *arg)
{
	(void)arg;
	for (;;) {
		int up = first_offline(1), online = 0, c;

		if (bw_sim_phase() != BW_PHASE_RANDOM) {
			if (up >= 0)
				cpu_up_checked(up, 0);
			else
				bw_sim_user(1); /* old callbacks still draining, or nothing to do */
			continue;
		}
		bw_sim_user(1 + (int)bw_sim_below(8));
		/* The first operation at once, then now and then; none while a hog needs ticks elsewhere. */
		if (bw_sim_phase() != BW_PHASE_RANDOM || hog_active ||
		    (n_downs && !bw_sim_chance(ncpus > 16 ? 25 : 6)))
			continue;
		for (c = 0; c < ncpus; c++)
			online += bw_sim_cpus[c].online;
		if (up >= 0 && (online == 1 || bw_sim_chance(50))) {
			cpu_up_checked(up, bw_sim_chance(50));
		} else if (online > 2 && bw_sim_chance(60)) {
			late_tick_burst(online);
		} else if (online > 1 && (c = pick_victim(0)) > 0) {
			cpu_down_checked(c);
		}
	}
}

/* qsmaskinit mirrors the online CPUs whenever no hotplug operation is under way. */
static void check_qsmaskinit(void)
{
	static unsigned long checked_ops = ~0UL;
	int f, c, i;

	if (hotplug_busy || checked_ops == n_downs + n_ups)
		return; /* qsmaskinit changes only in hotplug operations */
	checked_ops = n_downs + n_ups;
	for (f = 0; f < NFL; f++) {
		struct rcu_state *rsp = rsps[f];

		for (c = 0; c < ncpus; c++)
			if (((leaf_bits(c, 1) >> f) & 1) != (unsigned long)bw_sim_cpus[c].online)
				bw_sim_fail("H: %s: cpu %d is %s but %s its leaf's qsmaskinit",
					    FL_NAME(f), c,
					    bw_sim_cpu_is_online(c) ? "online" : "offline",
					    bw_sim_cpu_is_online(c) ? "missing from" : "still in");
		for (i = 0; i < NUM_RCU_NODES; i++) {
			struct rcu_node *rnp = &rsp->node[i];

			if (rnp->parent &&
			    !!(rnp->parent->qsmaskinit & rnp->grpmask) != !!rnp->qsmaskinit)
				bw_sim_fail(
					"H: %s: node %d qsmaskinit %#lx disagrees with its bit in its "
					"parent",
					FL_NAME(f), i, rnp->qsmaskinit);
		}
	}
}

/* ---- the rest of the variant hooks ---- */

static void tree_check_all(void)
{
	tree_check();
	check_qsmaskinit();
}

/*
 * In random phases one CPU in four (one in two on small machines; a set that
 * rotates every 4000 events, CPU 0 excepted: it runs the hotplug task) is left
 * idle, so that it drains its callbacks and sits in dyntick-idle while GPs wait
 * for it, as rcutorture's shuffler does.
 */
static int tree_quiet_cpu(int cpu)
{
	if (!cpu)
		return burst;
	return ncpus > 1 && (cpu + bw_sim_now() / 4000) % (ncpus <= 4 ? 2 : 4) == 0;
}

static void tree_phase(enum bw_sim_phase phase)
{
	if (phase == BW_PHASE_RANDOM)
		hog_done_round = 0;
}

static int tree_settled(void)
{
	int c, f;

	if (hog_active)
		return 0;
	for (c = 0; c < ncpus; c++) {
		if (!bw_sim_cpu_is_online(c))
			return 0;
		for (f = 0; f < NFL; f++)
			if (rdp_of(f, c)->nxtlist)
				return 0;
	}
	for (f = 0; f < NFL; f++) {
		long comp = rsps[f]->completed;

		if (bw_torture_stats.invoked[f] != obs[f].drain_invoked &&
		    comp == obs[f].drain_completed)
			bw_sim_fail(
				"O7: %lu %s callbacks ran since the last drain but completed stayed "
				"%ld",
				bw_torture_stats.invoked[f] - obs[f].drain_invoked, FL_NAME(f),
				comp);
		obs[f].drain_completed = comp;
		obs[f].drain_invoked = bw_torture_stats.invoked[f];
	}
	return 1;
}

/* The generic NMI body, and ours: sometimes a long-running NMI handler in dyntick-idle. */
static void (*generic_nmi)(int cpu);

/*
 * An NMI that hits a CPU in dyntick-idle may hold a reader for a long time (a
 * profiler walking a stack): forcing must not credit that CPU meanwhile.
 */
static void tree_nmi(int cpu)
{
	struct sim_cpu *p = &bw_sim_cpus[cpu];
	int n;

	if (!(IS_ENABLED(CONFIG_NO_HZ) && p->tick_stopped && p->nohz_nesting == 0 &&
	      bw_sim_chance(40))) {
		generic_nmi(cpu);
		return;
	}
	rcu_read_lock();
	for (n = 8 + (int)bw_sim_below(40); n > 0; n--)
		bw_sim_point(BW_PT_KERNEL);
	rcu_read_unlock();
}

static void tree_setup(void)
{
	int f, i, c;

	ncpus = bw_sim_ncpus();
	((struct bw_sim_hooks *)bw_sim_h)->resched_ipi = tree_resched_ipi;
	generic_nmi = bw_sim_h->nmi;
	((struct bw_sim_hooks *)bw_sim_h)->nmi = tree_nmi;
	/*
	 * Tree reports QSes from its softirq, which the tick raises: like a real
	 * kernel, keep the tick running while draining by context switches. Its
	 * ticks come from kernel mode (bh QS only), so rcu QSes still come from
	 * context switches alone. Index 1 is the tick (sim_core.c's event list).
	 */
	((struct bw_sim_config *)bw_sim_cfg)->weights[BW_DRAIN_SCHED][1] = 10;
	/*
	 * Tree's softirq passes through more interleaving points than a tick
	 * period should span (each lock release and irq restore is one): with
	 * ticks every 4 resumes, a CPU under lock contention re-raises its own
	 * softirq forever. A tick period of 12 resumes keeps handlers short.
	 */
	((struct bw_sim_config *)bw_sim_cfg)->tick_gap = 12;
	for (i = 0; i < NR_CPUS; i++)
		rcu_up[i] =
			(unsigned char)bw_sim_cpu_is_online(i); /* __rcu_init() brought these up */
	geom_check("at boot, seen from", smp_processor_id());
	for (f = 0; f < NFL; f++) {
		const char *err = tree_check_geometry(rsps[f]);

		if (err)
			bw_sim_fail("G: %s (NR_CPUS %d, fanout %d%s): %s", FL_NAME(f), NR_CPUS,
				    CONFIG_RCU_FANOUT,
				    IS_ENABLED(CONFIG_RCU_FANOUT_EXACT) ? " exact" : "", err);
		for (i = 0; i < NUM_RCU_NODES; i++)
			valid_mask[f][i] = tree_children_mask(rsps[f], &rsps[f]->node[i]);
		obs[f].gpnum = rsps[f]->gpnum;
		obs[f].completed = obs[f].drain_completed = rsps[f]->completed;
	}
	if (SMP && ncpus > 1) {
		if (IS_ENABLED(CONFIG_HOTPLUG_CPU)) {
			register_cpu_notifier(&window_nb);
			bw_sim_task_create(0, "hotplug", hotplug_task, NULL);
		}
	}
	if (SMP ? ncpus > 1 : STALL)
		for (c = 0; c < ncpus; c++)
			bw_sim_task_create(c, "hog", hog_task, NULL);
}

static void tree_report(FILE *out)
{
	int f, i, c;

	for (f = 0; f < NFL; f++) {
		struct rcu_state *rsp = rsps[f];

		fprintf(out,
			"  %s_state: gpnum %ld completed %ld signaled %d jiffies_force_qs %+ld "
			"n_force_qs %lu/%lu/%lu\n",
			FL_NAME(f), rsp->gpnum, rsp->completed, rsp->signaled,
			(long)(rsp->jiffies_force_qs - jiffies), rsp->n_force_qs,
			rsp->n_force_qs_lh, rsp->n_force_qs_ngp);
#if IS_ENABLED(CONFIG_NO_HZ)
		fprintf(out, "    dynticks_completed %ld\n", rsp->dynticks_completed);
#endif
		for (i = 0; i < NUM_RCU_NODES && i < 24; i++)
			fprintf(out,
				"    node %d (level %d, CPUs %d-%d): qsmask %#lx qsmaskinit %#lx\n",
				i, rsp->node[i].level, rsp->node[i].grplo, rsp->node[i].grphi,
				rsp->node[i].qsmask, rsp->node[i].qsmaskinit);
		for (c = 0; c < ncpus; c++) {
			struct rcu_data *rdp = rdp_of(f, c);

			if (c >= 16 && !rdp->nxtlist && !rdp->qs_pending)
				continue; /* big machines: only the interesting CPUs */

			fprintf(out,
				"    cpu %d: c %ld g %ld pq %d pqc %ld qp %d ql %ld b %ld of %lu ri %lu",
				c, rdp->completed, rdp->gpnum, rdp->passed_quiesc,
				rdp->passed_quiesc_completed, rdp->qs_pending, rdp->qlen,
				rdp->blimit, rdp->offline_fqs, rdp->resched_ipi);
#if IS_ENABLED(CONFIG_NO_HZ)
			fprintf(out, " dt snap %d/%d df %lu", rdp->dynticks_snap,
				rdp->dynticks_nmi_snap, rdp->dynticks_fqs);
#endif
			fputc('\n', out);
		}
	}
#if IS_ENABLED(CONFIG_NO_HZ)
	for (c = 0; c < ncpus && c < 16; c++)
		fprintf(out, "    cpu %d dynticks: nesting %d dynticks %d nmi %d\n", c,
			per_cpu(rcu_dynticks, c).dynticks_nesting,
			per_cpu(rcu_dynticks, c).dynticks, per_cpu(rcu_dynticks, c).dynticks_nmi);
#endif
}

static void tree_finish(void)
{
	unsigned long fqs = 0, dfqs = 0, ofqs = 0, ri = 0;
	int f, c;

	for (f = 0; f < NFL; f++) {
		fqs += rsps[f]->n_force_qs;
		for (c = 0; c < ncpus; c++) {
			struct rcu_data *rdp = rdp_of(f, c);

#if IS_ENABLED(CONFIG_NO_HZ)
			dfqs += rdp->dynticks_fqs;
#endif
			ofqs += rdp->offline_fqs;
			ri += rdp->resched_ipi;
		}
		if (!obs[f].gps)
			bw_sim_fail("O7: no %s grace period completed in the whole run",
				    FL_NAME(f));
	}
	/* Coverage: the run must have exercised what the configuration has. */
	if (SMP && ncpus > 1 && (!fqs || !ri))
		bw_sim_fail("coverage: forcing never ran (%lu passes) or never sent an IPI (%lu)",
			    fqs, ri);
	if (SMP && ncpus > 1 && IS_ENABLED(CONFIG_NO_HZ) && !dfqs &&
	    !(obs[0].gps_idle + obs[1].gps_idle))
		bw_sim_fail(
			"coverage: no CPU was credited from its dynticks counter and no GP ended "
			"that waited for a CPU in dyntick-idle (O9 untested)");
	if (SMP && ncpus > 1 && IS_ENABLED(CONFIG_HOTPLUG_CPU) && (!n_downs || !n_ups))
		bw_sim_fail("coverage: no CPU went down (%lu) or came up (%lu)", n_downs, n_ups);
	if ((SMP ? ncpus > 1 : STALL) && n_hogs == n_hogs_aborted)
		bw_sim_fail("coverage: no hog episode (stall and forcing oracles untested)");
	printf("# tree: NR_CPUS %d fanout %d%s, %d level(s), %d node(s); GPs %lu rcu + %lu rcu_bh "
	       "(%lu waited for an idle CPU); forcing %lu passes, %lu dyntick and %lu offline "
	       "credits, %lu IPIs; %lu hogs (%lu with a late tick, %lu cut short by hotplug), "
	       "%lu+%lu stall warnings (%lu without a hog); hotplug %lu down %lu up, %lu/%lu "
	       "offline windows credited; %lu geometry checks\n",
	       NR_CPUS, CONFIG_RCU_FANOUT, IS_ENABLED(CONFIG_RCU_FANOUT_EXACT) ? " exact" : "",
	       NUM_RCU_LVLS, NUM_RCU_NODES, obs[0].gps, obs[1].gps,
	       obs[0].gps_idle + obs[1].gps_idle, fqs, dfqs, ofqs, ri, n_hogs, n_hogs_late_tick,
	       n_hogs_aborted, n_stalls, n_self_stalls, n_spurious_stalls, n_downs, n_ups,
	       n_window_credits, n_windows, n_geom_checks);
}

static void tree_gp(int f, long *started, long *completed)
{
	*started = READ_ONCE(rsps[f]->gpnum);
	*completed = READ_ONCE(rsps[f]->completed);
}

/* No dead window in a late-tick burst: CPU 0, where the barrier task runs, must stay quiet. */
static int tree_dead_window_ok(int cpu)
{
	(void)cpu;
	return !burst;
}

static const struct bw_torture_variant tree = {
	.name = "tree",
	.workers_per_cpu = 2,
	.queuing = tree_queuing,
	.invoked = tree_invoked,
	.qs = tree_qs,
	.softirq_begin = tree_softirq_begin,
	.softirq_end = tree_softirq_end,
	.check = tree_check_all,
	.settled = tree_settled,
	.report = tree_report,
	.printk = tree_printk,
	.phase = tree_phase,
	.quiet_cpu = tree_quiet_cpu,
	.setup = tree_setup,
	.finish = tree_finish,
	.gp = tree_gp,
	.label_lag = 2,
	.dead_window_jiffies = RCU_JIFFIES_TILL_FORCE_QS + 2,
	/* HZ 64/NR_CPUS: the jiffies pass in a few points; 16 killed barrier-no-hotplug-hold
	 * on 3 of 5 TREE05 seeds, 64 on 4 */
	.dead_window_barrier_points = 64,
	.dead_window_ok = tree_dead_window_ok,
};

int main(int argc, char **argv)
{
	/*
	 * A grace period needs every CPU, and each CPU runs one event in NR_CPUS:
	 * bigger machines get longer random phases and drains by default (explicit
	 * options come later on the command line and win).
	 */
	int i;
	char events[32], limit[32], *args[argc + 5];

	snprintf(events, sizeof(events), "%d",
		 NR_CPUS <= 16 ? 15000 :
		 NR_CPUS <= 64 ? 30000 :
				 40000);
	snprintf(limit, sizeof(limit), "%d", 200000 * (NR_CPUS <= 16 ? 1 : NR_CPUS / 8));
	args[0] = argv[0];
	args[1] = (char *)"--events";
	args[2] = events;
	args[3] = (char *)"--drain-limit";
	args[4] = limit;
	for (i = 1; i < argc; i++)
		args[i + 4] = argv[i];
	args[argc + 4] = NULL;
	/* Boot parameters: small batches and an early flood limit exercise those paths. */
	*__bw_param_blimit = 3;
	*__bw_param_qhimark = 16;
	*__bw_param_qlowmark = 4;
	return bw_torture_main(argc + 4, args, &tree);
}
