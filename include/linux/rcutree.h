/* SPDX-License-Identifier: GPL-2.0 */
/* Tree (hierarchical) RCU's interface, 2.6.29 design: the rcu_node tree, per-CPU data, QS hooks. */
#ifndef _LINUX_RCUTREE_H
#define _LINUX_RCUTREE_H

/*
 * As in 2.6.29, the data structures live in the public header: the QS hooks
 * are inlines that touch the per-CPU rcu_data, and the state is global so
 * that tracing (and our torture harness) can read it.
 */

#include <linux/cache.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>

struct rcu_head;

/*
 * Geometry, fixed at compile time: the CPUs are the leaves' children and
 * each node has at most CONFIG_RCU_FANOUT children, one bit each in an
 * unsigned long mask. At most three levels of nodes (2.6.29's MAX_RCU_LVLS).
 */
#define MAX_RCU_LVLS 3
#define RCU_FANOUT (CONFIG_RCU_FANOUT)
#define RCU_FANOUT_SQ (RCU_FANOUT * RCU_FANOUT)
#define RCU_FANOUT_CUBE (RCU_FANOUT_SQ * RCU_FANOUT)

#if CONFIG_RCU_FANOUT < 2 || CONFIG_RCU_FANOUT > 8 * __SIZEOF_LONG__
#error "CONFIG_RCU_FANOUT must be between 2 and BITS_PER_LONG: a node keeps one mask bit per child in an unsigned long"
#endif

/* Nodes per level, root first; the entry after the last level counts the CPUs. */
#if NR_CPUS <= RCU_FANOUT
#define NUM_RCU_LVLS 1
#define NUM_RCU_LVL_0 1
#define NUM_RCU_LVL_1 (NR_CPUS)
#define NUM_RCU_LVL_2 0
#define NUM_RCU_LVL_3 0
#elif NR_CPUS <= RCU_FANOUT_SQ
#define NUM_RCU_LVLS 2
#define NUM_RCU_LVL_0 1
#define NUM_RCU_LVL_1 (((NR_CPUS) + RCU_FANOUT - 1) / RCU_FANOUT)
#define NUM_RCU_LVL_2 (NR_CPUS)
#define NUM_RCU_LVL_3 0
#elif NR_CPUS <= RCU_FANOUT_CUBE
#define NUM_RCU_LVLS 3
#define NUM_RCU_LVL_0 1
#define NUM_RCU_LVL_1 (((NR_CPUS) + RCU_FANOUT_SQ - 1) / RCU_FANOUT_SQ)
#define NUM_RCU_LVL_2 (((NR_CPUS) + RCU_FANOUT - 1) / RCU_FANOUT)
#define NUM_RCU_LVL_3 (NR_CPUS)
#else
#error "CONFIG_RCU_FANOUT insufficient for CONFIG_NR_CPUS: Tree RCU has at most 3 levels of rcu_node, so NR_CPUS must be <= RCU_FANOUT^3"
#endif

#define RCU_SUM (NUM_RCU_LVL_0 + NUM_RCU_LVL_1 + NUM_RCU_LVL_2 + NUM_RCU_LVL_3)
#define NUM_RCU_NODES (RCU_SUM - NR_CPUS)

/* Forcing starts this many jiffies (or rcu_pending() calls) into a grace period. */
#define RCU_JIFFIES_TILL_FORCE_QS 3

#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)
#define RCU_SECONDS_TILL_STALL_CHECK (10 * HZ) /* first complaint */
#define RCU_SECONDS_TILL_STALL_RECHECK (30 * HZ) /* then at most one per interval */
#define RCU_STALL_RAT_DELAY 2 /* jiffies the stalled CPU gets to report itself */
#endif

/* Dyntick-idle state of one CPU, shared by both flavors (CONFIG_NO_HZ). */
struct rcu_dynticks {
	int dynticks_nesting; /* irq nesting, plus one when not idle; 0: in dyntick-idle */
	int dynticks; /* even while in dyntick-idle outside irqs, odd otherwise */
	int dynticks_nmi; /* odd only inside an NMI that interrupted dyntick-idle */
};

/* One node of the tree; leaves have CPUs as children, other nodes have nodes. */
struct rcu_node {
	spinlock_t lock; /* guards the masks (the root's also guards rcu_state) */
	unsigned long qsmask; /* children that still owe a QS for the current GP */
	unsigned long qsmaskinit; /* qsmask at GP start: children with an online CPU below */
	unsigned long grpmask; /* this node's bit in its parent's masks (0 at the root) */
	int grplo; /* lowest CPU covered */
	int grphi; /* highest CPU covered */
	u8 grpnum; /* this node's bit number in its parent */
	u8 level; /* 0 at the root */
	struct rcu_node *parent; /* NULL at the root */
} ____cacheline_internodealigned_in_smp;

/* The four callback segments, cut by nxttail[]: see struct rcu_data. */
#define RCU_DONE_TAIL 0 /* grace period over: ready to invoke */
#define RCU_WAIT_TAIL 1 /* waiting for the GP this CPU considers current */
#define RCU_NEXT_READY_TAIL 2 /* covered by the GP after that one */
#define RCU_NEXT_TAIL 3 /* newly queued, no GP assigned yet */
#define RCU_NEXT_SIZE 4

/*
 * Per-CPU state of one flavor. Only its CPU touches it, with interrupts off
 * where an interrupt's call_rcu() could interfere, except that forcing reads
 * the dynticks snapshots and hotplug initialises or empties a CPU that is not
 * running.
 *
 * One callback list, four segments; an empty segment has the tail of the one
 * before it (all point at nxtlist when the list is empty):
 *   [nxtlist, *nxttail[DONE])            ready to invoke,
 *   [*nxttail[DONE], *nxttail[WAIT])       wait for GP completed + 1,
 *   [*nxttail[WAIT], *nxttail[NEXT_READY]) wait for GP completed + 2,
 *   [*nxttail[NEXT_READY], *nxttail[NEXT]) no GP yet; *nxttail[NEXT] == NULL.
 */
struct rcu_data {
	/* grace-period bookkeeping */
	long completed; /* rsp->completed when this CPU last advanced its callbacks */
	long gpnum; /* highest GP number this CPU knows has started */
	long passed_quiesc_completed; /* gpnum - 1 at the time of the last QS: the GP it is for */
	bool passed_quiesc; /* a QS happened since the GP was noticed */
	bool qs_pending; /* the tree still waits for this CPU's QS */
	bool beenonline; /* this CPU was online at least once */
	struct rcu_node *mynode; /* leaf covering this CPU */
	unsigned long grpmask; /* this CPU's bit in mynode's masks */

	/* callbacks */
	struct rcu_head *nxtlist; /* oldest callback, NULL when none */
	struct rcu_head **nxttail[RCU_NEXT_SIZE]; /* segment ends, see above */
	long qlen; /* callbacks queued, including a batch being invoked */
	long blimit; /* callbacks invoked per softirq pass (LONG_MAX if flooded) */

#if IS_ENABLED(CONFIG_NO_HZ)
	/* dynticks */
	struct rcu_dynticks *dynticks; /* this CPU's rcu_dynticks */
	int dynticks_snap; /* dynticks when forcing took its snapshot */
	int dynticks_nmi_snap; /* dynticks_nmi at that snapshot */
#endif

	/* why forcing credited or kicked this CPU (statistics, as 2.6.29's rcudata trace) */
#if IS_ENABLED(CONFIG_NO_HZ)
	unsigned long dynticks_fqs; /* found in dyntick-idle */
#endif
	unsigned long offline_fqs; /* found offline */
	unsigned long resched_ipi; /* sent a reschedule IPI */

	long n_rcu_pending; /* rcu_pending() calls: a clock that needs no jiffies */
	long n_rcu_pending_force_qs; /* n_rcu_pending value at which to force */

	int cpu; /* owning CPU */
};

/* Forcing state machine (rcu_state.signaled). */
#define RCU_GP_INIT 0 /* GP being set up: forcing holds off */
#define RCU_SAVE_DYNTICK 1 /* next forcing snapshots the dynticks counters */
#define RCU_FORCE_QS 2 /* next forcing credits idle/offline CPUs, IPIs the rest */
#if IS_ENABLED(CONFIG_NO_HZ)
#define RCU_SIGNAL_INIT RCU_SAVE_DYNTICK
#else
#define RCU_SIGNAL_INIT RCU_FORCE_QS
#endif

/* One flavor: the tree and the grace-period counters. */
struct rcu_state {
	struct rcu_node node[NUM_RCU_NODES]; /* breadth-first: root, level 1, ..., leaves */
	struct rcu_node *level[NUM_RCU_LVLS]; /* first node of each level */
	u32 levelcnt[MAX_RCU_LVLS + 1]; /* nodes per level, then NR_CPUS */
	u8 levelspread[NUM_RCU_LVLS]; /* children per node at each level */
	struct rcu_data *rda[NR_CPUS]; /* each CPU's rcu_data of this flavor */

	/* guarded by the root node's lock */
	u8 signaled ____cacheline_internodealigned_in_smp; /* RCU_GP_INIT ... RCU_FORCE_QS */
	long gpnum; /* latest GP started */
	long completed; /* latest GP finished; a GP runs iff gpnum != completed */
	spinlock_t onofflock; /* hotplug against setting up a multi-node GP */
	spinlock_t fqslock; /* one forcer at a time (trylock) */
	unsigned long jiffies_force_qs; /* jiffies at which forcing is due */
	unsigned long n_force_qs; /* forcing passes */
	unsigned long n_force_qs_lh; /* forcing attempts that found fqslock taken */
	unsigned long n_force_qs_ngp; /* forcing passes that found no GP */
#if IS_ENABLED(CONFIG_RCU_CPU_STALL_DETECTOR)
	unsigned long gp_start; /* jiffies at GP start */
	unsigned long jiffies_stall; /* jiffies at which to check for stalls */
#endif
#if IS_ENABLED(CONFIG_NO_HZ)
	long dynticks_completed; /* completed when the dynticks snapshot was taken */
#endif
};

extern struct rcu_state rcu_state; /* rcu (and rcu_sched) flavor */
extern struct rcu_state rcu_bh_state; /* rcu_bh flavor */
DECLARE_PER_CPU(struct rcu_data, rcu_data);
DECLARE_PER_CPU(struct rcu_data, rcu_bh_data);
#if IS_ENABLED(CONFIG_NO_HZ)
DECLARE_PER_CPU(struct rcu_dynticks, rcu_dynticks);
#endif

/*
 * Quiescent-state hooks (context switch, user/idle tick; softirq end or kernel
 * tick for bh): only note it, and for which GP: the latest one this CPU knows
 * of (gpnum), recorded as the completed number that GP ends. The softirq
 * reports it up the tree, and cpu_quiet() drops it unless that GP is still
 * the current one. 2.6.29 recorded the CPU's completed number instead, so a
 * QS noted before a GP began could be reported for it if the GP began while
 * the report was on its way (2.6.32 made this change).
 */
static inline void rcu_qsctr_inc(int cpu)
{
	struct rcu_data *rdp = &per_cpu(rcu_data, cpu);

	rdp->passed_quiesc_completed = rdp->gpnum - 1;
	barrier(); /* an interrupt's softirq sees the GP number before the flag */
	rdp->passed_quiesc = 1;
}

static inline void rcu_bh_qsctr_inc(int cpu)
{
	struct rcu_data *rdp = &per_cpu(rcu_bh_data, cpu);

	rdp->passed_quiesc_completed = rdp->gpnum - 1;
	barrier(); /* an interrupt's softirq sees the GP number before the flag */
	rdp->passed_quiesc = 1;
}

int rcu_pending(int cpu);
int rcu_needs_cpu(int cpu);
void rcu_check_callbacks(int cpu, int user);
void __rcu_init(void);
long rcu_batches_completed(void);
long rcu_batches_completed_bh(void);

#define __rcu_read_lock() preempt_disable()
#define __rcu_read_unlock() preempt_enable()
#define __rcu_read_lock_bh() local_bh_disable()
#define __rcu_read_unlock_bh() local_bh_enable()
#define __synchronize_sched() synchronize_rcu()

#if IS_ENABLED(CONFIG_NO_HZ)
void rcu_enter_nohz(void);
void rcu_exit_nohz(void);
void rcu_irq_enter(void);
void rcu_irq_exit(void);
void rcu_nmi_enter(void);
void rcu_nmi_exit(void);
#else
/* Without dynticks every CPU keeps its tick: nothing to track. */
static inline void rcu_enter_nohz(void)
{
}

static inline void rcu_exit_nohz(void)
{
}

static inline void rcu_irq_enter(void)
{
}

static inline void rcu_irq_exit(void)
{
}

static inline void rcu_nmi_enter(void)
{
}

static inline void rcu_nmi_exit(void)
{
}
#endif /* CONFIG_NO_HZ */

#endif /* _LINUX_RCUTREE_H */
