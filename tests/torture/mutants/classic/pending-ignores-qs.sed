# mutant: rcu_pending() does not count a QS the CPU still owes: its ticks no longer raise the softirq that reports it
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC07 CLASSIC14 CLASSIC17
# catches: R (a passed QS is not reported within a few ticks)
/^static int __rcu_pending/,/^}/{
s/^	if (rdp->quiescbatch != READ_ONCE(rcp->cur) || rdp->qs_pending)$/	if (rdp->quiescbatch != READ_ONCE(rcp->cur))/
}
