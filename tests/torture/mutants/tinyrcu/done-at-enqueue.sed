# mutant: __call_rcu() marks the new callback ready at once (donetail = curtail at enqueue)
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: T2 (ready at enqueue, before any QS); also named: O3 (invoked without a covering QS), T2
/^	rcp->curtail = &head->next;$/a\
	rcp->donetail = rcp->curtail;
