# mutant: a node's CPU range is not clipped at NR_CPUS, right only when NR_CPUS is a multiple of the stride
# source: tree/rcutree_init.h
# scenarios: TT6x4-pze TT7x2-ze TT100x16-pz TT100x16-ze
# catches: GI (node grphi against the geometry computed in the harness)
/^static void rcu_init_one(/,/^}/{
/^			if (rnp->grphi >= NR_CPUS)$/{
N
d
}
}
