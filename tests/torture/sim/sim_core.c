// SPDX-License-Identifier: GPL-2.0
/* Simulator core: seeded PRNG, trace, failure reports, coroutine tasks and the event driver. */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <unistd.h>

#include "sim_internal.h"
#ifdef BW_SIM_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

struct sim_cpu bw_sim_cpus[NR_CPUS];
struct sim_cpu *bw_sim_cur;
struct thread_info *bw_sim_ti = &bw_sim_cpus[0].ti;
const struct bw_sim_hooks *bw_sim_h;
const struct bw_sim_config *bw_sim_cfg;

static void *driver_fake_stack;
#ifndef __x86_64__
static ucontext_t driver_ctx;
#endif
#ifdef BW_SIM_ASAN
static const void *driver_stack_bottom;
static size_t driver_stack_size;
#endif
static int from_driver; /* the switch in progress leaves the driver */

static uint64_t rng[4];
static uint64_t events; /* driver events so far */
static uint64_t stamp;
static enum bw_sim_phase cur_phase;
static int ncpus;

/* ---- randomness: xoshiro256** seeded through splitmix64 ---- */

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t bw_sim_rand(void)
{
	uint64_t result = rotl(rng[1] * 5, 7) * 9;
	uint64_t t = rng[1] << 17;

	rng[2] ^= rng[0];
	rng[3] ^= rng[1];
	rng[1] ^= rng[2];
	rng[0] ^= rng[3];
	rng[2] ^= t;
	rng[3] = rotl(rng[3], 45);
	return result;
}

unsigned int bw_sim_below(unsigned int n)
{
	return n ? (unsigned int)(((bw_sim_rand() >> 32) * n) >> 32) : 0;
}

int bw_sim_chance(unsigned int percent)
{
	return bw_sim_below(100) < percent;
}

/* ---- trace ring: constant formats and two arguments, formatted only when shown ---- */

#define TRACE_LEN 256
#define TRACE_SHOW 48 /* entries printed on failure (all of them with -vv as they happen) */
struct trace_ent {
	uint64_t ev;
	int cpu;
	const char *fmt;
	long a, b;
};
static struct trace_ent trace_ring[TRACE_LEN];
static unsigned long trace_n;

static void trace_print(FILE *out, const struct trace_ent *e)
{
	fprintf(out, "  [%8llu] cpu%-3d ", (unsigned long long)e->ev, e->cpu);
	fprintf(out, e->fmt, e->a, e->b);
	fputc('\n', out);
}

void bw_sim_trace(const char *fmt, long a, long b)
{
	struct trace_ent *e = &trace_ring[trace_n++ % TRACE_LEN];

	e->ev = events;
	e->cpu = bw_sim_cur ? bw_sim_cur->id : -1;
	e->fmt = fmt;
	e->a = a;
	e->b = b;
	if (bw_sim_cfg && bw_sim_cfg->verbose > 1)
		trace_print(stdout, e);
}

static const char *const phase_names[BW_NR_PHASES] = {
	"random",
	"drain-tick",
	"drain-sched",
	"drain-idle",
};

/* A failure of any check, the shared kernel services' included: the report, then exit 1. */
void bw_k_vfail(const char *fmt, va_list ap)
{
	unsigned long i, first;
	int c;

	fflush(stdout);
	fprintf(stderr, "\nFAIL (%s): ", bw_sim_h ? bw_sim_h->name : "sim");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n  seed %llu, event %llu, phase %s, cpu %d\n",
		(unsigned long long)(bw_sim_cfg ? bw_sim_cfg->seed : 0), (unsigned long long)events,
		phase_names[cur_phase], bw_sim_cur ? bw_sim_cur->id : -1);
	fprintf(stderr,
		"  replay: <this binary> --seed %llu [same options]; add -vv for the full trace\n",
		(unsigned long long)(bw_sim_cfg ? bw_sim_cfg->seed : 0));
	for (c = 0; c < ncpus; c++) {
		struct sim_cpu *p = &bw_sim_cpus[c];

		fprintf(stderr,
			"  cpu%d: online %d curr %s preempt_count %#x irqs_off %d "
			"readers %d/%d locks %d tick_stopped %d softirq_pending %#lx hw %#x\n",
			c, p->online, p->curr ? p->curr->name : "-", p->ti.preempt_count,
			p->irqs_off, p->readers[0], p->readers[1], p->locks_held, p->tick_stopped,
			p->softirq_pending, p->hw_pending);
		fprintf(stderr,
			"        point %d need_resched %d dying %d nipi %d tasks:", p->point,
			!!(p->ti.flags & _TIF_NEED_RESCHED), p->dying, p->nipi);
		for (i = 0; i < (unsigned long)p->ntasks; i++)
			fprintf(stderr, " %s(%s)", p->tasks[i]->name,
				p->tasks[i] == p->curr		? "running" :
				p->tasks[i]->sleeping		? "sleeping" :
				p->tasks[i]->state == T_BLOCKED ? "blocked" :
								  "runnable");
		fputc('\n', stderr);
	}
	first = trace_n > TRACE_SHOW ? trace_n - TRACE_SHOW : 0;
	fprintf(stderr, "  last %lu trace entries:\n", trace_n - first);
	for (i = first; i < trace_n; i++)
		trace_print(stderr, &trace_ring[i % TRACE_LEN]);
	if (bw_sim_h && bw_sim_h->report)
		bw_sim_h->report(stderr);
	fflush(stderr);
	/* _exit: abandoned task stacks are not leaks worth a sanitizer report */
	_exit(1);
}

void bw_sim_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bw_k_vfail(fmt, ap);
}

struct bw_kcpu *bw_k_this(void)
{
	return bw_sim_cur ? &bw_sim_cur->k : NULL;
}

struct bw_kcpu *bw_k_cpu(int cpu)
{
	return &bw_sim_cpus[cpu].k;
}

/* One random-phase stretch in three is quiet: interrupts rarely wake sleeping tasks. */
int bw_sim_quiet(void)
{
	return (events / 3000) % 3 == 2;
}

uint64_t bw_sim_now(void)
{
	return events;
}

uint64_t bw_sim_stamp(void)
{
	return ++stamp;
}

enum bw_sim_phase bw_sim_phase(void)
{
	return cur_phase;
}

int bw_sim_ncpus(void)
{
	return ncpus;
}

static int last_cpu = -1;

int bw_sim_last_cpu(void)
{
	return last_cpu;
}

int bw_sim_cpu(void)
{
	return bw_sim_cur ? bw_sim_cur->id : 0;
}

int bw_sim_cpu_is_online(int cpu)
{
	return bw_sim_cpus[cpu].online;
}

int bw_sim_irqs_are_off(int cpu)
{
	return bw_sim_cpus[cpu].irqs_off;
}

int bw_sim_readers(int cpu, int flavor)
{
	return bw_sim_cpus[cpu].readers[flavor];
}

int bw_sim_dyntick_asleep(int cpu)
{
	struct sim_cpu *c = &bw_sim_cpus[cpu];

	return c->online && c->tick_stopped && c->curr == c->idle && c->point == BW_PT_IDLE &&
	       !(c->ti.preempt_count & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK)) &&
	       !(c->ti.flags & _TIF_NEED_RESCHED) && !c->softirq_pending;
}

int bw_sim_task_cpu(void)
{
	return bw_sim_cur->curr->cpu;
}

int bw_sim_in_task(void)
{
	struct sim_cpu *c = bw_sim_cur;

	return c && !(c->ti.preempt_count & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK)) &&
	       c->curr->kind == K_WORKER;
}

/* ---- coroutines ---- */

/*
 * On x86_64 hosts a task switch saves the callee-saved registers on the old
 * stack and swaps stack pointers (no signal-mask system call, unlike
 * swapcontext, which made ASan runs slow); elsewhere ucontext does the job.
 */
#if defined(__x86_64__)
__asm__(".text\n"
	".globl bw_sim_stack_switch\n"
	".type bw_sim_stack_switch, @function\n"
	"bw_sim_stack_switch:\n"
	"	pushq %rbp\n	pushq %rbx\n	pushq %r12\n"
	"	pushq %r13\n	pushq %r14\n	pushq %r15\n"
	"	movq %rsp, (%rdi)\n"
	"	movq %rsi, %rsp\n"
	"	popq %r15\n	popq %r14\n	popq %r13\n"
	"	popq %r12\n	popq %rbx\n	popq %rbp\n"
	"	ret\n"
	".size bw_sim_stack_switch, .-bw_sim_stack_switch\n");
void bw_sim_stack_switch(void **save_sp, void *load_sp);
#define SIM_FAST_SWITCH 1
#endif

static void *driver_sp;

static void fiber_switch(struct bw_sim_task *from, struct bw_sim_task *to)
{
	void **save_sp = from ? &from->sp : &driver_sp;
	void **fake = from ? &from->fake_stack : &driver_fake_stack;

#ifdef BW_SIM_ASAN
	__sanitizer_start_switch_fiber(fake, to ? to->stack : driver_stack_bottom,
				       to ? to->stack_size : driver_stack_size);
#else
	(void)fake;
#endif
#ifdef SIM_FAST_SWITCH
	bw_sim_stack_switch(save_sp, to ? to->sp : driver_sp);
#else
	(void)save_sp;
	if (swapcontext(from ? &from->ctx : &driver_ctx, to ? &to->ctx : &driver_ctx))
		bw_sim_fail("swapcontext failed");
#endif
#ifdef BW_SIM_ASAN
	__sanitizer_finish_switch_fiber(*fake, NULL, NULL);
#endif
}

/* First code a new task runs: finish the switch, leave schedule()'s state, call the body. */
static void task_trampoline(void)
{
	struct bw_sim_task *t = bw_sim_cur->curr;

#ifdef BW_SIM_ASAN
	{
		const void *bottom;
		size_t size;

		__sanitizer_finish_switch_fiber(NULL, &bottom, &size);
		if (from_driver) {
			driver_stack_bottom = bottom;
			driver_stack_size = size;
		}
	}
#endif
	t->started = 1;
	/* A task first runs at the end of schedule(): preemption and irqs come back on. */
	if (!from_driver) {
		bw_sim_cur->irqs_off = 0;
		sub_preempt_count(1);
	}
	t->fn(t->arg);
	bw_sim_fail("task %s returned", t->name);
}

struct bw_sim_task *bw_sim_task_create(int cpu, const char *name, void (*fn)(void *), void *arg)
{
	struct sim_cpu *c = &bw_sim_cpus[cpu];
	struct bw_sim_task *t;

	if (cpu < 0 || cpu >= ncpus || c->ntasks >= SIM_MAX_TASKS)
		bw_sim_fail("cannot create task %s on cpu %d", name, cpu);
	t = calloc(1, sizeof(*t));
	if (!t)
		bw_sim_fail("out of memory");
#ifdef BW_SIM_ASAN
	t->stack_size = 512 * 1024;
#else
	t->stack_size = 128 * 1024;
#endif
	t->stack = malloc(t->stack_size);
	if (!t->stack)
		bw_sim_fail("cannot allocate task %s", name);
#ifdef SIM_FAST_SWITCH
	{
		/* Initial frame: six saved registers, then the trampoline as return address. */
		uintptr_t top = ((uintptr_t)t->stack + t->stack_size) & ~(uintptr_t)15;
		void **sp = (void **)(top - 16);

		sp[1] = NULL; /* the trampoline's own (unused) return address */
		sp[0] = (void *)task_trampoline; /* popped by ret: 16-byte aligned slot */
		sp -= 6;
		memset(sp, 0, 6 * sizeof(void *)); /* r15 r14 r13 r12 rbx rbp */
		t->sp = sp;
	}
#else
	if (getcontext(&t->ctx))
		bw_sim_fail("cannot allocate task %s", name);
	t->ctx.uc_stack.ss_sp = t->stack;
	t->ctx.uc_stack.ss_size = t->stack_size;
	t->ctx.uc_link = NULL;
	makecontext(&t->ctx, task_trampoline, 0);
#endif
	t->cpu = cpu;
	t->name = name;
	t->fn = fn;
	t->arg = arg;
	t->state = T_RUNNABLE;
	t->kind = K_WORKER;
	c->tasks[c->ntasks++] = t;
	return t;
}

/* Leave this CPU's current task and let the driver pick the next event. */
void sim_yield_to_driver(void)
{
	struct bw_sim_task *t = bw_sim_cur->curr;

	from_driver = 0;
	fiber_switch(t, NULL);
}

/* Context switch between two tasks of the current CPU (called from schedule()). */
void sim_switch_task(struct bw_sim_task *prev, struct bw_sim_task *next)
{
	from_driver = 0;
	fiber_switch(prev, next);
}

static int in_cpu_context;

int sim_in_cpu_context(void)
{
	return in_cpu_context;
}

/* Run CPU @c until its next interleaving point. */
static void resume_cpu(struct sim_cpu *c)
{
	struct bw_sim_task *t = c->curr;

	bw_sim_cur = c;
	bw_sim_ti = &c->ti;
	in_cpu_context = 1;
	from_driver = 1;
	fiber_switch(NULL, t);
	in_cpu_context = 0;
}

/*
 * The interleaving point: hand control to the driver, then take whatever it
 * delivered (interrupts, NMI, softirq, reschedule) before continuing. A point
 * reached outside CPU context (setup, final checks) does nothing.
 */
void bw_sim_point(enum bw_sim_point_kind kind)
{
	struct sim_cpu *c = bw_sim_cur;
	int saved;

	if (!in_cpu_context)
		return;
	if ((kind == BW_PT_USER || kind == BW_PT_TASK) && bw_k_atomic_ctx(&c->k))
		bw_sim_fail("%s point in atomic context (preempt_count %#x, irqs_off %d, locks %d, "
			    "readers %d/%d)",
			    kind == BW_PT_USER ? "user-mode" : "schedule", c->ti.preempt_count,
			    c->irqs_off, c->locks_held, c->readers[0], c->readers[1]);
	saved = c->point;
	c->point = kind;
	for (;;) {
		sim_yield_to_driver();
		if (!sim_deliver(bw_sim_cur, kind))
			break;
	}
	bw_sim_cur->point = saved;
}

void bw_sim_window(void)
{
	bw_sim_point(BW_PT_KERNEL);
}

void bw_sim_user(int steps)
{
	while (steps-- > 0)
		bw_sim_point(BW_PT_USER);
}

void bw_sim_cond_resched(void)
{
	bw_sim_point(BW_PT_TASK);
}

/* ---- the driver ---- */

#define TICK_GAP 4 /* resumes of a CPU between two of its ticks, at least */

/* Driver events; a phase's weights (bw_sim_config.weights) index this. */
enum sim_event { EV_PROGRESS, EV_TICK, EV_IRQ, EV_NMI, EV_SOFTIRQ, EV_RESCHED, EV_NR };

static const char *const ev_names[EV_NR] = {
	"progress", "tick", "irq", "nmi", "softirq", "resched",
};

static enum sim_event pick_event(const unsigned int *w)
{
	unsigned int total = 0, r;
	int i;

	for (i = 0; i < EV_NR; i++)
		total += w[i];
	r = bw_sim_below(total);
	for (i = 0; i < EV_NR; i++) {
		if (r < w[i])
			return (enum sim_event)i;
		r -= w[i];
	}
	return EV_PROGRESS;
}

static struct sim_cpu *pick_cpu(void)
{
	int i, n = 0, k;

	for (i = 0; i < ncpus; i++)
		n += bw_sim_cpus[i].online;
	k = (int)bw_sim_below((unsigned int)n);
	for (i = 0; i < ncpus; i++)
		if (bw_sim_cpus[i].online && k-- == 0)
			return &bw_sim_cpus[i];
	return &bw_sim_cpus[0];
}

static void one_event(const unsigned int *w)
{
	struct sim_cpu *c = pick_cpu();
	enum sim_event ev = pick_event(w);

	events++;
	switch (ev) {
	case EV_TICK:
		/* A tick period is long next to a handler: no tick within TICK_GAP steps of the last. */
		if (!c->tick_stopped &&
		    c->since_tick >= (bw_sim_cfg->tick_gap ? bw_sim_cfg->tick_gap : TICK_GAP))
			c->hw_pending |= HW_TICK;
		break;
	case EV_IRQ:
		c->hw_pending |= HW_DEV;
		break;
	case EV_NMI:
		c->inject = INJ_NMI;
		break;
	case EV_SOFTIRQ:
		c->inject = INJ_SOFTIRQ;
		break;
	case EV_RESCHED:
		c->ti.flags |= _TIF_NEED_RESCHED;
		break;
	default:
		break;
	}
	if (bw_sim_cfg->verbose > 1) {
		bw_sim_cur = c;
		bw_sim_trace(ev_names[ev], 0, 0);
	}
	c->since_tick++;
	last_cpu = c->id;
	resume_cpu(c);
	bw_sim_cur = NULL;
	if (bw_sim_h->check)
		bw_sim_h->check();
}

static void set_phase(enum bw_sim_phase p)
{
	cur_phase = p;
	bw_sim_trace(p == BW_PHASE_RANDOM ? "phase random" :
		     p == BW_DRAIN_TICK	  ? "phase drain-tick" :
		     p == BW_DRAIN_SCHED  ? "phase drain-sched" :
					    "phase drain-idle",
		     0, 0);
	if (bw_sim_h->phase)
		bw_sim_h->phase(p);
}

static void setup_cpus(void)
{
	int i;

	memset(bw_sim_cpus, 0, sizeof(bw_sim_cpus));
	cpus_clear(cpu_online_map);
	cpus_clear(cpu_possible_map);
	for (i = 0; i < NR_CPUS; i++) {
		struct sim_cpu *c = &bw_sim_cpus[i];

		c->id = i;
		c->ti.cpu = i;
		c->nohz_nesting = 1;
		cpu_set(i, cpu_possible_map);
		if (i >= ncpus)
			continue;
		/* Only the boot CPU is up while RCU initialises; bw_k_boot_cpus() does the rest. */
		if (i == 0) {
			c->online = 1;
			cpu_set(i, cpu_online_map);
		}
		c->idle = bw_sim_task_create(i, "idle", sim_idle, NULL);
		c->idle->kind = K_IDLE;
		c->ksoftirqd = bw_sim_task_create(i, "ksoftirqd", sim_ksoftirqd, NULL);
		c->ksoftirqd->kind = K_KSOFTIRQD;
		c->ksoftirqd->state = T_BLOCKED;
		c->curr = c->idle;
	}
}

static void free_tasks(void)
{
	int i, j;

	for (i = 0; i < NR_CPUS; i++) {
		for (j = 0; j < bw_sim_cpus[i].ntasks; j++) {
			free(bw_sim_cpus[i].tasks[j]->stack);
			free(bw_sim_cpus[i].tasks[j]);
		}
		bw_sim_cpus[i].ntasks = 0;
	}
}

int bw_sim_run(const struct bw_sim_hooks *hooks, const struct bw_sim_config *cfg)
{
	uint64_t s = cfg->seed;
	long round, n;
	int i;

	bw_sim_h = hooks;
	bw_sim_cfg = cfg;
	ncpus = cfg->ncpus;
	if (ncpus < 1 || ncpus > NR_CPUS)
		bw_sim_fail("--cpus %d out of range 1..%d", ncpus, NR_CPUS);
	for (i = 0; i < 4; i++)
		rng[i] = bw_k_splitmix64(&s);
	jiffies = (unsigned long)(unsigned int)(-300 * HZ);
	setup_cpus();

	/* Boot: the harness initialises RCU and its tasks on CPU 0, outside the event loop. */
	bw_sim_cur = &bw_sim_cpus[0];
	bw_sim_ti = &bw_sim_cpus[0].ti;
	if (hooks->setup)
		hooks->setup();
	bw_k_boot_cpus(ncpus);
	bw_sim_cur = NULL;

	for (round = 0; round < cfg->rounds; round++) {
		enum bw_sim_phase drain = (enum bw_sim_phase)(BW_DRAIN_TICK + round % 3);

		set_phase(BW_PHASE_RANDOM);
		for (n = 0; n < cfg->events; n++)
			one_event(cfg->weights[BW_PHASE_RANDOM]);
		set_phase(drain);
		for (n = 0; !hooks->settled || !hooks->settled(); n++) {
			if (n >= cfg->drain_limit)
				bw_sim_fail(
					"liveness: work still outstanding after %ld events of %s",
					n, phase_names[drain]);
			one_event(cfg->weights[drain]);
		}
		if (cfg->verbose)
			printf("# round %ld: %llu events, drain (%s) took %ld\n", round,
			       (unsigned long long)events, phase_names[drain], n);
	}
	if (hooks->finish)
		hooks->finish();
	free_tasks();
	return 0;
}

/* ---- command line ---- */

static void default_weights(struct bw_sim_config *cfg)
{
	/*                                    progress tick irq nmi softirq resched */
	static const unsigned int random_w[] = { 50, 12, 10, 3, 4, 8 };
	static const unsigned int tick_w[] = { 50, 30, 0, 0, 0, 0 };
	static const unsigned int sched_w[] = { 50, 0, 0, 0, 0, 30 };
	static const unsigned int idle_w[] = { 50, 20, 0, 0, 0, 0 };

	memcpy(cfg->weights[BW_PHASE_RANDOM], random_w, sizeof(random_w));
	memcpy(cfg->weights[BW_DRAIN_TICK], tick_w, sizeof(tick_w));
	memcpy(cfg->weights[BW_DRAIN_SCHED], sched_w, sizeof(sched_w));
	memcpy(cfg->weights[BW_DRAIN_IDLE], idle_w, sizeof(idle_w));
}

/* One line of event counts, so a run shows what it exercised. */
static void print_stats(void)
{
	unsigned long t = 0, ut = 0, it = 0, sw = 0, pr = 0, irq = 0, nmi = 0, sr = 0, ts = 0;
	int i;

	for (i = 0; i < NR_CPUS; i++) {
		struct sim_cpu *c = &bw_sim_cpus[i];

		t += c->ticks;
		ut += c->user_ticks;
		it += c->idle_ticks;
		sw += c->switches;
		pr += c->preemptions;
		irq += c->irqs;
		nmi += c->nmis;
		sr += c->softirq_runs;
		ts += c->tick_stops;
	}
	printf("# sim: ticks %lu (user %lu, idle %lu), context switches %lu (preemptions %lu), "
	       "interrupts %lu, NMIs %lu, softirq runs %lu, dyntick-idle entries %lu\n",
	       t, ut, it, sw, pr, irq, nmi, sr, ts);
}

int bw_sim_main(int argc, char **argv, const struct bw_sim_hooks *hooks)
{
	static const struct option opts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "events", required_argument, NULL, 'e' },
		{ "drain-limit", required_argument, NULL, 'd' },
		{ "cpus", required_argument, NULL, 'c' },
		{ "lock-stretch", required_argument, NULL, 'l' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static struct bw_sim_config cfg;
	int opt;

	cfg.seed = 1;
	cfg.rounds = 30;
	cfg.events = 20000;
	cfg.drain_limit = 200000;
	cfg.ncpus = NR_CPUS;
	default_weights(&cfg);
	while ((opt = getopt_long(argc, argv, "s:r:e:d:c:l:vh", opts, NULL)) != -1) {
		switch (opt) {
		case 's':
			cfg.seed = strtoull(optarg, NULL, 0);
			break;
		case 'r':
			cfg.rounds = strtol(optarg, NULL, 0);
			break;
		case 'e':
			cfg.events = strtol(optarg, NULL, 0);
			break;
		case 'd':
			cfg.drain_limit = strtol(optarg, NULL, 0);
			break;
		case 'c':
			cfg.ncpus = (int)strtol(optarg, NULL, 0);
			break;
		case 'l':
			cfg.lock_stretch = (int)strtol(optarg, NULL, 0);
			break;
		case 'v':
			cfg.verbose++;
			break;
		default:
			fprintf(stderr,
				"usage: %s [--seed N] [--rounds N] [--events N] "
				"[--drain-limit N] [--cpus N] [--lock-stretch PERCENT] [-v]\n",
				argv[0]);
			return opt == 'h' ? 0 : 2;
		}
	}
	bw_sim_run(hooks, &cfg);
	print_stats();
	printf("ok - %s: seed %llu, %ld rounds, %llu events, %d cpu(s)%s\n", hooks->name,
	       (unsigned long long)cfg.seed, cfg.rounds, (unsigned long long)events, cfg.ncpus,
	       cfg.lock_stretch ? ", lock windows stretched" : "");
	return 0;
}
