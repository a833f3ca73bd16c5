# mutant: cpu_quiet_msk() climbs to the parent even though other children of the node still owe a QS
# source: tree/rcutree.c
# scenarios: TT4x2-pz TT64x4-z TREE05
# catches: T1 (node still waiting but its parent bit clear), O2/T2 (GP ends early)
/^static void cpu_quiet_msk/,/^}/{
/^		if (rnp->qsmask != 0) {$/,/^		}$/d
}
