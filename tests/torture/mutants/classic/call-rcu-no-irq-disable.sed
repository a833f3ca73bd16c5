# mutant: call_rcu() appends without disabling interrupts (an irq's call_rcu() may interleave)
# source: classic/rcuclassic.c
# scenarios: CLASSIC01 CLASSIC06
# catches: L (list shape), O4 (lost callback)
/^void call_rcu(/,/^}/{
/local_irq_save(flags);/c\
	(void)flags;
/local_irq_restore(flags);/d
}
/^	\*rdp->nxttail\[2\] = head;$/a\
	bw_sim_window();
