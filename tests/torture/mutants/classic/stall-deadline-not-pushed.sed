# mutant: a stall warning does not push the deadline: every CPU and tick complains again
# source: classic/rcuclassic.c
# scenarios: CLASSIC06 CLASSIC13 CLASSIC14
# catches: S (a second warning for the same batch within the recheck interval)
/^	WRITE_ONCE(rcp->jiffies_stall, jiffies + RCU_SECONDS_TILL_STALL_RECHECK);$/d
