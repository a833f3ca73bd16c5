# mutant: the early-2009 tick (as first posted): rcu_check_callbacks() returns at once if !rcu_needs_cpu()
# source: tinyrcu/rcutiny.c
# scenarios: TINY01 TINY02 TINY03 TINY04
# catches: P (callbacks wait past the promptness bound); also named: O5 (a CPU running user code under ticks never ends a grace period), P
/^void rcu_check_callbacks(int cpu, int user)$/,/^{$/{
/^{$/a\
	if (!rcu_needs_cpu(0))\
		return;
}
