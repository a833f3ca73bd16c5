# mutant: entering dyntick-idle bumps the dynticks counter with a plain write that forcing's snapshot races with
# source: tree/rcutree_dyntick.h
# scenarios: TREE06 TREE13 TT8x2-pz
# catches: ThreadSanitizer (data race on rcu_dynticks.dynticks)
/^void rcu_enter_nohz/,/^}/{
s/^	WRITE_ONCE(rdtp->dynticks, rdtp->dynticks + 1);$/	rdtp->dynticks++;/
}
