# mutant: rcu_needs_cpu() always says no: a CPU with callbacks may sleep in dyntick-idle
# source: tree/rcutree.c
# scenarios: TT4x2-pz TT2x2-z TREE04
# catches: T5 (asleep in dyntick-idle with callbacks), O5
/^int rcu_needs_cpu/,/^}/{
s/^	return per_cpu(rcu_data, cpu).nxtlist || per_cpu(rcu_bh_data, cpu).nxtlist;$/	(void)cpu; return 0;/
}
