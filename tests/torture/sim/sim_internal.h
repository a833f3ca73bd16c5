/* SPDX-License-Identifier: GPL-2.0 */
/* The simulator's private state: CPUs, tasks and the helpers its files share. */
#ifndef _BW_SIM_INTERNAL_H
#define _BW_SIM_INTERNAL_H

#include <ucontext.h>
#include <stdint.h>

#include <linux/rcupdate.h>
#include <linux/hardirq.h>
#include <linux/interrupt.h>
#include <linux/cpumask.h>
#include <linux/completion.h>
#include <linux/mutex.h>
#include <linux/cpu.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include "sim.h"
#include "../kservices/kservices.h"

#if defined(__SANITIZE_ADDRESS__)
#define BW_SIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BW_SIM_ASAN 1
#endif
#endif

enum sim_task_state { T_RUNNABLE, T_BLOCKED };
enum sim_task_kind { K_IDLE, K_KSOFTIRQD, K_WORKER };

struct bw_sim_task {
	ucontext_t ctx; /* hosts without the fast switch */
	void *sp; /* saved stack pointer (x86_64 fast switch) */
	char *stack;
	size_t stack_size;
	void *fake_stack; /* ASan fiber bookkeeping */
	int cpu; /* bound to this CPU */
	enum sim_task_state state;
	enum sim_task_kind kind;
	int sleeping; /* blocked in bw_sim_sleep(): a device irq may wake it */
	int started;
	const char *name;
	void (*fn)(void *);
	void *arg;
};

/* One-shot requests the driver hands a CPU with its next resume. */
enum sim_inject { INJ_NONE, INJ_NMI, INJ_SOFTIRQ };

#define SIM_MAX_TASKS 8
#define SIM_MAX_IPI (2 * NR_CPUS + 4)

struct sim_ipi {
	void (*func)(void *info);
	void *info;
	int *done; /* set to 1 after func ran; NULL if nobody waits */
};

struct sim_cpu {
	BW_KCPU_STATE; /* ti, id, online, irqs_off, softirq_pending, readers, ... */
	int dying; /* being taken down: only the idle task may run */
	unsigned int hw_pending; /* HW_* lines raised, pending until interrupts are enabled */
	enum sim_inject inject;
	int inidle; /* idle loop between stop and restart of the tick */
	int nohz_nesting; /* mirror of the dynticks nesting: 1 running, 0 idle, +1 per irq */
	int point; /* kind of the innermost interleaving point */
	long spins; /* consecutive spin points (watchdog) */
	long since_tick; /* resumes since its last tick */
	struct bw_sim_task *curr, *idle, *ksoftirqd;
	struct bw_sim_task *tasks[SIM_MAX_TASKS];
	int ntasks;
	struct sim_ipi ipi[SIM_MAX_IPI];
	int nipi;
	int ipi_resched;
	unsigned long ticks, user_ticks, idle_ticks, switches, preemptions, irqs, nmis;
	unsigned long softirq_runs, tick_stops;
};

extern struct sim_cpu bw_sim_cpus[NR_CPUS];
extern struct sim_cpu *bw_sim_cur; /* CPU executing now (NULL in the driver) */
extern const struct bw_sim_hooks *bw_sim_h;
extern const struct bw_sim_config *bw_sim_cfg;
extern int bw_sim_timekeeper;
#if IS_ENABLED(CONFIG_SMP) /* UP: constant masks from cpumask.h */
extern cpumask_t cpu_online_map;
extern cpumask_t cpu_possible_map;
#endif

/* The simulated CPU around the shared kernel state. */
static inline struct sim_cpu *sim_cpu_of(struct bw_kcpu *k)
{
	return container_of(k, struct sim_cpu, k);
}

/* sim_core.c */
void sim_yield_to_driver(void);
void sim_switch_task(struct bw_sim_task *prev, struct bw_sim_task *next);
int sim_in_cpu_context(void);

int bw_sim_quiet(void);

/* sim_irq.c (and bw_k_tick_nohz_stop) */
void bw_sim_tick_nohz_restart(void);
void bw_sim_queue_ipi(int cpu, void (*func)(void *), void *info);
int sim_deliver(struct sim_cpu *c, int kind);
void sim_ksoftirqd(void *arg);

/* sim_sched.c */
void sim_idle(void *arg);
void sim_wake(struct bw_sim_task *t);
int sim_sched_legal(struct sim_cpu *c, int kind);
void sim_block(void);
int sim_other_runnable(struct sim_cpu *c);

#endif /* _BW_SIM_INTERNAL_H */
