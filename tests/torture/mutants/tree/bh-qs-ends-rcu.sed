# mutant: a tick from kernel code (an rcu_bh QS only) also counts as an rcu QS
# source: tree/rcutree.c
# scenarios: TT4x2-pz TREE05 TREE01
# catches: T2 (rcu bit cleared by a bh-only QS), O1
/^void rcu_check_callbacks/,/^}/{
/^	} else if (!in_softirq()) {$/,/^	}$/{
s/^		rcu_bh_qsctr_inc(cpu);$/		rcu_bh_qsctr_inc(cpu); rcu_qsctr_inc(cpu);/
}
}
