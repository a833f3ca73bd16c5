// SPDX-License-Identifier: GPL-2.0
/* Simulated interrupts: delivery at interleaving points, the tick and dyntick-idle, NMIs, IPIs. */

#include "sim_internal.h"

/* The interrupt mask, irq_enter/exit, NMI entry and softirqs themselves are in ../kservices/. */

int bw_sim_timekeeper = -1;
volatile unsigned long jiffies;

static void report_qs(struct sim_cpu *c, enum bw_sim_qs kind)
{
	if (bw_sim_h->qs)
		bw_sim_h->qs(c->id, kind);
}

/* ---- what the shared kernel services ask of the simulator ---- */

void bw_k_observe(struct bw_kcpu *k, enum bw_k_event ev, int nr)
{
	struct sim_cpu *c = sim_cpu_of(k);

	switch (ev) {
	case BW_K_IRQ_ENTER:
		c->nohz_nesting++;
		break;
	case BW_K_IRQ_EXIT:
		if (--c->nohz_nesting == 0 && IS_ENABLED(CONFIG_NO_HZ))
			report_qs(c, BW_QS_NOHZ_IRQ_EXIT);
		break;
	case BW_K_SOFTIRQ_RUN:
		c->softirq_runs++;
		break;
	case BW_K_SOFTIRQ_BEGIN:
		bw_sim_trace("softirq %ld start", nr, 0);
		if (bw_sim_h->softirq_begin)
			bw_sim_h->softirq_begin(c->id, nr);
		break;
	case BW_K_SOFTIRQ_END:
		if (bw_sim_h->softirq_end)
			bw_sim_h->softirq_end(c->id, nr);
		report_qs(c, BW_QS_SOFTIRQ_END);
		break;
	}
}

/* Interrupts come back on with local_irq_restore()'s interleaving point. */
void bw_k_softirq_irq_restore(unsigned long flags)
{
	bw_sim_irq_restore(flags);
}

void bw_k_wakeup_softirqd(struct bw_kcpu *k)
{
	struct sim_cpu *c = sim_cpu_of(k);

	if (c->ksoftirqd && c->ksoftirqd->state == T_BLOCKED)
		sim_wake(c->ksoftirqd);
}

/* ---- dyntick-idle (kernel/time/tick-sched.c) ---- */

static void tick_restart(struct sim_cpu *c)
{
	c->tick_stopped = 0;
	c->nohz_nesting++;
#if IS_ENABLED(CONFIG_NO_HZ)
	cpu_clear(c->id, nohz_cpu_mask);
#endif
	bw_sim_trace("tick restarted", 0, 0);
	rcu_exit_nohz();
}

/*
 * Stop the tick if nothing needs it; from the idle loop (inidle) or on irq
 * exit to idle. A stopped tick that RCU needs again (an irq left it work)
 * restarts: 2.6.28 then programs the next jiffy instead of sleeping.
 */
void bw_k_tick_nohz_stop(int inidle)
{
	struct sim_cpu *c = bw_sim_cur;
	int saved = c->irqs_off;

	if (!IS_ENABLED(CONFIG_NO_HZ))
		return;
	c->irqs_off = 1;
	if (inidle)
		c->inidle = 1;
	if (c->inidle && !c->tick_stopped && !need_resched() && !c->softirq_pending && !c->dying &&
	    !rcu_needs_cpu(c->id)) {
		c->tick_stopped = 1;
		c->tick_stops++;
		c->hw_pending &= ~HW_TICK;
		bw_sim_trace("tick stopped (dyntick-idle)", 0, 0);
		c->nohz_nesting--;
#if IS_ENABLED(CONFIG_NO_HZ)
		cpu_set(c->id, nohz_cpu_mask);
#endif
		report_qs(c, BW_QS_NOHZ_ENTER);
		rcu_enter_nohz();
	} else if (!inidle && c->inidle && c->tick_stopped) {
		if (rcu_needs_cpu(c->id))
			tick_restart(c);
#if IS_ENABLED(CONFIG_NO_HZ)
		else /* asleep again: irq_enter() took it out of the mask */
			cpu_set(c->id, nohz_cpu_mask);
#endif
	}
	c->irqs_off = saved;
}

void bw_sim_tick_nohz_restart(void)
{
	struct sim_cpu *c = bw_sim_cur;
	int saved = c->irqs_off;

	if (!IS_ENABLED(CONFIG_NO_HZ))
		return;
	c->irqs_off = 1;
	c->inidle = 0;
	if (c->tick_stopped)
		tick_restart(c);
	c->irqs_off = saved;
}

/* ---- ksoftirqd ---- */

/* The ksoftirqd thread: runs softirqs raised outside interrupt context. */
void sim_ksoftirqd(void *arg)
{
	(void)arg;
	for (;;) {
		struct sim_cpu *c = bw_sim_cur;

		if (!c->softirq_pending) {
			sim_block();
			continue;
		}
		do_softirq();
		bw_sim_cond_resched();
		c = bw_sim_cur;
		add_preempt_count(1);
		report_qs(c, BW_QS_KSOFTIRQD);
		rcu_qsctr_inc(c->id);
		sub_preempt_count(1);
	}
}

/* ---- the interrupts themselves ---- */

/* Scheduling-clock interrupt body (update_process_times), in hardirq context. */
static void timer_interrupt(struct sim_cpu *c, int user)
{
	int cpu = c->id, rcu_qs;

	if (bw_sim_timekeeper < 0 || bw_sim_timekeeper == cpu ||
	    !bw_sim_cpus[bw_sim_timekeeper].online || bw_sim_cpus[bw_sim_timekeeper].tick_stopped) {
		bw_sim_timekeeper = cpu;
		jiffies++;
	}
	c->ticks++;
	c->since_tick = 0;
	c->user_ticks += user;
	c->idle_ticks += idle_cpu(cpu);
	bw_sim_trace(user ? "tick (user)" : "tick (kernel/idle)", 0, 0);
	/* The 2.6.29 classification, reported before the variant acts on it. */
	rcu_qs = user || (idle_cpu(cpu) && !in_softirq() && hardirq_count() <= HARDIRQ_OFFSET);
	if (rcu_qs)
		report_qs(c, user ? BW_QS_TICK_USER : BW_QS_TICK_IDLE);
	else if (!in_softirq())
		report_qs(c, BW_QS_TICK_BH);
	if (rcu_pending(cpu))
		rcu_check_callbacks(cpu, user);
	if (bw_sim_h->timer && bw_k_softirq_vec[TIMER_SOFTIRQ].action && bw_sim_chance(30))
		raise_softirq_irqoff(TIMER_SOFTIRQ);
	/* scheduler_tick(): a time slice may end when another task is waiting for the CPU */
	if (bw_sim_chance(25) && sim_other_runnable(c))
		c->ti.flags |= _TIF_NEED_RESCHED;
}

/* TIMER_SOFTIRQ: run the harness's timer body (timers are just harness work here). */
static void run_timer_softirq(struct softirq_action *h)
{
	(void)h;
	bw_sim_h->timer(bw_sim_cur->id);
}

void open_softirq(int nr, void (*action)(struct softirq_action *))
{
	bw_k_softirq_vec[nr].action = action;
}

void bw_sim_open_timer_softirq(void)
{
	if (bw_sim_h->timer)
		open_softirq(TIMER_SOFTIRQ, run_timer_softirq);
}

/* Wake one task of this CPU sleeping in bw_sim_sleep(), if any. */
static void wake_a_sleeper(struct sim_cpu *c)
{
	int i, n = 0, k;

	for (i = 0; i < c->ntasks; i++)
		n += c->tasks[i]->sleeping;
	if (!n)
		return;
	k = (int)bw_sim_below((unsigned int)n);
	for (i = 0; i < c->ntasks; i++) {
		if (c->tasks[i]->sleeping && k-- == 0) {
			c->tasks[i]->sleeping = 0;
			bw_sim_trace("sleeper woken", 0, 0);
			sim_wake(c->tasks[i]);
			return;
		}
	}
}

static void ipi_interrupt(struct sim_cpu *c)
{
	while (c->nipi) {
		struct sim_ipi ipi = c->ipi[0];
		int i;

		for (i = 1; i < c->nipi; i++)
			c->ipi[i - 1] = c->ipi[i];
		c->nipi--;
		ipi.func(ipi.info);
		if (ipi.done)
			*ipi.done = 1;
	}
	if (c->ipi_resched) {
		c->ipi_resched = 0;
		c->ti.flags |= _TIF_NEED_RESCHED;
	}
}

/* The interrupt taken by bw_k_hardirq() (irq_enter done, interrupts masked). */
void bw_k_irq_body(struct bw_kcpu *k, unsigned int line, int user)
{
	struct sim_cpu *c = sim_cpu_of(k);

	c->irqs++;
	if (line == HW_TICK) {
		timer_interrupt(c, user);
	} else if (line == HW_IPI) {
		ipi_interrupt(c);
	} else {
		bw_sim_trace("device irq", 0, 0);
		/* busy stretches wake sleepers often; quiet ones let CPUs go idle */
		if (bw_sim_chance(bw_sim_quiet() ? 2 : 30))
			wake_a_sleeper(c);
		if (bw_sim_h->irq)
			bw_sim_h->irq(c->id);
	}
}

static void nmi(struct sim_cpu *c)
{
	int saved = c->irqs_off;

	c->irqs_off = 1;
	c->nmis++;
	bw_sim_trace("NMI", 0, 0);
	nmi_enter();
	if (bw_sim_h->nmi)
		bw_sim_h->nmi(c->id);
	nmi_exit();
	bw_sim_cur->irqs_off = saved;
}

/*
 * At an interleaving point of kind @kind: deliver what the driver raised.
 * Returns 1 if something ran (the CPU then yields again), 0 to continue.
 */
int sim_deliver(struct sim_cpu *c, int kind)
{
	enum sim_inject inj = c->inject;

	c->inject = INJ_NONE;
	if (kind == BW_PT_SPIN && ++c->spins > 1000000)
		bw_sim_fail("cpu %d spun for a million steps: deadlock", c->id);
	if (inj == INJ_NMI && !in_nmi()) {
		nmi(c);
		return 1;
	}
	if (!c->irqs_off && c->hw_pending) {
		unsigned int line = c->hw_pending & HW_IPI  ? HW_IPI :
				    c->hw_pending & HW_TICK ? HW_TICK :
							      HW_DEV;

		c->hw_pending &= ~line;
		bw_k_hardirq(&c->k, line, kind == BW_PT_USER);
		return 1;
	}
	if (inj == INJ_SOFTIRQ && !in_interrupt() && !c->irqs_off && kind != BW_PT_USER &&
	    kind != BW_PT_IDLE && c->softirq_pending) {
		do_softirq();
		return 1;
	}
	if (need_resched() && sim_sched_legal(c, kind)) {
		c->preemptions += kind == BW_PT_KERNEL;
		schedule();
		return 1;
	}
	return 0;
}

/* ---- IPIs (SMP) ---- */

static void queue_ipi(struct sim_cpu *t, void (*func)(void *), void *info, int *done)
{
	if (t->nipi >= SIM_MAX_IPI)
		bw_sim_fail("IPI queue of cpu %d overflowed", t->id);
	t->ipi[t->nipi].func = func;
	t->ipi[t->nipi].info = info;
	t->ipi[t->nipi].done = done;
	t->nipi++;
	t->hw_pending |= HW_IPI;
}

#if IS_ENABLED(CONFIG_SMP)
void smp_send_reschedule(int cpu)
{
	struct sim_cpu *t = &bw_sim_cpus[cpu];

	if (bw_sim_h->resched_ipi)
		bw_sim_h->resched_ipi(bw_sim_cur ? bw_sim_cur->id : -1, cpu);
	if (!t->online)
		return;
	t->ipi_resched = 1;
	t->hw_pending |= HW_IPI;
}

/* Run @func on every online CPU with interrupts off; with @wait, spin until all ran. */
int on_each_cpu(void (*func)(void *info), void *info, int wait)
{
	struct sim_cpu *c = bw_sim_cur;
	int done[NR_CPUS], cpu, me = c->id, all;

	if (c->irqs_off)
		bw_sim_fail("on_each_cpu() with interrupts disabled can deadlock");
	add_preempt_count(1);
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		done[cpu] = 1;
		if (cpu != me && bw_sim_cpus[cpu].online) {
			done[cpu] = 0;
			queue_ipi(&bw_sim_cpus[cpu], func, info, wait ? &done[cpu] : NULL);
		}
	}
	while (wait) {
		all = 1;
		for (cpu = 0; cpu < NR_CPUS; cpu++)
			all &= done[cpu] | !bw_sim_cpus[cpu].online;
		if (all)
			break;
		bw_sim_point(BW_PT_SPIN);
	}
	bw_sim_cur->spins = 0;
	c = bw_sim_cur;
	c->irqs_off = 1;
	func(info);
	c->irqs_off = 0;
	sub_preempt_count(1);
	bw_sim_point(BW_PT_KERNEL);
	return 0;
}
#endif /* CONFIG_SMP */

/* Keep queue_ipi referenced on UP builds too. */
void bw_sim_queue_ipi(int cpu, void (*func)(void *), void *info)
{
	queue_ipi(&bw_sim_cpus[cpu], func, info, NULL);
}
