# mutant: a tick from kernel mode (outside softirq) counts as an rcu QS, not only as an rcu_bh one
# source: classic/rcuclassic.c
# scenarios: CLASSIC01 CLASSIC05 CLASSIC14
# catches: C1 (a report without an rcu QS since the notice), O1 (a reader sees its object freed)
/^void rcu_check_callbacks/,/^}/{
/^	} else if (!in_softirq()) {$/,/^	}$/{
s/^		rcu_bh_qsctr_inc(cpu);$/		rcu_qsctr_inc(cpu);\n		rcu_bh_qsctr_inc(cpu);/
}
}
