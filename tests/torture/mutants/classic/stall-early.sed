# mutant: the stall deadline is armed a tenth of the timeout after the batch start
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC08 CLASSIC15
# catches: S (warning before the timeout)
s/^	WRITE_ONCE(rcp->jiffies_stall, jiffies + RCU_SECONDS_TILL_STALL_CHECK);$/	WRITE_ONCE(rcp->jiffies_stall, jiffies + RCU_SECONDS_TILL_STALL_CHECK \/ 10);/
