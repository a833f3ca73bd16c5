# mutant: the forcing deadline is not re-armed by progress (pokes a few ticks after the batch start)
# source: classic/rcuclassic.c
# scenarios: CLASSIC05 CLASSIC13 CLASSIC14
# catches: F1 (poked before the forcing delay after the last progress)
/^static void cpu_quiet/,/^}/{
/^		WRITE_ONCE(rcp->jiffies_force, jiffies + RCU_JIFFIES_TILL_FORCE_QS);$/d
}
