# mutant: the softirq detaches the ready prefix with interrupts enabled
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: T1 / O4 (an irq's call_rcu lands in the detached segment or is lost)
/^static void __rcu_process_callbacks/,/^}/{
/local_irq_save(flags);/c\
	(void)flags;
/local_irq_restore(flags);/d
/^	\*rcp->donetail = NULL;$/a\
	bw_sim_window();
}
