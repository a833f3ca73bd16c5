# mutant: the report drops its re-check under the lock: a batch that started while it waited for the lock gets the QS
# source: classic/rcuclassic.c
# scenarios: CLASSIC06 CLASSIC08 CLASSIC13 CLASSIC17
# catches: C1 (bit cleared for a batch the CPU never noticed), O1/O2
/^static void rcu_check_quiescent_state/,/^}/{
s/^	if (likely(rdp->quiescbatch == rcp->cur))$/	if (1)/
}
