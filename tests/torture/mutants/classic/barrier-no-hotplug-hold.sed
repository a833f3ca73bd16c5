# mutant: rcu_barrier() queues its heads without holding off hotplug: a dead CPU's callbacks, moved later, land behind them
# source: common/rcupdate.c
# scenarios: CLASSIC05 CLASSIC06 CLASSIC07 CLASSIC13
# catches: O6 (the barrier returns before a callback queued earlier ran)
/^static void _rcu_barrier/,/^}/{
/^	get_online_cpus();$/d
/^	put_online_cpus();$/d
}
