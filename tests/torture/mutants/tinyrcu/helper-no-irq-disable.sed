# mutant: the QS helpers run with interrupts enabled (2.6.29 reports the softirq-end bh QS so)
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: T2 (the irq's callback becomes ready with no covering QS); also named: O3 / T2 (a callback queued by an irq between the test and the store becomes ready)
/^	if (rcp->donetail != rcp->curtail) {$/a\
		bw_sim_window();
/^void rcu_bh_qsctr_inc(int cpu)$/,/^}$/{
/local_irq_save(flags);/c\
	(void)flags;
/local_irq_restore(flags);/d
}
