# mutant: __call_rcu() enqueues without disabling interrupts (an irq may hit between the two stores)
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: T1 (list shape seen by an interrupt), O4 (lost callback)
/^static void __call_rcu/,/^}/{
/local_irq_save(flags);/c\
	(void)flags;
/local_irq_restore(flags);/d
/^	\*rcp->curtail = head;$/a\
	bw_sim_window();
}
