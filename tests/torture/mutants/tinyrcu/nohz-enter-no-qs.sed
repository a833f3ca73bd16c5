# mutant: entering dyntick-idle is not reported as a QS although rcu_needs_cpu() says 0
# source: tinyrcu/rcutiny.c
# scenarios: TINY02 TINY04
# catches: T5 (asleep in dyntick-idle with callbacks); also named: O5 (idle CPU with the tick stopped strands callbacks), P
/^	if (--dynticks_nesting == 0)$/,/^		rcu_qsctr_inc(0);$/c\
	--dynticks_nesting;
