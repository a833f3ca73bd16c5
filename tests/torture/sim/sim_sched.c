// SPDX-License-Identifier: GPL-2.0
/* Simulated scheduler and sleeping: schedule, idle loop, completions, mutexes, locks, hotplug, printk. */

#include <stdio.h>
#include <string.h>

#include "sim_internal.h"

/* ---- rule checks (the model-independent ones are in ../kservices/rules.c) ---- */

/* May the current context of @c be switched out at a point of kind @kind? */
int sim_sched_legal(struct sim_cpu *c, int kind)
{
	if (c->curr->kind == K_IDLE || bw_k_atomic_ctx(&c->k))
		return 0;
	if (kind == BW_PT_TASK || kind == BW_PT_USER)
		return 1;
	return IS_ENABLED(CONFIG_PREEMPT) && kind == BW_PT_KERNEL;
}

/* Blocking is legal only in task context, interrupts on, no reader, lock or preemption off. */
static void check_may_block(struct sim_cpu *c, const char *what)
{
	if (!sim_in_cpu_context())
		bw_sim_fail("%s outside a simulated task", what);
	if (c->curr->kind == K_IDLE)
		bw_sim_fail("%s from the idle task", what);
	bw_k_check_may_block(&c->k, what);
}

void bw_sim_might_sleep(const char *file, int line)
{
	if (!sim_in_cpu_context())
		return; /* boot-time setup */
	(void)file;
	(void)line;
	check_may_block(bw_sim_cur, "might_sleep()");
}

/* ---- the scheduler ---- */

static struct bw_sim_task *pick_next(struct sim_cpu *c)
{
	int i, n = 0, k;

	if (c->dying)
		return c->idle;
	for (i = 0; i < c->ntasks; i++)
		n += c->tasks[i]->kind != K_IDLE && c->tasks[i]->state == T_RUNNABLE;
	if (!n)
		return c->idle;
	k = (int)bw_sim_below((unsigned int)n);
	for (i = 0; i < c->ntasks; i++)
		if (c->tasks[i]->kind != K_IDLE && c->tasks[i]->state == T_RUNNABLE && k-- == 0)
			return c->tasks[i];
	return c->idle;
}

/* Is a task other than the current one runnable on @c? */
int sim_other_runnable(struct sim_cpu *c)
{
	int i;

	for (i = 0; i < c->ntasks; i++)
		if (c->tasks[i] != c->curr && c->tasks[i]->kind != K_IDLE &&
		    c->tasks[i]->state == T_RUNNABLE)
			return 1;
	return 0;
}

/* schedule(): a QS for RCU, then switch to another runnable task (or idle). */
void schedule(void)
{
	struct sim_cpu *c = bw_sim_cur;
	struct bw_sim_task *prev = c->curr, *next;

	if (prev->kind != K_IDLE && prev->state == T_RUNNABLE)
		check_may_block(c, "schedule()");
	add_preempt_count(1);
	if (bw_sim_h->qs)
		bw_sim_h->qs(c->id, BW_QS_CTXSW);
	rcu_qsctr_inc(c->id);
	c = bw_sim_cur;
	c->irqs_off = 1;
	c->ti.flags &= ~_TIF_NEED_RESCHED;
	next = pick_next(c);
	c->switches++;
	if (next != prev) {
		bw_sim_trace(next->kind == K_IDLE      ? "switch to idle" :
			     next->kind == K_KSOFTIRQD ? "switch to ksoftirqd" :
							 "switch to worker",
			     0, 0);
		c->curr = next;
		sim_switch_task(prev, next);
		c = bw_sim_cur;
	}
	c->irqs_off = 0;
	sub_preempt_count(1);
}

/* Block the current task until sim_wake(); the caller rechecks its condition. */
void sim_block(void)
{
	struct sim_cpu *c = bw_sim_cur;

	check_may_block(c, "blocking");
	c->curr->state = T_BLOCKED;
	schedule();
}

/* Make @t runnable and ask its CPU to reschedule (the wakeup IPI). */
void sim_wake(struct bw_sim_task *t)
{
	t->state = T_RUNNABLE;
	bw_sim_cpus[t->cpu].ti.flags |= _TIF_NEED_RESCHED;
}

void bw_sim_sleep(void)
{
	struct bw_sim_task *t = bw_sim_cur->curr;

	t->sleeping = 1;
	bw_sim_trace("task sleeps", 0, 0);
	while (t->sleeping)
		sim_block();
}

int idle_cpu(int cpu)
{
	return bw_sim_cpus[cpu].curr == bw_sim_cpus[cpu].idle;
}

int cond_resched(void)
{
	bw_sim_point(BW_PT_TASK);
	return 0;
}

void preempt_schedule(void)
{
	struct sim_cpu *c = bw_sim_cur;

	if (sim_in_cpu_context() && sim_sched_legal(c, BW_PT_KERNEL))
		schedule();
}

void bw_sim_preempt_point(void)
{
	bw_sim_point(BW_PT_KERNEL);
}

/* The idle loop of 2.6.29 (cpu_idle): stop the tick, wait for work, restart it, schedule. */
void sim_idle(void *arg)
{
	(void)arg;
	for (;;) {
		bw_k_tick_nohz_stop(1);
		while (!need_resched())
			bw_sim_point(BW_PT_IDLE);
		bw_sim_tick_nohz_restart();
		schedule();
	}
}

/* ---- completions and mutexes that really block ---- */

struct sim_waiter {
	struct list_head node;
	struct bw_sim_task *task;
};

static void wake_first(struct list_head *head)
{
	struct sim_waiter *w;

	if (list_empty(head))
		return;
	w = (struct sim_waiter *)head->next;
	list_del_init(&w->node);
	sim_wake(w->task);
}

static void wait_on(struct list_head *head)
{
	struct sim_waiter w;

	w.task = bw_sim_cur->curr;
	list_add_tail(&w.node, head);
	sim_block();
	if (w.node.next != &w.node)
		list_del_init(&w.node);
}

void complete(struct completion *x)
{
	x->done++;
	wake_first(&x->wait.task_list);
}

void wait_for_completion(struct completion *x)
{
	check_may_block(bw_sim_cur, "wait_for_completion()");
	while (!x->done)
		wait_on(&x->wait.task_list);
	x->done--;
}

void mutex_lock(struct mutex *lock)
{
	check_may_block(bw_sim_cur, "mutex_lock()");
	while (lock->count.counter != 1)
		wait_on(&lock->wait_list);
	lock->count.counter = 0;
}

void mutex_unlock(struct mutex *lock)
{
	if (lock->count.counter != 0)
		bw_sim_fail("mutex_unlock() of an unlocked mutex");
	lock->count.counter = 1;
	wake_first(&lock->wait_list);
}

/* ---- spinlocks ---- */

void bw_sim_spin_lock(struct bw_sim_spinlock *l)
{
	struct sim_cpu *c = bw_sim_cur;

	bw_k_lock_usage(&c->k, l);
	if (l->owner == c->id)
		bw_sim_fail("cpu %d takes lock %s it already holds", c->id, l->name);
	/* --lock-stretch: the lock looks contended for a while, so other CPUs act meanwhile */
	if (bw_sim_cfg->lock_stretch && sim_in_cpu_context() &&
	    bw_sim_chance((unsigned int)bw_sim_cfg->lock_stretch)) {
		int n = 1 + (int)bw_sim_below(16);

		while (n--)
			bw_sim_point(BW_PT_SPIN);
	}
	while (l->owner >= 0)
		bw_sim_point(BW_PT_SPIN);
	c = bw_sim_cur;
	c->spins = 0;
	l->owner = c->id;
	c->locks_held++;
}

int bw_sim_spin_trylock(struct bw_sim_spinlock *l)
{
	struct sim_cpu *c = bw_sim_cur;

	if (l->owner >= 0)
		return 0;
	bw_k_lock_usage(&c->k, l);
	l->owner = c->id;
	c->locks_held++;
	return 1;
}

void bw_sim_spin_unlock(struct bw_sim_spinlock *l)
{
	struct sim_cpu *c = bw_sim_cur;

	if (l->owner != c->id)
		bw_sim_fail("cpu %d releases lock %s held by %d", c->id, l->name, l->owner);
	l->owner = -1;
	c->locks_held--;
}

/* ---- printk ---- */

/* A printk() line: traced, shown to the harness (stall warnings), printed with -v. */
void bw_k_printk(const char *line, int len)
{
	(void)len;
	bw_sim_trace("printk", 0, 0);
	if (bw_sim_h && bw_sim_h->printk)
		bw_sim_h->printk(bw_sim_cur ? bw_sim_cur->id : 0, line);
	if (bw_sim_cfg && bw_sim_cfg->verbose)
		printf("# printk: %s", line);
}

/* The stall detector's stack dump: a trace line (the failure report shows the trace). */
void dump_stack(void)
{
	bw_sim_trace("dump_stack", 0, 0);
}

/* ---- CPU hotplug (the notifier chain is in ../kservices/cpu.c) ---- */

#if IS_ENABLED(CONFIG_SMP) /* UP: an inline no-op in cpu.h */
int register_cpu_notifier(struct notifier_block *nb)
{
	bw_k_cpu_notifier_add(nb);
	return 0;
}
#endif

/* Take @cpu down from a worker task on another CPU: it idles, leaves the maps, CPU_DEAD runs here. */
#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
static int online_cpus_refs; /* get_online_cpus() holders: a CPU may not go down meanwhile */
static int hotplug_in_progress;

/* Hold off CPU hotplug: wait for one in progress to finish (kernel/cpu.c). */
void get_online_cpus(void)
{
	check_may_block(bw_sim_cur, "get_online_cpus()");
	while (hotplug_in_progress)
		bw_sim_point(BW_PT_TASK);
	online_cpus_refs++;
}

void put_online_cpus(void)
{
	if (--online_cpus_refs < 0)
		bw_sim_fail("put_online_cpus() without get_online_cpus()");
}
#endif

int bw_sim_cpu_down(int cpu)
{
	struct sim_cpu *t = &bw_sim_cpus[cpu];
	int i, online = 0;

	check_may_block(bw_sim_cur, "bw_sim_cpu_down()");
#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
	while (online_cpus_refs) /* cpu_hotplug_begin() */
		bw_sim_point(BW_PT_TASK);
#endif
	for (i = 0; i < bw_sim_ncpus(); i++)
		online += bw_sim_cpus[i].online;
	if (!t->online || online < 2 || cpu == bw_sim_cur->id)
		return -22;
#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
	hotplug_in_progress = 1;
#endif
	bw_k_cpu_notify(CPU_DOWN_PREPARE, cpu);
	t->dying = 1;
	t->ti.flags |= _TIF_NEED_RESCHED;
	/* Wait until the dying CPU sits in its idle loop with nothing pending (stop_machine). */
	/* A dying CPU leaves dyntick-idle first: it goes down (and comes back) with its tick on. */
	while (!(t->curr == t->idle && t->point == BW_PT_IDLE && !t->nipi && !t->tick_stopped &&
		 !t->ti.preempt_count && !t->hw_pending)) {
		if (t->curr != t->idle) /* the stopper keeps preempting its tasks */
			t->ti.flags |= _TIF_NEED_RESCHED;
		bw_sim_point(BW_PT_TASK);
	}
	bw_sim_trace("cpu %ld offline", cpu, 0);
	t->online = 0;
	cpu_clear(cpu, cpu_online_map);
	if (bw_sim_timekeeper == cpu)
		bw_sim_timekeeper = -1;
	if (bw_sim_h->cpu_dead_window)
		bw_sim_h->cpu_dead_window(cpu);
	bw_k_cpu_notify(CPU_DEAD, cpu);
#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
	hotplug_in_progress = 0;
#endif
	return 0;
}

int bw_sim_cpu_up(int cpu)
{
	struct sim_cpu *t = &bw_sim_cpus[cpu];

	check_may_block(bw_sim_cur, "bw_sim_cpu_up()");
	if (t->online || cpu >= bw_sim_ncpus() || !t->idle)
		return -22;
	bw_k_cpu_notify(CPU_UP_PREPARE, cpu);
	t->dying = 0;
	t->online = 1;
	t->ti.flags |= _TIF_NEED_RESCHED; /* its tasks were kept off while it was down */
	cpu_set(cpu, cpu_online_map);
	bw_sim_trace("cpu %ld online", cpu, 0);
	bw_k_cpu_notify(CPU_ONLINE, cpu);
	return 0;
}
