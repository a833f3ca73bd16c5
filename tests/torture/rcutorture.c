// SPDX-License-Identifier: GPL-2.0
/* Generic RCU torture workload and oracles (O1, O4-O6, O10, O11, synchronize_rcu) on the simulator. */

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <linux/rcupdate.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/smp.h>
#include "rcutorture.h"
#include "rcu_flavor.h"

struct bw_torture_stats bw_torture_stats;

static const struct bw_torture_variant *var;
static struct bw_obj *slots[2][BW_NSLOTS]; /* the shared data: [flavor][slot] */
static unsigned long queued_seq[NR_CPUS][2]; /* next sequence number to hand out */
static unsigned long invoked_seq[NR_CPUS][2]; /* next sequence number expected to run */
static struct bw_obj *oldest[NR_CPUS][2], *newest[NR_CPUS][2];
static long outstanding; /* queued, callback not yet run */
static long live_objects; /* allocated, not yet freed */
static int waiters; /* tasks inside synchronize_rcu / rcu_barrier */

#define MAX_OUTSTANDING 64 /* per flavor: keeps lists short and checks cheap */
static long outstanding_fl[2];
/* CPU removals: +1 as a CPU goes offline, +1 once its CPU_DEAD ran (odd: one under way) */
static unsigned long deaths;

/* Queue-to-invoke latency of every callback, per flavor: in GPs completed and in events. */
struct lat_samples {
	long *gps;
	uint64_t *events;
	size_t n, cap;
};
static struct lat_samples lat[2];

/* --latency-only: O10 and O11 count their violations instead of failing (to measure a mutant). */
static int latency_only;
static unsigned long lat_violations;
static char lat_first[320];

/*
 * Freed objects wait here (poisoned) before free(), so late access is seen without ASan too.
 * Under ASan everything after magic and state (which readers check to report O1) is also
 * poisoned for ASan at once: the quarantine would otherwise hide a read of a freed callback
 * (e.g. by a variant hook) from ASan until the 512th free after it.
 */
#if defined(__SANITIZE_ADDRESS__)
#define BW_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BW_ASAN 1
#endif
#endif
#ifdef BW_ASAN
#include <sanitizer/asan_interface.h>
#define BW_OBJ_TAIL(o) ((char *)(o) + offsetof(struct bw_obj, flavor))
#define BW_OBJ_TAIL_LEN (sizeof(struct bw_obj) - offsetof(struct bw_obj, flavor))
#define obj_poison(o) ASAN_POISON_MEMORY_REGION(BW_OBJ_TAIL(o), BW_OBJ_TAIL_LEN)
#define obj_unpoison(o) ASAN_UNPOISON_MEMORY_REGION(BW_OBJ_TAIL(o), BW_OBJ_TAIL_LEN)
#else
#define obj_poison(o) ((void)(o))
#define obj_unpoison(o) ((void)(o))
#endif
#define QUARANTINE 512
static struct bw_obj *quarantine[QUARANTINE];
static unsigned int quarantine_pos;

/* ---- readers ---- */

struct bw_reader {
	int flavor;
	uint64_t start; /* stamp right after the lock */
	int cpu;
	struct bw_reader *prev, *next;
};
static struct bw_reader readers_head = { .prev = &readers_head, .next = &readers_head };

static void reader_begin(struct bw_reader *r, int flavor)
{
	bw_flavor_read_lock(flavor);
	r->flavor = flavor;
	r->start = bw_sim_stamp();
	r->cpu = smp_processor_id();
	r->next = &readers_head;
	r->prev = readers_head.prev;
	readers_head.prev->next = r;
	readers_head.prev = r;
}

static void reader_end(struct bw_reader *r)
{
	r->prev->next = r->next;
	r->next->prev = r->prev;
	bw_flavor_read_unlock(r->flavor);
}

/* Oldest active reader of @flavor that began before @t, or NULL. */
static struct bw_reader *reader_before(int flavor, uint64_t t)
{
	struct bw_reader *r;

	for (r = readers_head.next; r != &readers_head; r = r->next)
		if (r->flavor == flavor && r->start < t)
			return r;
	return NULL;
}

static void check_obj(const struct bw_obj *o, const char *where)
{
	if (o->magic != BW_OBJ_LIVE || o->state == OBJ_FREED)
		bw_sim_fail(
			"O1: reader in %s sees a freed object (magic %#x state %d): freed before "
			"a pre-existing reader finished",
			where, o->magic, o->state);
}

/* One read-side critical section: dereference slots, hold them across points, recheck. */
static void do_read(int flavor, const char *where, int may_yield, int depth)
{
	struct bw_obj *held[3];
	struct bw_reader r;
	int i, n = 1 + (int)bw_sim_below(3);

	reader_begin(&r, flavor);
	for (i = 0; i < n; i++) {
		held[i] = rcu_dereference(slots[flavor][bw_sim_below(BW_NSLOTS)]);
		if (held[i])
			check_obj(held[i], where);
		if (may_yield)
			bw_sim_point(BW_PT_KERNEL);
	}
	if (depth < 2 && bw_sim_chance(15))
		do_read(bw_sim_chance(50) ?
				flavor :
				(flavor == BW_RCU && may_yield && !in_irq() ? BW_RCU_BH : BW_RCU),
			where, may_yield, depth + 1);
	for (i = 0; i < n; i++)
		if (held[i])
			check_obj(held[i], where);
	reader_end(&r);
	bw_torture_stats.reads++;
}

/* ---- updates and callbacks ---- */

static void unlink_outstanding(struct bw_obj *o)
{
	int c = o->cpu, f = o->flavor;

	if (o->older)
		o->older->newer = o->newer;
	else
		oldest[c][f] = o->newer;
	if (o->newer)
		o->newer->older = o->older;
	else
		newest[c][f] = o->older;
}

static void free_obj(struct bw_obj *o)
{
	struct bw_obj *old = quarantine[quarantine_pos];

	memset(o, 0x6b, sizeof(*o));
	o->magic = BW_OBJ_DEAD;
	o->state = OBJ_FREED;
	obj_poison(o);
	quarantine[quarantine_pos] = o;
	quarantine_pos = (quarantine_pos + 1) % QUARANTINE;
	if (old)
		obj_unpoison(old);
	free(old);
	live_objects--;
}

static void update(int flavor);

/* An O10/O11 failure, or with --latency-only one more violation (the first one kept). */
static void __attribute__((format(printf, 1, 2))) lat_fail(const char *fmt, ...)
{
	char msg[320];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!latency_only)
		bw_sim_fail("%s", msg);
	if (!lat_violations++)
		memcpy(lat_first, msg, sizeof(msg));
}

static void lat_add(struct lat_samples *l, long gps, uint64_t events)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 4096;
		l->gps = realloc(l->gps, l->cap * sizeof(*l->gps));
		l->events = realloc(l->events, l->cap * sizeof(*l->events));
		if (!l->gps || !l->events)
			bw_sim_fail("out of memory");
	}
	l->gps[l->n] = gps;
	l->events[l->n++] = events;
}

/* At invocation: O11's bound from the last walk that saw @o ready, and the latency figures. */
static void latency_sample(const struct bw_obj *o)
{
	long started = 0, completed = 0;

	if (var->gp) {
		var->gp(o->flavor, &started, &completed);
		if (o->ready_completed != BW_GP_NONE &&
		    completed > o->ready_completed + o->ready_ahead + 2)
			lat_fail(
				"O11: %s callback cpu %d seq %lu runs with completed %ld, but a walk "
				"saw it ready with %ld callbacks ahead of it when completed was %ld "
				"(bound: + ahead + 2)",
				bw_flavor_name(o->flavor), o->cpu, o->seq, completed,
				o->ready_ahead, o->ready_completed);
	}
	lat_add(&lat[o->flavor], completed - o->completed_queued, bw_sim_now() - o->event_queued);
}

/*
 * O10 and O11 on one walk's view of a callback (rcutorture.h). A label may move later
 * only if a CPU removal began since the callback's last walk: CPU_DEAD processing moves
 * the dead CPU's callbacks to the adopter and may relabel the adopter's own.
 */
void bw_torture_label(struct rcu_head *head, int cpu, long gp, long ahead)
{
	struct bw_obj *o = bw_torture_obj(head);
	long started, completed;
	int adopted;

	if (!o || !var->gp)
		return;
	var->gp(o->flavor, &started, &completed);
	adopted = o->deaths_seen != deaths || (deaths & 1);
	if (gp > o->label && !adopted)
		lat_fail("O10: %s callback cpu %d seq %lu on cpu %d's list: its grace period moved "
			 "later, from %s%ld to %s%ld, without a CPU removal (gpnum/cur %ld, "
			 "completed %ld)",
			 bw_flavor_name(o->flavor), o->cpu, o->seq, cpu,
			 o->label == BW_GP_DONE ? "done " : "",
			 o->label == BW_GP_DONE ? 0 : o->label, gp == BW_GP_NONE ? "none " : "",
			 gp == BW_GP_NONE ? 0 : gp, started, completed);
	if (adopted) {
		o->gp_base = started;
		o->ready_completed = BW_GP_NONE;
	}
	if (gp != BW_GP_DONE && gp != BW_GP_NONE) {
		if (gp > o->gp_base + var->label_lag)
			lat_fail(
				"O11: %s callback cpu %d seq %lu waits for GP %ld on cpu %d, more than "
				"%d after GP %ld, the latest started at its enqueue or adoption",
				bw_flavor_name(o->flavor), o->cpu, o->seq, gp, cpu, var->label_lag,
				o->gp_base);
		if (completed > gp && bw_sim_cpu_is_online(cpu))
			lat_fail(
				"O11: %s callback cpu %d seq %lu still waits for GP %ld on cpu %d's "
				"list, but completed is %ld: it should be on the done list",
				bw_flavor_name(o->flavor), o->cpu, o->seq, gp, cpu, completed);
	}
	/* keep the tightest bound any walk gave */
	if (gp == BW_GP_DONE && bw_sim_cpu_is_online(cpu) &&
	    (o->ready_completed == BW_GP_NONE ||
	     completed + ahead < o->ready_completed + o->ready_ahead)) {
		o->ready_completed = completed;
		o->ready_ahead = ahead;
	}
	o->label = gp;
	o->deaths_seen = deaths;
}

/* The callback: every generic oracle runs here, then the object is poisoned. */
static void torture_cb(struct rcu_head *rh)
{
	struct bw_obj *o = container_of(rh, struct bw_obj, rh);
	struct bw_reader *r;
	int c, f;

	if (o->magic != BW_OBJ_LIVE || o->state != OBJ_QUEUED)
		bw_sim_fail("O4: callback for an object that is not queued (magic %#x state %d): "
			    "invoked twice or corrupted",
			    o->magic, o->state);
	c = o->cpu;
	f = o->flavor;
	if (!in_softirq())
		bw_sim_fail("callback invoked outside softirq context (preempt_count %#x)",
			    preempt_count());
	if (var->invoked)
		var->invoked(o);
	r = reader_before(f, o->removed);
	if (r)
		bw_sim_fail("O1: %s object (cpu %d seq %lu, removed at %llu) freed while a reader "
			    "on cpu %d that began at %llu is still running",
			    bw_flavor_name(f), c, o->seq, (unsigned long long)o->removed, r->cpu,
			    (unsigned long long)r->start);
	if (o->seq != invoked_seq[c][f])
		bw_sim_fail("O4: %s callback cpu %d seq %lu invoked, expected seq %lu "
			    "(lost, duplicated or reordered)",
			    bw_flavor_name(f), c, o->seq, invoked_seq[c][f]);
	invoked_seq[c][f]++;
	bw_sim_trace("invoke seq %ld flavor %ld", (long)o->seq, f);
	latency_sample(o);
	unlink_outstanding(o);
	outstanding--;
	outstanding_fl[f]--;
	bw_torture_stats.invoked[f]++;
	free_obj(o);
	/* Callbacks take time (interrupts may arrive) and sometimes queue more work. */
	if (bw_sim_chance(20))
		bw_sim_point(BW_PT_KERNEL);
	if (bw_sim_phase() == BW_PHASE_RANDOM && bw_sim_chance(10))
		update(bw_sim_chance(50) ? BW_RCU : BW_RCU_BH);
}

/* Publish a new object in a random slot and retire the old one through call_rcu*(). */
static void update(int flavor)
{
	int slot = (int)bw_sim_below(BW_NSLOTS), c;
	struct bw_obj *o, *old;

	if (outstanding_fl[flavor] >= MAX_OUTSTANDING)
		return;
	o = calloc(1, sizeof(*o));
	if (!o)
		bw_sim_fail("out of memory");
	live_objects++;
	o->magic = BW_OBJ_LIVE;
	o->state = OBJ_PUBLISHED;
	o->flavor = flavor;
	old = slots[flavor][slot];
	rcu_assign_pointer(slots[flavor][slot], o);
	if (!old)
		return;
	old->removed = bw_sim_stamp();
	old->state = OBJ_QUEUED;
	c = smp_processor_id();
	old->cpu = c;
	old->seq = queued_seq[c][flavor]++;
	old->newer = NULL;
	old->older = newest[c][flavor];
	if (old->older)
		old->older->newer = old;
	else
		oldest[c][flavor] = old;
	newest[c][flavor] = old;
	outstanding++;
	outstanding_fl[flavor]++;
	bw_torture_stats.queued[flavor]++;
	bw_sim_trace("queue seq %ld flavor %ld", (long)old->seq, flavor);
	old->queued = bw_sim_stamp();
	old->event_queued = bw_sim_now();
	if (var->gp)
		var->gp(flavor, &old->gp_queued, &old->completed_queued);
	old->gp_base = old->gp_queued;
	old->label = BW_GP_NONE;
	old->deaths_seen = deaths;
	old->ready_completed = BW_GP_NONE;
	if (var->queuing)
		var->queuing(old);
	/* The last touch: the callback may run, and free @old, before call_rcu*() returns. */
	bw_flavor_call_rcu(flavor, &old->rh, torture_cb);
}

struct bw_obj *bw_torture_oldest(int cpu, int flavor)
{
	return oldest[cpu][flavor];
}

struct bw_obj *bw_torture_obj(struct rcu_head *head)
{
	return head->func == torture_cb ? container_of(head, struct bw_obj, rh) : NULL;
}

long bw_torture_outstanding(void)
{
	return outstanding;
}

/* ---- synchronous waits (task context only) ---- */

static void do_synchronize(void)
{
	uint64_t t0 = bw_sim_stamp();
	long c0 = rcu_batches_completed();
	struct bw_reader *r;

	might_sleep(); /* the harness must only call it where sleeping is legal */
	waiters++;
	synchronize_rcu();
	waiters--;
	r = reader_before(BW_RCU, t0);
	if (r)
		bw_sim_fail("synchronize_rcu() returned while an rcu reader on cpu %d that began "
			    "before it (at %llu) is still running",
			    r->cpu, (unsigned long long)r->start);
	if (var->after_sync)
		var->after_sync(c0);
	bw_torture_stats.syncs++;
}

/* rcu_barrier*() of kind @which (0 std, 1 bh, 2 sched; -1: at random), then O6. */
void bw_torture_barrier(int which)
{
	unsigned long snap[NR_CPUS][2];
	int flavor, c;

	if (which < 0)
		which = (int)bw_sim_below(3);

	might_sleep();
	memcpy(snap, queued_seq, sizeof(snap));
	waiters++;
	flavor = bw_flavor_barrier(which);
	waiters--;
	for (c = 0; c < NR_CPUS; c++)
		if (invoked_seq[c][flavor] < snap[c][flavor])
			bw_sim_fail("O6: rcu_barrier%s() returned before callback cpu %d seq %lu "
				    "(queued before the call) ran",
				    bw_barrier_suffix(which), c, invoked_seq[c][flavor]);
	bw_torture_stats.barriers++;
}

/* ---- the dead window (CONFIG_HOTPLUG_CPU) ---- */

/*
 * The dead window: @cpu is offline, CPU_DEAD not yet run. Half the time (random phases)
 * hold it open for the variant's dead_window_jiffies (its forcing may come due while the
 * dead CPU holds its bit), and if the dead CPU holds callbacks, have the barrier task run
 * a barrier of their flavor meanwhile: rcu_barrier*() must hold off hotplug, or its heads
 * go only to the online CPUs and the dead CPU's callbacks, adopted later, run after them
 * (O6). Every removal counts for O10 (CPU_DEAD may relabel the adopter's callbacks).
 */
static struct completion barrier_kick;
static int barrier_which, barrier_busy, barrier_entered;
static struct bw_sim_task *barrier_tsk;
static void barrier_task(void *arg);
static unsigned long dead_windows, dead_barriers;

static void dead_window(int cpu)
{
	unsigned long until = jiffies + (unsigned long)var->dead_window_jiffies;
	int rcu = oldest[cpu][BW_RCU] != NULL, bh = oldest[cpu][BW_RCU_BH] != NULL, kicked = 0;
	long points = 0, inside = 0;

	deaths++;
	if (!var->dead_window_jiffies || bw_sim_phase() != BW_PHASE_RANDOM || !bw_sim_chance(50) ||
	    (var->dead_window_ok && !var->dead_window_ok(cpu)))
		return;
	dead_windows++;
	if (!barrier_busy && (rcu || bh)) {
		barrier_which = rcu && (!bh || bw_sim_chance(50)) ? (bw_sim_chance(50) ? 0 : 2) : 1;
		barrier_busy = 1;
		barrier_entered = 0;
		dead_barriers++;
		kicked = 1;
		/* created at its first use: a task idle on CPU 0 before would change every run */
		if (!barrier_tsk)
			barrier_tsk = bw_sim_task_create(0, "barrier", barrier_task, NULL);
		complete(&barrier_kick);
	}
	/*
	 * cpu_down() sleeps in __cpu_die() meanwhile: other tasks, this CPU's included, run. A
	 * barrier also gets its points inside rcu_barrier*() to queue its heads, unless
	 * hotplug holds it off.
	 */
	while (points++ < 4000 &&
	       (time_before(jiffies, until) ||
		(kicked && barrier_busy &&
		 (!barrier_entered || inside++ < var->dead_window_barrier_points))))
		bw_sim_point(BW_PT_TASK);
}

/* Registered after RCU's notifier: its CPU_DEAD processing (the adoption) is over. */
static int dead_notify(struct notifier_block *nb, unsigned long action, void *hcpu)
{
	(void)nb;
	(void)hcpu;
	if ((action & ~CPU_TASKS_FROZEN) == CPU_DEAD && (deaths & 1))
		deaths++;
	return NOTIFY_OK;
}

static struct notifier_block dead_nb = { .notifier_call = dead_notify };

/* On CPU 0: the barrier of the dead window. */
static void barrier_task(void *arg)
{
	(void)arg;
	for (;;) {
		wait_for_completion(&barrier_kick);
		barrier_entered = 1;
		bw_torture_barrier(barrier_which);
		barrier_busy = 0;
	}
}

/* ---- contexts ---- */

static void worker_action(void)
{
	unsigned int r = bw_sim_below(1000);
	unsigned long flags;

	if (r < 250) {
		do_read(BW_RCU, "task", 1, 0);
	} else if (r < 370) {
		do_read(BW_RCU_BH, "task", 1, 0);
	} else if (r < 500) {
		update(BW_RCU);
	} else if (r < 590) {
		update(BW_RCU_BH);
	} else if (r < 620) {
		do_synchronize();
	} else if (r < 635) {
		if (!var->barrier_permille || bw_sim_below(1000) < var->barrier_permille)
			bw_torture_barrier(-1);
	} else if (r < 755) {
		bw_sim_user(1 + (int)bw_sim_below(16));
	} else if (r < 855) {
		bw_sim_sleep(); /* all workers asleep: the CPU idles */
	} else if (r < 905) {
		bw_sim_cond_resched();
	} else if (r < 945) {
		/* call_rcu() with interrupts already disabled is legal */
		local_irq_save(flags);
		update(bw_sim_chance(50) ? BW_RCU : BW_RCU_BH);
		local_irq_restore(flags);
	} else {
		/* a bh-disabled region: softirqs wait until local_bh_enable() */
		local_bh_disable();
		bw_sim_point(BW_PT_KERNEL);
		if (bw_sim_chance(50))
			update(BW_RCU_BH);
		bw_sim_point(BW_PT_KERNEL);
		local_bh_enable();
	}
}

/* Random phase, but the variant keeps @cpu idle: its tasks sleep, its interrupts queue nothing. */
static int quiet(int cpu)
{
	return var->quiet_cpu && bw_sim_phase() == BW_PHASE_RANDOM && var->quiet_cpu(cpu);
}

/* @arg: index of the worker on its CPU; worker 0 keeps running in user mode while draining by ticks. */
static void worker(void *arg)
{
	long index = (long)arg;

	for (;;) {
		switch (bw_sim_phase()) {
		case BW_DRAIN_TICK:
			if (index == 0 && var->kernel_hog && var->kernel_hog(bw_sim_task_cpu()))
				bw_sim_cond_resched(); /* kernel mode: only a forced resched is a QS */
			else if (index == 0)
				bw_sim_user(1);
			else
				bw_sim_sleep();
			break;
		case BW_DRAIN_SCHED:
			bw_sim_cond_resched();
			break;
		case BW_DRAIN_IDLE:
			bw_sim_sleep();
			break;
		default:
			if (quiet(bw_sim_task_cpu())) {
				bw_sim_sleep(); /* its CPU idles (dyntick-idle with NO_HZ) */
				break;
			}
			worker_action();
			bw_sim_cond_resched();
			break;
		}
	}
}

static void irq_body(int cpu)
{
	unsigned int r = bw_sim_below(100);
	int nest = bw_sim_chance(30);

	(void)cpu;
	if (nest) /* a handler without IRQF_DISABLED: nested interrupts possible */
		local_irq_enable();
	if (r < 40) {
		do_read(BW_RCU, "irq", 1, 0);
		bw_torture_stats.irq_reads++;
	} else if (bw_sim_phase() == BW_PHASE_RANDOM && !quiet(cpu) && r < 70) {
		update(BW_RCU);
	} else if (bw_sim_phase() == BW_PHASE_RANDOM && !quiet(cpu) && r < 90) {
		update(BW_RCU_BH);
	}
	if (nest)
		local_irq_disable();
}

static void nmi_body(int cpu)
{
	if (bw_sim_chance(60) && (!var->nmi_may_read || var->nmi_may_read(cpu))) {
		do_read(BW_RCU, "nmi", 1, 0);
		bw_torture_stats.nmi_reads++;
	}
}

static void timer_body(int cpu)
{
	unsigned int r = bw_sim_below(100);

	(void)cpu;
	if (bw_sim_phase() != BW_PHASE_RANDOM)
		return; /* drains add no work, and no softirq storm under their tick rate */
	if (r < 30)
		do_read(BW_RCU_BH, "softirq", 1, 0);
	else if (r < 50)
		do_read(BW_RCU, "softirq", 1, 0);
	else if (quiet(cpu))
		return;
	else if (bw_sim_phase() == BW_PHASE_RANDOM && r < 75)
		update(BW_RCU_BH);
	else if (bw_sim_phase() == BW_PHASE_RANDOM)
		update(BW_RCU);
}

/* ---- hooks ---- */

static void setup(void)
{
	int cpu, i, n = var->workers_per_cpu ? var->workers_per_cpu : 3;

	rcu_init();
	register_cpu_notifier(&dead_nb);
	bw_sim_open_timer_softirq();
	for (cpu = 0; cpu < bw_sim_ncpus(); cpu++)
		for (i = 0; i < n; i++)
			bw_sim_task_create(cpu, "worker", worker, (void *)(long)i);
	if (var->setup)
		var->setup();
	init_completion(&barrier_kick);
}

static int settled(void)
{
	return !outstanding && !waiters && !barrier_busy && (!var->settled || var->settled());
}

static void report(FILE *out)
{
	fprintf(out,
		"  torture: queued %lu/%lu invoked %lu/%lu (rcu/bh), outstanding %ld, "
		"waiters %d, reads %lu, syncs %lu, barriers %lu\n",
		bw_torture_stats.queued[0], bw_torture_stats.queued[1], bw_torture_stats.invoked[0],
		bw_torture_stats.invoked[1], outstanding, waiters, bw_torture_stats.reads,
		bw_torture_stats.syncs, bw_torture_stats.barriers);
	if (var->report)
		var->report(out);
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* The latency figures: queue to invoke, per flavor, in GPs completed and in events. */
static void latency_report(void)
{
	int f;

	printf("# %s latency (queue to invoke): ", var->name);
	for (f = 0; f < 2; f++) {
		struct lat_samples *l = &lat[f];
		double gsum = 0, esum = 0;
		size_t i, p99;

		if (!l->n)
			continue;
		for (i = 0; i < l->n; i++) {
			gsum += (double)l->gps[i];
			esum += (double)l->events[i];
		}
		qsort(l->gps, l->n, sizeof(*l->gps), cmp_long);
		qsort(l->events, l->n, sizeof(*l->events), cmp_u64);
		p99 = (l->n * 99 + 99) / 100 - 1; /* the ceil(0.99 n)-th smallest */
		if (var->gp)
			printf("%s%s GPs mean %.2f p99 %ld max %ld, ", f ? "; " : "",
			       bw_flavor_name(f), gsum / (double)l->n, l->gps[p99],
			       l->gps[l->n - 1]);
		else
			printf("%s%s ", f ? "; " : "", bw_flavor_name(f));
		printf("events mean %.0f p99 %llu max %llu", esum / (double)l->n,
		       (unsigned long long)l->events[p99], (unsigned long long)l->events[l->n - 1]);
		free(l->gps);
		free(l->events);
	}
	putchar('\n');
	if (latency_only)
		printf("# %s: O10/O11 off (--latency-only): %lu violations%s%s\n", var->name,
		       lat_violations, lat_violations ? ", the first: " : "", lat_first);
}

static void finish(void)
{
	int f, s, i;

	if (var->finish)
		var->finish();
	if (var->dead_window_jiffies && IS_ENABLED(CONFIG_HOTPLUG_CPU))
		printf("# %s: dead windows %lu (with a barrier %lu)\n", var->name, dead_windows,
		       dead_barriers);
	latency_report();
	if (!bw_torture_stats.invoked[0] || !bw_torture_stats.invoked[1] ||
	    !bw_torture_stats.syncs || !bw_torture_stats.barriers)
		bw_sim_fail(
			"run too short to mean anything: invoked %lu/%lu, syncs %lu, barriers %lu",
			bw_torture_stats.invoked[0], bw_torture_stats.invoked[1],
			bw_torture_stats.syncs, bw_torture_stats.barriers);
	for (f = 0; f < 2; f++)
		for (s = 0; s < BW_NSLOTS; s++)
			if (slots[f][s]) {
				free(slots[f][s]);
				live_objects--;
			}
	for (i = 0; i < QUARANTINE; i++) {
		if (quarantine[i])
			obj_unpoison(quarantine[i]);
		free(quarantine[i]);
	}
	if (live_objects)
		bw_sim_fail("%ld objects neither freed nor published at the end", live_objects);
	printf("# %s: callbacks %lu rcu + %lu rcu_bh, reads %lu (irq %lu, nmi %lu), "
	       "synchronize_rcu %lu, barriers %lu\n",
	       var->name, bw_torture_stats.invoked[0], bw_torture_stats.invoked[1],
	       bw_torture_stats.reads, bw_torture_stats.irq_reads, bw_torture_stats.nmi_reads,
	       bw_torture_stats.syncs, bw_torture_stats.barriers);
}

int bw_torture_main(int argc, char **argv, const struct bw_torture_variant *v)
{
	static struct bw_sim_hooks hooks;
	int i, j;

	/* our one option; the simulator parses the rest */
	for (i = j = 1; i < argc; i++)
		if (!strcmp(argv[i], "--latency-only"))
			latency_only = 1;
		else
			argv[j++] = argv[i];
	argc = j;
	var = v;
	hooks.name = v->name;
	hooks.setup = setup;
	hooks.irq = irq_body;
	hooks.nmi = nmi_body;
	hooks.timer = timer_body;
	hooks.qs = v->qs;
	hooks.softirq_begin = v->softirq_begin;
	hooks.softirq_end = v->softirq_end;
	hooks.check = v->check;
	hooks.settled = settled;
	hooks.report = report;
	hooks.finish = finish;
	hooks.printk = v->printk;
	hooks.phase = v->phase;
	hooks.cpu_dead_window = dead_window;
	return bw_sim_main(argc, argv, &hooks);
}
