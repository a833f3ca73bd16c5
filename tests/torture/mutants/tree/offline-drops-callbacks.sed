# mutant: CPU_DEAD does not adopt the dead CPU's callbacks (they are dropped)
# source: tree/rcutree_hotplug.h
# scenarios: TT4x2-pz TREE05 TT16x4-pz
# catches: H (dead CPU kept callbacks), O4/O5 (callbacks never invoked)
/^static void __rcu_offline_cpu/,/^}/{
s/^	if (rdp->nxtlist != NULL) {$/	if (0) {/
}
