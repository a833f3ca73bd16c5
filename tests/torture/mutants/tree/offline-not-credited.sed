# mutant: forcing does not credit offline CPUs: it sends them IPIs that never arrive
# source: tree/rcutree.c
# scenarios: TT4x2-pz TT16x4-pz TREE05
# catches: O9 (IPI to an offline CPU), H (a CPU coming up holds up a GP)
/^static int rcu_implicit_offline_qs/,/^}/{
s/^	if (cpu_is_offline(rdp->cpu)) {$/	if (0) {/
}
