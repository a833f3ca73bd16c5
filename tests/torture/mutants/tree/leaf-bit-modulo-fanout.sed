# mutant: a CPU's leaf bit is its number modulo the fanout, right only when every leaf holds FANOUT CPUs
# source: tree/rcutree_init.h
# scenarios: TT6x4-z TT12x5-z TT100x16-pz
# catches: GI (cpu grpmask against the geometry computed in the harness)
/^static void rcu_init_percpu_data(/,/^}/{
s/^	rdp->grpmask = 1UL << (cpu - rdp->mynode->grplo);$/	rdp->grpmask = 1UL << (cpu % CONFIG_RCU_FANOUT);/
}
