// SPDX-License-Identifier: GPL-2.0
/* Generic RCU torture workload and oracles on real threads (O1, O4-O7, synchronize_rcu). */

#include <stdlib.h>
#include <string.h>

#include <linux/rcupdate.h>
#include <linux/irqflags.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include "threadtorture.h"
#include "../rcu_flavor.h"

#define NSLOTS 4
#define MAX_OUTSTANDING (16 * NR_CPUS) /* per flavor: keeps queues short */
#define QUARANTINE 1024 /* per CPU: freed objects kept (poisoned) before free() */

/* Per-CPU torture state; "atomic" fields are read by other CPUs. */
struct tt_cpu {
	int nest[2]; /* reader nesting by flavor, all contexts */
	uint64_t start[2]; /* atomic: stamp of the outermost active reader, 0 if none */
	unsigned long next_seq[2]; /* next sequence number to hand out */
	unsigned long queued[2]; /* atomic: every seq below returned from call_rcu*() */
	unsigned long invoked[2]; /* atomic: next seq expected to run */
	long completed[2]; /* last rcu_batches_completed*() seen here */
	struct bw_thr_obj *quarantine[QUARANTINE];
	unsigned int qpos;
	unsigned long reads, updates, syncs, barriers, cbs[2];
};

static const struct bw_thr_variant *var;
static struct tt_cpu tc[NR_CPUS];
static struct bw_thr_obj *slots[2][NSLOTS]; /* the shared data, [flavor][slot] */
static long outstanding[2]; /* atomic: queued, callback not yet run */
static int waiters; /* atomic: tasks in synchronize_rcu or rcu_barrier */

/* ---- readers ---- */

static void reader_enter(int flavor)
{
	struct tt_cpu *t = &tc[bw_thr_cpu()];

	bw_flavor_read_lock(flavor);
	if (t->nest[flavor]++ == 0)
		__atomic_store_n(&t->start[flavor], bw_thr_stamp(), __ATOMIC_SEQ_CST);
}

static void reader_exit(int flavor)
{
	struct tt_cpu *t = &tc[bw_thr_cpu()];

	if (--t->nest[flavor] == 0)
		__atomic_store_n(&t->start[flavor], 0, __ATOMIC_SEQ_CST);
	bw_flavor_read_unlock(flavor);
}

static void check_obj(struct bw_thr_obj *o, const char *where)
{
	unsigned int magic = __atomic_load_n(&o->magic, __ATOMIC_ACQUIRE);
	int state = __atomic_load_n(&o->state, __ATOMIC_ACQUIRE);

	if (magic != BW_THR_LIVE || state == TOBJ_FREED)
		bw_thr_fail("O1: reader in %s on cpu %d sees a freed object (magic %#x state %d): "
			    "its callback ran before a pre-existing reader finished",
			    where, bw_thr_cpu(), magic, state);
}

/* One read-side critical section holding up to three objects across safe points. */
static void do_read(int flavor, const char *where, int depth)
{
	struct bw_thr_obj *held[3];
	int i, n = 1 + (int)bw_thr_below(3);

	reader_enter(flavor);
	for (i = 0; i < n; i++) {
		held[i] = rcu_dereference(slots[flavor][bw_thr_below(NSLOTS)]);
		if (held[i])
			check_obj(held[i], where);
		bw_thr_point(BW_THR_KERNEL);
	}
	if (depth < 2 && bw_thr_chance(15))
		do_read(bw_thr_chance(50) || in_irq() ? flavor : BW_RCU_BH, where, depth + 1);
	for (i = 0; i < n; i++)
		if (held[i])
			check_obj(held[i], where);
	reader_exit(flavor);
	tc[bw_thr_cpu()].reads++;
}

/* ---- updates and callbacks ---- */

static void update(int flavor);

static void torture_cb(struct rcu_head *rh)
{
	struct bw_thr_obj *o = container_of(rh, struct bw_thr_obj, rh);
	int cpu = bw_thr_cpu(), f = o->flavor, c;
	struct tt_cpu *t = &tc[cpu];
	struct bw_thr_obj *old;

	if (__atomic_load_n(&o->magic, __ATOMIC_ACQUIRE) != BW_THR_LIVE ||
	    __atomic_load_n(&o->state, __ATOMIC_ACQUIRE) != TOBJ_QUEUED)
		bw_thr_fail(
			"O4: callback for an object that is not queued: invoked twice or corrupted");
	if (!in_softirq())
		bw_thr_fail("callback invoked outside softirq context (preempt_count %#x)",
			    preempt_count());
	if (o->cpu != cpu)
		bw_thr_fail("O4: %s callback queued on cpu %d ran on cpu %d", bw_flavor_name(f),
			    o->cpu, cpu);
	if (var->invoked)
		var->invoked(o);
	for (c = 0; c < bw_thr_ncpus(); c++) {
		uint64_t s = __atomic_load_n(&tc[c].start[f], __ATOMIC_SEQ_CST);

		if (s && s < o->removed)
			bw_thr_fail(
				"O1: %s callback (cpu %d seq %lu) runs while a reader on cpu %d "
				"that began before the removal (%llu < %llu) is still running",
				bw_flavor_name(f), cpu, o->seq, c, (unsigned long long)s,
				(unsigned long long)o->removed);
	}
	if (o->seq != __atomic_load_n(&t->invoked[f], __ATOMIC_RELAXED))
		bw_thr_fail("O4: %s callback cpu %d seq %lu invoked, expected seq %lu "
			    "(lost, duplicated or reordered)",
			    bw_flavor_name(f), cpu, o->seq,
			    __atomic_load_n(&t->invoked[f], __ATOMIC_RELAXED));
	__atomic_store_n(&t->invoked[f], o->seq + 1, __ATOMIC_RELEASE);
	t->cbs[f]++;

	/* Poison, and keep it a while before free() so late readers still find the poison. */
	__atomic_store_n(&o->state, TOBJ_FREED, __ATOMIC_RELEASE);
	__atomic_store_n(&o->magic, BW_THR_DEAD, __ATOMIC_RELEASE);
	old = t->quarantine[t->qpos];
	t->quarantine[t->qpos] = o;
	t->qpos = (t->qpos + 1) % QUARANTINE;
	free(old);
	__atomic_sub_fetch(&outstanding[f], 1, __ATOMIC_RELEASE);

	if (!bw_thr_draining() && bw_thr_chance(10))
		update(bw_thr_chance(50) ? BW_RCU : BW_RCU_BH);
}

/* Publish a new object in a random slot and retire the one it replaces. */
static void update(int flavor)
{
	int cpu = bw_thr_cpu();
	struct tt_cpu *t = &tc[cpu];
	struct bw_thr_obj *o, *old;
	unsigned long seq;

	if (bw_thr_draining() ||
	    __atomic_load_n(&outstanding[flavor], __ATOMIC_RELAXED) >= MAX_OUTSTANDING)
		return;
	o = calloc(1, sizeof(*o));
	if (!o)
		bw_thr_fail("out of memory");
	o->flavor = flavor;
	o->state = TOBJ_PUBLISHED;
	o->magic = BW_THR_LIVE;
	/* rcu_assign_pointer() for a slot that several CPUs update: an exchange (release). */
	old = __atomic_exchange_n(&slots[flavor][bw_thr_below(NSLOTS)], o, __ATOMIC_ACQ_REL);
	if (!old)
		return;
	old->removed = bw_thr_stamp();
	old->cpu = cpu;
	seq = t->next_seq[flavor]++;
	old->seq = seq;
	__atomic_store_n(&old->state, TOBJ_QUEUED, __ATOMIC_RELEASE);
	__atomic_add_fetch(&outstanding[flavor], 1, __ATOMIC_RELAXED);
	if (var->queuing)
		var->queuing(old);
	/* The last touch: another CPU may run the callback and free @old before this returns. */
	bw_flavor_call_rcu(flavor, &old->rh, torture_cb);
	__atomic_store_n(&t->queued[flavor], seq + 1, __ATOMIC_RELEASE);
	t->updates++;
}

/* ---- synchronous waits ---- */

static void do_synchronize(void)
{
	uint64_t t0 = bw_thr_stamp();
	int c;

	__atomic_add_fetch(&waiters, 1, __ATOMIC_RELAXED);
	synchronize_rcu();
	__atomic_sub_fetch(&waiters, 1, __ATOMIC_RELAXED);
	for (c = 0; c < bw_thr_ncpus(); c++) {
		uint64_t s = __atomic_load_n(&tc[c].start[BW_RCU], __ATOMIC_SEQ_CST);

		if (s && s < t0)
			bw_thr_fail(
				"S: synchronize_rcu() on cpu %d returned while an rcu reader on "
				"cpu %d that began before it (%llu < %llu) is still running",
				bw_thr_cpu(), c, (unsigned long long)s, (unsigned long long)t0);
	}
	tc[bw_thr_cpu()].syncs++;
}

static void do_barrier(void)
{
	unsigned long snap[NR_CPUS];
	int which = (int)bw_thr_below(3), f = which == 1 ? BW_RCU_BH : BW_RCU, c;

	for (c = 0; c < bw_thr_ncpus(); c++)
		snap[c] = __atomic_load_n(&tc[c].queued[f], __ATOMIC_ACQUIRE);
	__atomic_add_fetch(&waiters, 1, __ATOMIC_RELAXED);
	bw_flavor_barrier(which);
	__atomic_sub_fetch(&waiters, 1, __ATOMIC_RELAXED);
	for (c = 0; c < bw_thr_ncpus(); c++) {
		unsigned long done = __atomic_load_n(&tc[c].invoked[f], __ATOMIC_ACQUIRE);

		if (done < snap[c])
			bw_thr_fail(
				"O6: rcu_barrier%s() returned before %s callback cpu %d seq %lu "
				"(queued before the call) ran",
				bw_barrier_suffix(which), bw_flavor_name(f), c, done);
	}
	tc[bw_thr_cpu()].barriers++;
}

/* ---- contexts ---- */

static void check_counters(int cpu)
{
	struct tt_cpu *t = &tc[cpu];
	long c0 = rcu_batches_completed(), c1 = rcu_batches_completed_bh();

	if (c0 - t->completed[0] < 0 || c1 - t->completed[1] < 0)
		bw_thr_fail(
			"O7: rcu_batches_completed*() went back on cpu %d (%ld -> %ld, %ld -> %ld)",
			cpu, t->completed[0], c0, t->completed[1], c1);
	t->completed[0] = c0;
	t->completed[1] = c1;
}

static void task_step(int cpu)
{
	unsigned int r = bw_thr_below(1000);
	unsigned long flags;

	if (r < 300) {
		do_read(BW_RCU, "task", 0);
	} else if (r < 450) {
		do_read(BW_RCU_BH, "task", 0);
	} else if (r < 600) {
		update(BW_RCU);
	} else if (r < 700) {
		update(BW_RCU_BH);
	} else if (r < 725) {
		do_synchronize();
	} else if (r < 735) {
		do_barrier();
	} else if (r < 800) {
		bw_thr_user(1 + (int)bw_thr_below(3));
	} else if (r < 850) {
		bw_thr_idle(1 + (int)bw_thr_below(2));
	} else if (r < 930) {
		cond_resched();
	} else if (r < 960) {
		local_irq_save(flags); /* call_rcu() with interrupts already off is legal */
		update(bw_thr_chance(50) ? BW_RCU : BW_RCU_BH);
		local_irq_restore(flags);
	} else {
		local_bh_disable(); /* softirqs wait until local_bh_enable() */
		bw_thr_point(BW_THR_KERNEL);
		if (bw_thr_chance(50))
			update(BW_RCU_BH);
		local_bh_enable();
	}
	check_counters(cpu);
	if (var->step)
		var->step(cpu);
}

static void irq_body(int cpu)
{
	unsigned int r = bw_thr_below(100);
	int nest = bw_thr_chance(30);

	(void)cpu;
	if (nest) /* a handler without IRQF_DISABLED: nested interrupts possible */
		local_irq_enable();
	if (r < 40)
		do_read(BW_RCU, "irq", 0);
	else if (r < 70)
		update(BW_RCU);
	else if (r < 90)
		update(BW_RCU_BH);
	if (nest)
		local_irq_disable();
}

/* ---- hooks ---- */

static void boot(void)
{
	int c;

	rcu_init();
	for (c = 0; c < NR_CPUS; c++) {
		tc[c].completed[0] = rcu_batches_completed();
		tc[c].completed[1] = rcu_batches_completed_bh();
	}
}

static int settled(void)
{
	return !__atomic_load_n(&outstanding[0], __ATOMIC_ACQUIRE) &&
	       !__atomic_load_n(&outstanding[1], __ATOMIC_ACQUIRE) &&
	       !__atomic_load_n(&waiters, __ATOMIC_ACQUIRE);
}

static void report(FILE *out)
{
	fprintf(out, "  torture: outstanding %ld/%ld (rcu/bh), waiters %d\n",
		__atomic_load_n(&outstanding[0], __ATOMIC_RELAXED),
		__atomic_load_n(&outstanding[1], __ATOMIC_RELAXED),
		__atomic_load_n(&waiters, __ATOMIC_RELAXED));
	if (var->report)
		var->report(out);
}

static void finish(void)
{
	unsigned long reads = 0, updates = 0, syncs = 0, barriers = 0, cbs[2] = { 0, 0 };
	int c, f, s, i;

	if (var->finish)
		var->finish();
	for (c = 0; c < NR_CPUS; c++) {
		reads += tc[c].reads;
		updates += tc[c].updates;
		syncs += tc[c].syncs;
		barriers += tc[c].barriers;
		cbs[0] += tc[c].cbs[0];
		cbs[1] += tc[c].cbs[1];
		for (i = 0; i < QUARANTINE; i++)
			free(tc[c].quarantine[i]);
	}
	for (f = 0; f < 2; f++)
		for (s = 0; s < NSLOTS; s++)
			free(slots[f][s]);
	if (!cbs[0] || !cbs[1] || !syncs || !barriers)
		bw_thr_fail(
			"run too short to mean anything: callbacks %lu/%lu, syncs %lu, barriers %lu",
			cbs[0], cbs[1], syncs, barriers);
	printf("# %s-threads: callbacks %lu rcu + %lu rcu_bh, reads %lu, updates %lu, "
	       "synchronize_rcu %lu, barriers %lu\n",
	       var->name, cbs[0], cbs[1], reads, updates, syncs, barriers);
}

/* The workload object behind a queued rcu_head, or NULL for other callbacks (sync, barrier). */
struct bw_thr_obj *bw_thr_obj(struct rcu_head *head)
{
	return head->func == torture_cb ? container_of(head, struct bw_thr_obj, rh) : NULL;
}

int bw_thr_torture_main(int argc, char **argv, const struct bw_thr_variant *v)
{
	static struct bw_thr_hooks hooks;

	var = v;
	hooks.name = v->name;
	hooks.boot = boot;
	hooks.task = task_step;
	hooks.irq = irq_body;
	hooks.settled = settled;
	hooks.report = report;
	hooks.finish = finish;
	return bw_thr_main(argc, argv, &hooks);
}
