# mutant: 2.6.29's rcu_start_gp(): the starting CPU moves its callbacks to the wait segment without first catching up with a GP end it has not seen (docs/variants.md, Tree RCU: first race)
# source: tree/rcutree.c
# scenarios: TT4x2-pz TT16x4-pz TT2x2-z TREE06 TT64x4-z
# catches: T3 (the per-CPU list state: a CPU's completed/gpnum ahead of the flavor's); also named: T4 (wait segment labelled against a stale completed), O2
/^static void rcu_start_gp/,/^}/{
/^	__rcu_process_gp_end(rsp, rdp);$/d
}
/^static void cpu_quiet_msk/,/^}/{
s/^	rcu_start_gp(rsp, flags);$/	__rcu_process_gp_end(rsp, rsp->rda[smp_processor_id()]);\n	rcu_start_gp(rsp, flags);/
}
