# mutant: __rcu_process_gp_end() moves only wait to done at a GP end: the next-ready callbacks are relabelled to the newest GP each time, until their CPU starts one itself (safe, but postponed)
# source: tree/rcutree.c
# scenarios: TREE05 TT4x2-pz TT6x4-z
# catches: O10 (a callback's GP moves later without a CPU removal), O11
/^static void __rcu_process_gp_end(/,/^}/{
/nxttail\[RCU_WAIT_TAIL\] = /d
/nxttail\[RCU_NEXT_READY_TAIL\] = /d
}
