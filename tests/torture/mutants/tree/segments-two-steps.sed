# mutant: a GP end advances the callback segments two steps (wait-ready callbacks straight to done)
# source: tree/rcutree.c
# scenarios: TT4x2-pz TREE02 TT16x4-pz
# catches: T3 (the per-CPU list state: a CPU's completed/gpnum ahead of the flavor's); also named: T4 (done segment before its GP ended), O2
/^static void __rcu_process_gp_end/,/^}/{
s/^		rdp->nxttail\[RCU_DONE_TAIL\] = rdp->nxttail\[RCU_WAIT_TAIL\];$/		rdp->nxttail[RCU_DONE_TAIL] = rdp->nxttail[RCU_NEXT_READY_TAIL];/
}
