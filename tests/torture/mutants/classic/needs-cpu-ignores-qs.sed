# mutant: rcu_needs_cpu() looks only at callbacks: a CPU owing a QS may stop its tick
# source: classic/rcuclassic.c
# scenarios: CLASSIC06 CLASSIC13 CLASSIC15
# catches: M (dyntick-idle CPU in a batch's mask), O5
/^int rcu_needs_cpu/,/^}/{
s/^	return !!per_cpu(rcu_data, cpu).nxtlist || !!per_cpu(rcu_bh_data, cpu).nxtlist ||$/	return !!per_cpu(rcu_data, cpu).nxtlist || !!per_cpu(rcu_bh_data, cpu).nxtlist;/
s/^	       rcu_pending(cpu);$//
}
