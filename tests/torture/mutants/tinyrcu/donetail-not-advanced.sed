# mutant: a quiescent state never moves donetail, so nothing ever becomes ready
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: P (promptness), O5 (liveness), O6
/^		rcp->donetail = rcp->curtail;$/d
