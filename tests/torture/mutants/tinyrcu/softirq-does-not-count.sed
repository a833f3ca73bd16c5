# mutant: the softirq invokes callbacks without advancing completed (rcutorture sees no grace periods)
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: T6 (each RCU_SOFTIRQ run with ready callbacks advances the flavor's count by one)
/^	rcp->completed++;$/d
