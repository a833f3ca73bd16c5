# mutant: CPU_DEAD does not report for the dead CPU, whose bit keeps the batch waiting
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC07 CLASSIC13 CLASSIC15
# catches: M (offline CPU in the mask after CPU_DEAD), O5
/^static void __rcu_offline_cpu/,/^}/{
/^	if (rcp->cur != rcp->completed)$/{
N
d
}
}
