# mutant: CPU_DEAD recomputes the CPU's leaf bit as its number modulo the fanout instead of using grpmask
# source: tree/rcutree_hotplug.h
# scenarios: TT6x4-z TT12x5-z TT100x16-pz
# catches: GI (qsmaskinit after CPU_DEAD against the geometry computed in the harness)
/^static void __rcu_offline_cpu(/,/^}/{
s/^	mask = rdp->grpmask;$/	mask = 1UL << (cpu % CONFIG_RCU_FANOUT);/
}
