# mutant: 2.6.29's QS tag: a QS counts for the GP after the CPU's completed number, so one noted before a GP began can be reported for it (the third race)
# source: tree/rcutree.c
# scenarios: TT4x16-pz TREE08 TT4x4-z TREE06 TT16x4-pz
# catches: T2 (bit cleared by a QS from before the GP began), O1
/^static void rcu_check_quiescent_state/,/^}/{
s/^	cpu_quiet(rdp->cpu, rsp, rdp, rdp->passed_quiesc_completed);$/	cpu_quiet(rdp->cpu, rsp, rdp, rdp->completed);/
}
