# mutant: a dead CPU's waiting callbacks are not adopted (only its ready ones are)
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC08 CLASSIC13 CLASSIC14
# catches: L (qlen still counts the lost callbacks), O5 (liveness), O4
/^	rcu_move_batch(this_rdp, rdp->nxtlist, rdp->nxttail\[2\], rcp->cur + 1);$/d
