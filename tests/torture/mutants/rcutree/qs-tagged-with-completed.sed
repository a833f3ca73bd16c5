# mutant: 2.6.29's QS tag: a QS counts for the GP after the CPU's completed number, so one noted before a GP began can be reported for it (the third race)
# source: tree/rcutree.c
# scenarios: TT4x2-pz TT2x2-z TT16x4-pz TREE06 TREE08
# catches: T2 (bit cleared by a QS from before the GP began), O1
/^static void rcu_check_quiescent_state/,/^}/{
s/^	cpu_quiet(rdp->cpu, rsp, rdp, rdp->passed_quiesc_completed);$/	cpu_quiet(rdp->cpu, rsp, rdp, rdp->completed);/
}
