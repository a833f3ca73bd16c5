# mutant: the stall warning lists the CPUs of qsmaskinit (all online ones) instead of those still owing a QS
# source: tree/rcutree_stall.h
# scenarios: TT4x2-pz TT16x4-pz TREE07
# catches: O8 (the warning does not name exactly the CPUs whose leaf bits are set)
/^static void print_other_cpu_stall/,/^}/{
s/^		mask = READ_ONCE(rnp_cur->qsmask);$/		mask = rnp_cur->qsmaskinit;/
}
