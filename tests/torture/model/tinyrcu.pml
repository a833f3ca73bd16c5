/* Promela model of Tiny RCU on its one CPU: callback lists, dynticks nesting, irqs, NMIs, softirqs. */

/*
 * Contexts of the one CPU: the task (process context: kernel, user, the idle
 * loop, ksoftirqd), two hardirq handlers and an NMI. Only the context on top
 * runs (`top`). An irq starts only when interrupts are enabled: handlers run
 * with them off, so the second irq nests only in the softirq the first runs
 * on its exit. An NMI starts at any step. Each atomic block is one step
 * between two points where something may interrupt; a block under
 * local_irq_save() is one step (only an NMI could interleave, and Tiny's NMI
 * hooks are empty).
 *
 * Callbacks: two rcu_head nodes per flavor (what the early-invocation rule needs: a ready
 * one and a later arrival), recycled once invoked. A pointer to a ->next
 * field is a slot index: slot 0 is &rcucblist, slot k is &node[k].next; the
 * value 0 in a slot is NULL.
 *
 * Ground truth, kept by the environment and never computed by the modeled
 * RCU code: quiet[c] says whether context c is, by the kernel's definition,
 * in a quiescent state of both flavors (2: a context switch, ksoftirqd's
 * loop, a tick from user mode or straight from the idle loop, the idle loop
 * stopping the tick, the outermost irq returning to dyntick-idle) or of
 * rcu_bh only (1: a tick outside softirq and bh-disabled code, the end of a
 * softirq handler), or neither (0). When Tiny RCU reports a QS from context
 * c, qs_seen[f][k] is set for every queued callback k of each flavor f that
 * quiet[c] covers: those callbacks have seen a QS since they were queued.
 *
 * Properties (assertions):
 *   QQ2   a callback is invoked only if a QS of its flavor happened after it
 *         was queued (never one queued after the QS that made the list ready);
 *   IDLE  entering dyntick-idle leaves every queued callback of both flavors
 *         ready, and the softirq pending if any list is not empty;
 *   NEEDS the CPU never halts with the tick stopped (rcu_needs_cpu() returned
 *         0) while a callback is queued, and no callback is lost.
 *
 * Mutants (spin -D<name>; model-mutants.txt says what each breaks):
 * OR_SHORT_CIRCUIT, NESTING_STARTS_AT_0, INVOKE_WHOLE_LIST, CALL_RCU_IRQS_ON,
 * DETACH_KEEPS_CURTAIL, TICK_IN_SOFTIRQ_IS_IDLE, IRQ_HOOKS_EMPTY.
 */

#define NCB	2		/* rcu_head nodes per flavor */
#define NS	(NCB + 1)	/* slots per flavor: rcucblist, then each node's ->next */
#define S(f, k)	((f) * NS + (k))
#define MAX_RESTART 2		/* __do_softirq() restarts (10 in the kernel) before ksoftirqd */

#define TASK	0
#define IRQ0	1		/* irq handlers are 1 and 2 */
#define NMI	3
#define NOBODY	4

#define KERNEL	0		/* task states */
#define USER	1
#define BHOFF	2		/* kernel code between local_bh_disable() and local_bh_enable() */
#define IDLE	3

/* ---- modeled kernel state ---- */
byte slot[2 * NS];		/* rcu_ctrlblk.rcucblist and the nodes' ->next (struct rcu_ctrlblk) */
byte donetail[2];		/* ->donetail: slot index */
byte curtail[2];		/* ->curtail: slot index */
#ifdef NESTING_STARTS_AT_0
short dynticks_nesting = 0;
#else
short dynticks_nesting = 1;	/* tinyrcu/rcutiny.c: 1 running, 0 dyntick-idle, more in irqs */
#endif

/* ---- the environment: CPU, interrupts, softirqs, scheduler ---- */
byte top = TASK;		/* the context running */
byte prev[4] = NOBODY;		/* the context each one interrupted */
bool irqs_on = 1;
byte hardirq = 0;		/* hardirq_count() in handlers */
byte softirq = 0;		/* softirq_count(): softirq running or bh disabled */
bool pending = 0;		/* RCU_SOFTIRQ raised */
bool need_resched = 0;		/* ksoftirqd woken */
byte tstate = KERNEL;
bool tick_stopped = 0;

/* ---- ground truth ---- */
bool alloc[2 * NS];		/* node in use: queued, or being queued */
bool qs_seen[2 * NS];
byte quiet[4];			/* 2: quiescent for both flavors, 1: for rcu_bh, 0: not */

#define RUN(me)	(top == me)

/* Every callback of flavor f queued so far has seen a QS of f. */
inline gqs(f)
{
	qs_seen[S(f, 1)] = alloc[S(f, 1)];
	qs_seen[S(f, 2)] = alloc[S(f, 2)]
}

/* At a QS report from context me: what the kernel says that context is (quiet[me]). */
inline ground_qs(me)
{
	if
	:: quiet[me] == 2 -> gqs(0); gqs(1)
	:: quiet[me] == 1 -> gqs(1)
	:: else
	fi
}

/* raise_softirq(RCU_SOFTIRQ) (kernel/softirq.c): outside interrupt context ksoftirqd is woken. */
inline raise_softirq()
{
	pending = 1;
	if
	:: hardirq == 0 && softirq == 0 -> need_resched = 1
	:: else
	fi
}

/* tinyrcu/rcutiny.c rcu_qsctr_help(): mark every queued callback ready; r = 1 if any did. */
inline rcu_qsctr_help(f, r)
{
	if
	:: donetail[f] != curtail[f] -> donetail[f] = curtail[f]; r = 1
	:: else
	fi
}

/* tinyrcu/rcutiny.c rcu_qsctr_inc(): both helpers, irqs off; raise_softirq() after the restore. */
inline rcu_qsctr_inc(me)
{
	atomic {
		RUN(me) -> ready = 0; nest = 0; ground_qs(me);
		rcu_qsctr_help(0, ready);
#ifdef OR_SHORT_CIRCUIT
		/* the listing's `rcu_qsctr_help(&rcu_ctrlblk) || rcu_qsctr_help(&rcu_bh_ctrlblk)` */
		if
		:: ready == 0 -> rcu_qsctr_help(1, ready)
		:: else
		fi
#else
		rcu_qsctr_help(1, ready)
#endif
	}
	atomic { RUN(me) -> if :: ready -> raise_softirq() :: else fi; ready = 0 }
}

/* tinyrcu/rcutiny.c rcu_bh_qsctr_inc(): the bh helper only. */
inline rcu_bh_qsctr_inc(me)
{
	atomic { RUN(me) -> ready = 0; ground_qs(me); rcu_qsctr_help(1, ready) }
	atomic { RUN(me) -> if :: ready -> raise_softirq() :: else fi; ready = 0 }
}

/*
 * tinyrcu/rcutiny.c rcu_enter_nohz(), also rcu_irq_exit() (include/linux/rcutiny.h), irqs off:
 * `if (--dynticks_nesting == 0) rcu_qsctr_inc(0);`
 */
inline rcu_enter_nohz(me)
{
	atomic { RUN(me) -> dynticks_nesting--; nest = (dynticks_nesting == 0) }
	if
	:: nest -> rcu_qsctr_inc(me)	/* clears nest */
	:: else
	fi
}

/* tinyrcu/rcutiny.c rcu_exit_nohz(), also rcu_irq_enter(), irqs off: `dynticks_nesting++;` */
inline rcu_exit_nohz(me)
{
	atomic { RUN(me) -> dynticks_nesting++ }
}

/* tinyrcu/rcutiny.c __call_rcu() (call_rcu(), call_rcu_bh()) if cond: queue a free node on flavor f. */
inline call_rcu(me, f, cond)
{
	atomic {
		RUN(me) && (cond) && (!alloc[S(f, 1)] || !alloc[S(f, 2)]) ->
		if
		:: !alloc[S(f, 1)] -> k = 1
		:: else -> k = 2
		fi;
		alloc[S(f, k)] = 1;
		slot[S(f, k)] = 0	/* head->next = NULL */
	}
#ifdef CALL_RCU_IRQS_ON
	/* the enqueue without local_irq_save(): an irq may queue between the two stores */
	atomic { RUN(me) -> qs_seen[S(f, k)] = 0; slot[S(f, curtail[f])] = k }
	atomic { RUN(me) -> curtail[f] = k; k = 0 }
#else
	/* local_irq_save(); *rcp->curtail = head; rcp->curtail = &head->next; local_irq_restore() */
	atomic { RUN(me) -> qs_seen[S(f, k)] = 0; slot[S(f, curtail[f])] = k; curtail[f] = k; k = 0 }
#endif
}

/*
 * tinyrcu/rcutiny.c __rcu_process_callbacks(): detach the ready prefix with irqs
 * off, invoke it with irqs on (->completed, counted only for rcutorture, is left out).
 */
inline rcu_process_one(me, f)
{
	atomic { RUN(me) -> lst = (donetail[f] != 0) }	/* donetail == &rcucblist: nothing ready */
	if
	:: lst ->
		atomic {
			RUN(me) ->
#ifdef INVOKE_WHOLE_LIST
			/* no ->donetail/->curtail separation: every queued callback runs, waiting ones included */
			lst = slot[S(f, 0)];
			slot[S(f, 0)] = 0;
			curtail[f] = 0;
			donetail[f] = 0
#else
			lst = slot[S(f, 0)];				/* list = rcp->rcucblist */
			slot[S(f, 0)] = slot[S(f, donetail[f])];	/* rcucblist = *donetail */
			slot[S(f, donetail[f])] = 0;			/* *donetail = NULL */
#ifndef DETACH_KEEPS_CURTAIL
			if
			:: curtail[f] == donetail[f] -> curtail[f] = 0	/* curtail = &rcucblist */
			:: else
			fi;
#endif
			donetail[f] = 0					/* donetail = &rcucblist */
#endif
		}
		do
		:: lst != 0 ->
			/* next = list->next; list->func(list): the callback frees its node */
			atomic {
				RUN(me) ->
				assert(alloc[S(f, lst)]);
				assert(qs_seen[S(f, lst)]);	/* QQ2 */
				alloc[S(f, lst)] = 0;
				qs_seen[S(f, lst)] = 0;
				k = lst;
				lst = slot[S(f, k)];
				slot[S(f, k)] = 0;	/* a free node's ->next is not looked at */
				k = 0
			}
		:: else -> break
		od
	:: else
	fi
}

/* tinyrcu/rcutiny.c rcu_process_callbacks(): the RCU_SOFTIRQ handler, rcu then bh. */
inline rcu_process_callbacks(me)
{
	rcu_process_one(me, 0);
	rcu_process_one(me, 1)
}

/*
 * __do_softirq() as kservices/softirq.c: entered with irqs off, clears the
 * pending mask and enables irqs, runs the handler, then the bh QS of its end
 * (rcu_bh_qsctr_inc()); restarts while raised again, then leaves it to
 * ksoftirqd. Returns with irqs off.
 */
inline do_softirq(me)
{
	restart = MAX_RESTART;
	atomic { RUN(me) -> softirq++ }
	do
	:: atomic { RUN(me) -> pending = 0; irqs_on = 1 }
		rcu_process_callbacks(me);
		atomic { RUN(me) -> quiet[me] = 1 }	/* the end of a softirq handler: a bh QS */
		rcu_bh_qsctr_inc(me);
		atomic { RUN(me) -> quiet[me] = 0 }
		atomic {
			RUN(me) -> irqs_on = 0; restart--;
			if
			:: !pending -> break
			:: pending && restart == 0 -> need_resched = 1; break	/* wakeup_softirqd() */
			:: else
			fi
		}
	od;
	atomic { RUN(me) -> softirq--; restart = 0 }
}

/* The checks of an idle entry (IDLE), once rcu_enter_nohz() has returned. */
inline check_idle_entry()
{
	assert(donetail[0] == curtail[0] && donetail[1] == curtail[1]);
	assert(pending || (slot[S(0, 0)] == 0 && slot[S(1, 0)] == 0))
}

/* schedule(): a context switch (a QS for both flavors), then ksoftirqd if it was woken. */
inline schedule()
{
	atomic { RUN(TASK) -> quiet[TASK] = 2 }
	rcu_qsctr_inc(TASK);
	if
	:: atomic { RUN(TASK) && need_resched -> need_resched = 0; irqs_on = 0; quiet[TASK] = 0 }
		do_softirq(TASK);	/* ksoftirqd: softirqs in process context */
		atomic { RUN(TASK) -> irqs_on = 1; quiet[TASK] = 2 }	/* its loop's QS */
		rcu_qsctr_inc(TASK)
	:: atomic { RUN(TASK) && !need_resched -> skip }
	fi;
	atomic { RUN(TASK) -> quiet[TASK] = 0 }
}

active proctype task()
{
	byte k, lst, restart;
	bool ready, nest;

	do
	/* kernel code */
	:: call_rcu(TASK, 0, tstate == KERNEL)
	:: call_rcu(TASK, 1, tstate == KERNEL)
	:: atomic { RUN(TASK) && tstate == KERNEL -> skip }
		schedule()
	:: atomic { RUN(TASK) && tstate == KERNEL -> tstate = USER }
	:: atomic { RUN(TASK) && tstate == USER -> tstate = KERNEL }
	/* local_bh_disable() ... call_rcu() ... local_bh_enable(): pending softirqs run */
	:: atomic { RUN(TASK) && tstate == KERNEL -> tstate = BHOFF; softirq++ }
	:: call_rcu(TASK, 0, tstate == BHOFF)
	:: call_rcu(TASK, 1, tstate == BHOFF)
	:: atomic { RUN(TASK) && tstate == BHOFF -> softirq--; tstate = KERNEL; irqs_on = 0 }
		if
		:: atomic { RUN(TASK) && pending && hardirq == 0 && softirq == 0 -> skip }
			do_softirq(TASK)
		:: atomic { RUN(TASK) && !(pending && hardirq == 0 && softirq == 0) -> skip }
		fi;
		atomic { RUN(TASK) -> irqs_on = 1 }
	/* the idle loop: the tick runs until tick_nohz_stop_sched_tick() stops it */
	:: atomic { RUN(TASK) && tstate == KERNEL -> tstate = IDLE }
	:: atomic { RUN(TASK) && tstate == IDLE && !tick_stopped && need_resched -> tstate = KERNEL }
		schedule()
	:: atomic {
		/* tick_nohz_stop_sched_tick(1), irqs off: rcu_needs_cpu() is 0 in rcutiny.h */
		RUN(TASK) && tstate == IDLE && !tick_stopped && !need_resched && !pending ->
		irqs_on = 0; tick_stopped = 1; quiet[TASK] = 2
	   }
		rcu_enter_nohz(TASK);
		atomic { RUN(TASK) -> check_idle_entry(); irqs_on = 1; quiet[TASK] = 0 }
		/* while (!need_resched()) halt: asleep, the tick stopped; irqs wake it */
		do
		:: atomic {
			RUN(TASK) && !need_resched ->
			assert(!alloc[S(0, 1)] && !alloc[S(0, 2)] && !alloc[S(1, 1)] && !alloc[S(1, 2)])	/* NEEDS */
		   }
		:: atomic { RUN(TASK) && need_resched -> irqs_on = 0; break }
		od;
		/* tick_nohz_restart_sched_tick(): rcu_exit_nohz() */
		rcu_exit_nohz(TASK);
		atomic { RUN(TASK) -> tick_stopped = 0; irqs_on = 1; tstate = KERNEL }
		schedule()
	od
}

/* A hardirq: irq_enter(), a body (call_rcu*() or the tick), irq_exit(), as kservices/irq.c. */
proctype irq(byte me)
{
	byte k, lst, restart;
	bool ready, nest, user, idle;

	do
	:: atomic {
		irqs_on && top == me - 1 ->	/* irq 1 interrupts the task, irq 2 irq 1 */
		prev[me] = top; top = me; irqs_on = 0
	   }
		/* irq_enter(): rcu_irq_enter() is rcu_exit_nohz() */
#ifndef IRQ_HOOKS_EMPTY
		rcu_exit_nohz(me);
#endif
		atomic { RUN(me) -> hardirq++ }
		if
		:: call_rcu(me, 0, true)
		:: call_rcu(me, 1, true)
		:: atomic {
			/* the tick: what it interrupted, for rcu_check_callbacks(cpu, user) */
			RUN(me) ->
			user = (prev[me] == TASK && tstate == USER);
#ifdef TICK_IN_SOFTIRQ_IS_IDLE
			idle = (tstate == IDLE && hardirq <= 1);	/* the !in_softirq() test dropped */
#else
			idle = (tstate == IDLE && softirq == 0 && hardirq <= 1);
#endif
			if
			:: prev[me] == TASK && (tstate == USER || tstate == IDLE) -> quiet[me] = 2
			:: else -> quiet[me] = (softirq == 0 -> 1 : 0)
			fi
		   }
			/* tinyrcu/rcutiny.c rcu_check_callbacks(): user or idle (outside softirq, one irq deep): both */
			if
			:: user || idle -> rcu_qsctr_inc(me)
			:: !(user || idle) && softirq == 0 -> rcu_bh_qsctr_inc(me)
			:: else
			fi;
			atomic { RUN(me) -> quiet[me] = 0; user = 0; idle = 0 }
		:: atomic { RUN(me) -> skip }
		fi;
		/* irq_exit(): softirqs when not nested, then rcu_irq_exit() (rcu_enter_nohz()) */
		atomic { RUN(me) -> hardirq-- }
		if
		:: atomic { RUN(me) && pending && hardirq == 0 && softirq == 0 -> skip }
			do_softirq(me)
		:: atomic { RUN(me) && !(pending && hardirq == 0 && softirq == 0) -> skip }
		fi;
		/* back to dyntick-idle: a QS for both flavors */
		atomic { RUN(me) -> quiet[me] = (prev[me] == TASK && tick_stopped -> 2 : 0) }
#ifndef IRQ_HOOKS_EMPTY
		rcu_enter_nohz(me);
#endif
		atomic {
			RUN(me) ->
			if
			:: prev[me] == TASK && tick_stopped -> check_idle_entry()
			:: else
			fi;
			quiet[me] = 0; top = prev[me]; prev[me] = NOBODY; irqs_on = 1	/* iret */
		}
	od
}

/* An NMI, at any step: rcu_nmi_enter()/rcu_nmi_exit() (include/linux/rcutiny.h) are empty. */
active proctype nmi()
{
	do
	:: atomic { top != NMI -> prev[NMI] = top; top = NMI }
		atomic { RUN(NMI) -> top = prev[NMI]; prev[NMI] = NOBODY }
	od
}

init
{
	atomic {
		run irq(1);
		run irq(2)
	}
}
