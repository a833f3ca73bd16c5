# mutant: a tick in the idle task counts as an rcu QS even inside softirq or a nested irq
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: T2 (the softirq's callback made ready by the idle tick); also named: O3 / O1 (a reader in a softirq run by the idle task is not quiescent)
/^	if (user || (idle_cpu(cpu) && !in_softirq() &&/{
/)))$/!N
c\
	if (user || idle_cpu(cpu))
}
