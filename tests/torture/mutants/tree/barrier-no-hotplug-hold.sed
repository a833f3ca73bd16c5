# mutant: rcu_barrier() queues its heads without holding off hotplug: a dead CPU's callbacks, adopted later, land behind them
# source: common/rcupdate.c
# scenarios: TREE05 TT4x2-pz TT6x4-z
# catches: O6 (the barrier returns before a callback queued earlier ran)
/^static void _rcu_barrier/,/^}/{
/get_online_cpus();/d
/put_online_cpus();/d
}
