# mutant: forcing maps a leaf bit to leaf index * fanout + bit, right only when every leaf holds FANOUT CPUs
# source: tree/rcutree_force_qs.h
# scenarios: TT6x4-z TT12x5-z TT100x16-pz
# catches: O8 (the stall warning names the wrong CPUs); also named: T2 or O9 (a bit credited for another CPU's dyntick-idle), or a crash past rda[]
/^static int rcu_process_dyntick(/,/^}/{
s/^		cpu = rnp_cur->grplo;$/		cpu = (int)(rnp_cur - rsp->level[NUM_RCU_LVLS - 1]) * CONFIG_RCU_FANOUT;/
}
