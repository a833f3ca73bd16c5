// SPDX-License-Identifier: GPL-2.0
/* Real-threads mode runtime: simulated CPUs as pthreads and the kernel services the RCU objects call. */

#define _GNU_SOURCE
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <linux/rcupdate.h>
#include <linux/completion.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/hardirq.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include "threads.h"
#include "../kservices/kservices.h"

#ifndef BW_THREADS
#error "the real-threads runtime is built with -DBW_SIM -DBW_THREADS"
#endif
#if !IS_ENABLED(CONFIG_SMP)
#error "the real-threads mode runs SMP scenarios (CONFIG_SMP=y)"
#endif

#define THR_MAX_IPI (2 * NR_CPUS + 8)
#define SPIN_LIMIT_S 60 /* a spin or a blocked wait this long is a deadlock */

struct thr_ipi {
	void (*func)(void *info);
	void *info;
	int *done; /* set (release) after func ran; NULL if nobody waits */
};

/*
 * One simulated CPU. Fields without a note are touched by its own thread only;
 * of the shared kernel state, ti.flags is atomic (remote reschedule requests),
 * online is set at boot before the threads start and tick_stopped is atomic
 * (the clock skips a CPU in dyntick-idle).
 */
struct thr_cpu {
	BW_KCPU_STATE;
	unsigned int hw; /* atomic: HW_* lines pending, raised by other threads */
	int ipi_resched; /* atomic: a reschedule IPI is pending */
	int timer_wake; /* atomic: the pending device irq ends an idle wait */
	int inidle; /* between bw_k_tick_nohz_stop(1) and the restart */
	int idle; /* atomic: the idle task runs (idle_cpu()) */
	pthread_mutex_t ipi_lock; /* protects ipi[] and nipi */
	struct thr_ipi ipi[THR_MAX_IPI];
	int nipi;
	uint64_t rng;
	struct bw_thr_stats st;
	pthread_t thread;
};

static struct thr_cpu cpus[NR_CPUS];
static __thread struct thr_cpu *me;
__thread struct thread_info *bw_sim_ti;
unsigned long bw_sim_jiffies;

static const struct bw_thr_hooks *H;
static struct bw_thr_config cfg;
static int running; /* atomic: CPU threads started (boot is over) */
static int stop_clock; /* atomic */
static int nfinished; /* atomic: CPUs done with their steps */
static int all_done; /* atomic: drain settled */
static uint64_t stamp_clock; /* atomic */
static uint64_t drain_start_ns; /* atomic: when the last CPU finished its steps */
static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long nprintk_stall; /* under print_lock */

/* ---- failures and randomness ---- */

/* A failure of any check, the shared kernel services' included: the report, then exit 1. */
void bw_k_vfail(const char *fmt, va_list ap)
{
	pthread_mutex_lock(&print_lock);
	fflush(stdout);
	fprintf(stderr, "\nFAIL (%s-threads): ", H ? H->name : "threads");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr,
		"\n  seed %llu, cpu %d, %d cpus, real threads (not replayable; the seed fixes "
		"each CPU's own choices)\n",
		(unsigned long long)cfg.seed, me ? me->id : -1, cfg.ncpus);
	if (me)
		fprintf(stderr,
			"  this cpu: preempt_count %#x irqs_off %d readers %d/%d locks %d "
			"tick_stopped %d idle %d softirq_pending %#lx\n",
			me->ti.preempt_count, me->irqs_off, me->readers[0], me->readers[1],
			me->locks_held, __atomic_load_n(&me->tick_stopped, __ATOMIC_RELAXED),
			__atomic_load_n(&me->idle, __ATOMIC_RELAXED), me->softirq_pending);
	if (H && H->report)
		H->report(stderr);
	fflush(stderr);
	_exit(1);
}

void bw_thr_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bw_k_vfail(fmt, ap);
}

struct bw_kcpu *bw_k_this(void)
{
	return me ? &me->k : NULL;
}

struct bw_kcpu *bw_k_cpu(int cpu)
{
	return &cpus[cpu].k;
}

uint64_t bw_thr_rand(void)
{
	return bw_k_splitmix64(&me->rng);
}

unsigned int bw_thr_below(unsigned int n)
{
	return n ? (unsigned int)(((bw_thr_rand() >> 32) * n) >> 32) : 0;
}

int bw_thr_chance(unsigned int percent)
{
	return bw_thr_below(100) < percent;
}

uint64_t bw_thr_stamp(void)
{
	return __atomic_add_fetch(&stamp_clock, 1, __ATOMIC_SEQ_CST);
}

int bw_thr_cpu(void)
{
	return me->id;
}

int bw_thr_ncpus(void)
{
	return cfg.ncpus;
}

int bw_thr_draining(void)
{
	return __atomic_load_n(&nfinished, __ATOMIC_ACQUIRE) == cfg.ncpus;
}

static double elapsed_s(const struct timespec *since)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - since->tv_sec) + (now.tv_nsec - since->tv_nsec) / 1e9;
}

static uint64_t now_ns(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
}

static void nap(long us)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = us * 1000 };

	nanosleep(&ts, NULL);
}

/* ---- rule checks (the model-independent ones are in ../kservices/rules.c) ---- */

/* Blocking is legal only in task context, interrupts on, no reader, lock or preemption off. */
static void check_may_block(struct thr_cpu *c, const char *what)
{
	if (!c)
		bw_thr_fail("%s outside a CPU thread", what);
	if (__atomic_load_n(&c->idle, __ATOMIC_RELAXED))
		bw_thr_fail("%s from the idle loop", what);
	bw_k_check_may_block(&c->k, what);
}

void bw_sim_might_sleep(const char *file, int line)
{
	(void)file;
	(void)line;
	if (__atomic_load_n(&running, __ATOMIC_ACQUIRE))
		check_may_block(me, "might_sleep()");
}

/* ---- safe points (the interrupt mask itself is in ../kservices/irq.c) ---- */

static void deliver(struct thr_cpu *c, int kind);

void bw_sim_preempt_point(void)
{
	deliver(me, BW_THR_KERNEL);
}

/* A race window a mutant opens: take interrupts and let the other threads run. */
void bw_sim_window(void)
{
	if (!me->irqs_off)
		deliver(me, BW_THR_KERNEL);
	sched_yield();
}

/* ---- the scheduler: one task per CPU plus the idle loop ---- */

static int sched_legal(struct thr_cpu *c, int kind)
{
	if (__atomic_load_n(&c->idle, __ATOMIC_RELAXED) || bw_k_atomic_ctx(&c->k))
		return 0;
	if (kind == BW_THR_TASK || kind == BW_THR_USER)
		return 1;
	return IS_ENABLED(CONFIG_PREEMPT) && kind == BW_THR_KERNEL;
}

/* schedule(): a context switch, so a quiescent state for RCU. */
void schedule(void)
{
	struct thr_cpu *c = me;

	if (!__atomic_load_n(&c->idle, __ATOMIC_RELAXED))
		check_may_block(c, "schedule()");
	add_preempt_count(1);
	c->irqs_off = 1;
	rcu_qsctr_inc(c->id);
	clear_thread_flag(TIF_NEED_RESCHED);
	c->st.switches++;
	c->irqs_off = 0;
	sub_preempt_count(1);
}

void preempt_schedule(void)
{
	if (me && sched_legal(me, BW_THR_KERNEL))
		schedule();
}

int cond_resched(void)
{
	bw_thr_point(BW_THR_TASK);
	return 0;
}

int idle_cpu(int cpu)
{
	return __atomic_load_n(&cpus[cpu].idle, __ATOMIC_RELAXED);
}

/* ---- dyntick-idle (kernel/time/tick-sched.c) ---- */

static void tick_restart(struct thr_cpu *c)
{
	__atomic_store_n(&c->tick_stopped, 0, __ATOMIC_RELEASE);
	if (IS_ENABLED(CONFIG_NO_HZ)) {
#if IS_ENABLED(CONFIG_NO_HZ)
		cpu_clear(c->id, nohz_cpu_mask);
#endif
		rcu_exit_nohz();
	}
}

/*
 * Stop the tick of an idle CPU that nothing needs it for (from the idle loop,
 * or on irq exit back to idle). A CPU that RCU needs keeps ticking (2.6.28
 * programs the next jiffy), so an irq that left RCU work restarts the tick.
 */
void bw_k_tick_nohz_stop(int inidle)
{
	struct thr_cpu *c = me;
	int saved = c->irqs_off, stopped, needs;

	if (!IS_ENABLED(CONFIG_NO_HZ))
		return;
	c->irqs_off = 1;
	if (inidle)
		c->inidle = 1;
	if (c->inidle) {
		stopped = __atomic_load_n(&c->tick_stopped, __ATOMIC_RELAXED);
		needs = rcu_needs_cpu(c->id);
		if (!stopped && !needs && !need_resched() && !c->softirq_pending) {
#if IS_ENABLED(CONFIG_NO_HZ)
			cpu_set(c->id, nohz_cpu_mask);
#endif
			rcu_enter_nohz();
			__atomic_store_n(&c->tick_stopped, 1, __ATOMIC_RELEASE);
			__atomic_fetch_and(&c->hw, ~HW_TICK, __ATOMIC_RELAXED);
			c->st.nohz_entries++;
		} else if (stopped && !inidle) {
			if (needs)
				tick_restart(c);
#if IS_ENABLED(CONFIG_NO_HZ)
			else /* asleep again: irq_enter() took it out of the mask */
				cpu_set(c->id, nohz_cpu_mask);
#endif
		}
	}
	c->irqs_off = saved;
}

static void tick_nohz_restart(void)
{
	struct thr_cpu *c = me;
	int saved = c->irqs_off;

	if (!IS_ENABLED(CONFIG_NO_HZ))
		return;
	c->irqs_off = 1;
	c->inidle = 0;
	if (__atomic_load_n(&c->tick_stopped, __ATOMIC_RELAXED))
		tick_restart(c);
	c->irqs_off = saved;
}

/* ---- softirqs and hardirqs: what the shared kernel services ask of this mode ---- */

void open_softirq(int nr, void (*action)(struct softirq_action *))
{
	if (__atomic_load_n(&running, __ATOMIC_ACQUIRE) && bw_k_softirq_vec[nr].action != action)
		bw_thr_fail("open_softirq(%d) with a new handler after boot", nr);
	bw_k_softirq_vec[nr].action = action;
}

/* Only the mask: the callers are deliver()'s loop, which takes what is pending itself. */
void bw_k_softirq_irq_restore(unsigned long flags)
{
	me->irqs_off = (int)flags;
}

/* No ksoftirqd thread: the next safe point (deliver, the idle loop) runs pending softirqs. */
void bw_k_wakeup_softirqd(struct bw_kcpu *c)
{
	(void)c;
}

void bw_k_observe(struct bw_kcpu *k, enum bw_k_event ev, int nr)
{
	(void)nr;
	if (ev == BW_K_SOFTIRQ_END)
		container_of(k, struct thr_cpu, k)->st.softirqs++;
}

/* update_process_times(): the RCU tick hook, and now and then the end of a time slice. */
static void timer_interrupt(struct thr_cpu *c, int user)
{
	c->st.ticks++;
	if (rcu_pending(c->id))
		rcu_check_callbacks(c->id, user);
	if (!__atomic_load_n(&c->idle, __ATOMIC_RELAXED) && bw_thr_chance(10))
		set_need_resched();
}

static void ipi_interrupt(struct thr_cpu *c)
{
	struct thr_ipi todo[THR_MAX_IPI];
	int i, n;

	pthread_mutex_lock(&c->ipi_lock);
	n = c->nipi;
	memcpy(todo, c->ipi, (size_t)n * sizeof(todo[0]));
	c->nipi = 0;
	pthread_mutex_unlock(&c->ipi_lock);
	for (i = 0; i < n; i++) {
		todo[i].func(todo[i].info);
		if (todo[i].done)
			__atomic_store_n(todo[i].done, 1, __ATOMIC_RELEASE);
	}
	c->st.ipis += (unsigned long)n;
	if (__atomic_exchange_n(&c->ipi_resched, 0, __ATOMIC_ACQ_REL)) {
		c->st.ipis++;
		set_need_resched();
	}
}

/* The interrupt taken by bw_k_hardirq() (irq_enter done, interrupts masked). */
void bw_k_irq_body(struct bw_kcpu *k, unsigned int line, int user)
{
	struct thr_cpu *c = container_of(k, struct thr_cpu, k);

	c->st.irqs++;
	if (line == HW_TICK) {
		timer_interrupt(c, user);
	} else if (line == HW_IPI) {
		ipi_interrupt(c);
	} else {
		if (__atomic_exchange_n(&c->timer_wake, 0, __ATOMIC_ACQ_REL))
			set_need_resched(); /* the timer of a sleeping task fired */
		if (H->irq)
			H->irq(c->id);
	}
}

/* Take the pending interrupt lines (interrupts must be on). */
static int take_irqs(struct thr_cpu *c, int user)
{
	unsigned int hw, line;
	int n = 0;

	while (!c->irqs_off && (hw = __atomic_load_n(&c->hw, __ATOMIC_ACQUIRE)) != 0) {
		line = hw & HW_IPI ? HW_IPI : hw & HW_TICK ? HW_TICK : HW_DEV;
		__atomic_fetch_and(&c->hw, ~line, __ATOMIC_ACQ_REL);
		bw_k_hardirq(&c->k, line, user);
		n++;
	}
	return n;
}

/*
 * A safe point: take interrupts, run softirqs raised outside interrupts (the
 * ksoftirqd stand-in), and reschedule if asked and legal here.
 */
static void deliver(struct thr_cpu *c, int kind)
{
	for (;;) {
		if (c->irqs_off)
			return;
		if (take_irqs(c, kind == BW_THR_USER))
			continue;
		if (kind != BW_THR_USER && !in_interrupt() && c->softirq_pending) {
			do_softirq();
			continue;
		}
		if (need_resched() && sched_legal(c, kind)) {
			schedule();
			continue;
		}
		return;
	}
}

void bw_thr_point(enum bw_thr_point kind)
{
	struct thr_cpu *c = me;

	if ((kind == BW_THR_USER || kind == BW_THR_TASK) && bw_k_atomic_ctx(&c->k))
		bw_thr_fail("%s point in atomic context (preempt_count %#x, irqs_off %d, locks %d, "
			    "readers %d/%d)",
			    kind == BW_THR_USER ? "user-mode" : "schedule", c->ti.preempt_count,
			    c->irqs_off, c->locks_held, c->readers[0], c->readers[1]);
	deliver(c, kind);
}

void bw_thr_user(int steps)
{
	while (steps-- > 0) {
		bw_thr_point(BW_THR_USER);
		nap(cfg.tick_us / 8 + 1); /* user time: ticks land here too */
	}
}

/* ---- the idle loop and blocking ---- */

/*
 * The task sleeps until @cond holds: schedule() into the idle loop (2.6.28
 * cpu_idle), which stops the tick when allowed and waits for interrupts; the
 * wakeup arrives as an interrupt (the polling below stands for the waker's
 * IPI or the sleeper's timer), then the idle loop schedules back to the task.
 */
static void idle_wait(int (*cond)(void *arg), void *arg, const char *what)
{
	struct thr_cpu *c = me;
	struct timespec since;

	check_may_block(c, what);
	clock_gettime(CLOCK_MONOTONIC, &since);
	schedule();
	__atomic_store_n(&c->idle, 1, __ATOMIC_RELAXED);
	for (;;) {
		bw_k_tick_nohz_stop(1);
		while (!need_resched()) {
			if (take_irqs(c, 0))
				continue;
			if (c->softirq_pending) { /* ksoftirqd's turn */
				do_softirq();
				continue;
			}
			if (cond(arg) && !__atomic_load_n(&c->timer_wake, __ATOMIC_RELAXED)) {
				__atomic_store_n(&c->timer_wake, 1, __ATOMIC_RELAXED);
				__atomic_fetch_or(&c->hw, HW_DEV, __ATOMIC_RELEASE);
				continue;
			}
			if (elapsed_s(&since) > SPIN_LIMIT_S)
				bw_thr_fail(
					"%s: still blocked after %d s (lost wakeup or deadlock)",
					what, SPIN_LIMIT_S);
			nap(cfg.tick_us / 4 + 1);
		}
		tick_nohz_restart();
		if (cond(arg))
			break;
		schedule(); /* a spurious wakeup: back to idle */
	}
	__atomic_store_n(&c->idle, 0, __ATOMIC_RELAXED);
	schedule(); /* switch to the woken task */
}

struct idle_timer {
	unsigned long until;
};

static int timer_expired(void *arg)
{
	return time_after_eq(jiffies, ((struct idle_timer *)arg)->until);
}

void bw_thr_idle(int ticks)
{
	struct idle_timer t = { .until = jiffies + (unsigned long)ticks };

	idle_wait(timer_expired, &t, "sleeping");
}

static int completion_ready(void *arg)
{
	return __atomic_load_n(&((struct completion *)arg)->done, __ATOMIC_ACQUIRE) != 0;
}

void complete(struct completion *x)
{
	__atomic_add_fetch(&x->done, 1, __ATOMIC_RELEASE);
}

void wait_for_completion(struct completion *x)
{
	unsigned int done;

	check_may_block(me, "wait_for_completion()");
	for (;;) {
		done = __atomic_load_n(&x->done, __ATOMIC_ACQUIRE);
		if (done && __atomic_compare_exchange_n(&x->done, &done, done - 1, 0,
							__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return;
		if (!done)
			idle_wait(completion_ready, x, "wait_for_completion()");
	}
}

static int mutex_free(void *arg)
{
	return __atomic_load_n(&((struct mutex *)arg)->count.counter, __ATOMIC_RELAXED) == 1;
}

void mutex_lock(struct mutex *lock)
{
	int one;

	check_may_block(me, "mutex_lock()");
	for (;;) {
		one = 1;
		if (__atomic_compare_exchange_n(&lock->count.counter, &one, 0, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return;
		idle_wait(mutex_free, lock, "mutex_lock()");
	}
}

void mutex_unlock(struct mutex *lock)
{
	int zero = 0;

	if (!__atomic_compare_exchange_n(&lock->count.counter, &zero, 1, 0, __ATOMIC_RELEASE,
					 __ATOMIC_RELAXED))
		bw_thr_fail("mutex_unlock() of an unlocked mutex");
}

/* ---- spinlocks: real ones ---- */

void bw_sim_spin_lock(struct bw_sim_spinlock *l)
{
	struct thr_cpu *c = me;
	struct timespec since;
	unsigned long n;
	int free_;

	bw_k_lock_usage(&c->k, l);
	if (__atomic_load_n(&l->owner, __ATOMIC_RELAXED) == c->id)
		bw_thr_fail("cpu %d takes lock %s it already holds", c->id, l->name);
	for (n = 0;; n++) {
		free_ = -1;
		if (__atomic_compare_exchange_n(&l->owner, &free_, c->id, 0, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			break;
		if (n == 0)
			clock_gettime(CLOCK_MONOTONIC, &since);
		else if (n % 1024 == 0 && elapsed_s(&since) > SPIN_LIMIT_S)
			bw_thr_fail("cpu %d spun %d s on lock %s held by cpu %d: deadlock", c->id,
				    SPIN_LIMIT_S, l->name,
				    __atomic_load_n(&l->owner, __ATOMIC_RELAXED));
		sched_yield();
	}
	c->locks_held++;
}

int bw_sim_spin_trylock(struct bw_sim_spinlock *l)
{
	int free_ = -1;

	if (!__atomic_compare_exchange_n(&l->owner, &free_, me->id, 0, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED))
		return 0;
	bw_k_lock_usage(&me->k, l);
	me->locks_held++;
	return 1;
}

void bw_sim_spin_unlock(struct bw_sim_spinlock *l)
{
	int owner = __atomic_load_n(&l->owner, __ATOMIC_RELAXED);

	if (owner != me->id)
		bw_thr_fail("cpu %d releases lock %s held by %d", me->id, l->name, owner);
	__atomic_store_n(&l->owner, -1, __ATOMIC_RELEASE);
	me->locks_held--;
}

/* ---- IPIs ---- */

static void queue_ipi(struct thr_cpu *t, void (*func)(void *), void *info, int *done)
{
	pthread_mutex_lock(&t->ipi_lock);
	if (t->nipi >= THR_MAX_IPI)
		bw_thr_fail("IPI queue of cpu %d overflowed", t->id);
	t->ipi[t->nipi].func = func;
	t->ipi[t->nipi].info = info;
	t->ipi[t->nipi].done = done;
	t->nipi++;
	pthread_mutex_unlock(&t->ipi_lock);
	__atomic_fetch_or(&t->hw, HW_IPI, __ATOMIC_RELEASE);
}

void smp_send_reschedule(int cpu)
{
	struct thr_cpu *t = &cpus[cpu];

	if (!t->online)
		return;
	__atomic_store_n(&t->ipi_resched, 1, __ATOMIC_RELEASE);
	__atomic_fetch_or(&t->hw, HW_IPI, __ATOMIC_RELEASE);
}

/* Run @func on every online CPU with interrupts off; with @wait, spin until all ran. */
int on_each_cpu(void (*func)(void *info), void *info, int wait)
{
	struct thr_cpu *c = me;
	int done[NR_CPUS], cpu, all;
	struct timespec since;

	if (c->irqs_off)
		bw_thr_fail("on_each_cpu() with interrupts disabled can deadlock");
	add_preempt_count(1);
	for (cpu = 0; cpu < cfg.ncpus; cpu++) {
		done[cpu] = 1;
		if (cpu != c->id && cpus[cpu].online) {
			done[cpu] = 0;
			queue_ipi(&cpus[cpu], func, info, wait ? &done[cpu] : NULL);
		}
	}
	c->irqs_off = 1;
	func(info);
	c->irqs_off = 0;
	clock_gettime(CLOCK_MONOTONIC, &since);
	while (wait) {
		all = 1;
		for (cpu = 0; cpu < cfg.ncpus; cpu++)
			all &= __atomic_load_n(&done[cpu], __ATOMIC_ACQUIRE);
		if (all)
			break;
		take_irqs(c, 0); /* a CPU waiting for IPIs still takes its own interrupts */
		if (elapsed_s(&since) > SPIN_LIMIT_S)
			bw_thr_fail("on_each_cpu(): CPUs did not run the function in %d s",
				    SPIN_LIMIT_S);
		sched_yield();
	}
	sub_preempt_count(1);
	deliver(c, BW_THR_KERNEL);
	return 0;
}

/* ---- printk, notifiers ---- */

/* A printk() line: stall warnings counted (host scheduling causes them), printed with -v. */
void bw_k_printk(const char *line, int n)
{
	pthread_mutex_lock(&print_lock);
	if (strstr(line, "RCU detected"))
		nprintk_stall++;
	if (cfg.verbose)
		printf("# printk cpu%d: %s%s", me ? me->id : -1, line,
		       n > 0 && line[n - 1] == '\n' ? "" : "\n");
	pthread_mutex_unlock(&print_lock);
}

void dump_stack(void)
{
}

#if IS_ENABLED(CONFIG_SMP) /* UP: an inline no-op in cpu.h */
int register_cpu_notifier(struct notifier_block *nb)
{
	if (__atomic_load_n(&running, __ATOMIC_ACQUIRE))
		bw_thr_fail("register_cpu_notifier() after boot");
	bw_k_cpu_notifier_add(nb);
	return 0;
}
#endif

#if IS_ENABLED(CONFIG_HOTPLUG_CPU)
/* No CPU goes down in this mode: nothing to hold off. */
void get_online_cpus(void)
{
	check_may_block(me, "get_online_cpus()");
}

void put_online_cpus(void)
{
}
#endif

/* ---- threads ---- */

static void *clock_main(void *arg)
{
	uint64_t rng = cfg.seed ^ 0xc10c4ULL;
	int cpu;

	(void)arg;
	while (!__atomic_load_n(&stop_clock, __ATOMIC_ACQUIRE)) {
		nap(cfg.tick_us);
		__atomic_add_fetch(&bw_sim_jiffies, 1, __ATOMIC_RELAXED);
		for (cpu = 0; cpu < cfg.ncpus; cpu++)
			if (!__atomic_load_n(&cpus[cpu].tick_stopped, __ATOMIC_ACQUIRE))
				__atomic_fetch_or(&cpus[cpu].hw, HW_TICK, __ATOMIC_RELEASE);
		/* a device interrupt somewhere, about every other tick */
		if (bw_k_splitmix64(&rng) % 2 == 0) {
			cpu = (int)(bw_k_splitmix64(&rng) % (uint64_t)cfg.ncpus);
			__atomic_fetch_or(&cpus[cpu].hw, HW_DEV, __ATOMIC_RELEASE);
		}
	}
	return NULL;
}

/* After the steps: keep CPUs idling and in user mode until the workload has settled. */
static void drain(struct thr_cpu *c)
{
	if (__atomic_add_fetch(&nfinished, 1, __ATOMIC_ACQ_REL) == cfg.ncpus)
		__atomic_store_n(&drain_start_ns, now_ns(), __ATOMIC_RELEASE);
	while (!__atomic_load_n(&all_done, __ATOMIC_ACQUIRE)) {
		uint64_t start = __atomic_load_n(&drain_start_ns, __ATOMIC_ACQUIRE);

		if (c->id == 0 && start) {
			if (!H->settled || H->settled()) {
				__atomic_store_n(&all_done, 1, __ATOMIC_RELEASE);
				break;
			}
			if ((now_ns() - start) / 1000000 > (uint64_t)cfg.drain_ms)
				bw_thr_fail("liveness: work still outstanding %d ms into the drain",
					    cfg.drain_ms);
		}
		if (bw_thr_chance(60))
			bw_thr_idle(1 + (int)bw_thr_below(3));
		else
			bw_thr_user(1 + (int)bw_thr_below(4));
	}
}

static void *cpu_main(void *arg)
{
	struct thr_cpu *c = arg;
	long step;

	me = c;
	bw_sim_ti = &c->ti;
	for (step = 0; step < cfg.steps; step++) {
		H->task(c->id);
		bw_thr_point(BW_THR_TASK);
	}
	drain(c);
	return NULL;
}

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s [--seed N] [--cpus N] [--steps N] [--tick-us N] [--drain-ms N] [-v]\n",
		prog);
}

int bw_thr_main(int argc, char **argv, const struct bw_thr_hooks *hooks)
{
	static const struct option opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "cpus", required_argument, NULL, 'c' },
		{ "steps", required_argument, NULL, 'n' },
		{ "tick-us", required_argument, NULL, 't' },
		{ "drain-ms", required_argument, NULL, 'd' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct bw_thr_stats tot = { 0 };
	pthread_t clock;
	struct timespec t0;
	int opt, cpu;

	H = hooks;
	cfg.seed = 1;
	cfg.ncpus = NR_CPUS < 8 ? NR_CPUS : 8;
	cfg.steps = 20000;
	cfg.tick_us = 200;
	cfg.drain_ms = 60000;
	while ((opt = getopt_long(argc, argv, "s:c:n:t:d:vh", opts, NULL)) != -1) {
		switch (opt) {
		case 's':
			cfg.seed = strtoull(optarg, NULL, 0);
			break;
		case 'c':
			cfg.ncpus = (int)strtol(optarg, NULL, 0);
			break;
		case 'n':
			cfg.steps = strtol(optarg, NULL, 0);
			break;
		case 't':
			cfg.tick_us = (int)strtol(optarg, NULL, 0);
			break;
		case 'd':
			cfg.drain_ms = (int)strtol(optarg, NULL, 0);
			break;
		case 'v':
			cfg.verbose++;
			break;
		default:
			usage(argv[0]);
			return opt == 'h' ? 0 : 2;
		}
	}
	if (cfg.ncpus < 1 || cfg.ncpus > NR_CPUS || cfg.tick_us < 1) {
		usage(argv[0]);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	bw_sim_jiffies = (unsigned long)(unsigned int)(-300 * HZ);
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct thr_cpu *c = &cpus[cpu];

		c->id = cpu;
		c->ti.cpu = cpu;
		c->rng = cfg.seed * 0x100000001b3ULL + (uint64_t)cpu;
		pthread_mutex_init(&c->ipi_lock, NULL);
		if (cpu < cfg.ncpus)
			__cpu_set(cpu, cpu_possible_map);
	}

	/* Boot on CPU 0: RCU initialises with only this CPU up, then smp_init() brings up the rest. */
	me = &cpus[0];
	bw_sim_ti = &cpus[0].ti;
	cpus[0].online = 1;
	__cpu_set(0, cpu_online_map);
	if (H->boot)
		H->boot();
	bw_k_boot_cpus(cfg.ncpus);
	me = NULL;
	__atomic_store_n(&running, 1, __ATOMIC_RELEASE);

	if (pthread_create(&clock, NULL, clock_main, NULL))
		bw_thr_fail("cannot create the clock thread");
	for (cpu = 0; cpu < cfg.ncpus; cpu++)
		if (pthread_create(&cpus[cpu].thread, NULL, cpu_main, &cpus[cpu]))
			bw_thr_fail("cannot create the thread of cpu %d", cpu);
	for (cpu = 0; cpu < cfg.ncpus; cpu++)
		pthread_join(cpus[cpu].thread, NULL);
	__atomic_store_n(&stop_clock, 1, __ATOMIC_RELEASE);
	pthread_join(clock, NULL);
	__atomic_store_n(&running, 0, __ATOMIC_RELEASE);

	if (H->finish)
		H->finish();
	for (cpu = 0; cpu < cfg.ncpus; cpu++) {
		struct bw_thr_stats *s = &cpus[cpu].st;

		tot.ticks += s->ticks;
		tot.irqs += s->irqs;
		tot.ipis += s->ipis;
		tot.switches += s->switches;
		tot.softirqs += s->softirqs;
		tot.nohz_entries += s->nohz_entries;
	}
	printf("# runtime: %lu ticks, %lu irqs, %lu IPIs, %lu context switches, %lu softirqs, "
	       "%lu dyntick-idle entries, %lu stall warnings (host scheduling), %.1f s\n",
	       tot.ticks, tot.irqs, tot.ipis, tot.switches, tot.softirqs, tot.nohz_entries,
	       nprintk_stall, elapsed_s(&t0));
	printf("ok - %s-threads: seed %llu, %d cpus, %ld steps per cpu, %lu events\n", H->name,
	       (unsigned long long)cfg.seed, cfg.ncpus, cfg.steps,
	       tot.irqs + tot.switches + (unsigned long)cfg.steps * (unsigned long)cfg.ncpus);
	return 0;
}
