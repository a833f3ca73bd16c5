# mutant: 2.6.29's rcu_start_gp() (docs/variants.md, Tree RCU: first race), on real threads
# source: tree/rcutree.c
# scenarios: TREE06 TREE13 TT8x2-pz
# catches: T4 (wait segment labelled against a stale completed), O2
/^static void rcu_start_gp/,/^}/{
/^	__rcu_process_gp_end(rsp, rdp);$/d
}
/^static void cpu_quiet_msk/,/^}/{
s/^	rcu_start_gp(rsp, flags);$/	__rcu_process_gp_end(rsp, rsp->rda[smp_processor_id()]);\n	rcu_start_gp(rsp, flags);/
}
