# mutant: noticing a new batch keeps an earlier QS (passed_quiesc not cleared): a QS from before the batch counts
# source: classic/rcuclassic.c
# scenarios: CLASSIC01 CLASSIC06 CLASSIC14
# catches: C1 (report without a QS since the notice), O1/O2
/^static void rcu_check_quiescent_state/,/^}/{
/^		rdp->passed_quiesc = 0;$/d
}
