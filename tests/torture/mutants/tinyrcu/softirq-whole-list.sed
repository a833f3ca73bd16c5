# mutant: the softirq invokes the whole list, waiting callbacks included
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: O3 (callbacks queued between the QS and the softirq run early), O1
/^	rcp->completed++;$/a\
	rcp->donetail = rcp->curtail;
